import { type Booking, MOVE_UNDO_GRACE_SECONDS } from '@common/schemas/booking'
import { PG_EXCLUSION_VIOLATION, sqlState } from '@server/db/client'
import type { BookingEventRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { findLatestEvent } from './booking-events.repository'
import { type BookingChangeBy, recordBookingEvent } from './booking-history'
import { slotTaken } from './bookings.errors'
import { presentBooking } from './bookings.presenters'
import * as repo from './bookings.repository'
import { type BookingDeps, type BookingScope, requireBooking } from './bookings.usecases'

/** How long after a move the server still takes its undo (its customer's notice waits as long). */
const UNDO_WINDOW_MS = MOVE_UNDO_GRACE_SECONDS * 1000

export const undoTooLate = () =>
  new AppError(
    'bookings.undo_too_late',
    409,
    'This move can no longer be undone: it is too old, or the booking changed since; move it again instead',
  )

/**
 * Takes back the salon's latest move of a booking (the agenda's "undo", offered a few seconds after
 * a move): the booking returns to the start and member it had, and nobody is told — the customer's
 * notice of the move was held back for this window and is dropped (tell-customer.ts). Refused when
 * the move is not the booking's latest change, is not the salon's, is past the window, or its
 * customer was already told; a return to a time someone has taken since is `bookings.slot_taken`.
 * The undo is itself a move in the booking's history, marked as the undoing of the first.
 */
export async function undoMove(
  { db, clock, jobs }: BookingDeps,
  bookingId: string,
  before: { startsAt: string; memberId: string },
  by: BookingChangeBy & { scope?: BookingScope | undefined },
): Promise<Booking> {
  const { customer, salon } = await requireBooking(db, bookingId, by.scope ?? {})
  const startsAt = resolvePointInTime(before.startsAt, salon.timeZone)
  const now = clock.now()
  try {
    const undone = await db.transaction(async (tx) => {
      const move = await findLatestEvent(tx, bookingId)
      const found = await repo.findBooking(tx, bookingId)
      if (!move || !found || !isUndoable(move, found.booking, { startsAt, memberId: before.memberId }, now)) {
        throw undoTooLate()
      }
      const { booking } = found
      const durationMs = booking.endsAt.getTime() - booking.startsAt.getTime()
      const moved = await repo.updateBooking(
        tx,
        booking.id,
        { startsAt, endsAt: new Date(startsAt.getTime() + durationMs), memberId: before.memberId },
        now,
      )
      await recordBookingEvent(tx, jobs, booking, 'moved', by, now, {
        fromStartsAt: booking.startsAt,
        fromMemberId: booking.memberId,
        toStartsAt: startsAt,
        toMemberId: before.memberId,
        quiet: true,
        undoes: move.id,
      })
      return { moved, member: await requireMemberRef(tx, before.memberId) }
    })
    return presentBooking(
      { booking: undone.moved, customer, member: undone.member },
      salon,
      await repo.listNotesOfBookings(db, [bookingId]),
    )
  } catch (error) {
    // Its old place was taken in the seconds since: the booking stays where it was moved to.
    if (sqlState(error) === PG_EXCLUSION_VIOLATION) throw slotTaken()
    throw error
  }
}

function isUndoable(
  move: BookingEventRow,
  booking: { startsAt: Date; memberId: string; status: string },
  before: { startsAt: Date; memberId: string },
  now: Date,
): boolean {
  return (
    move.kind === 'moved' &&
    move.actor === 'salon' &&
    move.undoes === null &&
    move.toldAt === null &&
    now.getTime() - move.at.getTime() <= UNDO_WINDOW_MS &&
    booking.status !== 'cancelled' &&
    move.toStartsAt?.getTime() === booking.startsAt.getTime() &&
    move.toMemberId === booking.memberId &&
    move.fromStartsAt?.getTime() === before.startsAt.getTime() &&
    move.fromMemberId === before.memberId
  )
}
