CREATE TABLE "instagram_accounts" (
	"salon_id" uuid PRIMARY KEY NOT NULL,
	"ig_user_id" text NOT NULL,
	"app_scoped_id" text,
	"username" text NOT NULL,
	"access_token" text NOT NULL,
	"token_issued_at" timestamp with time zone NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"subscribed_at" timestamp with time zone,
	"reconnect_required_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"connected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_accounts_ig_user_id_unique" UNIQUE("ig_user_id")
);
--> statement-breakpoint
CREATE TABLE "instagram_events" (
	"mid" text PRIMARY KEY NOT NULL,
	"salon_id" uuid NOT NULL,
	"ig_account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"direction" text NOT NULL,
	"text" text,
	"attachment" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "instagram_events_direction" CHECK ("instagram_events"."direction" in ('in', 'echo')),
	CONSTRAINT "instagram_events_status" CHECK ("instagram_events"."status" in ('pending', 'done', 'ignored', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "instagram_outbox" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instagram_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"salon_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"booking_event_id" uuid,
	"parts" jsonb NOT NULL,
	"parts_sent" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "instagram_outbox_booking_event_id_unique" UNIQUE("booking_event_id"),
	CONSTRAINT "instagram_outbox_kind" CHECK ("instagram_outbox"."kind" in ('reply', 'salon_change', 'notice')),
	CONSTRAINT "instagram_outbox_status" CHECK ("instagram_outbox"."status" in ('queued', 'sent', 'expired', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "instagram_sent" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instagram_sent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"salon_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"mid" text,
	"text_hash" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instagram_sent_mid_unique" UNIQUE("mid")
);
--> statement-breakpoint
CREATE TABLE "instagram_users" (
	"salon_id" uuid NOT NULL,
	"ig_account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"first_message_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"whitelisted" boolean DEFAULT false NOT NULL,
	"paused_until" timestamp with time zone,
	"cooldown_until" timestamp with time zone,
	"strikes" smallint DEFAULT 0 NOT NULL,
	"last_strike_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"name" text,
	"username" text,
	"disclosed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_users_salon_id_ig_account_id_user_id_pk" PRIMARY KEY("salon_id","ig_account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "oauth_states" DROP CONSTRAINT "oauth_states_purpose";--> statement-breakpoint
ALTER TABLE "oauth_states" ALTER COLUMN "code_verifier" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "instagram_reply_to_everyone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "instagram_pause_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_accounts" ADD CONSTRAINT "instagram_accounts_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_events" ADD CONSTRAINT "instagram_events_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_outbox" ADD CONSTRAINT "instagram_outbox_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_outbox" ADD CONSTRAINT "instagram_outbox_booking_event_id_booking_events_id_fk" FOREIGN KEY ("booking_event_id") REFERENCES "public"."booking_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sent" ADD CONSTRAINT "instagram_sent_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_users" ADD CONSTRAINT "instagram_users_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_events_pending" ON "instagram_events" USING btree ("salon_id","user_id","sent_at") WHERE "instagram_events"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "instagram_events_recent" ON "instagram_events" USING btree ("salon_id","ig_account_id","sent_at");--> statement-breakpoint
CREATE INDEX "instagram_outbox_queued" ON "instagram_outbox" USING btree ("salon_id","user_id","seq") WHERE "instagram_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "instagram_sent_claims" ON "instagram_sent" USING btree ("salon_id","user_id","text_hash");--> statement-breakpoint
CREATE INDEX "instagram_users_recent" ON "instagram_users" USING btree ("salon_id","ig_account_id","last_message_at");--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_purpose" CHECK ("oauth_states"."purpose" in ('professional', 'admin', 'ambassador', 'instagram'));--> statement-breakpoint
ALTER TABLE "salons" ADD CONSTRAINT "salons_instagram_pause" CHECK ("salons"."instagram_pause_minutes" between 1 and 1440);