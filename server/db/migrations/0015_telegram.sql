CREATE TABLE "telegram_bot" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"bot_id" bigint NOT NULL,
	"username" text NOT NULL,
	"info" jsonb NOT NULL,
	"poll_offset" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_bot_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"salon_id" uuid,
	"first_name" text,
	"last_name" text,
	"language_code" text,
	"phone" text,
	"blocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_outbox" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chat_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"booking_event_id" uuid,
	"parts" jsonb NOT NULL,
	"parts_sent" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "telegram_outbox_booking_event_id_unique" UNIQUE("booking_event_id"),
	CONSTRAINT "telegram_outbox_kind" CHECK ("telegram_outbox"."kind" in ('reply', 'salon_change')),
	CONSTRAINT "telegram_outbox_status" CHECK ("telegram_outbox"."status" in ('queued', 'sent', 'blocked', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"update" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_updates_status" CHECK ("telegram_updates"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_booking_event_id_booking_events_id_fk" FOREIGN KEY ("booking_event_id") REFERENCES "public"."booking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_outbox_queued" ON "telegram_outbox" USING btree ("chat_id","seq") WHERE "telegram_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "telegram_updates_chat" ON "telegram_updates" USING btree ("chat_id","update_id") WHERE "telegram_updates"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_updates_received" ON "telegram_updates" USING btree ("received_at");