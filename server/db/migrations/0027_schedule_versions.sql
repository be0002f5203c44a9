CREATE TABLE "schedule_versions" (
	"salon_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_versions" ADD CONSTRAINT "schedule_versions_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A salon's schedule version moves when a transaction that changed what availability reads of it
-- commits: a deferred trigger per row, so the version row is locked at commit only, after the
-- transaction's own writes (no lock held while it waits on anything else). A member's services and
-- hours name the member, whose salon is looked up; a salon deleted in the same transaction has no
-- version to move.
CREATE FUNCTION "schedule_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid;
BEGIN
  IF TG_TABLE_NAME = 'salons' THEN
    changed := NEW.id;
  ELSIF TG_TABLE_NAME IN ('team_member_services', 'team_member_hours') THEN
    IF TG_OP = 'DELETE' THEN
      SELECT "salon_id" INTO changed FROM "team_members" WHERE "id" = OLD.member_id;
    ELSE
      SELECT "salon_id" INTO changed FROM "team_members" WHERE "id" = NEW.member_id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    changed := OLD.salon_id;
  ELSE
    changed := NEW.salon_id;
  END IF;
  IF changed IS NOT NULL AND EXISTS (SELECT 1 FROM "salons" WHERE "id" = changed) THEN
    INSERT INTO "schedule_versions" ("salon_id", "version") VALUES (changed, 1)
      ON CONFLICT ("salon_id") DO UPDATE SET "version" = "schedule_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER INSERT OR UPDATE OR DELETE ON "time_off"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER INSERT OR UPDATE OR DELETE ON "recurring_blocks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER INSERT OR UPDATE OR DELETE ON "calendar_busy_times"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER INSERT OR UPDATE OR DELETE ON "opening_hours"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER INSERT OR UPDATE OR DELETE ON "team_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER INSERT OR UPDATE OR DELETE ON "team_member_services"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER INSERT OR UPDATE OR DELETE ON "team_member_hours"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();--> statement-breakpoint
-- The salon's time zone places its weekly blocks; its other settings are read with each request.
CREATE CONSTRAINT TRIGGER "schedule_changed" AFTER UPDATE OF "time_zone" ON "salons"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "schedule_changed"();
