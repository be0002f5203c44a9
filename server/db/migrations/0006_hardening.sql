CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_resets_at" ON "rate_limits" USING btree ("resets_at");--> statement-breakpoint
-- Sign-ins under way (they live 10 minutes) had no browser binding yet: they start again.
DELETE FROM "oauth_states";--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "binding_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "mcp_token_issued_at" timestamp with time zone;--> statement-breakpoint
-- Salons that existed had a working token: it stays valid until rotated or revoked.
UPDATE "salons" SET "mcp_token_issued_at" = "created_at";
