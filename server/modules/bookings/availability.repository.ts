import type { Executor } from '@server/db/client'
import { preparedPerDatabase } from '@server/db/prepared'
import {
  bookings,
  calendarBusyTimes,
  openingHours,
  recurringBlocks,
  type SalonRow,
  type ServiceRow,
  salons,
  scheduleVersions,
  services,
  teamMemberHours,
  teamMemberServices,
  teamMembers,
  timeOff,
} from '@server/db/schema'
import { and, eq, sql } from 'drizzle-orm'
import { type BlockFact, type BookingFact, type BusyFact, blockOccurrences, bookingStretches } from './schedule-facts'

/**
 * The read behind every availability answer: a salon's opening hours, its absences, its active
 * bookings and the busy times of its calendars, merged (kept here by the calendar sync: availability
 * never calls Google) over a period, in one round trip and one row. Separate queries cost a socket
 * write and a wake-up each, and mapping hundreds of rows field by field cost more CPU than the engine
 * itself; both bounded the availability endpoint under load (docs/PERFORMANCE.md). PostgreSQL writes
 * JSON arrays instead, which JSON.parse reads natively. Instants are epoch milliseconds, the
 * engine's own unit.
 */

export interface ScheduleFacts {
  /** [weekday, opens, closes] in minutes after local midnight, by weekday then opening. */
  hours: [number, number, number][]
  /**
   * [start, end, kind, member] of absences (and each occurrence of a weekly block, as an absence),
   * active bookings' working stretches and calendar events touching the range, by start; member:
   * whose booking or absence it is (null: the salon's absence, a calendar event).
   */
  busy: BusyFact[]
  /** The active members in the salon's order: [id, is owner, service ids, own hours or null, name]. */
  members: [string, boolean, string[], [number, number, number][] | null, string][]
}

// Columns inside these subqueries render unqualified, so each refers to its own subquery's table.
const salonIdParam = sql`${sql.placeholder('salonId')}::uuid`
const from = sql`${sql.placeholder('from')}::timestamptz`
const to = sql`${sql.placeholder('to')}::timestamptz`
// date_part (double precision) rather than extract (numeric): a tenth of this query's time goes
// into these conversions, and a double holds epoch microseconds exactly for millennia either side.
const epochMs = (column: typeof timeOff.startsAt | typeof bookings.startsAt | typeof calendarBusyTimes.startsAt) =>
  sql`(date_part('epoch', ${column}) * 1000)::bigint`

// The busy list and the bookings are written as JSON text by string_agg (numbers, fixed words and
// uuids: nothing to escape): json_build_array per row cost this query an eighth of its time. The
// booking being moved (excludeId, null when none) does not block itself.
// The calendars' events touching the range come merged (range_agg, PostgreSQL 14+): overlapping or
// adjacent events, of one calendar or the same event copied in two, become one interval. They all
// block the same people (the salon, or its owner), so only their union counts, and fewer entries
// are written as JSON and parsed.
function factsColumns(salonId: typeof salonIdParam) {
  return {
    hours: sql<ScheduleFacts['hours']>`coalesce((
        select json_agg(json_build_array(${openingHours.weekday}, ${openingHours.opensMinute}, ${openingHours.closesMinute})
          order by ${openingHours.weekday}, ${openingHours.opensMinute})
        from ${openingHours} where ${openingHours.salonId} = ${salonId}
      ), '[]')`,
    busy: sql<string>`'[' || coalesce((
        select string_agg(
          '[' || busy.starts || ',' || busy.ends || ',"' || busy.kind || '",' || coalesce('"' || busy.member || '"', 'null') || ']',
          ',' order by busy.starts)
        from (
          select ${epochMs(timeOff.startsAt)} as starts, ${epochMs(timeOff.endsAt)} as ends, 'time_off' as kind,
            ${timeOff.memberId} as member
          from ${timeOff}
          where ${timeOff.salonId} = ${salonId} and ${timeOff.startsAt} < ${to} and ${timeOff.endsAt} > ${from}
          union all
          select (date_part('epoch', lower(merged)) * 1000)::bigint, (date_part('epoch', upper(merged)) * 1000)::bigint,
            'external', null
          from unnest((
            select range_agg(tstzrange(${calendarBusyTimes.startsAt}, ${calendarBusyTimes.endsAt}, '[)'))
            from ${calendarBusyTimes}
            where ${calendarBusyTimes.salonId} = ${salonId}
              and tstzrange(${calendarBusyTimes.startsAt}, ${calendarBusyTimes.endsAt}, '[)') && tstzrange(${from}, ${to}, '[)')
          )) as merged
        ) as busy
      ), '') || ']'`,
    // The active bookings touching the range, found by the exclusion constraint's own column (its
    // GiST index serves the query), read as stored: schedule-facts.ts makes their stretches.
    bookings: sql<string>`'[' || coalesce((
        select string_agg(
          '[' || ${epochMs(bookings.startsAt)} || ',' || ${epochMs(bookings.endsAt)} || ','
            || ${bookings.processingAfterMinutes} || ',' || ${bookings.processingMinutes} || ','
            || ${bookings.cleanupMinutes} || ',"' || ${bookings.memberId} || '"]', ',')
        from ${bookings}
        where ${bookings.salonId} = ${salonId} and ${bookings.status} <> 'cancelled'
          and work_spans && tstzmultirange(tstzrange(${from}, ${to}, '[)'))
          and ${bookings.id} is distinct from ${sql.placeholder('excludeId')}::uuid
      ), '') || ']'`,
    // The weekly blocks as stored (a salon has a few): schedule-facts.ts finds their days.
    blocks: sql<BlockFact[]>`coalesce((
        select json_agg(json_build_array(${recurringBlocks.weekdays}, ${recurringBlocks.startsMinute},
          ${recurringBlocks.endsMinute}, ${recurringBlocks.firstDay}, ${recurringBlocks.lastDay}, ${recurringBlocks.memberId}))
        from ${recurringBlocks}
        where ${recurringBlocks.salonId} = ${salonId} and ${recurringBlocks.firstDay} <= (${to})::date + 1
          and (${recurringBlocks.lastDay} is null or ${recurringBlocks.lastDay} >= (${from})::date - 1)
      ), '[]')`,
    zone: sql<string>`(select ${salons.timeZone} from ${salons} where ${salons.id} = ${salonId})`,
    // The schedule version these facts were read at, in the same snapshot (facts-cache.ts).
    version: sql<string>`coalesce((select ${scheduleVersions.version} from ${scheduleVersions}
        where ${scheduleVersions.salonId} = ${salonId}), 0)`,
    members: sql<ScheduleFacts['members']>`coalesce((
        select json_agg(json_build_array(
          ${teamMembers.id},
          ${teamMembers.isOwner},
          coalesce((select json_agg(${teamMemberServices.serviceId}) from ${teamMemberServices}
            where ${teamMemberServices.memberId} = ${teamMembers.id}), '[]'),
          (select json_agg(json_build_array(${teamMemberHours.weekday}, ${teamMemberHours.opensMinute}, ${teamMemberHours.closesMinute})
            order by ${teamMemberHours.weekday}, ${teamMemberHours.opensMinute})
            from ${teamMemberHours} where ${teamMemberHours.memberId} = ${teamMembers.id}),
          ${teamMembers.name}
        ) order by ${teamMembers.position}, ${teamMembers.createdAt})
        from ${teamMembers} where ${teamMembers.salonId} = ${salonId} and ${teamMembers.isActive}
      ), '[]')`,
  }
}

const scheduleFacts = preparedPerDatabase((db) =>
  db.select(factsColumns(salonIdParam)).from(salons).where(eq(salons.id, salonIdParam)).prepare('salon_schedule_facts'),
)

/** The service asked for, if the salon named has it (both public availability reads join on it). */
const serviceAsked = and(eq(services.id, sql`${sql.placeholder('serviceId')}::uuid`), eq(services.salonId, salons.id))

/** What availability reads of a salon: its zone, whether it takes bookings, its rules. */
export type SalonScheduleRow = Pick<
  SalonRow,
  'publicId' | 'timeZone' | 'isActive' | 'calendarBlocks' | 'slotStepMinutes' | 'minimumNoticeMinutes' | 'horizonDays'
>

/** What availability reads of a service: whether it is offered, and how long it takes. */
export type ServiceScheduleRow = Pick<
  ServiceRow,
  'id' | 'name' | 'isActive' | 'durationMinutes' | 'processingAfterMinutes' | 'processingMinutes' | 'cleanupMinutes'
>

// What the public availability call reads first, in one round trip: the salon by its public ID,
// the service asked for, and the salon's schedule version — whose facts, once read, are kept
// (facts-cache.ts) until the version moves. Only the columns it uses: each one costs the driver a
// parser and a value on every call.
const salonServiceAndVersion = preparedPerDatabase((db) =>
  db
    .select({
      salon: {
        id: salons.id,
        publicId: salons.publicId,
        timeZone: salons.timeZone,
        isActive: salons.isActive,
        calendarBlocks: salons.calendarBlocks,
        slotStepMinutes: salons.slotStepMinutes,
        minimumNoticeMinutes: salons.minimumNoticeMinutes,
        horizonDays: salons.horizonDays,
      },
      service: {
        id: services.id,
        name: services.name,
        isActive: services.isActive,
        durationMinutes: services.durationMinutes,
        processingAfterMinutes: services.processingAfterMinutes,
        processingMinutes: services.processingMinutes,
        cleanupMinutes: services.cleanupMinutes,
      },
      version: sql<string>`coalesce(${scheduleVersions.version}, 0)`,
    })
    .from(salons)
    .leftJoin(services, serviceAsked)
    .leftJoin(scheduleVersions, eq(scheduleVersions.salonId, salons.id))
    .where(eq(salons.publicId, sql.placeholder('publicId')))
    .limit(1)
    .prepare('salon_service_and_schedule_version'),
)

// A new booking's read: the service asked for and the schedule around its start, in one round trip.
const serviceAndFacts = preparedPerDatabase((db) =>
  db
    .select({ service: services, ...factsColumns(salonIdParam) })
    .from(salons)
    .leftJoin(services, serviceAsked)
    .where(eq(salons.id, salonIdParam))
    .prepare('service_and_schedule_facts'),
)

/** One of the salon's services (undefined when it has no such service) and its schedule over a range. */
export async function readServiceAndFacts(
  db: Executor,
  salonId: string,
  serviceId: string,
  range: { from: Date; to: Date },
): Promise<{ service: ServiceRow | undefined; facts: ScheduleFacts }> {
  const [row] = await serviceAndFacts(db).execute({
    salonId,
    serviceId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    excludeId: null,
  })
  return row
    ? { service: row.service ?? undefined, facts: factsOf(row, range) }
    : { service: undefined, facts: NO_FACTS }
}

const NO_FACTS: ScheduleFacts = { hours: [], busy: [], members: [] }

/** Opening hours, active members, and absences and active bookings touching [from, to) (one booking may be left out). */
export async function readScheduleFacts(
  db: Executor,
  salonId: string,
  range: { from: Date; to: Date },
  excludeBookingId?: string,
): Promise<ScheduleFacts> {
  const [row] = await scheduleFacts(db).execute({
    salonId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    excludeId: excludeBookingId ?? null,
  })
  return row ? factsOf(row, range) : NO_FACTS
}

/** The row as the engine reads it: bookings' working stretches and blocks' days among the busy times. */
function factsOf(
  row: {
    hours: ScheduleFacts['hours']
    busy: string
    bookings: string
    blocks: BlockFact[]
    zone: string | null
    members: ScheduleFacts['members']
  },
  range: { from: Date; to: Date },
): ScheduleFacts {
  const busy = JSON.parse(row.busy) as BusyFact[]
  for (const booking of JSON.parse(row.bookings) as BookingFact[]) bookingStretches(booking, busy)
  const [from, to] = [range.from.getTime(), range.to.getTime()]
  for (const block of row.zone ? row.blocks : []) blockOccurrences(block, row.zone as string, from, to, busy)
  // By start, as the list is documented (a one-member schedule then merges it without sorting).
  busy.sort((a, b) => a[0] - b[0])
  return { hours: row.hours, busy, members: row.members }
}

/** The salon by its public ID, one of its services (undefined when it has none such) and its schedule version. */
export async function readSalonServiceAndVersion(
  db: Executor,
  publicId: string,
  serviceId: string,
): Promise<
  { salon: SalonScheduleRow & { id: string }; service: ServiceScheduleRow | undefined; version: number } | undefined
> {
  const [row] = await salonServiceAndVersion(db).execute({ publicId, serviceId })
  return row ? { salon: row.salon, service: row.service ?? undefined, version: Number(row.version) } : undefined
}

/** The salon's schedule over a range and the schedule version it was read at (one snapshot). */
export async function readVersionedScheduleFacts(
  db: Executor,
  salonId: string,
  range: { from: Date; to: Date },
): Promise<{ facts: ScheduleFacts; version: number }> {
  const [row] = await scheduleFacts(db).execute({
    salonId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    excludeId: null,
  })
  return row ? { facts: factsOf(row, range), version: Number(row.version) } : { facts: NO_FACTS, version: -1 }
}
