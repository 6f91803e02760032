CREATE TABLE "kpi_day_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "pickup_district" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "first_offer_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "trips_district_created_idx" ON "trips" USING btree ("pickup_district","created_at");--> statement-breakpoint
-- Trips from before this migration: the first offer from the offers, and the pickup's district by the rule the
-- server applies at request time (the nearest curated place within 3 km, on the local plane); the places are
-- those the gazetteer curated when this ran.
UPDATE "trips" SET "first_offer_at" = o."first_at"
FROM (SELECT "trip_id", min("created_at") AS "first_at" FROM "trip_offers" GROUP BY "trip_id") o
WHERE o."trip_id" = "trips"."id";--> statement-breakpoint
UPDATE "trips" SET "pickup_district" = (
  SELECT a.name FROM (VALUES
    ('Cercado de Lima', -12.04318, -77.02824),
    ('Ancón', -11.7764, -77.1703),
    ('Ate', -12.03333, -76.93333),
    ('Barranco', -12.14297, -77.01862),
    ('Breña', -12.05605, -77.05295),
    ('Carabayllo', -11.85333, -77.03778),
    ('Chaclacayo', -11.98278, -76.7675),
    ('Chorrillos', -12.1742, -77.0247),
    ('Cieneguilla', -12.13333, -76.81667),
    ('Comas', -11.95, -77.05),
    ('El Agustino', -12.0433, -76.9986),
    ('Independencia', -11.99, -77.04583),
    ('Jesús María', -12.06982, -77.04495),
    ('La Molina', -12.08333, -76.95),
    ('La Victoria', -12.0653, -77.0308),
    ('Lince', -12.0811, -77.0306),
    ('Los Olivos', -11.9828, -77.0694),
    ('Lurigancho', -11.94306, -76.70944),
    ('Lurín', -12.2686, -76.8847),
    ('Magdalena del Mar', -12.0967, -77.0747),
    ('Miraflores', -12.1214, -77.0293),
    ('Pachacámac', -12.2286, -76.8597),
    ('Pucusana', -12.48333, -76.8),
    ('Pueblo Libre', -12.0733, -77.0631),
    ('Puente Piedra', -11.8464, -77.1058),
    ('Punta Hermosa', -12.33333, -76.81667),
    ('Punta Negra', -12.3661, -76.7947),
    ('Rímac', -12.0294, -77.0436),
    ('San Bartolo', -12.38333, -76.78333),
    ('San Borja', -12.08911, -76.99876),
    ('San Isidro', -12.09655, -77.04258),
    ('San Juan de Lurigancho', -12.0244, -77.0025),
    ('San Juan de Miraflores', -12.1589, -76.9722),
    ('San Luis', -12.07674, -76.99435),
    ('San Martín de Porres', -12.0303, -77.0469),
    ('San Miguel', -12.09, -77.0864),
    ('Santa Anita', -12.0433, -76.985),
    ('Santa María del Mar', -12.4092, -76.7758),
    ('Santa Rosa', -11.79917, -77.17333),
    ('Santiago de Surco', -12.1506, -77.0078),
    ('Surquillo', -12.1136, -77.0081),
    ('Villa El Salvador', -12.2164, -76.9433),
    ('Villa María del Triunfo', -12.1572, -76.9528),
    ('Callao', -12.05162, -77.13452),
    ('Bellavista', -12.0575, -77.118),
    ('Carmen de la Legua-Reynoso', -12.05354, -77.09802),
    ('La Perla', -12.0711, -77.1211),
    ('La Punta', -12.0717, -77.1692),
    ('Ventanilla', -11.87528, -77.11833),
    ('Mi Perú', -11.855, -77.125),
    ('Miraflores', -12.1211, -77.0297),
    ('Miraflores', -12.1318, -77.0307),
    ('Miraflores', -12.1109, -77.0338),
    ('Miraflores', -12.1273, -77.0373),
    ('Surquillo', -12.1127, -77.0278),
    ('Surquillo', -12.1119, -77.0006),
    ('San Isidro', -12.0999, -77.036),
    ('San Isidro', -12.0963, -77.0448),
    ('Jesús María', -12.0785, -77.0405),
    ('Jesús María', -12.0706, -77.0436),
    ('Jesús María', -12.0891, -77.0524),
    ('Jesús María', -12.084, -77.049),
    ('Cercado de Lima', -12.046, -77.0304),
    ('Cercado de Lima', -12.0464, -77.0296),
    ('Cercado de Lima', -12.0457, -77.0272),
    ('Cercado de Lima', -12.0446, -77.0316),
    ('Cercado de Lima', -12.049, -77.0377),
    ('Cercado de Lima', -12.0517, -77.0346),
    ('Cercado de Lima', -12.0483, -77.0255),
    ('Cercado de Lima', -12.0604, -77.0368),
    ('Cercado de Lima', -12.0623, -77.0362),
    ('Cercado de Lima', -12.0569, -77.0377),
    ('Cercado de Lima', -12.0669, -77.0336),
    ('Cercado de Lima', -12.0706, -77.0348),
    ('Cercado de Lima', -12.0565, -77.085),
    ('Cercado de Lima', -12.0495, -77.0425),
    ('Cercado de Lima', -12.0568, -77.016),
    ('Breña', -12.0617, -77.047),
    ('La Victoria', -12.0688, -77.0122),
    ('La Victoria', -12.065, -77.014),
    ('La Victoria', -12.0576, -77.0288),
    ('La Victoria', -12.0595, -77.0225),
    ('Rímac', -12.0398, -77.017),
    ('Rímac', -12.0411, -77.0262),
    ('Rímac', -12.02, -77.049),
    ('San Martín de Porres', -12.022, -77.0567),
    ('San Martín de Porres', -12.0238, -77.0553),
    ('Independencia', -12.0069, -77.058),
    ('Independencia', -11.9946, -77.0613),
    ('Pueblo Libre', -12.0722, -77.0706),
    ('Pueblo Libre', -12.077, -77.0637),
    ('San Miguel', -12.0691, -77.0794),
    ('San Miguel', -12.069, -77.0868),
    ('San Miguel', -12.077, -77.0829),
    ('San Borja', -12.0885, -77.003),
    ('Santiago de Surco', -12.0856, -76.9772),
    ('Santiago de Surco', -12.0846, -76.9709),
    ('Santiago de Surco', -12.104, -76.963),
    ('La Molina', -12.084, -76.948),
    ('Ate', -12.0557, -76.9356),
    ('El Agustino', -12.0442, -76.9933),
    ('Barranco', -12.1494, -77.022),
    ('Barranco', -12.1352, -77.0225),
    ('Chorrillos', -12.17, -77.035),
    ('Chorrillos', -12.1613, -77.0297),
    ('San Juan de Miraflores', -12.1553, -76.9803),
    ('Lurín', -12.2576, -76.9006),
    ('Punta Hermosa', -12.2995, -76.8425),
    ('Punta Negra', -12.357, -76.8075),
    ('Callao', -12.0219, -77.1143),
    ('Callao', -12.069, -77.1489),
    ('La Punta', -12.0698, -77.16)
  ) AS a(name, lat, lng)
  WHERE power((a.lat - "trips"."pickup_latitude"::float8) * 111.32, 2)
      + power((a.lng - "trips"."pickup_longitude"::float8) * 111.32 * cos(radians("trips"."pickup_latitude"::float8)), 2) <= 9
  ORDER BY power((a.lat - "trips"."pickup_latitude"::float8) * 111.32, 2)
      + power((a.lng - "trips"."pickup_longitude"::float8) * 111.32 * cos(radians("trips"."pickup_latitude"::float8)), 2)
  LIMIT 1);--> statement-breakpoint
-- A stored day is forgotten when anything it counts changes; the next read of 'Indicadores' computes it again.
CREATE FUNCTION "kpi_forget_day"("at" timestamptz) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "kpi_day_rollups" WHERE "day" = ("at" AT TIME ZONE 'America/Lima')::date
$$;--> statement-breakpoint
CREATE FUNCTION "kpi_forget_trip_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "kpi_forget_day"(OLD."created_at"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."created_at" IS DISTINCT FROM OLD."created_at") THEN
    PERFORM "kpi_forget_day"(NEW."created_at");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trips_kpi_forget_day" AFTER INSERT OR UPDATE OR DELETE ON "trips"
  FOR EACH ROW EXECUTE FUNCTION "kpi_forget_trip_day"();--> statement-breakpoint
-- Booking cancellations, payment cases and SOS alerts count on the day their trip was requested.
CREATE FUNCTION "kpi_forget_trip_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "kpi_forget_day"(t."created_at") FROM "trips" t WHERE t."id" = OLD."trip_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "kpi_forget_day"(t."created_at") FROM "trips" t WHERE t."id" = NEW."trip_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "booking_cancellations_kpi_forget_day" AFTER INSERT OR UPDATE OR DELETE ON "booking_cancellations"
  FOR EACH ROW EXECUTE FUNCTION "kpi_forget_trip_of_row"();--> statement-breakpoint
CREATE TRIGGER "payment_cases_kpi_forget_day" AFTER INSERT OR UPDATE OR DELETE ON "payment_cases"
  FOR EACH ROW EXECUTE FUNCTION "kpi_forget_trip_of_row"();--> statement-breakpoint
CREATE TRIGGER "safety_alerts_kpi_forget_day" AFTER INSERT OR UPDATE OR DELETE ON "safety_alerts"
  FOR EACH ROW EXECUTE FUNCTION "kpi_forget_trip_of_row"();--> statement-breakpoint
-- A driver's status change moves their online hours from that moment on: every stored day since is stale.
CREATE FUNCTION "kpi_forget_status_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "kpi_day_rollups" WHERE "day" >= (
    (CASE WHEN TG_OP = 'INSERT' THEN NEW."changed_at" WHEN TG_OP = 'DELETE' THEN OLD."changed_at"
          ELSE least(OLD."changed_at", NEW."changed_at") END) AT TIME ZONE 'America/Lima')::date;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "driver_status_log_kpi_forget_days" AFTER INSERT OR UPDATE OR DELETE ON "driver_status_log"
  FOR EACH ROW EXECUTE FUNCTION "kpi_forget_status_days"();
