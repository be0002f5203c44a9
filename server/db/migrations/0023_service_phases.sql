ALTER TABLE "bookings" ADD COLUMN "processing_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "processing_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cleanup_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "processing_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "processing_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cleanup_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_phases" CHECK ("bookings"."cleanup_minutes" between 0 and 120 and (
    ("bookings"."processing_minutes" = 0 and "bookings"."processing_after_minutes" = 0)
    or ("bookings"."processing_minutes" > 0 and "bookings"."processing_after_minutes" >= 5
      and "bookings"."processing_after_minutes" + "bookings"."processing_minutes" + 5 <= "bookings"."duration_minutes")));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_phases" CHECK ("services"."cleanup_minutes" between 0 and 120 and (
    ("services"."processing_minutes" = 0 and "services"."processing_after_minutes" = 0)
    or ("services"."processing_minutes" > 0 and "services"."processing_after_minutes" >= 5
      and "services"."processing_after_minutes" + "services"."processing_minutes" + 5 <= "services"."duration_minutes")));--> statement-breakpoint
-- The member's working time of each booking (issue 39): around a processing pause, and the clean-up
-- after it. Written by a trigger from the booking's own columns, so that no write can leave it out
-- of step; the exclusion constraint then forbids one member's working times to overlap, whatever
-- the customer's time (a cut fits in a colour's processing).
ALTER TABLE "bookings" ADD COLUMN "work_spans" tstzmultirange;--> statement-breakpoint
CREATE FUNCTION "bookings_work_spans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A booking that ends before it starts is left to its check constraint (bookings_ends_after_start).
  NEW.work_spans := CASE WHEN NEW.ends_at <= NEW.starts_at THEN '{}'::tstzmultirange
    WHEN NEW.processing_minutes > 0 AND NEW.processing_after_minutes + NEW.processing_minutes
      < extract(epoch from NEW.ends_at - NEW.starts_at) / 60 THEN
      tstzmultirange(
        tstzrange(NEW.starts_at, NEW.starts_at + make_interval(mins => NEW.processing_after_minutes), '[)'),
        tstzrange(NEW.starts_at + make_interval(mins => NEW.processing_after_minutes + NEW.processing_minutes),
          NEW.ends_at + make_interval(mins => NEW.cleanup_minutes), '[)'))
    ELSE tstzmultirange(tstzrange(NEW.starts_at, NEW.ends_at + make_interval(mins => NEW.cleanup_minutes), '[)'))
  END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_work_spans" BEFORE INSERT OR UPDATE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_work_spans"();--> statement-breakpoint
UPDATE "bookings" SET "cleanup_minutes" = "cleanup_minutes";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "work_spans" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("member_id" WITH =, "work_spans" WITH &&) WHERE ("status" <> 'cancelled');
