ALTER TABLE "users" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_average" numeric(3, 2) GENERATED ALWAYS AS (case when rating_count > 0 then round(rating_sum::numeric / rating_count, 2) end) STORED;--> statement-breakpoint
-- Every rating written (by the API, a seed or a fixture) moves its ratee's count and sum in the same transaction.
CREATE FUNCTION "ratings_keep_user_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "users" SET "rating_count" = "rating_count" - 1, "rating_sum" = "rating_sum" - OLD."score" WHERE "id" = OLD."ratee_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "users" SET "rating_count" = "rating_count" + 1, "rating_sum" = "rating_sum" + NEW."score" WHERE "id" = NEW."ratee_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ratings_keep_user_totals" AFTER INSERT OR UPDATE OF "score", "ratee_id" OR DELETE ON "ratings"
FOR EACH ROW EXECUTE FUNCTION "ratings_keep_user_totals"();
--> statement-breakpoint
-- Backfill: the ratings given before these columns existed.
UPDATE "users" SET "rating_count" = r.n, "rating_sum" = r.total
FROM (SELECT "ratee_id", count(*)::integer AS n, sum("score")::integer AS total FROM "ratings" GROUP BY "ratee_id") AS r
WHERE "users"."id" = r."ratee_id";
