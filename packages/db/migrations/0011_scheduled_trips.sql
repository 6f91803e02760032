CREATE TABLE "booking_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"late" boolean NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "trips_one_active_per_passenger";--> statement-breakpoint
DROP INDEX "trips_one_active_per_driver";--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "reminded_minutes" smallint;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_cancellations_user_idx" ON "booking_cancellations" USING btree ("user_id","cancelled_at");--> statement-breakpoint
CREATE INDEX "trips_dormant_bookings_idx" ON "trips" USING btree ("scheduled_for") WHERE scheduled_for is not null and activated_at is null and status in ('pending','accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "trips_one_active_per_passenger" ON "trips" USING btree ("passenger_id") WHERE status in ('pending','accepted','en_route','arrived','in_progress') and (scheduled_for is null or activated_at is not null);--> statement-breakpoint
CREATE UNIQUE INDEX "trips_one_active_per_driver" ON "trips" USING btree ("driver_id") WHERE status in ('accepted','en_route','arrived','in_progress') and (scheduled_for is null or activated_at is not null);