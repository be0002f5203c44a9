import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@common/languages'
import type { AffectedBookingsDecision } from '@common/schemas/schedule'
import type { Clock } from '@server/clock'
import type { Database, Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { pushedOutByHours, type TeamHours } from './affected-bookings'
import { listUpcomingBookings, type UpcomingBooking } from './affected-bookings.repository'
import { bookingsAffected } from './schedule.errors'
import { presentAffectedBooking } from './schedule.presenters'
import { listMembersHours, listOpeningHours } from './schedule.repository'
import { rowsToOpeningIntervals } from './working-hours'

/**
 * Nothing changes silently: a new absence or new hours that fall on confirmed or pending bookings
 * still to come are refused (409 `schedule.bookings_affected`, listing them) until the salon says
 * what to do with them — keep them, or cancel them and tell the customers — and then saved with
 * that decision in the same transaction.
 */

/** What a change of hours or an absence takes: its cancellations enqueue their follow-ups in its transaction. */
export interface ScheduleChangeDeps {
  db: Database
  clock: Clock
  jobs: Jobs
}

/**
 * How the schedule cancels a booking as the salon, with the reason told to the customer. The
 * bookings module sits above the schedule (it books within its hours), so it plugs its
 * cancellation in here (server/plug-ins.ts) instead of being imported.
 */
export type CancelAsSalon = (
  deps: ScheduleChangeDeps,
  salonId: string,
  bookingId: string,
  reason: string,
) => Promise<void>

let cancelAsSalon: CancelAsSalon | undefined

export function plugInBookingCancellation(cancel: CancelAsSalon): void {
  cancelAsSalon = cancel
}

/** Why the salon cancels: told to the customer with the cancellation. */
export type CancelCause = 'absence' | 'new_hours'

const CANCEL_REASONS: Record<CancelCause, Record<Language, string>> = {
  absence: {
    fr: 'Le salon sera absent à ce moment-là.',
    de: 'Der Salon ist zu diesem Zeitpunkt abwesend.',
    it: 'Il salone sarà assente in quel momento.',
    en: 'The salon will be away at that time.',
  },
  new_hours: {
    fr: 'Le salon a changé ses horaires.',
    de: 'Der Salon hat seine Öffnungszeiten geändert.',
    it: 'Il salone ha cambiato i suoi orari.',
    en: 'The salon has changed its opening hours.',
  },
}

/** The reason as the customer reads it, in their language (French when theirs is unknown). */
export function cancelReasonFor(cause: CancelCause, language: string): string {
  return CANCEL_REASONS[cause][isLanguage(language) ? language : DEFAULT_LANGUAGE]
}

/**
 * Called inside the change's transaction once the change is written: refuses, keeps or cancels.
 * 'cancel' with the ids the salon was shown refuses again when a booking it did not see is
 * affected now (booked since): nobody's appointment is cancelled unseen.
 */
export async function settleAffectedBookings(
  tx: Executor,
  deps: ScheduleChangeDeps,
  salon: SalonRow,
  affected: readonly UpcomingBooking[],
  decision: AffectedBookingsDecision,
  cause: CancelCause,
): Promise<void> {
  const { affectedBookings: choice, affectedBookingIds: seen } = decision
  if (affected.length === 0 || choice === 'keep') return
  const unseen = choice === 'cancel' && seen !== undefined && affected.some((b) => !seen.includes(b.id))
  if (!choice || unseen) throw bookingsAffected(affected.map((b) => presentAffectedBooking(b, salon.timeZone)))
  await cancelAffectedBookings(tx, deps, salon, affected, cause)
}

/** Bookings that errors of the bookings module say are no longer to cancel (cancelled or begun meanwhile). */
const ALREADY_SETTLED = new Set(['bookings.already_cancelled', 'bookings.already_started'])

/**
 * The one place where this module cancels bookings: each one as the salon, with the reason in the
 * customer's language (`cancelReasonFor(cause, booking.customerLanguage)`). Runs in the change's
 * transaction (the cancellations are savepoints of it), so the change and the cancellations are
 * saved together or not at all. The salon's cancellation records the reason in the booking's
 * history and tells the customer (by a job enqueued in the same transaction).
 */
export async function cancelAffectedBookings(
  tx: Executor,
  deps: ScheduleChangeDeps,
  salon: SalonRow,
  affected: readonly UpcomingBooking[],
  cause: CancelCause,
): Promise<void> {
  if (!cancelAsSalon) throw new Error('No booking cancellation plugged in (server/plug-ins.ts)')
  for (const booking of affected) {
    try {
      const reason = cancelReasonFor(cause, booking.customerLanguage)
      await cancelAsSalon({ ...deps, db: tx as Database }, salon.id, booking.id, reason)
    } catch (error) {
      if (!(error instanceof AppError && ALREADY_SETTLED.has(error.code))) throw error
    }
  }
}

/** The salon's week and each member's own, as saved now (read in the change's transaction). */
export async function readTeamHours(tx: Executor, salonId: string): Promise<TeamHours> {
  const [salonRows, members] = await Promise.all([listOpeningHours(tx, salonId), listMembersHours(tx, salonId)])
  return {
    salon: rowsToOpeningIntervals(salonRows),
    members: new Map(
      members.map(({ memberId, hours }) => [memberId, hours.length === 0 ? null : rowsToOpeningIntervals(hours)]),
    ),
  }
}

/** The bookings still to come (of one member, or all) that `before` covered and `after` does not. */
export async function bookingsOutsideNewHours(
  tx: Executor,
  salon: SalonRow,
  now: Date,
  change: { before: TeamHours; after: TeamHours; memberId?: string },
): Promise<UpcomingBooking[]> {
  const upcoming = await listUpcomingBookings(tx, salon.id, now, { memberId: change.memberId })
  const timed = upcoming.map((b) => ({ ...b, start: b.startsAt.getTime(), end: b.endsAt.getTime() }))
  return pushedOutByHours(timed, change.before, change.after, {
    timeZone: salon.timeZone,
    rules: {
      slotStepMinutes: salon.slotStepMinutes,
      minimumNoticeMinutes: salon.minimumNoticeMinutes,
      horizonDays: salon.horizonDays,
    },
  })
}

/** The bookings still to come that an absence falls on: the whole salon's, or one member's. */
export function bookingsInAbsence(
  tx: Executor,
  salon: SalonRow,
  now: Date,
  absence: { startsAt: Date; endsAt: Date; memberId: string | null },
): Promise<UpcomingBooking[]> {
  return listUpcomingBookings(tx, salon.id, now, {
    memberId: absence.memberId,
    overlapping: { from: absence.startsAt, to: absence.endsAt },
  })
}
