import { currencyForCountry } from '@common/countries'
import type { Booking, BookingChannel, BookingStatus } from '@common/schemas/booking'
import { phasesOf } from '@common/service-phases'
import { DAY_MS, formatLocalDateTime, MINUTE_MS } from '@common/time'
import type { Database, Executor } from '@server/db/client'
import type { SalonRow, ServiceRow } from '@server/db/schema'
import { AppError, badRequest } from '@server/errors'
import { requireBookableService } from '@server/modules/catalog/catalog.usecases'
import {
  type ChannelIdentity,
  type CustomerDetails,
  requireBookableCustomer,
  resolveCustomer,
} from '@server/modules/customers/customers.usecases'
import { explainSlot, type SalonSchedule, type SlotRefusal } from '@server/modules/schedule/availability'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { findTeamFreeSlots, scheduleOfMember, type TeamSchedule } from '@server/modules/schedule/team-availability'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { loadTeamSchedule, MAX_AVAILABILITY_DAYS, resolveRange, type TeamChoice } from './availability.usecases'
import { actorOfChannel, recordBookingEvent } from './booking-history'
import { startingStatus } from './booking-holds'
import { salonNotBooking, slotRefused, slotTaken } from './bookings.errors'
import { presentBooking } from './bookings.presenters'
import * as repo from './bookings.repository'
import type { BookingDeps } from './bookings.usecases'
import { membersInAssignmentOrder, withFirstFreeMember } from './member-choice'

/**
 * A visit of several services booked back to back ("coupe + brushing", "deux coupes" for a mother
 * and her daughter): one appointment per service, each starting when the previous one ends,
 * confirmed together or not at all. Everything is judged by the availability engine every other
 * caller uses, read as one block:
 * - the first appointment starts on the salon's slot grid, like any booking;
 * - the later ones start wherever the previous one ends, on the grid or not (a 20-minute beard
 *   trim followed by a cut starts the cut at :20 with a 15-minute step) — the engine would call
 *   such a start 'off_grid' on its own, which is not a reason to refuse a chained service;
 * - the visit's span [first start, last end) must fit in one opening window (no lunch break or
 *   closing inside it) and be clear of bookings, absences and calendar events: exactly what the
 *   engine answers for the first start and a service as long as the visit so far;
 * - notice and horizon apply to each appointment's own start, as they would to a lone booking;
 * - the whole visit is with one member, who performs every service of it and is free for its whole
 *   span (the one asked for, or the one the assignment rule picks: member-choice.ts).
 */

/** More services in one visit than a message plausibly asks for: a caller's mistake. */
export const MAX_SERVICES_PER_VISIT = 8

export type VisitRefusal = SlotRefusal | 'salon_inactive'

export type VisitVerdict = { free: true; memberIds: string[] } | { free: false; failedAt: number; reason: VisitRefusal }

export interface ConsecutiveQuery {
  salon: SalonRow
  serviceIds: readonly string[]
  /** The first day to look at, local ('YYYY-MM-DD'). */
  date: string
  /** The last day to look at (default: `date`). */
  until?: string | undefined
  /** Appointments that do not block (the customer's own visit being moved). */
  ignoreBookingIds?: readonly string[] | undefined
  /** Only with this member. */
  memberId?: string | undefined
}

export interface NewVisit {
  salon: SalonRow
  serviceIds: readonly string[]
  /** The first appointment's start: a local 'YYYY-MM-DDTHH:MM' on the salon's clock, or an instant. */
  start: string | Date
  customer: CustomerDetails
  identity?: ChannelIdentity | undefined
  /** A customer the salon already has (a waiting customer taking a freed time): `customer` is then not read. */
  customerId?: string | undefined
  channel: BookingChannel
  status?: Exclude<BookingStatus, 'cancelled'> | undefined
  /** With this member; absent: the assignment rule picks one. */
  memberId?: string | undefined
}

const noServices = () => badRequest('bookings.no_services', 'A visit needs at least one service')
const tooManyServices = () =>
  badRequest('bookings.too_many_services', `A visit books at most ${MAX_SERVICES_PER_VISIT} services`)

/**
 * The local starts ('YYYY-MM-DDTHH:MM', salon time) on [date, until] at which the whole visit fits,
 * in order. One read of the salon's schedule covers every day asked for and the longest visit after.
 */
export async function freeConsecutiveStarts(
  { db, clock }: Pick<BookingDeps, 'db' | 'clock'>,
  query: ConsecutiveQuery,
): Promise<string[]> {
  const { salon } = query
  const now = clock.now()
  const range = resolveRange(salon, now, { from: query.date, to: query.until ?? query.date }, 1, MAX_AVAILABILITY_DAYS)
  const services = await requireServices(db, salon, query.serviceIds)
  if (!salon.isActive) return []
  const durations = services.map((s) => s.durationMinutes)
  const visitMinutes = sum(durations)
  const team = await loadVisitTeam(
    db,
    salon,
    { from: range.from, to: new Date(range.to.getTime() + visitMinutes * MINUTE_MS) },
    { serviceIds: query.serviceIds, memberId: query.memberId },
    query.ignoreBookingIds,
  )
  // The engine's free starts of one service as long as the visit are the starts where the whole
  // span fits with some member; only the later appointments' own notice and horizon remain.
  const blocks = findTeamFreeSlots(team, {
    durationMinutes: visitMinutes,
    from: range.from.getTime(),
    to: range.to.getTime(),
    now: now.getTime(),
  })
  return blocks
    .filter((start) => laterStartsRefusal(team.salon, start, durations, now.getTime()) === null)
    .map((start) => formatLocalDateTime(start, salon.timeZone))
}

/** Whether the visit can start at `start`, or at which service (index in `serviceIds`) it fails and why. */
export async function checkConsecutive(
  { db, clock }: Pick<BookingDeps, 'db' | 'clock'>,
  input: {
    salon: SalonRow
    serviceIds: readonly string[]
    start: string | Date
    memberId?: string | undefined
    /** Appointments that do not block (the customer's own visit being moved). */
    ignoreBookingIds?: readonly string[] | undefined
  },
): Promise<VisitVerdict> {
  const { salon } = input
  const services = await requireServices(db, salon, input.serviceIds)
  if (!salon.isActive) return { free: false, failedAt: 0, reason: 'salon_inactive' }
  const start = startInstant(input.start, salon)
  const durations = services.map((s) => s.durationMinutes)
  const team = await loadVisitTeam(db, salon, spanAround(start, sum(durations)), input, input.ignoreBookingIds)
  return judgeTeamVisit(team, start, durations, clock.now().getTime())
}

/**
 * Books the visit: the created appointments, in order. All are written in one transaction under
 * the bookings' exclusion constraint, as a lone booking is: if another request took any of the
 * times since the check, the database refuses that insert, the transaction rolls back, and the
 * caller gets `bookings.slot_taken` with nothing kept (no appointment, no customer, no job).
 */
export async function bookConsecutive({ db, clock, jobs }: BookingDeps, input: NewVisit): Promise<Booking[]> {
  const { salon } = input
  if (!salon.isActive) throw salonNotBooking()
  const services = await requireServices(db, salon, input.serviceIds)
  const start = startInstant(input.start, salon)
  const now = clock.now()
  const durations = services.map((s) => s.durationMinutes)
  const team = await loadVisitTeam(db, salon, spanAround(start, sum(durations)), input)
  const verdict = judgeTeamVisit(team, start, durations, now.getTime())
  if (!verdict.free) throw visitRefused(verdict.failedAt, verdict.reason)

  // Which appointment is being written: a refusal by the database names it, as the check does.
  let writing = 0
  return withFirstFreeMember(
    verdict.memberIds,
    (memberId) =>
      db.transaction(async (tx) => {
        const customer = input.customerId
          ? await requireBookableCustomer(tx, salon.id, input.customerId)
          : await resolveCustomer(tx, salon.id, input.customer, now, input.identity)
        const member = await requireMemberRef(tx, memberId)
        const booked: Booking[] = []
        let startsAt = start
        for (const [index, service] of services.entries()) {
          writing = index
          booked.push(await writeBooking(tx, jobs, { input, customer, member, service, startsAt }, now))
          startsAt += service.durationMinutes * MINUTE_MS
        }
        return booked
      }),
    // The exclusion constraint settles a race for any of the times: the 409 every caller knows.
    () => visitRefused(writing, 'taken'),
  )
}

/**
 * One appointment of a visit, written in the visit's transaction with what every new booking
 * brings: its calendar and reminder work, and its history's "created" (by the visit's channel).
 */
export async function writeBooking(
  tx: Executor,
  jobs: BookingDeps['jobs'],
  visit: {
    input: Pick<NewVisit, 'salon' | 'status' | 'channel'>
    customer: { id: string } & Parameters<typeof presentBooking>[0]['customer']
    member: Parameters<typeof presentBooking>[0]['member']
    service: ServiceRow
    startsAt: number
    /** The service's processing and clean-up kept on the booking (the desk's visits judge them). */
    withPhases?: boolean
  },
  now: Date,
): Promise<Booking> {
  const { input, customer, member, service, startsAt } = visit
  const { salon } = input
  const booking = await repo.insertBooking(tx, {
    salonId: salon.id,
    customerId: customer.id,
    memberId: member.id,
    ...serviceSnapshot(service, salon),
    ...(visit.withPhases && phasesOf(service)),
    startsAt: new Date(startsAt),
    endsAt: new Date(startsAt + service.durationMinutes * MINUTE_MS),
    ...(await startingStatus(
      tx,
      { salon, serviceId: service.id, channel: input.channel, startsAt: new Date(startsAt), status: input.status },
      now,
    )),
    channel: input.channel,
  })
  await recordBookingEvent(
    tx,
    jobs,
    booking,
    'created',
    { actor: actorOfChannel(input.channel), channel: input.channel },
    now,
  )
  return presentBooking({ booking, customer, member }, salon)
}

/**
 * The visit at `start` for the team: the salon's own verdict first (hours, its absences, notice
 * and horizon of every appointment), then the members free for the whole span, in the order the
 * assignment rule tries them. With nobody free, the refusal names the furthest service any member
 * could reach.
 */
export function judgeTeamVisit(
  team: TeamSchedule,
  start: number,
  durations: readonly number[],
  now: number,
): VisitVerdict {
  const salonVerdict = judgeVisit(team.salon, start, durations, now)
  if (!salonVerdict.free) return salonVerdict
  const memberIds = membersInAssignmentOrder(team, start, sum(durations), now)
  if (memberIds.length > 0) return { free: true, memberIds }
  const failures = team.members.map((member) => judgeVisit(scheduleOfMember(team, member), start, durations, now))
  const failedAt = Math.max(0, ...failures.map((verdict) => (verdict.free ? 0 : verdict.failedAt)))
  return { free: false, failedAt, reason: 'taken' }
}

/**
 * The engine's verdict on the visit at `start`: for each service, the span from the first start to
 * that service's end is asked as one service (so a refusal names the first service that does not
 * fit, and the grid only binds the first start), then that service's own start must respect the
 * notice and the horizon.
 */
export function judgeVisit(
  schedule: SalonSchedule,
  start: number,
  durations: readonly number[],
  now: number,
): VisitVerdict {
  let span = 0
  let startsAt = start
  for (const [index, duration] of durations.entries()) {
    span += duration
    const reason = explainSlot(schedule, start, span, now) ?? rulesRefusal(schedule, startsAt, duration, now)
    if (reason) return { free: false, failedAt: index, reason }
    startsAt += duration * MINUTE_MS
  }
  return { free: true, memberIds: [] }
}

/** The first later appointment whose own start breaks notice or horizon (the first one was judged already). */
function laterStartsRefusal(schedule: SalonSchedule, start: number, durations: readonly number[], now: number) {
  let startsAt = start
  for (const [index, duration] of durations.entries()) {
    if (index > 0) {
      const reason = rulesRefusal(schedule, startsAt, duration, now)
      if (reason) return reason
    }
    startsAt += duration * MINUTE_MS
  }
  return null
}

/**
 * Notice and horizon for one appointment's start, as the engine judges them: explainSlot answers
 * those two first, before anything about hours or bookings (which the visit's span already
 * covered), so it is asked without busy times to stay cheap.
 */
function rulesRefusal(schedule: SalonSchedule, start: number, duration: number, now: number): SlotRefusal | null {
  const reason = explainSlot({ ...schedule, busy: [] }, start, duration, now)
  return reason === 'too_soon' || reason === 'beyond_horizon' ? reason : null
}

/** The refusal as the single booking path words it, with the service it stopped at. */
export function visitRefused(failedAt: number, reason: VisitRefusal): AppError {
  if (reason === 'salon_inactive') return salonNotBooking()
  const error = reason === 'taken' ? slotTaken() : slotRefused(reason)
  return new AppError(error.code, error.status, error.message, { ...error.details, failedAt })
}

/** The services of the visit in order (one may come twice: two cuts), each bookable, or the catalogue's error. */
export async function requireServices(
  db: Database,
  salon: SalonRow,
  serviceIds: readonly string[],
): Promise<ServiceRow[]> {
  if (serviceIds.length === 0) throw noServices()
  if (serviceIds.length > MAX_SERVICES_PER_VISIT) throw tooManyServices()
  const distinct = [...new Set(serviceIds)]
  const found = await Promise.all(distinct.map((id) => requireBookableService(db, salon, id)))
  const byId = new Map(found.map((service) => [service.id, service]))
  return serviceIds.map((id) => byId.get(id) as ServiceRow)
}

/**
 * The team's schedule over a range, with some appointments left out. The schedule read leaves out
 * at most one booking by id; the others are left out here by their member and exact time (one
 * member's active bookings never overlap, so an active booking's [start, end) is its own).
 */
export async function loadVisitTeam(
  db: Database,
  salon: SalonRow,
  range: { from: Date; to: Date },
  choice: TeamChoice,
  ignoreBookingIds: readonly string[] = [],
): Promise<TeamSchedule> {
  const [team, ignored] = await Promise.all([
    loadTeamSchedule(db, salon, range, { serviceIds: choice.serviceIds, memberId: choice.memberId }),
    Promise.all([...new Set(ignoreBookingIds)].map((id) => repo.findBooking(db, id))),
  ])
  const times = new Set(
    ignored.flatMap((found) =>
      found && found.booking.salonId === salon.id && found.booking.status !== 'cancelled'
        ? [`${found.booking.memberId}/${found.booking.startsAt.getTime()}/${found.booking.endsAt.getTime()}`]
        : [],
    ),
  )
  if (times.size === 0) return team
  return {
    ...team,
    members: team.members.map((member) => ({
      ...member,
      busy: member.busy.filter((b) => b.kind !== 'booking' || !times.has(`${member.id}/${b.start}/${b.end}`)),
    })),
  }
}

/** What a precise start needs read: a day either side, as whyNotOffered reads for a lone booking. */
export function spanAround(start: number, minutes: number): { from: Date; to: Date } {
  return { from: new Date(start - DAY_MS), to: new Date(start + minutes * MINUTE_MS + DAY_MS) }
}

export function startInstant(start: string | Date, salon: SalonRow): number {
  return (typeof start === 'string' ? resolvePointInTime(start, salon.timeZone) : start).getTime()
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

/** What was sold, as the booking keeps it (the service may change later). */
export function serviceSnapshot(service: ServiceRow, salon: SalonRow) {
  return {
    serviceId: service.id,
    serviceName: service.name,
    durationMinutes: service.durationMinutes,
    priceMinor: service.priceMinor,
    currency: currencyForCountry(salon.country),
  }
}
