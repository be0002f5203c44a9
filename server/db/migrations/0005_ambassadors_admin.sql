CREATE TABLE "ambassador_access_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"code_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "ambassador_access_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "access_code_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_emails_created" ON "outbox_emails" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "ambassadors" ADD CONSTRAINT "ambassadors_access_code_id_ambassador_access_codes_id_fk" FOREIGN KEY ("access_code_id") REFERENCES "public"."ambassador_access_codes"("id") ON DELETE set null ON UPDATE no action;