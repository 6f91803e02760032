-- cube + earthdistance back the GiST index used to match drivers with nearby pending pickups.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"sender_role" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"license_number" text NOT NULL,
	"license_expiry_date" date NOT NULL,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"search_radius_km" numeric(5, 1) DEFAULT '5' NOT NULL,
	"verification_status" text DEFAULT 'pending_verification' NOT NULL,
	"driver_status" text DEFAULT 'offline' NOT NULL,
	"active_vehicle_id" integer,
	"last_status_change" timestamp with time zone,
	"current_latitude" numeric(9, 6),
	"current_longitude" numeric(9, 6),
	"location_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_profiles_radius_check" CHECK ("driver_profiles"."search_radius_km" >= 1 and "driver_profiles"."search_radius_km" <= 100)
);
--> statement-breakpoint
CREATE TABLE "driver_status_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"status" text NOT NULL,
	"vehicle_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"rater_id" integer NOT NULL,
	"ratee_id" integer NOT NULL,
	"rater_role" text NOT NULL,
	"score" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_score_check" CHECK ("ratings"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "saved_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"latitude" numeric(9, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trip_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"driver_latitude" numeric(9, 6),
	"driver_longitude" numeric(9, 6),
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_offers_price_check" CHECK ("trip_offers"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "trip_rejections" (
	"trip_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_rejections_trip_id_driver_id_pk" PRIMARY KEY("trip_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_code" text NOT NULL,
	"passenger_id" integer NOT NULL,
	"driver_id" integer,
	"vehicle_id" integer,
	"service_type_id" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"pickup_latitude" numeric(9, 6) NOT NULL,
	"pickup_longitude" numeric(9, 6) NOT NULL,
	"pickup_address" text NOT NULL,
	"destination_latitude" numeric(9, 6) NOT NULL,
	"destination_longitude" numeric(9, 6) NOT NULL,
	"destination_address" text NOT NULL,
	"passenger_notes" text,
	"offer_price_cents" integer,
	"estimated_fare_cents" integer NOT NULL,
	"final_fare_cents" integer,
	"distance_km" numeric(7, 2) NOT NULL,
	"duration_minutes" integer NOT NULL,
	"route_polyline" text,
	"final_latitude" numeric(9, 6),
	"final_longitude" numeric(9, 6),
	"driver_notes" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"en_route_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "trips_service_type_check" CHECK ("trips"."service_type_id" in (1, 2)),
	CONSTRAINT "trips_money_check" CHECK ("trips"."estimated_fare_cents" >= 0 and coalesce("trips"."offer_price_cents", 0) >= 0 and coalesce("trips"."final_fare_cents", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"avatar_url" text,
	"user_type" text NOT NULL,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('passenger','driver','both'))
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"vehicle_type" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"license_plate" text NOT NULL,
	"color" text NOT NULL,
	"year" integer NOT NULL,
	"passenger_capacity" integer DEFAULT 2 NOT NULL,
	"vehicle_status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD CONSTRAINT "driver_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_status_log" ADD CONSTRAINT "driver_status_log_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_locations" ADD CONSTRAINT "saved_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_offers" ADD CONSTRAINT "trip_offers_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_offers" ADD CONSTRAINT "trip_offers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_offers" ADD CONSTRAINT "trip_offers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_rejections" ADD CONSTRAINT "trip_rejections_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_rejections" ADD CONSTRAINT "trip_rejections_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_passenger_id_users_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("trip_id","driver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_profiles_license_unique" ON "driver_profiles" USING btree (upper("license_number"));--> statement-breakpoint
CREATE INDEX "driver_status_log_driver_idx" ON "driver_status_log" USING btree ("driver_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_one_per_rater_trip" ON "ratings" USING btree ("trip_id","rater_id");--> statement-breakpoint
CREATE INDEX "ratings_ratee_idx" ON "ratings" USING btree ("ratee_id");--> statement-breakpoint
CREATE INDEX "saved_locations_user_idx" ON "saved_locations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_offers_one_per_driver" ON "trip_offers" USING btree ("trip_id","driver_id");--> statement-breakpoint
CREATE INDEX "trip_offers_driver_idx" ON "trip_offers" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_one_active_per_passenger" ON "trips" USING btree ("passenger_id") WHERE status in ('pending','accepted','en_route','arrived','in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "trips_one_active_per_driver" ON "trips" USING btree ("driver_id") WHERE status in ('accepted','en_route','arrived','in_progress');--> statement-breakpoint
CREATE INDEX "trips_passenger_created_idx" ON "trips" USING btree ("passenger_id","created_at");--> statement-breakpoint
CREATE INDEX "trips_driver_completed_idx" ON "trips" USING btree ("driver_id","completed_at");--> statement-breakpoint
CREATE INDEX "trips_pending_expiry_idx" ON "trips" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "trips_pending_pickup_earth_idx" ON "trips" USING gist (ll_to_earth("pickup_latitude"::float8, "pickup_longitude"::float8)) WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_unique" ON "vehicles" USING btree (upper("license_plate"));--> statement-breakpoint
CREATE INDEX "vehicles_driver_idx" ON "vehicles" USING btree ("driver_id");