CREATE TABLE "booking_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"minutes" smallint,
	"appointment_starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_notes_kind" CHECK ("booking_notes"."kind" in ('late')),
	CONSTRAINT "booking_notes_minutes" CHECK ("booking_notes"."minutes" between 1 and 180)
);
--> statement-breakpoint
CREATE TABLE "service_translations" (
	"service_id" uuid NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_translations_service_id_language_pk" PRIMARY KEY("service_id","language"),
	CONSTRAINT "service_translations_language" CHECK ("service_translations"."language" in ('fr', 'de', 'it', 'en')),
	CONSTRAINT "service_translations_source" CHECK ("service_translations"."source" in ('glossary', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "public_phone" text;--> statement-breakpoint
ALTER TABLE "salons" ADD COLUMN "practical_info" text;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_translations" ADD CONSTRAINT "service_translations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_notes_booking_kind" ON "booking_notes" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE INDEX "booking_notes_salon" ON "booking_notes" USING btree ("salon_id");