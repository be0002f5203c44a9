import type { AffectedBookingsDecision, TimeOffInput, WorkingHours, WorkingHoursInput } from '@common/schemas/schedule'
import { addDays, DAY_MS, isLocalDate } from '@common/time'
import { type Database, type Executor, PG_EXCLUSION_VIOLATION, sqlState } from '@server/db/client'
import type { SalonRow, TimeOffRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
import {
  bookingsInAbsence,
  bookingsOutsideNewHours,
  readTeamHours,
  type ScheduleChangeDeps,
  settleAffectedBookings,
} from './affected-bookings.usecases'
import { publishFreedTime } from './freed-time'
import { resolvePointInTime } from './point-in-time'
import {
  memberNotFound,
  timeOffEndsBeforeStart,
  timeOffNotFound,
  timeOffOverlaps,
  timeOffTooLong,
} from './schedule.errors'
import { presentTimeOff } from './schedule.presenters'
import * as repo from './schedule.repository'
import { rowsToOpeningIntervals, rowsToWorkingHours, workingHoursToRows } from './working-hours'

export async function getWorkingHours(db: Database, salon: SalonRow): Promise<WorkingHours> {
  return rowsToWorkingHours(await repo.listOpeningHours(db, salon.id))
}

/** Working hours of many salons at once (admin lists), keyed by salon row id. */
export async function getWorkingHoursOfSalons(db: Executor, salons: SalonRow[]): Promise<Map<string, WorkingHours>> {
  const rows = await repo.listOpeningHoursOfSalons(
    db,
    salons.map((s) => s.id),
  )
  return new Map(salons.map((s) => [s.id, rowsToWorkingHours(rows.filter((r) => r.salonId === s.id))]))
}

/**
 * Replaces the whole week in one transaction. Bookings still to come that the new week leaves
 * outside their member's hours (the salon's cut to the member's own) are refused, kept or cancelled
 * as `affectedBookings` says (affected-bookings.usecases.ts).
 */
export async function setWorkingHours(
  deps: ScheduleChangeDeps,
  salon: SalonRow,
  input: WorkingHoursInput['workingHours'],
  decision: AffectedBookingsDecision = {},
): Promise<WorkingHours> {
  const { db, clock } = deps
  const rows = workingHoursToRows(input)
  await db.transaction(async (tx) => {
    const before = await readTeamHours(tx, salon.id)
    await repo.replaceOpeningHours(tx, salon.id, rows)
    const after = { ...before, salon: rowsToOpeningIntervals(rows) }
    const affected = await bookingsOutsideNewHours(tx, salon, clock.now(), { before, after })
    await settleAffectedBookings(tx, deps, salon, affected, decision, 'new_hours')
  })
  return getWorkingHours(db, salon)
}

export async function listTimeOff(db: Database, salon: SalonRow): Promise<TimeOffRow[]> {
  return repo.listTimeOff(db, salon.id)
}

/**
 * Adds an absence of the salon or of one member. Bookings still to come that it falls on (every
 * member's for the salon's, the member's own for theirs) are refused, kept or cancelled as
 * `input.affectedBookings` says, in the transaction that saves it.
 */
export async function addTimeOff(deps: ScheduleChangeDeps, salon: SalonRow, input: TimeOffInput): Promise<TimeOffRow> {
  const { db, clock } = deps
  const startsAt = resolvePointInTime(input.startDate, salon.timeZone)
  // A date as end is the last day away, included: the absence ends at the next day's midnight.
  const endsAt = resolvePointInTime(
    isLocalDate(input.endDate) ? addDays(input.endDate, 1) : input.endDate,
    salon.timeZone,
  )
  if (endsAt.getTime() <= startsAt.getTime()) throw timeOffEndsBeforeStart()
  if (endsAt.getTime() - startsAt.getTime() > 366 * DAY_MS) throw timeOffTooLong()
  const memberId = input.memberId ?? null
  if (memberId && !(await repo.isMemberOfSalon(db, salon.id, memberId))) throw memberNotFound()
  try {
    return await db.transaction(async (tx) => {
      const absence = { salonId: salon.id, startsAt, endsAt, reason: input.reason ?? null, memberId }
      const created = await repo.insertTimeOff(tx, absence)
      const affected = await bookingsInAbsence(tx, salon, clock.now(), absence)
      await settleAffectedBookings(tx, deps, salon, affected, input, 'absence')
      return created
    })
  } catch (error) {
    if (sqlState(error) !== PG_EXCLUSION_VIOLATION) throw error
    const touching = await repo.listTimeOff(db, salon.id, { from: startsAt, to: endsAt })
    const existing = touching.find((t) => t.memberId === memberId)
    throw timeOffOverlaps(existing ? presentTimeOff(existing) : { startDate: '', endDate: '' })
  }
}

/** Removes an absence; the time it gave back is published (the waiting list looks at it). */
export async function removeTimeOff({ db, jobs }: { db: Database; jobs: Jobs }, salon: SalonRow, timeOffId: string) {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteTimeOff(tx, salon.id, timeOffId))) throw timeOffNotFound()
    await publishFreedTime(tx, jobs, salon.id)
  })
}

/** A new salon's week: Monday to Friday 09:00–18:00 (the spec's default hours), the weekend closed. */
export async function setDefaultOpeningHours(db: Executor, salonId: string): Promise<void> {
  const DEFAULT_OPENS = 9 * 60
  const DEFAULT_CLOSES = 18 * 60
  await repo.replaceOpeningHours(
    db,
    salonId,
    [0, 1, 2, 3, 4].map((weekday) => ({ weekday, opensMinute: DEFAULT_OPENS, closesMinute: DEFAULT_CLOSES })),
  )
}
