ALTER TABLE "instagram_outbox" ADD COLUMN "quick_replies" jsonb;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "practical_info_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;