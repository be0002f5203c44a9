import { isLanguage, type Language } from '@common/languages'
import type { BookingChannel, BookingNote } from '@common/schemas/booking'
import type {
  CustomerBooking,
  CustomerDetails,
  CustomerSummary,
  CustomerVisit,
  UpcomingBooking,
} from '@common/schemas/customers'
import { formatLocalDateTime } from '@common/time'
import type { BookingNoteRow, BookingRow, CustomerRow, SalonRow } from '@server/db/schema'
import type { CustomerIdentityRow, CustomerListRow } from './customers.repository'

/** What leaves the server about a salon's customers: never a raw row. */

export function presentVisit(startsAt: Date, salon: SalonRow): CustomerVisit {
  const local = formatLocalDateTime(startsAt, salon.timeZone)
  return { startsAt: startsAt.toISOString(), localDate: local.slice(0, 10), localTime: local.slice(11) }
}

export function presentCustomerSummary(row: CustomerListRow, noShows: number, salon: SalonRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    lastVisit: row.lastVisit ? presentVisit(row.lastVisit, salon) : null,
    nextVisit: row.nextVisit ? presentVisit(row.nextVisit, salon) : null,
    bookingCount: row.bookingCount,
    noShowCount: noShows,
  }
}

/** The end of an id on a channel: enough for the salon to tell two apart, not a handle to reuse. */
export function shortIdentity(externalId: string): string {
  return externalId.length <= 8 ? externalId : `…${externalId.slice(-8)}`
}

/** The customer's notes about a booking as it stands now (a moved booking's old "late" no longer applies). */
function notesOf(booking: BookingRow, notes: readonly BookingNoteRow[]) {
  return notes
    .filter((n) => n.bookingId === booking.id && n.appointmentStartsAt.getTime() === booking.startsAt.getTime())
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
}

export function presentCustomerBooking(
  booking: BookingRow,
  notes: readonly BookingNoteRow[],
  salon: SalonRow,
): CustomerBooking {
  const visit = presentVisit(booking.startsAt, salon)
  return {
    id: booking.id,
    startsAt: visit.startsAt,
    localDate: visit.localDate,
    localTime: visit.localTime,
    service: booking.serviceName,
    duration: booking.durationMinutes,
    price: booking.priceMinor,
    currency: booking.currency,
    status: booking.status,
    channel: booking.channel as BookingChannel,
    notes: notesOf(booking, notes).map((n) => presentBookingNote(n, salon)),
  }
}

export function presentCustomerDetails(
  customer: CustomerRow,
  file: {
    identities: readonly CustomerIdentityRow[]
    bookings: readonly BookingRow[]
    notes: readonly BookingNoteRow[]
    noShows: number
  },
  salon: SalonRow,
): CustomerDetails {
  return {
    id: customer.id,
    name: customer.name,
    phone: customer.phone,
    email: customer.email,
    language: languageOf(customer.language),
    notes: customer.notes,
    createdAt: customer.createdAt.toISOString(),
    noShowCount: file.noShows,
    identities: file.identities.map((i) => ({
      channel: i.channel,
      shortId: shortIdentity(i.externalId),
      createdAt: i.createdAt.toISOString(),
    })),
    bookings: file.bookings.map((b) => presentCustomerBooking(b, file.notes, salon)),
  }
}

export function presentUpcoming(booking: BookingRow, salon: SalonRow): UpcomingBooking {
  const visit = presentVisit(booking.startsAt, salon)
  return { id: booking.id, localDate: visit.localDate, localTime: visit.localTime, service: booking.serviceName }
}

export function languageOf(value: string): Language {
  return isLanguage(value) ? value : 'fr'
}

/** The customer's own note about an appointment ("I'll be 10 minutes late"), on the salon's clock. */
export function presentBookingNote(note: BookingNoteRow, salon: SalonRow): BookingNote {
  const local = formatLocalDateTime(note.createdAt, salon.timeZone)
  return {
    kind: note.kind,
    minutes: note.minutes,
    createdAt: note.createdAt.toISOString(),
    localDate: local.slice(0, 10),
    localTime: local.slice(11),
  }
}
