-- btree_gist lets one GiST index compare a salon id (=) and a time range (&&) together.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE SEQUENCE "public"."salon_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"service_id" uuid,
	"service_name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_ends_after_start" CHECK ("bookings"."ends_at" > "bookings"."starts_at"),
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('confirmed', 'pending', 'cancelled')),
	CONSTRAINT "bookings_channel" CHECK ("bookings"."channel" in ('web', 'telegram', 'instagram', 'mcp', 'dashboard', 'api'))
);
--> statement-breakpoint
CREATE TABLE "customer_identities" (
	"salon_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_identities_salon_id_channel_external_id_pk" PRIMARY KEY("salon_id","channel","external_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"language" text DEFAULT 'fr' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"salon_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_salon_id_key_pk" PRIMARY KEY("salon_id","key")
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"salon_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_minute" smallint NOT NULL,
	"closes_minute" smallint NOT NULL,
	CONSTRAINT "opening_hours_salon_id_weekday_opens_minute_pk" PRIMARY KEY("salon_id","weekday","opens_minute"),
	CONSTRAINT "opening_hours_weekday" CHECK ("opening_hours"."weekday" between 0 and 6),
	CONSTRAINT "opening_hours_range" CHECK ("opening_hours"."opens_minute" >= 0 and "opening_hours"."opens_minute" < 1440 and "opening_hours"."closes_minute" > "opening_hours"."opens_minute" and "opening_hours"."closes_minute" <= "opening_hours"."opens_minute" + 1440)
);
--> statement-breakpoint
CREATE TABLE "salons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text DEFAULT ('SAL' || lpad(nextval('salon_number_seq')::text, 3, '0')) NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"contact_email" text NOT NULL,
	"authorized_google_email" text,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"time_zone" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"slot_step_minutes" smallint DEFAULT 15 NOT NULL,
	"minimum_notice_minutes" integer DEFAULT 60 NOT NULL,
	"horizon_days" smallint DEFAULT 90 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salons_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "salons_hash_unique" UNIQUE("hash"),
	CONSTRAINT "salons_country_alpha2" CHECK ("salons"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "salons_slot_step_positive" CHECK ("salons"."slot_step_minutes" between 5 and 120),
	CONSTRAINT "salons_notice_non_negative" CHECK ("salons"."minimum_notice_minutes" >= 0),
	CONSTRAINT "salons_horizon_positive" CHECK ("salons"."horizon_days" between 1 and 366)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_duration_range" CHECK ("services"."duration_minutes" between 5 and 720),
	CONSTRAINT "services_price_non_negative" CHECK ("services"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_ends_after_start" CHECK ("time_off"."ends_at" > "time_off"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_salon_starts" ON "bookings" USING btree ("salon_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_customer" ON "bookings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_identities_customer" ON "customer_identities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_salon" ON "customers" USING btree ("salon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_salon_name_unique" ON "services" USING btree ("salon_id",lower("name"));--> statement-breakpoint
CREATE INDEX "time_off_salon_starts" ON "time_off" USING btree ("salon_id","starts_at");
--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express exclusion constraints): two active bookings of one
-- salon never overlap, and neither do two absences. The database, not a check-then-insert, decides.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("salon_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" <> 'cancelled');--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_no_overlap" EXCLUDE USING gist ("salon_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);
