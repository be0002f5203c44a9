import type { BookingSubscriber } from '@server/modules/bookings/booking-subscribers'
import { planReminders } from './reminders.usecases'

/**
 * Subscribed to every booking's events: a booking created, moved, cancelled or given another
 * status (a held booking confirmed) has its reminders planned again, in the change's transaction
 * (what is waiting for an old time is cancelled). A note, lateness or an erasure leaves its time
 * as it was.
 */
export const remindersFollowBookings: BookingSubscriber = {
  name: 'reminders',
  async onBookingEvent(db, _jobs, event, now) {
    if (event.kind !== 'created' && event.kind !== 'moved' && event.kind !== 'cancelled' && event.kind !== 'status')
      return
    await planReminders(db, event.bookingId, now)
  },
}
