ALTER TABLE "booking_events" ADD COLUMN "quiet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "tell_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "undoes" uuid;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_undoes_booking_events_id_fk" FOREIGN KEY ("undoes") REFERENCES "public"."booking_events"("id") ON DELETE cascade ON UPDATE no action;