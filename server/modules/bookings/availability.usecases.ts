import { SERVICE_DURATION_MAX } from '@common/schemas/catalog'
import type { Availability } from '@common/schemas/schedule'
import { CLEANUP_MAX_MINUTES, phasesOf, type ServicePhases } from '@common/service-phases'
import { addDays, DAY_MS, HOUR_MS, isLocalDate, MINUTE_MS, type Weekday } from '@common/time'
import type { Clock } from '@server/clock'
import type { Database } from '@server/db/client'
import type { SalonRow, ServiceRow } from '@server/db/schema'
import { bookableService, requireBookableService } from '@server/modules/catalog/catalog.usecases'
import { salonNotFound } from '@server/modules/salons/salons.errors'
import type { BusyInterval, OpeningInterval } from '@server/modules/schedule/availability'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { findTeamFreeSlots, type TeamSchedule } from '@server/modules/schedule/team-availability'
import { memberNotFound, memberNotPerforming } from '@server/modules/team/team.errors'
import {
  readSalonServiceAndVersion,
  readScheduleFacts,
  readServiceAndFacts,
  readVersionedScheduleFacts,
  type SalonScheduleRow,
  type ScheduleFacts,
} from './availability.repository'
import { rangeInverted, rangeTooLong } from './bookings.errors'
import { presentAvailability } from './bookings.presenters'
import { keepFacts, keptFacts } from './facts-cache'

export const MAX_AVAILABILITY_DAYS = 92
/** The longest a member's working time runs from a start: the longest service the database accepts and its clean-up. */
const MAX_SERVICE_MINUTES = SERVICE_DURATION_MAX + CLEANUP_MAX_MINUTES

/** Which members a schedule is read for: those who perform every one of these services (one member, if named). */
export interface TeamChoice {
  serviceIds: readonly string[]
  memberId?: string | undefined
}

/**
 * Everything the availability engine needs to judge [from, to) for this salon and these services:
 * opening hours, the salon's absences, and for each active member who performs them (or the one
 * asked for), their own hours, absences and active bookings (one booking may be left out: the one
 * being moved). The salon's calendar events block every member, or the owner's only
 * (salons.calendar_blocks). A member asked for who is not on the active team is refused.
 */
export async function loadTeamSchedule(
  db: Database,
  salon: SalonRow,
  range: { from: Date; to: Date },
  choice: TeamChoice,
  excludeBookingId?: string,
): Promise<TeamSchedule> {
  return teamSchedule(salon, await readScheduleFacts(db, salon.id, range, excludeBookingId), choice)
}

/**
 * What a new booking is checked against, in one read: the service asked for (refused unless the
 * salon offers it) and the team's schedule from a day before its start to a day after the longest
 * service could end, enough to judge the start whatever the service lasts and to count the day's
 * appointments. `team` is built when asked for (it refuses a member asked for who is not on the
 * team); `names` names every active member (the answer names the one who takes it).
 */
export async function loadServiceAndTeamAround(
  db: Database,
  salon: SalonRow,
  input: { serviceId: string; startsAt: Date; memberId?: string | undefined },
): Promise<{ service: ServiceRow; team: () => TeamSchedule; names: ReadonlyMap<string, string> }> {
  const start = input.startsAt.getTime()
  const range = { from: new Date(start - DAY_MS), to: new Date(start + MAX_SERVICE_MINUTES * MINUTE_MS + DAY_MS) }
  const { service, facts } = await readServiceAndFacts(db, salon.id, input.serviceId, range)
  const bookable = bookableService(service)
  return {
    service: bookable,
    team: () => teamSchedule(salon, facts, { serviceIds: [bookable.id], memberId: input.memberId }),
    names: new Map(facts.members.map(([id, , , , name]) => [id, name])),
  }
}

/** The schedule of the members chosen, from the facts read (pure). */
/** The team's schedule from facts already read (several services may each build theirs from one read). */
export function teamSchedule(salon: SalonScheduleRow, facts: ScheduleFacts, choice: TeamChoice): TeamSchedule {
  const openingHours = facts.hours.map(toInterval)
  const owner = facts.members.find(([, isOwner]) => isOwner)?.[0]
  const blocksOwnerOnly = salon.calendarBlocks === 'owner'
  const salonBusy: BusyInterval[] = []
  const memberBusy = new Map<string, BusyInterval[]>()
  for (const [start, end, kind, member] of facts.busy) {
    const whose = member ?? (kind === 'external' && blocksOwnerOnly ? (owner ?? null) : null)
    if (whose === null) {
      salonBusy.push({ start, end, kind })
      continue
    }
    const own = memberBusy.get(whose)
    if (own) own.push({ start, end, kind })
    else memberBusy.set(whose, [{ start, end, kind }])
  }
  if (choice.memberId && !facts.members.some(([id]) => id === choice.memberId)) throw memberNotFound()
  const members = facts.members
    .filter(([id, , serviceIds]) => {
      if (choice.memberId && id !== choice.memberId) return false
      return choice.serviceIds.every((serviceId) => serviceIds.includes(serviceId))
    })
    .map(([id, , , hours]) => ({ id, hours: hours ? hours.map(toInterval) : null, busy: memberBusy.get(id) ?? [] }))
  if (choice.memberId && members.length === 0) throw memberNotPerforming()
  return {
    salon: {
      timeZone: salon.timeZone,
      openingHours,
      busy: salonBusy,
      rules: {
        slotStepMinutes: salon.slotStepMinutes,
        minimumNoticeMinutes: salon.minimumNoticeMinutes,
        horizonDays: salon.horizonDays,
      },
    },
    members,
  }
}

const toInterval = ([weekday, opens, closes]: [number, number, number]): OpeningInterval => ({
  weekday: weekday as Weekday,
  opens,
  closes,
})

/** Reads an optional from/to pair: from defaults to now, to to a week after from; a date `to` includes that day. */
export function resolveRange(
  salon: Pick<SalonRow, 'timeZone'>,
  now: Date,
  input: { from?: string | undefined; to?: string | undefined },
  defaultDays: number,
  maxDays: number,
): { from: Date; to: Date } {
  const from = input.from ? resolvePointInTime(input.from, salon.timeZone) : now
  let to = new Date(from.getTime() + defaultDays * DAY_MS)
  if (input.to) {
    to = resolvePointInTime(input.to, salon.timeZone)
    // "to=2026-12-05" means up to the end of that day.
    if (isLocalDate(input.to)) to = resolvePointInTime(addDays(input.to, 1), salon.timeZone)
  }
  if (to.getTime() <= from.getTime()) throw rangeInverted()
  if (to.getTime() - from.getTime() > maxDays * DAY_MS + 2 * HOUR_MS) throw rangeTooLong(maxDays)
  return { from, to }
}

export type AvailabilityQuery = {
  serviceId: string
  memberId?: string | undefined
  from?: string | undefined
  to?: string | undefined
  /** A booking being moved: it does not block its own new time. */
  movingBookingId?: string | undefined
}

/** Free start times of a service over a period (default: the next 7 days), with any member or the one asked for. */
export async function getAvailability(
  db: Database,
  clock: Clock,
  salon: SalonRow,
  query: AvailabilityQuery,
): Promise<Availability> {
  return availabilityOf(db, clock, salon, await requireBookableService(db, salon, query.serviceId), query)
}

/**
 * The same, for the public call that names the salon by its public ID (any case). It reads the
 * salon, the service and the salon's schedule version in one round trip, and the schedule itself
 * only when the version moved since this range was last read (facts-cache.ts): under load, most
 * calls for a salon whose schedule did not change cost one small query and the engine.
 */
export async function getSalonAvailability(
  db: Database,
  clock: Clock,
  publicId: string,
  query: AvailabilityQuery,
): Promise<Availability> {
  const found = await readSalonServiceAndVersion(db, publicId.toUpperCase(), query.serviceId)
  if (!found) throw salonNotFound(publicId)
  const { salon } = found
  const service = bookableService(found.service)
  const now = clock.now()
  const range = resolveRange(salon, now, query, 7, MAX_AVAILABILITY_DAYS)
  if (!salon.isActive) {
    // A deactivated salon takes no booking through any path: nothing to offer, and the reason.
    return presentAvailability(salon, service.id, service.durationMinutes, range, [], 'salon_inactive')
  }
  // The schedule reaches one longest service past the range, since a slot near its end may run
  // beyond it; read from and to whole hours, so that ranges from "now" share what is kept.
  const read = {
    from: new Date(Math.floor(range.from.getTime() / HOUR_MS) * HOUR_MS),
    to: new Date(Math.ceil((range.to.getTime() + MAX_SERVICE_MINUTES * MINUTE_MS) / HOUR_MS) * HOUR_MS),
  }
  let facts = keptFacts(db, salon.id, read, found.version)
  if (!facts) {
    const fresh = await readVersionedScheduleFacts(db, salon.id, read)
    keepFacts(db, salon.id, read, fresh.version, fresh.facts)
    facts = fresh.facts
  }
  const schedule = teamSchedule(salon, facts, { serviceIds: [query.serviceId], memberId: query.memberId })
  return freeSlotsOf(salon, service, schedule, range, now)
}

async function availabilityOf(
  db: Database,
  clock: Clock,
  salon: SalonRow,
  service: ServiceRow,
  query: AvailabilityQuery,
): Promise<Availability> {
  const now = clock.now()
  const range = resolveRange(salon, now, query, 7, MAX_AVAILABILITY_DAYS)
  if (!salon.isActive) {
    // A deactivated salon takes no booking through any path: nothing to offer, and the reason.
    return presentAvailability(salon, service.id, service.durationMinutes, range, [], 'salon_inactive')
  }
  // The schedule reaches one longest service past the range, since a slot near its end may run beyond it.
  const schedule = await loadTeamSchedule(
    db,
    salon,
    { from: range.from, to: new Date(range.to.getTime() + MAX_SERVICE_MINUTES * MINUTE_MS) },
    { serviceIds: [query.serviceId], memberId: query.memberId },
    query.movingBookingId,
  )
  return freeSlotsOf(salon, service, schedule, range, now)
}

function freeSlotsOf(
  salon: SalonScheduleRow,
  service: ServicePhases & Pick<ServiceRow, 'id'>,
  schedule: TeamSchedule,
  range: { from: Date; to: Date },
  now: Date,
): Availability {
  const slots = findTeamFreeSlots(schedule, {
    durationMinutes: phasesOf(service),
    from: range.from.getTime(),
    to: range.to.getTime(),
    now: now.getTime(),
  })
  return presentAvailability(salon, service.id, service.durationMinutes, range, slots)
}
