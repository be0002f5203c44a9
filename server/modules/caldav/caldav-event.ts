import { createHash } from 'node:crypto'
import { escapeText, foldLine, utcDateTime } from '@server/modules/calendar-files/ics'
import type { BookingEvent } from '@server/modules/calendar-sync/booking-event'

/**
 * A booking as the calendar object we PUT into the salon's CalDAV calendar (RFC 4791 §4.1): one
 * VCALENDAR holding one VEVENT, CRLF line endings, folded at 75 octets, TEXT values escaped — with
 * the calendar files' own helpers (calendar-files/ics.ts).
 *
 * - UID `salonia-<bookingId>`: how caldav-busy.ts knows the event is ours (it blocks nothing there,
 *   the booking already does), and how a copy of it in another calendar is recognised.
 * - No METHOD: a calendar object resource must not carry one (RFC 4791 §4.1); METHOD is for
 *   invitations (iTIP), and the salon's own calendar is no attendee.
 * - UTC DTSTART/DTEND: no VTIMEZONE to write, and nothing a client could read as floating time.
 * - TRANSP:OPAQUE: the appointment makes the salon busy for whoever else reads the calendar.
 * - SEQUENCE goes up with each change (RFC 5545 §3.8.7.4), so clients replace their cached copy.
 * - X-SALONIA-BOOKING-ID: the booking id again, readable even if a client rewrites the UID.
 */

export interface CaldavEventOptions {
  /** 0 for the first write; the caller raises it with each update. */
  sequence: number
  /** DTSTAMP: when this version of the object was written. */
  now: Date
}

const CRLF = '\r\n'
/** caldav-busy.ts reads an event of this UID prefix as ours. */
const OUR_UID_PREFIX = 'salonia-'

/** The object's text, as PUT to `<calendarUrl><bookingId>.ics`. */
export function caldavEventIcs(event: BookingEvent, { sequence, now }: CaldavEventOptions): string {
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError('SEQUENCE is a non-negative integer')
  const [uid, ...rest] = describedLines(event)
  const lines = [
    ...HEAD,
    'BEGIN:VEVENT',
    uid ?? '',
    `DTSTAMP:${utcDateTime(now)}`,
    ...rest,
    `SEQUENCE:${sequence}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join(CRLF) + CRLF
}

/**
 * What the booking says in the calendar, as a short stable hash: the object's text without DTSTAMP
 * and SEQUENCE, which change with every write without the event changing. Equal fingerprints: no
 * PUT is needed.
 */
export function caldavFingerprint(event: BookingEvent): string {
  const text = [...HEAD, ...describedLines(event)].map(foldLine).join(CRLF)
  return createHash('sha256').update(text).digest('base64url').slice(0, 22)
}

const HEAD = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Salonia//Calendar sync//EN', 'CALSCALE:GREGORIAN']

/** The VEVENT's lines that describe the booking, the UID first; neither DTSTAMP nor SEQUENCE. */
function describedLines(event: BookingEvent): string[] {
  if (!(event.endsAt.getTime() > event.startsAt.getTime())) throw new RangeError('A booking ends after it starts')
  return [
    `UID:${escapeText(`${OUR_UID_PREFIX}${event.bookingId}`)}`,
    `DTSTART:${utcDateTime(event.startsAt)}`,
    `DTEND:${utcDateTime(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    // A URI value, not TEXT (RFC 5545 §3.3.13): not escaped; our dashboard link has no line break.
    `URL:${event.url.replace(/[\r\n]/g, '')}`,
    'TRANSP:OPAQUE',
    `X-SALONIA-BOOKING-ID:${escapeText(event.bookingId)}`,
  ]
}
