CREATE TABLE "booking_payments" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"salon_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"deposit_minor" integer NOT NULL,
	"fee_minor" integer NOT NULL,
	"free_cancel_hours" smallint NOT NULL,
	"state" text NOT NULL,
	"checkout_ref" text,
	"checkout_url" text,
	"customer_ref" text,
	"card_ref" text,
	"payment_ref" text,
	"fee_checkout_ref" text,
	"fee_checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payments_kind" CHECK ("booking_payments"."kind" in ('deposit', 'guarantee')),
	CONSTRAINT "booking_payments_state" CHECK (state in ('awaiting', 'paid', 'secured', 'paid_at_salon', 'waived', 'expired', 'refunded', 'kept', 'fee_charged', 'fee_waiting', 'fee_failed')),
	CONSTRAINT "booking_payments_amounts" CHECK ("booking_payments"."deposit_minor" >= 0 and "booking_payments"."fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"salon_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"actor" text NOT NULL,
	"reference" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_movements_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_movements_kind" CHECK (kind in ('deposit', 'refund', 'kept', 'fee', 'paid_at_salon', 'waived')),
	CONSTRAINT "payment_movements_amount" CHECK ("payment_movements"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_policies" (
	"service_id" uuid PRIMARY KEY NOT NULL,
	"salon_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"deposit_minor" integer,
	"deposit_percent" smallint,
	"fee_minor" integer,
	"free_cancel_hours" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_policies_kind" CHECK ("payment_policies"."kind" in ('deposit', 'guarantee')),
	CONSTRAINT "payment_policies_amounts" CHECK (("payment_policies"."kind" = 'deposit' and "payment_policies"."fee_minor" is null and (("payment_policies"."deposit_minor" is null) <> ("payment_policies"."deposit_percent" is null)))
        or ("payment_policies"."kind" = 'guarantee' and "payment_policies"."fee_minor" is not null and "payment_policies"."deposit_minor" is null and "payment_policies"."deposit_percent" is null)),
	CONSTRAINT "payment_policies_hours" CHECK ("payment_policies"."free_cancel_hours" between 0 and 168)
);
--> statement-breakpoint
CREATE TABLE "stripe_accounts" (
	"salon_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"currency" text,
	"connected_at" timestamp with time zone NOT NULL,
	"disconnected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_kind";--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "payment" jsonb;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_movements" ADD CONSTRAINT "payment_movements_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_policies" ADD CONSTRAINT "payment_policies_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_policies" ADD CONSTRAINT "payment_policies_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_salon_id_salons_id_fk" FOREIGN KEY ("salon_id") REFERENCES "public"."salons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_payments_salon" ON "booking_payments" USING btree ("salon_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_checkout" ON "booking_payments" USING btree ("checkout_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_fee_checkout" ON "booking_payments" USING btree ("fee_checkout_ref");--> statement-breakpoint
CREATE INDEX "payment_movements_salon_at" ON "payment_movements" USING btree ("salon_id","at");--> statement-breakpoint
CREATE INDEX "payment_movements_booking" ON "payment_movements" USING btree ("booking_id","at");--> statement-breakpoint
CREATE INDEX "payment_policies_salon" ON "payment_policies" USING btree ("salon_id");--> statement-breakpoint
CREATE INDEX "stripe_events_unprocessed" ON "stripe_events" USING btree ("received_at") WHERE "stripe_events"."processed_at" is null;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_kind" CHECK ("booking_events"."kind" in ('created', 'moved', 'cancelled', 'status', 'note', 'late', 'erased', 'merged', 'payment'));