import type { Executor } from '@server/db/client'
import type { BookingEventRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { Registry } from '@server/registry'

/**
 * What follows a change to a booking, outside the core. Every change is recorded once as a
 * booking event (booking-history.ts); each subscriber is then handed the event in the change's own
 * transaction and enqueues its work there — so a change that rolls back leaves no job behind, and
 * a committed one always has its follow-ups. The core calls subscribers through this registry only,
 * never by name: reminders, the calendar push and the customer's notice plug in here
 * (server/plug-ins.ts says who is plugged in), and payments later.
 */
export interface BookingSubscriber {
  /** Who subscribes (the architecture document and error messages name it). */
  name: string
  /**
   * In the change's transaction: enqueue what follows from `event`, if anything. Cheap by rule —
   * a subscriber writes at most one statement of jobs per event, and returns at once for the kinds
   * it ignores — since every booking pays for every subscriber.
   */
  onBookingEvent(db: Executor, jobs: Jobs, event: BookingEventRow, now: Date): Promise<void>
}

const subscribers = new Registry<BookingSubscriber>()

/** Plugs a subscriber in (a second with the same name replaces the first); returns how to unplug it. */
export function subscribeToBookings(subscriber: BookingSubscriber): () => void {
  return subscribers.plugIn(subscriber)
}

/** Who is plugged in, in the order they were. */
export function bookingSubscribers(): readonly BookingSubscriber[] {
  return subscribers.all()
}

/** Hands a recorded event to every subscriber, in order, in the event's transaction. */
export async function publishBookingEvent(db: Executor, jobs: Jobs, event: BookingEventRow, now: Date): Promise<void> {
  for (const subscriber of subscribers.all()) await subscriber.onBookingEvent(db, jobs, event, now)
}
