CREATE TABLE "team_member_hours" (
	"member_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_minute" smallint NOT NULL,
	"closes_minute" smallint NOT NULL,
	CONSTRAINT "team_member_hours_member_id_weekday_opens_minute_pk" PRIMARY KEY("member_id","weekday","opens_minute"),
	CONSTRAINT "team_member_hours_weekday" CHECK ("team_member_hours"."weekday" between 0 and 6),
	CONSTRAINT "team_member_hours_range" CHECK ("team_member_hours"."opens_minute" >= 0 and "team_member_hours"."opens_minute" < 1440 and "team_member_hours"."closes_minute" > "team_member_hours"."opens_minute" and "team_member_hours"."closes_minute" <= "team_member_hours"."opens_minute" + 1440)
);
--> statement-breakpoint
CREATE TABLE "team_member_services" (
	"member_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "team_member_services_member_id_service_id_pk" PRIMARY KEY("member_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_colour" CHECK ("team_members"."colour" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "calendar_blocks" text DEFAULT 'salon' NOT NULL;--> statement-breakpoint
ALTER TABLE "time_off" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "team_member_hours" ADD CONSTRAINT "team_member_hours_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_services" ADD CONSTRAINT "team_member_services_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_member_services" ADD CONSTRAINT "team_member_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_member_services_service" ON "team_member_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_salon_name_unique" ON "team_members" USING btree ("salon_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_owner" ON "team_members" USING btree ("salon_id") WHERE "team_members"."is_owner";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_member_starts" ON "bookings" USING btree ("member_id","starts_at");--> statement-breakpoint
ALTER TABLE "salons" ADD CONSTRAINT "salons_calendar_blocks" CHECK ("salons"."calendar_blocks" in ('salon', 'owner'));--> statement-breakpoint
-- Every salon gets its owner as its first member, performing every service; every booking so far was theirs.
INSERT INTO "team_members" ("salon_id", "name", "colour", "is_owner", "position")
SELECT "id", "name", '#7c3aed', true, 0 FROM "salons";--> statement-breakpoint
INSERT INTO "team_member_services" ("member_id", "service_id")
SELECT m."id", s."id" FROM "team_members" m JOIN "services" s ON s."salon_id" = m."salon_id";--> statement-breakpoint
UPDATE "bookings" b SET "member_id" = m."id" FROM "team_members" m WHERE m."salon_id" = b."salon_id" AND m."is_owner";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "member_id" SET NOT NULL;--> statement-breakpoint
-- One member is never booked twice at once; members of one salon work in parallel.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("member_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" <> 'cancelled');--> statement-breakpoint
-- The salon's bookings over a period (availability, agenda) by the same range expression.
CREATE INDEX "bookings_salon_range" ON "bookings" USING gist ("salon_id", tstzrange("starts_at", "ends_at", '[)')) WHERE ("status" <> 'cancelled');--> statement-breakpoint
-- The salon's absences never overlap, nor do one member's; a member's may overlap the salon's.
ALTER TABLE "time_off" DROP CONSTRAINT "time_off_no_overlap";--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_no_overlap" EXCLUDE USING gist ("salon_id" WITH =, (coalesce("member_id", '00000000-0000-0000-0000-000000000000'::uuid)) WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);