CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salon_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"member_id" uuid,
	"day" date NOT NULL,
	"part" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"channel" text NOT NULL,
	"offer_starts_at" timestamp with time zone,
	"offered_starts" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"booking_id" uuid,
	"last_told" text,
	"told_by" text,
	"told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_part" CHECK ("waiting_list_entries"."part" in ('day', 'morning', 'afternoon')),
	CONSTRAINT "waiting_list_status" CHECK ("waiting_list_entries"."status" in ('waiting', 'offered', 'booked', 'removed')),
	CONSTRAINT "waiting_list_services" CHECK (cardinality("waiting_list_entries"."service_ids") between 1 and 8),
	CONSTRAINT "waiting_list_offer" CHECK (("waiting_list_entries"."status" = 'offered') = ("waiting_list_entries"."offer_starts_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_one_per_day" ON "waiting_list_entries" USING btree ("salon_id","customer_id","day") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_salon_day" ON "waiting_list_entries" USING btree ("salon_id","day","created_at");