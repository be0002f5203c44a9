import type { Booking } from '@common/schemas/booking'
import { type BookingChangeBy, recordBookingEvent } from './booking-history'
import { bookingCancelled, notStarted } from './bookings.errors'
import { presentBooking } from './bookings.presenters'
import * as repo from './bookings.repository'
import { type BookingDeps, type BookingScope, requireBooking } from './bookings.usecases'

/**
 * The salon's booking desk: what happened at the appointment (no-show, done), and the salon's
 * private note (the panel that shows them is read by dashboard/booking-panel.ts). Each change is
 * written to the history in its own transaction; none is told to the customer.
 */

/**
 * What happened at the appointment: `no_show` or `completed` once it has begun (by the clock), and
 * `confirmed` to undo that. A cancelled booking stays cancelled. Setting the status it has is no
 * change and writes no history.
 */
export async function setBookingStatus(
  { db, clock, jobs }: BookingDeps,
  bookingId: string,
  status: 'no_show' | 'completed' | 'confirmed',
  by: BookingChangeBy & { scope?: BookingScope | undefined },
): Promise<Booking> {
  const { booking, customer, member, salon } = await requireBooking(db, bookingId, by.scope ?? {})
  const now = clock.now()
  if (booking.status === 'cancelled') throw bookingCancelled()
  if (status !== 'confirmed' && booking.startsAt.getTime() > now.getTime()) throw notStarted()
  const notes = () => repo.listNotesOfBookings(db, [booking.id])
  if (booking.status === status) return presentBooking({ booking, customer, member }, salon, await notes())
  const updated = await db.transaction(async (tx) => {
    const changed = await repo.updateBooking(tx, booking.id, { status }, now)
    await recordBookingEvent(tx, jobs, booking, 'status', by, now, { status })
    return changed
  })
  return presentBooking({ booking: updated, customer, member }, salon, await notes())
}

/** The salon's private note on the booking (empty clears it); never shown to the customer nor to the assistant. */
export async function setBookingSalonNote(
  { db, clock, jobs }: BookingDeps,
  bookingId: string,
  note: string,
  by: BookingChangeBy & { scope?: BookingScope | undefined },
): Promise<Booking> {
  const { booking, customer, member, salon } = await requireBooking(db, bookingId, by.scope ?? {})
  const now = clock.now()
  const salonNote = note.trim() === '' ? null : note
  const notes = () => repo.listNotesOfBookings(db, [booking.id])
  if (booking.salonNote === salonNote) return presentBooking({ booking, customer, member }, salon, await notes())
  const updated = await db.transaction(async (tx) => {
    const changed = await repo.updateBooking(tx, booking.id, { salonNote }, now)
    await recordBookingEvent(tx, jobs, booking, 'note', by, now)
    return changed
  })
  return presentBooking({ booking: updated, customer, member }, salon, await notes())
}
