CREATE TABLE "calendar_busy_times" (
	"salon_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"summary" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_busy_times_salon_id_event_id_pk" PRIMARY KEY("salon_id","event_id"),
	CONSTRAINT "calendar_busy_times_ends_after_start" CHECK ("calendar_busy_times"."ends_at" > "calendar_busy_times"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"salon_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"state" text NOT NULL,
	"fingerprint" text NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_events_state" CHECK ("calendar_events"."state" in ('present', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "reconnect_required_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "sync_token" text;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "last_pulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "last_sync_counts" jsonb;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "watch_channel_id" text;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "watch_resource_id" text;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "watch_token_hash" text;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "watch_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_salon" ON "calendar_events" USING btree ("salon_id");--> statement-breakpoint
-- Availability reads a salon's busy times overlapping a period: the same GiST shape as bookings.
CREATE INDEX "calendar_busy_times_salon_range" ON "calendar_busy_times" USING gist ("salon_id", tstzrange("starts_at", "ends_at", '[)'));
