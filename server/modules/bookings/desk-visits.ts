import type { Booking } from '@common/schemas/booking'
import type {
  PlannedAppointment,
  VisitBooked,
  VisitBookInput,
  VisitOccurrence,
  VisitPlan,
  VisitPlanInput,
} from '@common/schemas/desk-visit'
import { occupiedMinutes, phasesOf, workOffsets } from '@common/service-phases'
import { addDays, DAY_MS, formatMinutes, instantToLocal, localToInstant, MINUTE_MS } from '@common/time'
import { type Database, type Executor, PG_EXCLUSION_VIOLATION, sqlState } from '@server/db/client'
import type { SalonRow, ServiceRow } from '@server/db/schema'
import { requireBookableCustomer, resolveCustomer } from '@server/modules/customers/customers.usecases'
import type { BusyInterval } from '@server/modules/schedule/availability'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { explainTeamSlot, type TeamSchedule } from '@server/modules/schedule/team-availability'
import { readScheduleFacts, type ScheduleFacts } from './availability.repository'
import { teamSchedule } from './availability.usecases'
import { salonNotBooking, slotTaken } from './bookings.errors'
import * as repo from './bookings.repository'
import type { BookingDeps } from './bookings.usecases'
import { requireServices, writeBooking } from './consecutive'
import { nothingToBook, samePersonTwice, visitConflicts } from './desk-visits.errors'
import { membersInAssignmentOrder } from './member-choice'

/**
 * Visits taken at the desk (issue 39): several people arriving together, each with services back
 * to back, maybe coming back every N weeks. Every appointment is judged by the one availability
 * engine, phases included, as a lone booking is, in the visit's order: each one placed is busy
 * time for the next, so two people never get one member at once and a colour's processing can hold
 * another person's cut. A person's next service starts when the previous one ends and its
 * clean-up is done (the member may be the same). Occurrences come back on the same wall-clock time
 * of the salon, DST or not. Booking writes every occurrence in one transaction or none; after that
 * each appointment is an ordinary booking, moved or cancelled on its own.
 */

interface Appointment {
  person: number
  service: ServiceRow
  memberId: string | undefined
}

interface Placed {
  person: number
  service: ServiceRow
  start: number
  memberId: string | null
  refusal: PlannedAppointment['refusal']
}

/** Every occurrence of the visit, with who would do what when, and what does not fit. */
export async function planVisit(
  { db, clock }: Pick<BookingDeps, 'db' | 'clock'>,
  salon: SalonRow,
  input: VisitPlanInput,
): Promise<VisitPlan> {
  const { appointments } = await requireVisit(db, salon, input)
  const now = clock.now().getTime()
  const occurrences: VisitOccurrence[] = []
  for (const [index, start] of occurrenceStarts(salon, input).entries()) {
    const facts = await readFactsAround(db, salon, start, appointments)
    occurrences.push(presentOccurrence(salon, facts, index, start, placeVisit(salon, facts, appointments, start, now)))
  }
  return { occurrences }
}

/**
 * Books every occurrence but those skipped, in one transaction: refused with the plan's conflicts
 * (409 `bookings.visit_conflicts`, nothing written) when one of them does not fit, and with
 * `bookings.slot_taken` when another booking took a time meanwhile.
 */
export async function bookVisit(deps: BookingDeps, salon: SalonRow, input: VisitBookInput): Promise<VisitBooked> {
  const { db, clock, jobs } = deps
  if (!salon.isActive) throw salonNotBooking()
  const { appointments, known } = await requireVisit(db, salon, input)
  const skipped = new Set(input.skip ?? [])
  const starts = occurrenceStarts(salon, input)
  const kept = [...starts.entries()].filter(([index]) => !skipped.has(index))
  if (kept.length === 0) throw nothingToBook()
  const now = clock.now()
  const bookings = await db
    .transaction(async (tx) => {
      const plans: Placed[][] = []
      const conflicts: number[] = []
      const names = new Map<string, string>()
      for (const [index, start] of kept) {
        const facts = await readFactsAround(tx, salon, start, appointments)
        for (const [id, , , , name] of facts.members) names.set(id, name)
        const placed = placeVisit(salon, facts, appointments, start, now.getTime())
        if (placed.some((appointment) => appointment.refusal)) conflicts.push(index)
        plans.push(placed)
      }
      if (conflicts.length > 0) throw visitConflicts(conflicts)
      // Every member's lock before the first insert, in one order: two visits never deadlock.
      await repo.lockMembersTime(
        tx,
        plans.flat().map((appointment) => appointment.memberId as string),
      )
      const customers = await Promise.all(
        input.people.map(
          async (person, index) =>
            known[index] ?? (await resolveCustomer(tx, salon.id, person.customer ?? { name: '' }, now)),
        ),
      )
      if (new Set(customers.map((customer) => customer.id)).size < customers.length) throw samePersonTwice()
      const booked: Booking[] = []
      for (const appointment of plans.flat()) {
        const memberId = appointment.memberId as string
        booked.push(
          await writeBooking(
            tx,
            jobs,
            {
              input: { salon, channel: 'dashboard' },
              customer: customers[appointment.person] as (typeof customers)[number],
              member: { id: memberId, name: names.get(memberId) ?? '' },
              service: appointment.service,
              startsAt: appointment.start,
              withPhases: true,
            },
            now,
          ),
        )
      }
      return booked
    })
    .catch((error: unknown) => {
      // Another booking took one of the times since they were read: the 409 every caller knows.
      // (No deadlock to retry: every member is locked up front, in one order.)
      if (sqlState(error) === PG_EXCLUSION_VIOLATION) throw slotTaken()
      throw error
    })
  return { bookings, skipped: [...skipped].filter((index) => index < starts.length).sort((a, b) => a - b) }
}

/** The visit's services (each bookable), the members asked for, and the salon's customers named. */
async function requireVisit(db: Database, salon: SalonRow, input: VisitPlanInput) {
  const services = await requireServices(
    db,
    salon,
    input.people.flatMap((person) => person.services.map((s) => s.serviceId)),
  )
  const appointments: Appointment[][] = []
  let next = 0
  for (const [person, asked] of input.people.entries()) {
    appointments.push(
      asked.services.map((s) => ({ person, service: services[next++] as ServiceRow, memberId: s.memberId })),
    )
  }
  const ids = input.people.flatMap((person) => (person.customerId ? [person.customerId] : []))
  if (new Set(ids).size < ids.length) throw samePersonTwice()
  const known = await Promise.all(
    input.people.map((person) =>
      person.customerId ? requireBookableCustomer(db, salon.id, person.customerId) : undefined,
    ),
  )
  return { appointments, known }
}

/** The first start, then the same wall-clock time every `everyWeeks` weeks, `times` in all. */
export function occurrenceStarts(salon: SalonRow, input: Pick<VisitPlanInput, 'startsAt' | 'repeat'>): number[] {
  const first = resolvePointInTime(input.startsAt, salon.timeZone).getTime()
  if (!input.repeat) return [first]
  const { date, minutes } = instantToLocal(first, salon.timeZone)
  const { everyWeeks, times } = input.repeat
  return Array.from({ length: times }, (_, k) =>
    localToInstant(addDays(date, 7 * everyWeeks * k), minutes, salon.timeZone),
  )
}

/** The schedule a day either side of the occurrence, enough for every person's whole chain. */
function readFactsAround(db: Executor, salon: SalonRow, start: number, appointments: Appointment[][]) {
  const longest = Math.max(
    ...appointments.map((chain) => chain.reduce((total, a) => total + occupiedMinutes(phasesOf(a.service)), 0)),
  )
  return readScheduleFacts(db, salon.id, {
    from: new Date(start - DAY_MS),
    to: new Date(start + longest * MINUTE_MS + DAY_MS),
  })
}

/**
 * Places the occurrence's appointments one after the other: each person's chain from `start`, each
 * appointment with the member asked for, or the one who did the person's previous service when
 * free, or the salon's rule. Later appointments of a chain start off the slot grid when the
 * previous one ends off it; everything else is the engine's verdict.
 */
export function placeVisit(
  salon: SalonRow,
  facts: ScheduleFacts,
  appointments: Appointment[][],
  start: number,
  now: number,
): Placed[] {
  const taken = new Map<string, BusyInterval[]>()
  const placed: Placed[] = []
  for (const chain of appointments) {
    let at = start
    let previous: string | undefined
    for (const [position, appointment] of chain.entries()) {
      const phases = phasesOf(appointment.service)
      const team = withTaken(
        teamSchedule(salon, facts, { serviceIds: [appointment.service.id], memberId: appointment.memberId }),
        taken,
        position > 0,
      )
      const memberId = membersInAssignmentOrder(team, at, phases, now, previous)[0] ?? null
      const refusal = memberId ? null : (explainTeamSlot(team, at, phases, now) ?? 'taken')
      placed.push({ person: appointment.person, service: appointment.service, start: at, memberId, refusal })
      if (memberId) {
        const busy = taken.get(memberId) ?? []
        for (const w of workOffsets(phases))
          busy.push({ start: at + w.start * MINUTE_MS, end: at + w.end * MINUTE_MS, kind: 'booking' })
        taken.set(memberId, busy)
        previous = memberId
      }
      at += occupiedMinutes(phases) * MINUTE_MS
    }
  }
  return placed
}

/**
 * The salon books its regulars further ahead than customers may book themselves, and at short
 * notice: the minimum notice and the horizon are the customers' rules, not the desk's (a start in
 * the past is still refused).
 */
const DESK_RULES = { minimumNoticeMinutes: 0, horizonDays: 2 * 366 }

/** The team with the visit's appointments placed so far as busy time; a chained start off the grid is fine. */
function withTaken(team: TeamSchedule, taken: ReadonlyMap<string, BusyInterval[]>, chained: boolean): TeamSchedule {
  const rules = {
    ...team.salon.rules,
    ...DESK_RULES,
    ...(chained && { slotStepMinutes: 1 }),
  }
  return {
    salon: { ...team.salon, rules },
    members: team.members.map((member) => {
      const ours = taken.get(member.id)
      return ours ? { ...member, busy: [...member.busy, ...ours] } : member
    }),
  }
}

function presentOccurrence(
  salon: SalonRow,
  facts: ScheduleFacts,
  index: number,
  start: number,
  placed: Placed[],
): VisitOccurrence {
  const names = new Map(facts.members.map(([id, , , , name]) => [id, name]))
  const local = instantToLocal(start, salon.timeZone)
  return {
    index,
    localDate: local.date,
    localTime: local.time,
    fits: placed.every((appointment) => appointment.refusal === null),
    appointments: placed.map((appointment) => {
      const at = instantToLocal(appointment.start, salon.timeZone)
      return {
        person: appointment.person,
        serviceId: appointment.service.id,
        service: appointment.service.name,
        localDate: at.date,
        localTime: at.time,
        endLocalTime: formatMinutes(at.minutes + appointment.service.durationMinutes),
        startsAt: new Date(appointment.start).toISOString(),
        member: appointment.memberId ? { id: appointment.memberId, name: names.get(appointment.memberId) ?? '' } : null,
        refusal: appointment.refusal,
      }
    }),
  }
}
