CREATE TABLE "payment_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"passenger_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"resolution_note" text,
	"opened_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD COLUMN "accepts_cash" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD COLUMN "accepts_yape" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD COLUMN "accepts_plin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD COLUMN "wallet_phone" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "payment_method" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "cash_note" smallint;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "payee_phone" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "payment_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "payment_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_cases" ADD CONSTRAINT "payment_cases_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cases" ADD CONSTRAINT "payment_cases_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cases" ADD CONSTRAINT "payment_cases_passenger_id_users_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cases" ADD CONSTRAINT "payment_cases_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cases_one_per_trip" ON "payment_cases" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "payment_cases_open_idx" ON "payment_cases" USING btree ("opened_at") WHERE status = 'open';