import { createHash } from 'node:crypto'
import type { BookingEvent } from '@server/modules/calendar-sync/booking-event'
import type { GraphDateTime } from './graph-busy'

/**
 * What a booking looks like in the salon's Outlook calendar: the body of Graph's create and update
 * event calls (https://learn.microsoft.com/graph/api/resources/event). Pure.
 *
 * - Times in UTC with Graph's seven fractional digits; Outlook shows them in the owner's zone.
 * - `showAs busy` (it blocks the owner's free/busy), no reminder (the salon has its own), and no
 *   attendees: Graph sends an invitation to every attendee of an event it creates
 *   (https://learn.microsoft.com/graph/api/calendar-post-events), and the customer gets ours.
 * - `transactionId` = `<bookingId>-<generation>`: Graph answers a repeated POST carrying the same
 *   transactionId with the event it already made ("to avoid redundant POST operations in case of
 *   client retries to create the same event", event resource), so a lost answer never makes a
 *   second event. The generation goes up only when we learn our event is gone: the reference does
 *   not say whether a transactionId still names an event deleted by hand (docs/plans/calendars.md
 *   §8). `bookingIdOfGraphEvent` (graph-busy.ts) reads the booking back from it.
 * - The booking id also rides in a single-value extended property
 *   (https://learn.microsoft.com/graph/api/resources/extended-properties-overview): a named
 *   String property in a namespace GUID of our own, so no other app's property can clash with it,
 *   Outlook shows it nowhere and the owner's edits keep it. Should a link be lost, our events can be
 *   found with `$filter=singleValueExtendedProperties/any(ep: ep/id eq '…')`
 *   (https://learn.microsoft.com/graph/api/singlevaluelegacyextendedproperty-get). The GUID was
 *   drawn once for Salonia and must never change: events already written carry it.
 */

export const SALONIA_PROPERTY_SET = '60537f5a-a1fb-452d-b274-5f0fd083a263'
/** The extended property's id, in the `{type} {guid} Name {name}` form. */
export const BOOKING_ID_PROPERTY = `String {${SALONIA_PROPERTY_SET}} Name saloniaBookingId`

export interface GraphEventBody {
  subject: string
  body: { contentType: 'text'; content: string }
  start: GraphDateTime
  end: GraphDateTime
  location: { displayName: string }
  showAs: 'busy'
  isReminderOn: false
  transactionId: string
  singleValueExtendedProperties: Array<{ id: string; value: string }>
}

/** `2026-12-02T10:00:00.0000000` in UTC: Graph's dateTime form, as it answers it. */
export function graphDateTimeOf(at: Date): GraphDateTime {
  return { dateTime: `${at.toISOString().slice(0, 23)}0000`, timeZone: 'UTC' }
}

/** The transactionId of a booking's event at a generation (0, 1, …). */
export function transactionIdOf(bookingId: string, generation: number): string {
  if (!Number.isSafeInteger(generation) || generation < 0) throw new Error(`not a generation: ${generation}`)
  return `${bookingId.toLowerCase()}-${generation}`
}

/** The Graph event a booking should be, for its create (POST) or its update (PATCH, without transactionId). */
export function graphEventOf(event: BookingEvent, { generation }: { generation: number }): GraphEventBody {
  return { ...content(event), transactionId: transactionIdOf(event.bookingId, generation) }
}

/** Changes whenever what Outlook should show changes, and only then: the generation is no part of it. */
export function graphFingerprint(event: BookingEvent): string {
  return createHash('sha256')
    .update(JSON.stringify(content(event)))
    .digest('base64url')
    .slice(0, 22)
}

/** The body without its transactionId, in a fixed key order (the fingerprint hashes its JSON). */
function content(event: BookingEvent): Omit<GraphEventBody, 'transactionId'> {
  return {
    subject: event.summary,
    body: { contentType: 'text', content: event.description },
    start: graphDateTimeOf(event.startsAt),
    end: graphDateTimeOf(event.endsAt),
    location: { displayName: event.location },
    showAs: 'busy',
    isReminderOn: false,
    singleValueExtendedProperties: [{ id: BOOKING_ID_PROPERTY, value: event.bookingId.toLowerCase() }],
  }
}
