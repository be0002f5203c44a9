CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"chat_id" text NOT NULL,
	"customer_id" uuid,
	"language" text NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_channel" CHECK ("conversations"."channel" in ('web', 'telegram', 'instagram', 'mcp')),
	CONSTRAINT "conversations_language" CHECK ("conversations"."language" in ('fr', 'de', 'it', 'en'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_chat_unique" ON "conversations" USING btree ("salon_id","channel","chat_id");--> statement-breakpoint
CREATE INDEX "conversations_salon_updated" ON "conversations" USING btree ("salon_id","updated_at");