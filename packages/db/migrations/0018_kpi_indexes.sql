-- 'Indicadores' (admin/kpis): every figure starts from the trips requested in a period, then reaches each
-- trip's first offer; the drivers' online history is read by time.
CREATE INDEX "trips_created_idx" ON "trips" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trip_offers_trip_created_idx" ON "trip_offers" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_status_log_changed_idx" ON "driver_status_log" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "safety_alerts_trip_idx" ON "safety_alerts" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "booking_cancellations_trip_idx" ON "booking_cancellations" USING btree ("trip_id");
