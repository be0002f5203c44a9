import type { BookingChannel, BookingStatus } from '@common/schemas/booking'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { Registry } from '@server/registry'
import { recordBookingEvent } from './booking-history'
import { bookingNotHeld } from './bookings.errors'
import * as repo from './bookings.repository'
import type { BookingDeps } from './bookings.usecases'

/**
 * The payment hook point: a booking may wait for a step outside the core before it is confirmed.
 * The core knows the `held` status and its `heldUntil`, never what is awaited: whoever needs a
 * booking held (payments, once they plug in) registers a hold here (server/plug-ins.ts), and
 * confirms the booking when its step is done. A held booking keeps its time under the database's
 * guarantee like any other, is neither reminded nor put in the salon's calendar until confirmed,
 * and is cancelled by Salonia when its time runs out (the job `bookings.release-holds`).
 */
export interface BookingHold {
  name: string
  /** Until when this booking waits for the step, or undefined when it is confirmed at once. */
  holdUntil(
    db: Executor,
    booking: { salon: SalonRow; serviceId: string; channel: BookingChannel; startsAt: Date },
    now: Date,
  ): Promise<Date | undefined>
}

const holds = new Registry<BookingHold>()

export const plugInBookingHold = (hold: BookingHold) => holds.plugIn(hold)

/** The status a new booking starts with: held until the latest step any hold asks for, or as asked. */
export async function startingStatus(
  db: Executor,
  booking: { salon: SalonRow; serviceId: string; channel: BookingChannel; startsAt: Date; status?: BookingStatus },
  now: Date,
): Promise<{ status: BookingStatus; heldUntil: Date | null }> {
  let until: Date | undefined
  for (const hold of holds.all()) {
    const asked = await hold.holdUntil(db, booking, now)
    if (asked && (!until || asked > until)) until = asked
  }
  return until ? { status: 'held', heldUntil: until } : { status: booking.status ?? 'confirmed', heldUntil: null }
}

/** The step is done: the held booking is confirmed (its reminders and calendar event follow). */
export async function confirmHeldBooking(
  { db, clock, jobs }: BookingDeps,
  bookingId: string,
  by: { actor: 'customer' | 'salon' | 'system'; channel: BookingChannel },
): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await repo.findHeldBookingForUpdate(tx, bookingId)
    if (!held) throw bookingNotHeld()
    const now = clock.now()
    await repo.updateBooking(tx, held.id, { status: 'confirmed', heldUntil: null }, now)
    await recordBookingEvent(tx, jobs, held, 'status', by, now, { status: 'confirmed' })
  })
}

/** Held bookings released per transaction. */
const RELEASE_BATCH = 200

/**
 * Job `bookings.release-holds` (every minute): each held booking whose time ran out is cancelled
 * by Salonia, its slot free again. Returns how many.
 */
export async function releaseExpiredHolds({ db, clock, jobs }: BookingDeps): Promise<number> {
  let released = 0
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const now = clock.now()
      const expired = await repo.lockExpiredHolds(tx, now, RELEASE_BATCH)
      for (const booking of expired) {
        await repo.updateBooking(tx, booking.id, { status: 'cancelled', cancelledAt: now, heldUntil: null }, now)
        const by = { actor: 'system', channel: booking.channel } as const
        await recordBookingEvent(tx, jobs, booking, 'cancelled', by, now, { status: 'cancelled' })
      }
      return expired.length
    })
    released += count
    if (count < RELEASE_BATCH) return released
  }
}
