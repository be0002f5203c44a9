import { languageOrDefault } from '@common/languages'
import type { BookingDetails } from '@common/schemas/booking'
import { type BookingReminder, REMINDER_CHANNELS, REMINDER_REASONS } from '@common/schemas/reminders'
import { formatLocalDateTime } from '@common/time'
import type { Database } from '@server/db/client'
import type { BookingNoteRow, BookingReminderRow, SalonRow } from '@server/db/schema'
import { type BookingEventWithMembers, listBookingEvents } from '@server/modules/bookings/booking-events.repository'
import { presentBooking, presentBookingEvent } from '@server/modules/bookings/bookings.presenters'
import { type BookingWithCustomer, listNotesOfBookings } from '@server/modules/bookings/bookings.repository'
import { type BookingScope, requireBooking } from '@server/modules/bookings/bookings.usecases'
import { listRemindersOfBookings } from '@server/modules/reminders/reminders.repository'

/**
 * The desk's booking panel (GET /api/bookings/:id): the booking, how to reach its customer, its
 * history, and its reminders — what the core and the reminders service each know of it, read
 * together for the owner.
 */
export async function getBookingDetails(
  { db }: { db: Database },
  bookingId: string,
  scope: BookingScope = {},
): Promise<BookingDetails> {
  const found = await requireBooking(db, bookingId, scope)
  const [notes, history, reminders] = await Promise.all([
    listNotesOfBookings(db, [bookingId]),
    listBookingEvents(db, bookingId),
    listRemindersOfBookings(db, [bookingId]),
  ])
  return presentBookingDetails(found, found.salon, notes, history, reminders)
}

/** The booking panel: the booking, how to reach its customer, and its history (oldest first). */
export function presentBookingDetails(
  row: BookingWithCustomer,
  salon: SalonRow,
  notes: readonly BookingNoteRow[],
  history: readonly BookingEventWithMembers[],
  reminders: readonly BookingReminderRow[],
): BookingDetails {
  const { customer } = row
  return {
    booking: presentBooking(row, salon, notes),
    customer: {
      id: customer.id,
      name: customer.name,
      phone: customer.phone,
      email: customer.email,
      language: languageOrDefault(customer.language),
      notes: customer.notes,
    },
    history: history.map((entry) => presentBookingEvent(entry, salon)),
    reminders: reminders
      .filter((r) => r.appointmentStartsAt.getTime() === row.booking.startsAt.getTime())
      .map((r) => presentBookingReminder(r, salon)),
  }
}

export function presentBookingReminder(reminder: BookingReminderRow, salon: SalonRow): BookingReminder {
  return {
    kind: reminder.kind,
    status: reminder.status,
    dueAt: reminder.dueAt.toISOString(),
    dueLocal: formatLocalDateTime(reminder.dueAt, salon.timeZone),
    channel: oneOf(REMINDER_CHANNELS, reminder.channel),
    sentLocal: reminder.sentAt ? formatLocalDateTime(reminder.sentAt, salon.timeZone) : null,
    deliveredLocal: reminder.deliveredAt ? formatLocalDateTime(reminder.deliveredAt, salon.timeZone) : null,
    readLocal: reminder.readAt ? formatLocalDateTime(reminder.readAt, salon.timeZone) : null,
    reason: oneOf(REMINDER_REASONS, reminder.reason),
  }
}

/** A stored word the dashboard knows, or null (a value written by a later version is not shown raw). */
function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null
}
