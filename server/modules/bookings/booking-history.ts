import { type BookingActor, type BookingChannel, CUSTOMER_CHANNELS } from '@common/schemas/booking'
import type { Executor } from '@server/db/client'
import type { BookingRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { insertBookingEvent, type NewBookingEvent } from './booking-events.repository'
import { publishBookingEvent } from './booking-subscribers'

/** Who changes a booking, and through which channel: what its history records. */
export interface BookingChangeBy {
  actor: BookingActor
  channel: BookingChannel
}

/** A chat is the customer writing; the dashboard, the API and MCP are the salon's. */
export function actorOfChannel(channel: BookingChannel): BookingActor {
  return CUSTOMER_CHANNELS.includes(channel) ? 'customer' : 'salon'
}

type EventDetails = Omit<NewBookingEvent, 'bookingId' | 'salonId' | 'actor' | 'channel' | 'at' | 'kind'>

/**
 * Writes the event in the change's transaction — every change to a booking passes here, once —
 * and hands it to the booking's subscribers (booking-subscribers.ts), who enqueue what follows in
 * that same transaction: reminders re-planned, the calendar event pushed, the customer told.
 */
export async function recordBookingEvent(
  db: Executor,
  jobs: Jobs,
  booking: Pick<BookingRow, 'id' | 'salonId'>,
  kind: NewBookingEvent['kind'],
  by: BookingChangeBy,
  at: Date,
  details: EventDetails = {},
): Promise<void> {
  const event = await insertBookingEvent(db, {
    bookingId: booking.id,
    salonId: booking.salonId,
    kind,
    actor: by.actor,
    channel: by.channel,
    at,
    ...details,
  })
  await publishBookingEvent(db, jobs, event, at)
}
