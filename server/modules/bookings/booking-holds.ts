import type { Language } from '@common/languages'
import type { BookingChannel, BookingStatus } from '@common/schemas/booking'
import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { BookingRow, SalonRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
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
  /**
   * What the customer agrees to by booking this service now, in their language (a deposit and when
   * it is refunded), said before they commit; undefined: nothing.
   */
  terms?(
    db: Executor,
    booking: { salon: SalonRow; serviceId: string; channel: BookingChannel },
    language: Language,
  ): Promise<string | undefined>
  /** For a booking this hold keeps: what the customer does next, with its link, in their language. */
  nextStep?(deps: HoldDeps, booking: { id: string; salonId: string }, language: Language): Promise<string | undefined>
}

/** What a hold reads to write a step's link: the database and the server's address and secret. */
export interface HoldDeps {
  db: Executor
  config: Pick<Config, 'publicUrl' | 'appSecret'>
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

/** The customer's words from every hold that has some for this service (empty: none). */
export async function holdTerms(
  db: Executor,
  booking: { salon: SalonRow; serviceId: string; channel: BookingChannel },
  language: Language,
): Promise<string[]> {
  const said: string[] = []
  for (const hold of holds.all()) {
    const terms = await hold.terms?.(db, booking, language)
    if (terms) said.push(terms)
  }
  return said
}

/** What the customer of a held booking does next (every hold's step, with its link). */
export async function holdNextSteps(
  deps: HoldDeps,
  booking: { id: string; salonId: string },
  language: Language,
): Promise<string[]> {
  const said: string[] = []
  for (const hold of holds.all()) {
    const step = await hold.nextStep?.(deps, booking, language)
    if (step) said.push(step)
  }
  return said
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
    await confirmHeld(tx, jobs, held, by, clock.now())
  })
}

/**
 * In the caller's transaction (which holds `held` locked: `lockHeldBooking`): confirmed, with its
 * history — the calendar event, the reminders and the customer's confirmation follow as for any
 * new confirmed booking.
 */
export async function confirmHeld(
  tx: Executor,
  jobs: Jobs,
  held: BookingRow,
  by: { actor: 'customer' | 'salon' | 'system'; channel: BookingChannel },
  now: Date,
): Promise<void> {
  await repo.updateBooking(tx, held.id, { status: 'confirmed', heldUntil: null }, now)
  await recordBookingEvent(tx, jobs, held, 'status', by, now, { status: 'confirmed' })
}

/** The booking, locked for the caller's transaction, if it is still held (otherwise undefined). */
export function lockHeldBooking(tx: Executor, bookingId: string): Promise<BookingRow | undefined> {
  return repo.findHeldBookingForUpdate(tx, bookingId)
}

/**
 * In the caller's transaction: a held booking whose step will not happen (not paid in time) is
 * cancelled by Salonia, its time free again at once.
 */
export async function releaseHeld(tx: Executor, jobs: Jobs, held: BookingRow, now: Date): Promise<void> {
  await repo.updateBooking(tx, held.id, { status: 'cancelled', cancelledAt: now, heldUntil: null }, now)
  await recordBookingEvent(tx, jobs, held, 'cancelled', { actor: 'system', channel: held.channel }, now, {
    status: 'cancelled',
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
      for (const booking of expired) await releaseHeld(tx, jobs, booking, now)
      return expired.length
    })
    released += count
    if (count < RELEASE_BATCH) return released
  }
}
