CREATE TABLE "fare_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "fare_adjustments_amount_check" CHECK ("fare_adjustments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "fare_adjustments" ADD CONSTRAINT "fare_adjustments_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fare_adjustments" ADD CONSTRAINT "fare_adjustments_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fare_adjustments_one_pending_per_trip" ON "fare_adjustments" USING btree ("trip_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "fare_adjustments_trip_idx" ON "fare_adjustments" USING btree ("trip_id","created_at");