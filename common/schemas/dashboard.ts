import { z } from 'zod'
import { bookingSchema } from './booking'

/**
 * `GET /api/salons/:id/dashboard`: what the overview and the day's bookings show, computed on the
 * server's clock in the salon's time zone (never the browser's).
 */
export const salonDashboardSchema = z.object({
  /** The salon's date today (YYYY-MM-DD, salon time zone). */
  today: z.string(),
  /**
   * The server's instant when it answered (ISO): the dashboard judges "now" (the agenda's now line,
   * whether an appointment has begun) on the clock that enforces the rules, not the device's.
   */
  now: z.string(),
  stats: z.object({
    /** Appointments today that are not cancelled (no-shows and completed ones count: they took the chair). */
    bookingsToday: z.number(),
    /** Appointments this week (Monday to Sunday, salon time zone) that are not cancelled. */
    bookingsThisWeek: z.number(),
    activeServices: z.number(),
    /** Every appointment ever booked that is not cancelled. */
    totalBookings: z.number(),
  }),
  /**
   * The same figures per member, in the team's order: every active member, and an inactive one
   * while they still have bookings this week. Each booking counts once, for the member who
   * performs it, so the members' figures add up to the salon's.
   */
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      colour: z.string(),
      isActive: z.boolean(),
      /** Appointments today / this week that are not cancelled (no-shows and completed ones count). */
      bookingsToday: z.number(),
      bookingsThisWeek: z.number(),
      /** Minutes of this week's appointments. */
      bookedMinutesThisWeek: z.number(),
      /** What this week's appointments bring, in minor units of `currency` (cancelled ones and no-shows bring nothing). */
      revenueThisWeek: z.number(),
    }),
  ),
  /**
   * No-shows over the last 30 days: appointments that started in them and were not cancelled, and
   * how many of those the salon marked as a no-show (the rate is one over the other).
   */
  noShows: z.object({ days: z.number(), appointments: z.number(), noShows: z.number() }),
  /** The salon's currency (ISO 4217), for the members' revenue. */
  currency: z.string(),
  /** The day "Réservations du jour" shows: today, or the next day once today's opening hours are over. */
  day: z.object({
    date: z.string(),
    isToday: z.boolean(),
    /** Sorted by appointment time; cancelled ones included (shown with their badge). */
    bookings: z.array(bookingSchema),
  }),
  /** The last bookings made (newest first, at most 5). */
  recentBookings: z.array(bookingSchema),
})
export type SalonDashboard = z.infer<typeof salonDashboardSchema>
