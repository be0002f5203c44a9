ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_held" ON "bookings" USING btree ("held_until") WHERE "bookings"."status" = 'held';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_held_until" CHECK (("bookings"."status" = 'held') = ("bookings"."held_until" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('confirmed', 'pending', 'cancelled', 'no_show', 'completed', 'held'));