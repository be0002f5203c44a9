CREATE TABLE "whatsapp_accounts" (
	"salon_id" uuid PRIMARY KEY NOT NULL,
	"waba_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"state" text NOT NULL,
	"pending_code" text,
	"access_token" text,
	"pin" text NOT NULL,
	"display_phone_number" text,
	"verified_name" text,
	"quality_rating" text,
	"messaging_limit" text,
	"registered_at" timestamp with time zone,
	"subscribed_at" timestamp with time zone,
	"facts_read_at" timestamp with time zone,
	"reconnect_required_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"connected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_accounts_phone_number_id_unique" UNIQUE("phone_number_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"salon_id" uuid NOT NULL,
	"wa_id" text NOT NULL,
	"profile_name" text,
	"message_count" integer DEFAULT 0 NOT NULL,
	"first_message_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone,
	"cooldown_until" timestamp with time zone,
	"strikes" smallint DEFAULT 0 NOT NULL,
	"last_strike_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"disclosed_at" timestamp with time zone,
	"reminders" text DEFAULT 'unasked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_contacts_salon_id_wa_id_pk" PRIMARY KEY("salon_id","wa_id"),
	CONSTRAINT "whatsapp_contacts_reminders" CHECK ("whatsapp_contacts"."reminders" in ('unasked', 'asked', 'yes', 'no'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbox" (
	"wamid" text PRIMARY KEY NOT NULL,
	"salon_id" uuid NOT NULL,
	"wa_id" text NOT NULL,
	"profile_name" text,
	"direction" text NOT NULL,
	"text" text,
	"attachment" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_inbox_direction" CHECK ("whatsapp_inbox"."direction" in ('in', 'echo')),
	CONSTRAINT "whatsapp_inbox_status" CHECK ("whatsapp_inbox"."status" in ('pending', 'done', 'ignored', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"salon_id" uuid NOT NULL,
	"wa_id" text NOT NULL,
	"kind" text NOT NULL,
	"booking_event_id" uuid,
	"parts" jsonb NOT NULL,
	"parts_sent" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "whatsapp_outbox_booking_event_id_unique" UNIQUE("booking_event_id"),
	CONSTRAINT "whatsapp_outbox_kind" CHECK ("whatsapp_outbox"."kind" in ('reply', 'salon_change')),
	CONSTRAINT "whatsapp_outbox_status" CHECK ("whatsapp_outbox"."status" in ('queued', 'sent', 'expired', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sent" (
	"wamid" text PRIMARY KEY NOT NULL,
	"salon_id" uuid NOT NULL,
	"wa_id" text NOT NULL,
	"type" text NOT NULL,
	"purpose" text NOT NULL,
	"booking_event_id" uuid,
	"fallback" jsonb,
	"status" text DEFAULT 'accepted' NOT NULL,
	"error_code" integer,
	"status_at" timestamp with time zone,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_sent_status" CHECK ("whatsapp_sent"."status" in ('accepted', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"salon_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"status" text,
	"template_id" text,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_templates_salon_id_name_language_pk" PRIMARY KEY("salon_id","name","language")
);
--> statement-breakpoint
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_channel";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_channel";--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_channel";--> statement-breakpoint
ALTER TABLE "reminder_attempts" DROP CONSTRAINT "reminder_attempts_outcome";--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD CONSTRAINT "whatsapp_accounts_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbox" ADD CONSTRAINT "whatsapp_inbox_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_booking_event_id_booking_events_id_fk" FOREIGN KEY ("booking_event_id") REFERENCES "public"."booking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sent" ADD CONSTRAINT "whatsapp_sent_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_inbox_pending" ON "whatsapp_inbox" USING btree ("salon_id","wa_id","sent_at") WHERE "whatsapp_inbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "whatsapp_inbox_customer" ON "whatsapp_inbox" USING btree ("salon_id","wa_id","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_queued" ON "whatsapp_outbox" USING btree ("salon_id","wa_id","seq") WHERE "whatsapp_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_sent_customer" ON "whatsapp_sent" USING btree ("salon_id","wa_id","sent_at");--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_channel" CHECK ("booking_events"."channel" in ('web', 'telegram', 'instagram', 'whatsapp', 'mcp', 'dashboard', 'api'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel" CHECK ("bookings"."channel" in ('web', 'telegram', 'instagram', 'whatsapp', 'mcp', 'dashboard', 'api'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel" CHECK ("conversations"."channel" in ('web', 'telegram', 'instagram', 'whatsapp', 'mcp'));--> statement-breakpoint
ALTER TABLE "reminder_attempts" ADD CONSTRAINT "reminder_attempts_outcome" CHECK ("reminder_attempts"."outcome" in ('sent', 'refused', 'failed', 'undelivered'));