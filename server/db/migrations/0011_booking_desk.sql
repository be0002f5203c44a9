-- The booking desk. New statuses no_show and completed keep their time occupied: the exclusion
-- constraint bookings_no_overlap (0009) frees a booking's time only WHERE status <> 'cancelled', so
-- it stays as it is. Every existing booking gets its 'created' event: by the customer when made
-- through a chat (web, telegram, instagram), by the salon otherwise (dashboard, api, mcp).
CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "booking_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"channel" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_starts_at" timestamp with time zone,
	"from_member_id" uuid,
	"to_starts_at" timestamp with time zone,
	"to_member_id" uuid,
	"status" text,
	"reason" text,
	"told_by" text[] DEFAULT '{}'::text[] NOT NULL,
	"told_at" timestamp with time zone,
	CONSTRAINT "booking_events_kind" CHECK ("booking_events"."kind" in ('created', 'moved', 'cancelled', 'status', 'note')),
	CONSTRAINT "booking_events_actor" CHECK ("booking_events"."actor" in ('customer', 'salon', 'system')),
	CONSTRAINT "booking_events_channel" CHECK ("booking_events"."channel" in ('web', 'telegram', 'instagram', 'mcp', 'dashboard', 'api'))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "salon_note" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_from_member_id_team_members_id_fk" FOREIGN KEY ("from_member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_to_member_id_team_members_id_fk" FOREIGN KEY ("to_member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking" ON "booking_events" USING btree ("booking_id","seq");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('confirmed', 'pending', 'cancelled', 'no_show', 'completed'));--> statement-breakpoint
INSERT INTO "booking_events" ("booking_id", "salon_id", "kind", "actor", "channel", "at")
SELECT "id", "salon_id", 'created',
  CASE WHEN "channel" IN ('web', 'telegram', 'instagram') THEN 'customer' ELSE 'salon' END,
  "channel", "created_at"
FROM "bookings" ORDER BY "created_at";
