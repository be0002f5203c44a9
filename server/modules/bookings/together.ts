import type { Booking } from '@common/schemas/booking'
import { formatLocalDateTime, MINUTE_MS } from '@common/time'
import type { Database } from '@server/db/client'
import { PG_EXCLUSION_VIOLATION, sqlState } from '@server/db/client'
import type { SalonRow, ServiceRow } from '@server/db/schema'
import { resolveCustomer } from '@server/modules/customers/customers.usecases'
import type { SlotRefusal } from '@server/modules/schedule/availability'
import { findTeamFreeSlots, type TeamSchedule } from '@server/modules/schedule/team-availability'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { MAX_AVAILABILITY_DAYS, resolveRange } from './availability.usecases'
import { salonNotBooking } from './bookings.errors'
import * as repo from './bookings.repository'
import type { BookingDeps } from './bookings.usecases'
import {
  type ConsecutiveQuery,
  loadVisitTeam,
  type NewVisit,
  requireServices,
  spanAround,
  startInstant,
  visitRefused,
  writeBooking,
} from './consecutive'
import { membersInAssignmentOrder } from './member-choice'

/**
 * Several people at once ("moi et ma fille, deux coupes"): each person's service starts at the same
 * time, each with a member of their own, all confirmed or none. A start is free when the services
 * can be given to distinct members who perform them and are free for their whole length — the
 * availability engine's verdict for each, as for a lone booking (hours, absences, notice, horizon,
 * grid). The members are matched in the assignment rule's order, so the day's work still spreads.
 * The bookings' exclusion constraint refuses any overlap for one member, under concurrency too.
 */

/** The local starts on [date, until] at which every service can begin at once with its own member. */
export async function freeTogetherStarts(
  { db, clock }: Pick<BookingDeps, 'db' | 'clock'>,
  query: Omit<ConsecutiveQuery, 'memberId'>,
): Promise<string[]> {
  const { salon } = query
  const now = clock.now().getTime()
  const range = resolveRange(
    salon,
    new Date(now),
    { from: query.date, to: query.until ?? query.date },
    1,
    MAX_AVAILABILITY_DAYS,
  )
  const services = await requireServices(db, salon, query.serviceIds)
  if (!salon.isActive) return []
  const longest = Math.max(...services.map((s) => s.durationMinutes))
  const until = new Date(range.to.getTime() + longest * MINUTE_MS)
  const teams = await teamsOf(db, query, services, { from: range.from, to: until })
  // Where the first service fits with someone; then whether all can be given out at that start.
  const candidates = findTeamFreeSlots(teams[0] as TeamSchedule, {
    durationMinutes: services[0]?.durationMinutes ?? longest,
    from: range.from.getTime(),
    to: range.to.getTime(),
    now,
  })
  return candidates
    .filter((start) => assignments(teams, services, start, now).length > 0)
    .map((start) => formatLocalDateTime(start, salon.timeZone))
}

export type TogetherVerdict = { free: true; memberIds: string[] } | { free: false; reason: SlotRefusal }

/** Whether every service can begin at `start` with its own member: the members (in service order), or why not. */
export async function checkTogether(
  { db, clock }: Pick<BookingDeps, 'db' | 'clock'>,
  input: {
    salon: SalonRow
    serviceIds: readonly string[]
    start: string | Date
    ignoreBookingIds?: readonly string[] | undefined
  },
): Promise<TogetherVerdict> {
  const { salon } = input
  const services = await requireServices(db, salon, input.serviceIds)
  if (!salon.isActive) return { free: false, reason: 'taken' }
  const start = startInstant(input.start, salon)
  const longest = Math.max(...services.map((s) => s.durationMinutes))
  const teams = await teamsOf(db, input, services, spanAround(start, longest))
  const [first] = assignments(teams, services, start, clock.now().getTime())
  return first ? { free: true, memberIds: first } : { free: false, reason: 'taken' }
}

/**
 * Books the services at one start, each with its own member, in one transaction. A concurrent
 * request that took one of those members since is refused by the database for that write; the
 * next way of giving out the services is tried, and when none is left: `bookings.slot_taken`.
 */
export async function bookTogether(
  { db, clock, jobs }: BookingDeps,
  input: Omit<NewVisit, 'memberId'>,
): Promise<Booking[]> {
  const { salon } = input
  if (!salon.isActive) throw salonNotBooking()
  const services = await requireServices(db, salon, input.serviceIds)
  const start = startInstant(input.start, salon)
  const now = clock.now()
  const longest = Math.max(...services.map((s) => s.durationMinutes))
  const teams = await teamsOf(db, input, services, spanAround(start, longest))
  const ways = assignments(teams, services, start, now.getTime())
  if (ways.length === 0) throw visitRefused(0, 'taken')
  for (const memberIds of ways) {
    try {
      return await db.transaction(async (tx) => {
        // Every member of the group at once, in one order: two groups never wait on each other.
        await repo.lockMembersTime(tx, memberIds)
        const customer = await resolveCustomer(tx, salon.id, input.customer, now, input.identity)
        const booked: Booking[] = []
        for (const [index, service] of services.entries()) {
          const memberId = memberIds[index] as string
          const member = await requireMemberRef(tx, memberId)
          booked.push(await writeBooking(tx, jobs, { input, customer, member, service, startsAt: start }, now))
        }
        return booked
      })
    } catch (error) {
      if (sqlState(error) !== PG_EXCLUSION_VIOLATION) throw error
    }
  }
  throw visitRefused(0, 'taken')
}

/** For each service, the schedule of the members who perform it (read once per distinct service). */
async function teamsOf(
  db: Database,
  query: { salon: SalonRow; ignoreBookingIds?: readonly string[] | undefined },
  services: ServiceRow[],
  range: { from: Date; to: Date },
): Promise<TeamSchedule[]> {
  const byService = new Map<string, Promise<TeamSchedule>>()
  for (const { id } of services) {
    if (!byService.has(id)) {
      byService.set(id, loadVisitTeam(db, query.salon, range, { serviceIds: [id] }, query.ignoreBookingIds))
    }
  }
  return Promise.all(services.map(({ id }) => byService.get(id) as Promise<TeamSchedule>))
}

/** How many ways are tried in turn when concurrent bookings take members: a few are plenty. */
const MAX_WAYS = 6

/**
 * The ways of giving each service (in order) a member of its own who performs it and is free for
 * its whole length at `start`: member ids per service, each member once, the assignment rule's
 * preferred members first.
 */
export function assignments(teams: TeamSchedule[], services: ServiceRow[], start: number, now: number): string[][] {
  const free = services.map((service, index) =>
    membersInAssignmentOrder(teams[index] as TeamSchedule, start, service.durationMinutes, now),
  )
  return distinctMembers(free)
}

/**
 * The ways of picking one member from each list (the candidates of each service, in order of
 * preference), no member twice, the preferred first; at most `max` of them. None: the services
 * cannot be given out at once.
 */
export function distinctMembers(candidates: readonly (readonly string[])[], max = MAX_WAYS): string[][] {
  const ways: string[][] = []
  const pick = (index: number, taken: string[]) => {
    if (ways.length >= max) return
    if (index === candidates.length) {
      ways.push(taken)
      return
    }
    for (const memberId of candidates[index] ?? []) if (!taken.includes(memberId)) pick(index + 1, [...taken, memberId])
  }
  pick(0, [])
  return ways
}
