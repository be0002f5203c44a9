CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"member_id" uuid,
	"provider" text NOT NULL,
	"account" text NOT NULL,
	"calendar_ref" text NOT NULL,
	"calendar_name" text,
	"writes_bookings" boolean DEFAULT false NOT NULL,
	"credentials" text,
	"cursor" text,
	"window_end" timestamp with time zone,
	"reconnect_required_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_pulled_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_sync_counts" jsonb,
	"channel_id" text,
	"channel_resource_id" text,
	"channel_token_hash" text,
	"channel_expires_at" timestamp with time zone,
	"throttled_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_calendar" UNIQUE("salon_id","provider","account","calendar_ref"),
	CONSTRAINT "calendar_connections_writer_is_the_salons" CHECK (not "calendar_connections"."writes_bookings" or "calendar_connections"."member_id" is null)
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_connections_one_writer" ON "calendar_connections" USING btree ("salon_id") WHERE "calendar_connections"."writes_bookings";--> statement-breakpoint
CREATE INDEX "calendar_connections_channel" ON "calendar_connections" USING btree ("channel_id");--> statement-breakpoint
ALTER TABLE "oauth_states" DROP CONSTRAINT "oauth_states_purpose";--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_purpose" CHECK ("oauth_states"."purpose" in ('professional', 'admin', 'ambassador', 'instagram', 'microsoft'));--> statement-breakpoint
-- Written by hand after drizzle's DDL: every salon's Google calendar becomes its first connection,
-- the one that receives bookings, with the synchronisation state it had.
INSERT INTO "calendar_connections" ("salon_id", "provider", "account", "calendar_ref", "writes_bookings", "cursor",
	"reconnect_required_at", "last_error", "last_error_at", "last_pulled_at", "last_synced_at", "last_sync_counts",
	"channel_id", "channel_resource_id", "channel_token_hash", "channel_expires_at", "connected_at", "updated_at")
SELECT "salon_id", 'google', "email", 'primary', true, "sync_token",
	"reconnect_required_at", "last_error", "last_error_at", "last_pulled_at", "last_synced_at", "last_sync_counts",
	"watch_channel_id", "watch_resource_id", "watch_token_hash", "watch_expires_at", "connected_at", "updated_at"
FROM "google_accounts";--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD COLUMN "calendar_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD COLUMN "object_id" text;--> statement-breakpoint
UPDATE "calendar_busy_times" b SET "calendar_id" = c."id" FROM "calendar_connections" c WHERE c."salon_id" = b."salon_id";--> statement-breakpoint
-- A disconnect clears both tables: rows of a salon without a calendar are leftovers.
DELETE FROM "calendar_busy_times" WHERE "calendar_id" IS NULL;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ALTER COLUMN "calendar_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" DROP CONSTRAINT "calendar_busy_times_salon_id_event_id_pk";--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_calendar_id_event_id_pk" PRIMARY KEY("calendar_id","event_id");--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "calendar_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "calendar_events" e SET "calendar_id" = c."id" FROM "calendar_connections" c WHERE c."salon_id" = e."salon_id";--> statement-breakpoint
DELETE FROM "calendar_events" WHERE "calendar_id" IS NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ALTER COLUMN "calendar_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" DROP CONSTRAINT "calendar_events_pkey";--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_booking_id_calendar_id_pk" PRIMARY KEY("booking_id","calendar_id");--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_calendar_id_calendar_connections_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_calendar_id_calendar_connections_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_times_object" ON "calendar_busy_times" USING btree ("calendar_id","object_id");--> statement-breakpoint
CREATE INDEX "calendar_events_calendar" ON "calendar_events" USING btree ("calendar_id");--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "last_synced_at";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "reconnect_required_at";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "sync_token";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "last_pulled_at";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "last_sync_counts";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "last_error_at";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "watch_channel_id";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "watch_resource_id";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "watch_token_hash";--> statement-breakpoint
ALTER TABLE "google_accounts" DROP COLUMN "watch_expires_at";