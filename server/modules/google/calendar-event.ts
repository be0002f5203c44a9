import { createHash } from 'node:crypto'
import {
  type BookingEvent,
  type BookingForCalendar,
  bookingEventOf,
  type SalonForCalendar,
} from '@server/modules/calendar-sync/booking-event'
import type { CalendarEvent } from './google-calendar'

/**
 * What a booking looks like in the salon's Google calendar. The event id is the booking id's 32
 * hexadecimal digits: Google accepts ids made of base32hex characters (0-9, a-v), so a retried
 * insert of the same booking can only ever meet its own event (409), never make a second one.
 */

export const BOOKING_ID_PROPERTY = 'saloniaBookingId'

export function eventIdOf(bookingId: string): string {
  return bookingId.replaceAll('-', '').toLowerCase()
}

/** The booking an event of ours stands for, if it is one of ours. */
export function bookingIdOf(event: CalendarEvent): string | undefined {
  const fromProperty = event.extendedProperties?.private?.[BOOKING_ID_PROPERTY]
  if (fromProperty) return fromProperty
  // A deleted event comes back from incremental sync with only its id and status.
  const hex = /^[0-9a-f]{32}$/.test(event.id) ? event.id : undefined
  return hex && `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The Google event a booking should be in its salon's calendar. */
export function eventOf(booking: BookingForCalendar, salon: SalonForCalendar, publicUrl: string): CalendarEvent {
  return googleEventOf(bookingEventOf(booking, salon, publicUrl))
}

/** A booking's neutral event (calendar-sync/booking-event.ts) as Google's. */
export function googleEventOf(event: BookingEvent): CalendarEvent {
  return {
    id: eventIdOf(event.bookingId),
    status: 'confirmed',
    summary: event.summary,
    description: event.description,
    location: event.location,
    start: { dateTime: event.startsAt.toISOString(), timeZone: event.timeZone },
    end: { dateTime: event.endsAt.toISOString(), timeZone: event.timeZone },
    transparency: 'opaque',
    extendedProperties: { private: { [BOOKING_ID_PROPERTY]: event.bookingId, saloniaSalonId: event.salonPublicId } },
    source: { title: 'Salonia', url: event.url },
  }
}

/** Changes whenever what the calendar should show changes: an unchanged booking is not pushed again. */
export function fingerprintOf(event: CalendarEvent): string {
  return createHash('sha256').update(JSON.stringify(event)).digest('base64url').slice(0, 22)
}
