CREATE TABLE "booking_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"appointment_starts_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"channel" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_kind" CHECK ("booking_reminders"."kind" in ('day_before', 'two_hours')),
	CONSTRAINT "booking_reminders_status" CHECK ("booking_reminders"."status" in ('planned', 'queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "reminder_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reminder_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_attempts_outcome" CHECK ("reminder_attempts"."outcome" in ('sent', 'refused', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "remind_day_before" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "remind_two_hours" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "remind_by_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "cancellation_notice_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_attempts" ADD CONSTRAINT "reminder_attempts_reminder_id_booking_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."booking_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reminders_once" ON "booking_reminders" USING btree ("booking_id","kind","appointment_starts_at");--> statement-breakpoint
CREATE INDEX "booking_reminders_due" ON "booking_reminders" USING btree ("due_at") WHERE "booking_reminders"."status" = 'planned';--> statement-breakpoint
CREATE INDEX "reminder_attempts_reminder" ON "reminder_attempts" USING btree ("reminder_id","at");--> statement-breakpoint
ALTER TABLE "salons" ADD CONSTRAINT "salons_cancellation_notice" CHECK ("salons"."cancellation_notice_minutes" between 0 and 10080);