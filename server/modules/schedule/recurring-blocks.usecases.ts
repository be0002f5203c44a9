import { blockMinutes, type RecurringBlockInput } from '@common/schemas/schedule'
import { instantToLocal, minutesOfDay } from '@common/time'
import type { Database, Executor } from '@server/db/client'
import type { RecurringBlockRow, SalonRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { listUpcomingBookings, type UpcomingBooking } from './affected-bookings.repository'
import { type ScheduleChangeDeps, settleAffectedBookings } from './affected-bookings.usecases'
import { publishFreedTime } from './freed-time'
import { fallsInBlock, type WeeklyBlock } from './recurring-blocks'
import * as repo from './recurring-blocks.repository'
import { memberNotFound, recurringBlockNotFound } from './schedule.errors'
import { isMemberOfSalon } from './schedule.repository'

/**
 * Weekly blocks: a lunch break every day, a training on Tuesday mornings. The availability read
 * expands them into busy times (bookings/availability.repository.ts), so every caller — the
 * booking page, the assistant, the desk — respects them. As with an absence, a block over bookings
 * still to come is refused, listing them, until the salon keeps or cancels them.
 */

export function listBlocks(db: Database, salon: SalonRow): Promise<RecurringBlockRow[]> {
  return repo.listRecurringBlocks(db, salon.id)
}

export async function addBlock(
  deps: ScheduleChangeDeps,
  salon: SalonRow,
  input: RecurringBlockInput,
): Promise<RecurringBlockRow> {
  const { db, clock } = deps
  const memberId = input.memberId ?? null
  if (memberId && !(await isMemberOfSalon(db, salon.id, memberId))) throw memberNotFound()
  const block = {
    salonId: salon.id,
    memberId,
    weekdays: input.weekdays,
    startsMinute: minutesOfDay(input.startTime),
    endsMinute: blockMinutes(input.endTime),
    firstDay: input.firstDay ?? instantToLocal(clock.now(), salon.timeZone).date,
    lastDay: input.lastDay ?? null,
    reason: input.reason ?? null,
  }
  return db.transaction(async (tx) => {
    const created = await repo.insertRecurringBlock(tx, block)
    const affected = await bookingsInBlock(tx, salon, clock.now(), block)
    await settleAffectedBookings(tx, deps, salon, affected, input, 'absence')
    return created
  })
}

/** Removes a weekly block; the time it gave back is published (the waiting list looks at it). */
export async function removeBlock({ db, jobs }: { db: Database; jobs: Jobs }, salon: SalonRow, blockId: string) {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteRecurringBlock(tx, salon.id, blockId))) throw recurringBlockNotFound()
    await publishFreedTime(tx, jobs, salon.id)
  })
}

/** The bookings still to come that a weekly block falls on: every member's, or one member's. */
async function bookingsInBlock(
  tx: Executor,
  salon: SalonRow,
  now: Date,
  block: WeeklyBlock & { memberId: string | null },
): Promise<UpcomingBooking[]> {
  const upcoming = await listUpcomingBookings(tx, salon.id, now, { memberId: block.memberId })
  return upcoming.filter((booking) =>
    fallsInBlock({ start: booking.startsAt.getTime(), end: booking.endsAt.getTime() }, block, salon.timeZone),
  )
}
