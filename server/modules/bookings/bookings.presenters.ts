import type { Booking, BookingEvent } from '@common/schemas/booking'
import type { Availability } from '@common/schemas/schedule'
import { formatLocalDateTime, isoInstant, MINUTE_MS } from '@common/time'
import type { BookingNoteRow, SalonRow } from '@server/db/schema'
import { presentBookingNote } from '@server/modules/customers/customers.presenters'
import type { BookingEventWithMembers } from './booking-events.repository'
import type { BookingWithCustomer } from './bookings.repository'

/**
 * `notes`: the booking's notes as read (any order); only those about its current start are shown,
 * newest first — a booking moved since the customer said they would be late shows no such note.
 */
export function presentBooking(
  { booking, customer, member }: BookingWithCustomer,
  salon: SalonRow,
  notes: readonly BookingNoteRow[] = [],
): Booking {
  const local = formatLocalDateTime(booking.startsAt, salon.timeZone)
  return {
    id: booking.id,
    salonId: salon.publicId,
    clientName: customer.name,
    clientPhone: customer.phone,
    status: booking.status,
    appointmentDate: booking.startsAt.toISOString(),
    endDate: booking.endsAt.toISOString(),
    localDate: local.slice(0, 10),
    localTime: local.slice(11),
    serviceId: booking.serviceId,
    service: booking.serviceName,
    duration: booking.durationMinutes,
    processing:
      booking.processingMinutes > 0
        ? { after: booking.processingAfterMinutes, minutes: booking.processingMinutes }
        : null,
    cleanup: booking.cleanupMinutes,
    price: booking.priceMinor,
    currency: booking.currency,
    channel: booking.channel,
    member: { id: member.id, name: member.name },
    createdAt: booking.createdAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    notes: notes
      .filter((n) => n.bookingId === booking.id && n.appointmentStartsAt.getTime() === booking.startsAt.getTime())
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((n) => presentBookingNote(n, salon)),
    customerId: customer.id,
    cancelReason: booking.cancelReason,
    salonNote: booking.salonNote,
  }
}

export function presentAvailability(
  salon: Pick<SalonRow, 'publicId' | 'timeZone'>,
  serviceId: string,
  durationMinutes: number,
  range: { from: Date; to: Date },
  slots: number[],
  closedReason?: Availability['closedReason'],
): Availability {
  return {
    ...(closedReason ? { closedReason } : {}),
    salonId: salon.publicId,
    serviceId,
    timeZone: salon.timeZone,
    durationMinutes,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    slots: slots.map((start) => ({
      start: isoInstant(start),
      end: isoInstant(start + durationMinutes * MINUTE_MS),
      local: formatLocalDateTime(start, salon.timeZone),
    })),
  }
}

function localStart(at: Date, salon: SalonRow) {
  const local = formatLocalDateTime(at, salon.timeZone)
  return { startsAt: at.toISOString(), localDate: local.slice(0, 10), localTime: local.slice(11) }
}

export function presentBookingEvent(
  { event, fromMember, toMember }: BookingEventWithMembers,
  salon: SalonRow,
): BookingEvent {
  return {
    kind: event.kind,
    actor: event.actor,
    channel: event.channel,
    at: localStart(event.at, salon),
    from: event.fromStartsAt ? { ...localStart(event.fromStartsAt, salon), member: fromMember } : null,
    to: event.toStartsAt ? { ...localStart(event.toStartsAt, salon), member: toMember } : null,
    status: event.status,
    reason: event.reason,
    toldBy: event.toldBy,
    quiet: event.quiet,
    undo: event.undoes !== null,
    payment: event.payment,
  }
}
