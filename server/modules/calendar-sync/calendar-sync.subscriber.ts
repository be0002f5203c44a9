import type { BookingEventKind } from '@common/schemas/booking'
import type { BookingSubscriber } from '@server/modules/bookings/booking-subscribers'
import { bookingChanged } from './calendar-providers'

/**
 * What the salon's calendar event shows: its time, its member, the customer's name and lateness —
 * and whether there is one at all (a held booking has none until its status says confirmed).
 */
const SHOWN: ReadonlySet<BookingEventKind> = new Set([
  'created',
  'moved',
  'cancelled',
  'status',
  'late',
  'erased',
  'merged',
])

/**
 * Subscribed to every booking's events: when what the calendar event shows changed, its push is
 * enqueued in the change's transaction (one job per booking at a time; none without a live calendar).
 */
export const calendarFollowsBookings: BookingSubscriber = {
  name: 'calendar-sync',
  async onBookingEvent(db, jobs, event) {
    if (!SHOWN.has(event.kind)) return
    await bookingChanged(db, jobs, event.salonId, event.bookingId)
  },
}
