import { type BookingSubscriber, subscribeToBookings } from './modules/bookings/booking-subscribers'
import { calendarFollowsBookings } from './modules/calendar-sync/calendar-sync.subscriber'
import { customerNotices } from './modules/customer-notices/tell-customer'
import { remindersFollowBookings } from './modules/reminders/reminders.subscriber'

/**
 * The registries: who is plugged into the core. The core names none of them; adding one is its
 * own folder plus one line here. docs/ARCHITECTURE.md lists them (npm run architecture).
 */

/** Who follows every change to a booking, in this order, in the change's transaction. */
export const BOOKING_SUBSCRIBERS: readonly BookingSubscriber[] = [
  remindersFollowBookings,
  calendarFollowsBookings,
  customerNotices,
]

/** Plugs everything in. Idempotent: the app, the workers and the tests' setup each call it. */
export function plugIn(): void {
  for (const subscriber of BOOKING_SUBSCRIBERS) subscribeToBookings(subscriber)
}
