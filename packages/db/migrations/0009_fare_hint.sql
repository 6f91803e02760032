ALTER TABLE "trips" ADD COLUMN "fare_hint_trips" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "fare_hint_low_cents" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "fare_hint_high_cents" integer;--> statement-breakpoint
CREATE INDEX "trips_completed_route_earth_idx" ON "trips" USING gist (ll_to_earth("pickup_latitude"::float8, "pickup_longitude"::float8),ll_to_earth("destination_latitude"::float8, "destination_longitude"::float8)) WHERE status = 'completed';