ALTER TABLE "trips" ADD COLUMN "platform_fee_basis_points" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "platform_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_platform_fee_check" CHECK (coalesce("trips"."platform_fee_basis_points", 0) between 0 and 10000 and coalesce("trips"."platform_fee_cents", 0) >= 0);--> statement-breakpoint
CREATE TABLE "driver_ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"trip_id" integer,
	"reference" text,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_ledger_kind_check" CHECK (
		("driver_ledger_entries"."kind" = 'trip_fee' and "driver_ledger_entries"."trip_id" is not null and "driver_ledger_entries"."amount_cents" < 0)
		or ("driver_ledger_entries"."kind" = 'top_up' and "driver_ledger_entries"."reference" is not null and "driver_ledger_entries"."amount_cents" > 0)
		or ("driver_ledger_entries"."kind" = 'adjustment' and "driver_ledger_entries"."reason" is not null and "driver_ledger_entries"."amount_cents" <> 0)
	)
);
--> statement-breakpoint
ALTER TABLE "driver_ledger_entries" ADD CONSTRAINT "driver_ledger_entries_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ledger_entries" ADD CONSTRAINT "driver_ledger_entries_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_ledger_entries" ADD CONSTRAINT "driver_ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_ledger_driver_idx" ON "driver_ledger_entries" USING btree ("driver_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_ledger_one_fee_per_trip" ON "driver_ledger_entries" USING btree ("trip_id") WHERE kind = 'trip_fee';--> statement-breakpoint
CREATE UNIQUE INDEX "driver_ledger_top_up_reference" ON "driver_ledger_entries" USING btree ("reference") WHERE kind = 'top_up';
