import { createHash } from 'node:crypto'
import { currencyForCountry } from '@common/countries'
import {
  type Booking,
  type BookingChannel,
  type BookingNote,
  type BookingStatus,
  MOVE_UNDO_GRACE_SECONDS,
} from '@common/schemas/booking'
import { occupiedMinutes, phasesOf, phasesOfLength } from '@common/service-phases'
import { DAY_MS, instantToLocal, MINUTE_MS } from '@common/time'
import type { Clock } from '@server/clock'
import { type Database, type Executor, PG_UNIQUE_VIOLATION, sqlState } from '@server/db/client'
import type { BookingRow, SalonRow, ServiceRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { requireBookableService } from '@server/modules/catalog/catalog.usecases'
import { presentBookingNote } from '@server/modules/customers/customers.presenters'
import {
  type ChannelIdentity,
  type CustomerDetails,
  requireBookableCustomer,
  resolveCustomer,
} from '@server/modules/customers/customers.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { findSalonById } from '@server/modules/salons/salons.repository'
import type { ServiceLength, SlotRefusal } from '@server/modules/schedule/availability'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { explainTeamSlot, type TeamSchedule } from '@server/modules/schedule/team-availability'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { loadServiceAndTeamAround, loadTeamSchedule, resolveRange } from './availability.usecases'
import { actorOfChannel, type BookingChangeBy, recordBookingEvent } from './booking-history'
import { startingStatus } from './booking-holds'
import {
  appointmentPast,
  bookingCancelled,
  bookingNotFound,
  bookingStarted,
  customerChoice,
  forceNeedsMember,
  idempotencyKeyReused,
  salonNotBooking,
  slotRefused,
  slotTaken,
} from './bookings.errors'
import { presentBooking } from './bookings.presenters'
import * as repo from './bookings.repository'
import { forcedMember, forcedMemberOf } from './forced-start'
import { membersInAssignmentOrder, withFirstFreeMember } from './member-choice'

export interface BookingDeps {
  db: Database
  clock: Clock
  /** A booking's change enqueues its follow-ups (its calendar event) in the same transaction. */
  jobs: Jobs
}

/** Limits which bookings a caller may touch: a salon's, or one customer's (the assistant). */
export interface BookingScope {
  salonId?: string
  customerId?: string
}

export interface NewBooking {
  serviceId: string
  startsAt: Date
  /** A new customer (or the one these details find), or `customerId`: one the salon already has. */
  customer?: CustomerDetails | undefined
  customerId?: string | undefined
  /** The salon's forced time (dashboard, API): see forced-start.ts. Requires memberId. */
  force?: boolean | undefined
  channel: BookingChannel
  status?: Exclude<BookingStatus, 'cancelled'>
  identity?: ChannelIdentity
  /** Who performs it; absent: the member the assignment rule picks (member-choice.ts). */
  memberId?: string | undefined
}

/** A start asked about: a service (by id and length), and the member asked for, if any. */
export interface StartInQuestion {
  startsAt: Date
  /** null: a booking whose service was deleted since, which any member may take. */
  serviceId: string | null
  /** Its length, or its phases (a processing pause frees the member; the clean-up does not). */
  durationMinutes: ServiceLength
  memberId?: string | undefined
}

/** The team's schedule around a start: a day either side, enough to judge it and count the day's appointments. */
function teamAround(db: Database, salon: SalonRow, asked: StartInQuestion, movingBookingId?: string) {
  const start = asked.startsAt.getTime()
  const minutes = occupiedMinutes(phasesOfLength(asked.durationMinutes))
  const range = { from: new Date(start - DAY_MS), to: new Date(start + minutes * MINUTE_MS + DAY_MS) }
  return loadTeamSchedule(
    db,
    salon,
    range,
    { serviceIds: asked.serviceId ? [asked.serviceId] : [], memberId: asked.memberId },
    movingBookingId,
  )
}

/** Why the engine would not offer this start (with any member, or the one asked for), or null when it would. */
export async function whyNotOffered(
  db: Database,
  salon: SalonRow,
  asked: StartInQuestion,
  now: Date,
  movingBookingId?: string,
): Promise<SlotRefusal | null> {
  const team = await teamAround(db, salon, asked, movingBookingId)
  return explainTeamSlot(team, asked.startsAt.getTime(), asked.durationMinutes, now.getTime())
}

/**
 * The members who could take the start, in the order the assignment rule tries them; refuses a
 * start the engine would not offer, saying why (taken → 409, otherwise 422).
 */
async function membersForStart(
  db: Database,
  salon: SalonRow,
  asked: StartInQuestion,
  now: Date,
  moving?: { id: string; memberId: string },
): Promise<string[]> {
  return membersOfTeamForStart(await teamAround(db, salon, asked, moving?.id), asked, now, moving)
}

function membersOfTeamForStart(
  team: TeamSchedule,
  asked: StartInQuestion,
  now: Date,
  moving?: { id: string; memberId: string },
): string[] {
  const start = asked.startsAt.getTime()
  const refusal = explainTeamSlot(team, start, asked.durationMinutes, now.getTime())
  if (refusal) throw slotRefused(refusal)
  return membersInAssignmentOrder(team, start, asked.durationMinutes, now.getTime(), moving?.memberId)
}

function serviceSnapshot(service: ServiceRow, salon: SalonRow) {
  return {
    serviceId: service.id,
    serviceName: service.name,
    ...phasesOf(service),
    priceMinor: service.priceMinor,
    currency: currencyForCountry(salon.country),
  }
}

/**
 * Books a service at a start the availability engine offers. The exclusion constraint settles a
 * race between two requests for one slot: the loser gets `bookings.slot_taken`, never a 500.
 * With an idempotency key, a retried request gets the first answer instead of a second booking.
 */
export async function createBooking(
  { db, clock, jobs }: BookingDeps,
  salon: SalonRow,
  input: NewBooking,
  idempotencyKey?: string,
): Promise<{ booking: Booking; replayed: boolean }> {
  const requestHash = idempotencyKey ? hashRequest(salon.id, input) : ''
  const earlierAnswer = async () =>
    idempotencyKey ? await repo.findIdempotencyRecord(db, salon.id, idempotencyKey) : undefined

  const answered = await earlierAnswer()
  if (answered) return replay(db, answered, requestHash)
  try {
    return {
      booking: await insertNewBooking({ db, clock, jobs }, salon, input, idempotencyKey, requestHash),
      replayed: false,
    }
  } catch (error) {
    // A concurrent retry of the same request may have booked a moment ago (we then lose the slot
    // or the key to it): answer as it did.
    const lostRace =
      (error instanceof AppError && error.code === 'bookings.slot_taken') || sqlState(error) === PG_UNIQUE_VIOLATION
    const concurrent = lostRace ? await earlierAnswer() : undefined
    if (concurrent) return replay(db, concurrent, requestHash)
    throw error
  }
}

async function insertNewBooking(
  { db, clock, jobs }: BookingDeps,
  salon: SalonRow,
  input: NewBooking,
  idempotencyKey: string | undefined,
  requestHash: string,
): Promise<Booking> {
  if (!salon.isActive) throw salonNotBooking()
  if (!input.customer === !input.customerId) throw customerChoice()
  if (input.force && !input.memberId) throw forceNeedsMember()
  // The service and the team's schedule in one read: each round trip is a good part of what a
  // booking costs under load (docs/PERFORMANCE.md).
  const { service, team, names } = await loadServiceAndTeamAround(db, salon, input)
  const known = input.customerId ? await requireBookableCustomer(db, salon.id, input.customerId) : undefined
  const now = clock.now()
  const asked = {
    startsAt: input.startsAt,
    serviceId: service.id,
    durationMinutes: phasesOf(service),
    memberId: input.memberId,
  }
  const candidates =
    input.force && input.memberId
      ? [await forcedMemberOf(salon, { ...asked, memberId: input.memberId }, now, team)]
      : membersOfTeamForStart(team(), asked, now)

  return withFirstFreeMember(
    candidates,
    (memberId) =>
      db.transaction(async (tx) => {
        // Claiming the key in the booking's transaction makes "booked" and "key answered" one fact.
        if (idempotencyKey) await repo.claimIdempotencyKey(tx, salon.id, idempotencyKey, requestHash)
        const customer =
          known ?? (await resolveCustomer(tx, salon.id, input.customer ?? { name: '' }, now, input.identity))
        const starting = { salon, serviceId: service.id, channel: input.channel, startsAt: input.startsAt }
        const booking = await repo.insertBooking(tx, {
          salonId: salon.id,
          customerId: customer.id,
          memberId,
          ...serviceSnapshot(service, salon),
          startsAt: input.startsAt,
          endsAt: new Date(input.startsAt.getTime() + service.durationMinutes * MINUTE_MS),
          ...(await startingStatus(tx, { ...starting, status: input.status }, now)),
          channel: input.channel,
        })
        const by = { actor: actorOfChannel(input.channel), channel: input.channel }
        await recordBookingEvent(tx, jobs, booking, 'created', by, now)
        const name = names.get(memberId)
        const member = name === undefined ? await requireMemberRef(tx, memberId) : { id: memberId, name }
        const presented = presentBooking({ booking, customer, member }, salon)
        if (idempotencyKey) await repo.completeIdempotencyKey(tx, salon.id, idempotencyKey, 201, presented)
        return presented
      }),
    slotTaken,
  )
}

async function replay(
  db: Executor,
  record: repo.IdempotencyRecord,
  requestHash: string,
): Promise<{ booking: Booking; replayed: true }> {
  if (record.requestHash !== requestHash) throw idempotencyKeyReused()
  // An answer stored before bookings carried notes has none (a new booking has none anyway); one
  // stored before bookings had members names the member the booking was given since (its owner).
  const stored = record.response as Omit<Booking, 'notes' | 'member'> & Partial<Pick<Booking, 'notes' | 'member'>>
  const member = stored.member ?? (await repo.findBooking(db, stored.id))?.member
  if (!member) throw bookingNotFound()
  return { booking: { ...stored, notes: stored.notes ?? [], member }, replayed: true }
}

function hashRequest(salonId: string, input: NewBooking): string {
  const canonical = JSON.stringify([
    salonId,
    input.serviceId,
    input.startsAt.toISOString(),
    input.customer?.name ?? null,
    input.customer?.phone ?? null,
    input.channel,
    input.status ?? 'confirmed',
    // Only when named, so a key stored before members (or the desk) existed still matches its retry.
    ...(input.memberId ? [input.memberId] : []),
    ...(input.customerId ? [{ customerId: input.customerId }] : []),
    ...(input.customer?.email ? [{ email: input.customer.email }] : []),
    ...(input.force ? ['force'] : []),
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

/** The booking with its salon, if the caller's scope covers it (otherwise it does not exist for them). */
export async function requireBooking(db: Database, bookingId: string, scope: BookingScope) {
  const found = await repo.findBooking(db, bookingId)
  if (!found) throw bookingNotFound()
  if (scope.salonId && found.booking.salonId !== scope.salonId) throw bookingNotFound()
  if (scope.customerId && found.booking.customerId !== scope.customerId) throw bookingNotFound()
  const salon = await findSalonById(db, found.booking.salonId)
  if (!salon) throw bookingNotFound()
  return { ...found, salon }
}

/**
 * Only an appointment still to come moves or is cancelled. A forced move (the desk) may also take
 * one of today's that has begun (the customer arrived late and sits down now); a no-show or a
 * completed appointment has happened and stays as it is.
 */
export function assertChangeable(
  booking: { status: BookingStatus; startsAt: Date },
  now: Date,
  forcedToday?: { timeZone: string },
): void {
  if (booking.status === 'cancelled') throw bookingCancelled()
  if (booking.status === 'no_show' || booking.status === 'completed') throw bookingStarted()
  if (booking.startsAt.getTime() > now.getTime()) return
  if (!forcedToday) throw bookingStarted()
  const day = (at: Date) => instantToLocal(at, forcedToday.timeZone).date
  if (day(booking.startsAt) < day(now)) throw appointmentPast()
}

/** Who cancels, and (the salon) why; `scope` limits which bookings the caller may touch. */
export interface Cancellation extends BookingChangeBy {
  reason?: string | undefined
  scope?: BookingScope | undefined
}

/**
 * Cancels a booking still to come: its time is free again at once. The history records who did
 * it; when the salon did (dashboard, API, MCP, or a new absence's "cancel and tell"), the customer
 * is told with the reason, by e-mail and in their web chat (tell-customer.ts).
 */
export async function cancelBooking(
  { db, clock, jobs }: BookingDeps,
  bookingId: string,
  cancellation: Cancellation,
): Promise<Booking> {
  const { booking, customer, member, salon } = await requireBooking(db, bookingId, cancellation.scope ?? {})
  const now = clock.now()
  assertChangeable(booking, now)
  const reason = cancellation.actor === 'salon' ? (cancellation.reason ?? null) : null
  const updated = await db.transaction((tx) => markCancelled(tx, jobs, booking, cancellation, now, reason))
  return presentBooking({ booking: updated, customer, member }, salon, await repo.listNotesOfBookings(db, [booking.id]))
}

/** Inside a transaction: the booking cancelled, its calendar follow-up enqueued, its history written. */
export async function markCancelled(
  tx: Executor,
  jobs: Jobs,
  booking: BookingRow,
  by: BookingChangeBy,
  now: Date,
  reason: string | null = null,
) {
  const cancelled = await repo.updateBooking(
    tx,
    booking.id,
    { status: 'cancelled', cancelledAt: now, cancelReason: reason },
    now,
  )
  await recordBookingEvent(tx, jobs, booking, 'cancelled', by, now, { status: 'cancelled', reason })
  return cancelled
}

/**
 * The customer tells the salon they will be late for one of their appointments (`minutes`: how
 * late, when they said). Only for an appointment still to come — today's or a later one — that is
 * not cancelled; a new word replaces the earlier one. The owner sees it beside the booking and in
 * its history, and the booking's subscribers follow (its calendar event is brought up to date).
 */
export async function tellSalonLate(
  { db, clock, jobs }: BookingDeps,
  bookingId: string,
  input: { minutes?: number | undefined },
  scope: BookingScope,
  // The customer's word, from the chat they wrote in (the assistant passes it).
  by: BookingChangeBy = { actor: 'customer', channel: 'web' },
): Promise<{ booking: Booking; note: BookingNote }> {
  const { booking, customer, member, salon } = await requireBooking(db, bookingId, scope)
  const now = clock.now()
  if (booking.status === 'cancelled') throw bookingCancelled()
  const today = instantToLocal(now, salon.timeZone).date
  if (instantToLocal(booking.startsAt, salon.timeZone).date < today) throw appointmentPast()
  const note = await db.transaction(async (tx) => {
    const saved = await repo.saveBookingNote(tx, {
      bookingId: booking.id,
      salonId: salon.id,
      kind: 'late',
      minutes: input.minutes ?? null,
      appointmentStartsAt: booking.startsAt,
      createdAt: now,
    })
    await recordBookingEvent(tx, jobs, booking, 'late', by, now)
    return saved
  })
  return {
    booking: presentBooking({ booking, customer, member }, salon, await repo.listNotesOfBookings(db, [booking.id])),
    note: presentBookingNote(note, salon),
  }
}

/** Bookings as the salon sees them, each with its customer's notes (one read for all of them). */
async function presentWithNotes(db: Executor, rows: repo.BookingWithCustomer[], salon: SalonRow): Promise<Booking[]> {
  const notes = await repo.listNotesOfBookings(
    db,
    rows.map((row) => row.booking.id),
  )
  return rows.map((row) => presentBooking(row, salon, notes))
}

/**
 * Moves a booking (optionally to another service, or to another member). One UPDATE under the
 * exclusion constraint: the old time is released only if the new one is secured, never one without
 * the other. Without a member named, the booking keeps its member when they are free at the new
 * time, and otherwise goes to the member the assignment rule picks.
 */
export async function rescheduleBooking(
  { db, clock, jobs }: BookingDeps,
  bookingId: string,
  change: {
    startsAt: Date | string
    serviceId?: string | undefined
    memberId?: string | undefined
    /** The desk's forced time (forced-start.ts): requires memberId. */
    force?: boolean | undefined
    /** false: the salon's move is not told to the customer ("tell the customer?" unticked). */
    tellCustomer?: boolean | undefined
    /** The desk offers to undo it: the customer is told once that offer is over (move-undo.ts). */
    undoable?: boolean | undefined
  },
  by: BookingChangeBy & { scope?: BookingScope | undefined },
): Promise<Booking> {
  const { booking, customer, salon } = await requireBooking(db, bookingId, by.scope ?? {})
  // A local time ("2026-12-03T15:00") is read on the salon's clock.
  const startsAt =
    typeof change.startsAt === 'string' ? resolvePointInTime(change.startsAt, salon.timeZone) : change.startsAt
  const now = clock.now()
  if (change.force && !change.memberId) throw forceNeedsMember()
  assertChangeable(booking, now, change.force ? salon : undefined)
  if (!salon.isActive) throw salonNotBooking()

  let snapshot: Partial<ReturnType<typeof serviceSnapshot>> = {}
  // The phases it was sold with, or the new service's.
  let durationMinutes = phasesOf(booking)
  let serviceId = booking.serviceId
  if (change.serviceId && change.serviceId !== booking.serviceId) {
    const service = await requireBookableService(db, salon, change.serviceId)
    snapshot = serviceSnapshot(service, salon)
    durationMinutes = phasesOf(service)
    serviceId = service.id
  } else if (booking.serviceId) {
    // Same service: keep what was sold, but refuse to move into a service the salon withdrew.
    await requireBookableService(db, salon, booking.serviceId)
  }

  const candidates =
    change.force && change.memberId
      ? [
          await forcedMember(
            db,
            salon,
            { startsAt, serviceId, durationMinutes, memberId: change.memberId },
            now,
            booking.id,
          ),
        ]
      : await membersForStart(db, salon, { startsAt, serviceId, durationMinutes, memberId: change.memberId }, now, {
          id: booking.id,
          memberId: booking.memberId,
        })
  const updated = await withFirstFreeMember(
    candidates,
    (memberId) =>
      db.transaction(async (tx) => {
        const moved = await repo.updateBooking(
          tx,
          booking.id,
          {
            ...snapshot,
            memberId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + durationMinutes.durationMinutes * MINUTE_MS),
          },
          now,
        )
        await recordBookingEvent(tx, jobs, booking, 'moved', by, now, {
          fromStartsAt: booking.startsAt,
          fromMemberId: booking.memberId,
          toStartsAt: startsAt,
          toMemberId: memberId,
          quiet: change.tellCustomer === false,
          tellAfter: change.undoable ? new Date(now.getTime() + MOVE_UNDO_GRACE_SECONDS * 1000) : null,
        })
        return { moved, member: await requireMemberRef(tx, memberId) }
      }),
    slotTaken,
  )
  // A note about the old start no longer applies (the presenter leaves it out).
  return presentBooking(
    { booking: updated.moved, customer, member: updated.member },
    salon,
    await repo.listNotesOfBookings(db, [booking.id]),
  )
}

/** The salon's bookings over a period (default: from today's start, for the booking horizon). */
export async function listSalonBookings(
  { db, clock }: BookingDeps,
  salon: SalonRow,
  query: { from?: string | undefined; to?: string | undefined; status?: BookingStatus | undefined },
): Promise<Booking[]> {
  const now = clock.now()
  const from = query.from ?? instantToLocal(now, salon.timeZone).date
  const range = resolveRange(salon, now, { from, to: query.to }, salon.horizonDays + 1, 366)
  return presentWithNotes(db, await repo.listBookings(db, salon.id, range, query.status), salon)
}

/** One customer's appointments still to come (not cancelled), soonest first. */
export async function listUpcomingBookingsOfCustomer(
  { db, clock }: BookingDeps,
  salon: SalonRow,
  customerId: string,
): Promise<Booking[]> {
  const rows = await repo.listUpcomingBookingsOfCustomer(db, salon.id, customerId, clock.now())
  return presentWithNotes(db, rows, salon)
}

/** The salon's bookings starting in a range (a day of the dashboard), cancelled ones included, in time order. */
export async function listSalonBookingsOfDay(
  db: Database,
  salon: SalonRow,
  range: { from: Date; to: Date },
): Promise<Booking[]> {
  return presentWithNotes(db, await repo.listBookings(db, salon.id, range), salon)
}

/** The dashboard's booking figures: appointments (not cancelled) today, this week, ever; the latest made. */
export async function bookingFigures(
  db: Database,
  salon: SalonRow,
  query: { today: { from: Date; to: Date }; week: { from: Date; to: Date }; recent: number },
) {
  const [today, week, total, recent, perMember] = await Promise.all([
    repo.countActiveBookings(db, salon.id, query.today),
    repo.countActiveBookings(db, salon.id, query.week),
    repo.countActiveBookings(db, salon.id),
    repo.listRecentBookings(db, salon.id, query.recent),
    repo.memberBookingFigures(db, salon.id, query),
  ])
  return { today, week, total, perMember, recent: await presentWithNotes(db, recent, salon) }
}

/** No-shows among the salon's appointments of the last `days` days (started before now, not cancelled). */
export async function noShowFigures(db: Database, salonId: string, now: Date, days: number) {
  const counted = await repo.countNoShows(db, salonId, { from: new Date(now.getTime() - days * DAY_MS), to: now })
  return { days, ...counted }
}

/** How many of a salon's appointments from `now` on are still to come (confirmed or pending). */
export function countSalonUpcoming(db: Database, salonId: string, now: Date): Promise<number> {
  return repo.countUpcomingBookings(db, salonId, now)
}

/** How many of a salon's appointments are not cancelled: all of them, or those starting in a range. */
export function countSalonAppointments(
  db: Database,
  salonId: string,
  range?: { from: Date; to: Date },
): Promise<number> {
  return repo.countActiveBookings(db, salonId, range)
}

/** The salon (row id) a booking belongs to, or undefined for an unknown id: who may touch it. */
export async function salonOfBooking(db: Database, bookingId: string): Promise<string | undefined> {
  if (!UUID.test(bookingId)) return undefined
  return repo.findBookingSalonId(db, bookingId)
}

/** Where and when each of these bookings is (by booking id); ids that are no booking are left out. */
export async function bookingStarts(
  db: Database,
  bookingIds: string[],
): Promise<Map<string, { salonId: string; startsAt: Date }>> {
  const rows = await repo.listBookingStarts(db, [...new Set(bookingIds.filter((id) => UUID.test(id)))])
  return new Map(rows.map(({ id, ...where }) => [id, where]))
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
