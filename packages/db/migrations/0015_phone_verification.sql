-- Phone verification by SMS code: when the account's mobile was confirmed, and the one code in flight per account.
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "phone_verification_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_verification_codes" ADD CONSTRAINT "phone_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One stored form for every Peruvian mobile: its 9 national digits. Rows written before the rule in another
-- usual form ('987 654 321', '+51 987654321', '0051987654321') are rewritten; anything else is left as it is.
CREATE FUNCTION "jala_peruvian_mobile"(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    substring(regexp_replace(trim(raw), '[[:space:].()-]', '', 'g') from '^\+?(?:00)?51(9[0-9]{8})$'),
    substring(regexp_replace(trim(raw), '[[:space:].()-]', '', 'g') from '^\+?(9[0-9]{8})$')
  )
$$;
--> statement-breakpoint
UPDATE "users" SET "phone" = jala_peruvian_mobile("phone") WHERE jala_peruvian_mobile("phone") IS DISTINCT FROM "phone" AND jala_peruvian_mobile("phone") IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "emergency_contact_phone" = jala_peruvian_mobile("emergency_contact_phone") WHERE jala_peruvian_mobile("emergency_contact_phone") IS DISTINCT FROM "emergency_contact_phone" AND jala_peruvian_mobile("emergency_contact_phone") IS NOT NULL;--> statement-breakpoint
UPDATE "driver_profiles" SET "emergency_contact_phone" = jala_peruvian_mobile("emergency_contact_phone") WHERE jala_peruvian_mobile("emergency_contact_phone") IS DISTINCT FROM "emergency_contact_phone" AND jala_peruvian_mobile("emergency_contact_phone") IS NOT NULL;--> statement-breakpoint
UPDATE "driver_profiles" SET "wallet_phone" = jala_peruvian_mobile("wallet_phone") WHERE jala_peruvian_mobile("wallet_phone") IS DISTINCT FROM "wallet_phone" AND jala_peruvian_mobile("wallet_phone") IS NOT NULL;--> statement-breakpoint
UPDATE "trusted_contacts" SET "phone" = jala_peruvian_mobile("phone") WHERE jala_peruvian_mobile("phone") IS DISTINCT FROM "phone" AND jala_peruvian_mobile("phone") IS NOT NULL;--> statement-breakpoint
UPDATE "trips" SET "payee_phone" = jala_peruvian_mobile("payee_phone") WHERE jala_peruvian_mobile("payee_phone") IS DISTINCT FROM "payee_phone" AND jala_peruvian_mobile("payee_phone") IS NOT NULL;--> statement-breakpoint
DROP FUNCTION "jala_peruvian_mobile"(text);--> statement-breakpoint
-- A new number is an unconfirmed number, whoever writes it (profile, passenger profile, a script): the
-- confirmation and any code in flight for the old number go in the same statement.
CREATE FUNCTION "users_phone_change_unverifies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."phone" IS DISTINCT FROM OLD."phone" THEN
    NEW."phone_verified_at" := NULL;
    DELETE FROM "phone_verification_codes" WHERE "user_id" = NEW."id";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_phone_change_unverifies" BEFORE UPDATE OF "phone" ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_phone_change_unverifies"();
