CREATE TABLE "ambassadors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"referral_code" text NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ambassadors_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "ambassadors_referral_code_upper" CHECK ("ambassadors"."referral_code" = upper("ambassadors"."referral_code")),
	CONSTRAINT "ambassadors_language" CHECK ("ambassadors"."language" in ('fr', 'de', 'it', 'en'))
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ambassador_id" uuid,
	"referral_code" text,
	"salon_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"phone" text,
	"address" text NOT NULL,
	"country" text,
	"language" text DEFAULT 'fr' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"salon_id" uuid,
	"authorized_google_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status" CHECK ("referrals"."status" in ('pending', 'contacted', 'converted')),
	CONSTRAINT "referrals_language" CHECK ("referrals"."language" in ('fr', 'de', 'it', 'en')),
	CONSTRAINT "referrals_country_alpha2" CHECK ("referrals"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "referrals_referral_code_upper" CHECK ("referrals"."referral_code" = upper("referrals"."referral_code"))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ambassadors_email_unique" ON "ambassadors" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_contact_salon_unique" ON "referrals" USING btree (lower("contact_email"),lower("salon_name"));--> statement-breakpoint
CREATE INDEX "referrals_ambassador_created" ON "referrals" USING btree ("ambassador_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_salon" ON "referrals" USING btree ("salon_id");