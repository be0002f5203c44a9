import { STILL_TO_COME_STATUSES } from '@common/schemas/booking'
import type { Executor } from '@server/db/client'
import {
  type BookingNoteRow,
  type BookingRow,
  bookingNotes,
  bookings,
  type CustomerRow,
  customers,
  idempotencyKeys,
  teamMembers,
} from '@server/db/schema'
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm'

/** Bookings, their customers' notes and idempotency records. The only code that touches those tables. */

export interface BookingWithCustomer {
  booking: BookingRow
  customer: CustomerRow
  /** Who performs it. */
  member: { id: string; name: string }
}

/** A booking with its customer and its member, as every read of bookings returns them. */
const withCustomerAndMember = {
  booking: bookings,
  customer: customers,
  member: { id: teamMembers.id, name: teamMembers.name },
}

/** Arbitrary constant: the first key of the advisory locks on members' working times. */
const MEMBER_TIME_LOCK = 72_616_875

/**
 * Takes, until the caller's transaction ends, the right to write these members' working times,
 * in one order (ids sorted) so that two transactions never wait on each other for them. Without
 * it, two transactions writing overlapping times of one member each wait on the other's while
 * checking the exclusion constraint, and PostgreSQL breaks the tie by failing one (a deadlock);
 * with it, the second meets the first's committed time and gets a clean exclusion violation.
 */
export async function lockMembersTime(db: Executor, memberIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(memberIds)].sort()) await db.execute(sql`select ${memberTimeLock(sql`${id}`)}`)
}

/** The advisory lock of the member `memberId` names (a value, or a column of the query it sits in). */
const memberTimeLock = (memberId: SQL) => sql`pg_advisory_xact_lock(${MEMBER_TIME_LOCK}, hashtext(${memberId}::text))`

export async function insertBooking(db: Executor, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  await lockMembersTime(db, [values.memberId])
  const [row] = await db.insert(bookings).values(values).returning()
  if (!row) throw new Error('insert returned no booking')
  return row
}

/** A booking still held, locked until the caller's transaction ends (its confirmation or release). */
export async function findHeldBookingForUpdate(db: Executor, id: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.status, 'held')))
    .limit(1)
    .for('update')
  return row
}

/** Held bookings whose time ran out, oldest first, locked (another instance skips them). */
export async function lockExpiredHolds(db: Executor, now: Date, limit: number): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'held'), lte(bookings.heldUntil, now)))
    .orderBy(asc(bookings.heldUntil))
    .limit(limit)
    .for('update', { skipLocked: true })
}

/** The salon (row id) a booking belongs to: the access check of booking routes. */
export async function findBookingSalonId(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ salonId: bookings.salonId }).from(bookings).where(eq(bookings.id, id)).limit(1)
  return row?.salonId
}

/** The salon (row id) and start of each of these bookings that exists. */
export async function listBookingStarts(
  db: Executor,
  ids: string[],
): Promise<{ id: string; salonId: string; startsAt: Date }[]> {
  if (ids.length === 0) return []
  return db
    .select({ id: bookings.id, salonId: bookings.salonId, startsAt: bookings.startsAt })
    .from(bookings)
    .where(inArray(bookings.id, ids))
}

export async function findBooking(db: Executor, id: string): Promise<BookingWithCustomer | undefined> {
  const [row] = await db
    .select(withCustomerAndMember)
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .where(eq(bookings.id, id))
    .limit(1)
  return row
}

export async function updateBooking(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<
      BookingRow,
      | 'startsAt'
      | 'endsAt'
      | 'status'
      | 'cancelledAt'
      | 'serviceId'
      | 'serviceName'
      | 'durationMinutes'
      | 'processingAfterMinutes'
      | 'processingMinutes'
      | 'cleanupMinutes'
      | 'priceMinor'
      | 'memberId'
      | 'cancelReason'
      | 'salonNote'
      | 'heldUntil'
    >
  >,
  now: Date,
): Promise<BookingRow> {
  // A new time or member: written under that member's lock (lockMembersTime).
  if (changes.memberId) await lockMembersTime(db, [changes.memberId])
  else if (changes.startsAt || changes.endsAt) {
    await db.execute(
      sql`select ${memberTimeLock(sql`${bookings.memberId}`)} from ${bookings} where ${bookings.id} = ${id}`,
    )
  }
  // A held booking that becomes anything else (cancelled, confirmed, marked at the desk) is no
  // longer held: its hold's end goes with it, whoever changes its status.
  const held = changes.status !== undefined && changes.status !== 'held' ? { heldUntil: null } : {}
  const [row] = await db
    .update(bookings)
    .set({ ...changes, ...held, updatedAt: now })
    .where(eq(bookings.id, id))
    .returning()
  if (!row) throw new Error('update returned no booking')
  return row
}

/** The salon's bookings starting in [from, to), with their customers, in start order. */
export async function listBookings(
  db: Executor,
  salonId: string,
  range: { from: Date; to: Date },
  status?: BookingRow['status'],
): Promise<BookingWithCustomer[]> {
  const conditions = [
    eq(bookings.salonId, salonId),
    lt(bookings.startsAt, range.to),
    gte(bookings.startsAt, range.from),
  ]
  if (status) conditions.push(eq(bookings.status, status))
  return db
    .select(withCustomerAndMember)
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .where(and(...conditions))
    .orderBy(asc(bookings.startsAt))
    .limit(5000)
}

/*
 * Which bookings each figure counts, in one place so the overview, the admin panel and the
 * customers' lists agree. A booking counts (it happened or is to happen) unless cancelled: a
 * no-show and a completed one did take the chair. It is still to come while confirmed, pending or held.
 * It brings money unless cancelled or a no-show.
 */
const counts = sql`${bookings.status} <> 'cancelled'`
const toCome = inArray(bookings.status, [...STILL_TO_COME_STATUSES])
const earns = sql`${bookings.status} not in ('cancelled', 'no_show')`

/** How many of the salon's bookings count (not cancelled): all of them, or those starting in [from, to). */
export async function countActiveBookings(
  db: Executor,
  salonId: string,
  range?: { from: Date; to: Date },
): Promise<number> {
  const conditions = [eq(bookings.salonId, salonId), counts]
  if (range) conditions.push(gte(bookings.startsAt, range.from), lt(bookings.startsAt, range.to))
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(...conditions))
  return row?.count ?? 0
}

/** Of the salon's appointments that started in [from, to) and were not cancelled: how many, and how many no-shows. */
export async function countNoShows(
  db: Executor,
  salonId: string,
  range: { from: Date; to: Date },
): Promise<{ appointments: number; noShows: number }> {
  const [row] = await db
    .select({
      appointments: sql<number>`count(*)::int`,
      noShows: sql<number>`(count(*) filter (where ${bookings.status} = 'no_show'))::int`,
    })
    .from(bookings)
    .where(
      and(eq(bookings.salonId, salonId), counts, gte(bookings.startsAt, range.from), lt(bookings.startsAt, range.to)),
    )
  return { appointments: row?.appointments ?? 0, noShows: row?.noShows ?? 0 }
}

/** How many of the salon's bookings starting from `now` are still to come (confirmed, pending or held). */
export async function countUpcomingBookings(db: Executor, salonId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.salonId, salonId), toCome, gte(bookings.startsAt, now)))
  return row?.count ?? 0
}

export interface MemberBookingFigures {
  memberId: string
  today: number
  week: number
  /** Minutes booked over the week (the bookings counted), and what the week brings in minor units (no-shows bring nothing). */
  weekMinutes: number
  weekRevenueMinor: number
}

/**
 * The salon's figures per member who has a booking this week, in one read: each booking counts
 * once, for the member who performs it. `today` lies within `week`.
 */
export async function memberBookingFigures(
  db: Executor,
  salonId: string,
  ranges: { today: { from: Date; to: Date }; week: { from: Date; to: Date } },
): Promise<MemberBookingFigures[]> {
  const { today, week } = ranges
  const isToday = sql`${bookings.startsAt} >= ${today.from.toISOString()}::timestamptz and ${bookings.startsAt} < ${today.to.toISOString()}::timestamptz`
  return db
    .select({
      memberId: bookings.memberId,
      today: sql<number>`(count(*) filter (where ${isToday}))::int`,
      week: sql<number>`count(*)::int`,
      weekMinutes: sql<number>`coalesce(sum(${bookings.durationMinutes}), 0)::int`,
      weekRevenueMinor: sql<number>`coalesce(sum(${bookings.priceMinor}) filter (where ${earns}), 0)::int`,
    })
    .from(bookings)
    .where(
      and(eq(bookings.salonId, salonId), counts, gte(bookings.startsAt, week.from), lt(bookings.startsAt, week.to)),
    )
    .groupBy(bookings.memberId)
}

/** Every booking of every salon, cancelled ones included (what a restore reports). */
export async function countAllBookings(db: Executor): Promise<number> {
  return (await db.$count(bookings)) as number
}

/** The salon's most recently made bookings, newest first. */
export async function listRecentBookings(db: Executor, salonId: string, limit: number): Promise<BookingWithCustomer[]> {
  return db
    .select(withCustomerAndMember)
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .where(eq(bookings.salonId, salonId))
    .orderBy(desc(bookings.createdAt))
    .limit(limit)
}

/** A customer's bookings still to come (confirmed, pending or held) ending after `now`, in start order. */
export async function listUpcomingBookingsOfCustomer(
  db: Executor,
  salonId: string,
  customerId: string,
  now: Date,
): Promise<BookingWithCustomer[]> {
  return db
    .select(withCustomerAndMember)
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .where(
      and(
        eq(bookings.salonId, salonId),
        eq(bookings.customerId, customerId),
        // A no-show or a completed appointment (still within its time) is behind them, not to come.
        inArray(bookings.status, [...STILL_TO_COME_STATUSES]),
        gt(bookings.endsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(50)
}

/** Writes a customer's note on a booking; it replaces the booking's earlier note of the same kind. */
export async function saveBookingNote(
  db: Executor,
  note: Pick<BookingNoteRow, 'bookingId' | 'salonId' | 'kind' | 'minutes' | 'appointmentStartsAt' | 'createdAt'>,
): Promise<BookingNoteRow> {
  const [row] = await db
    .insert(bookingNotes)
    .values(note)
    .onConflictDoUpdate({
      target: [bookingNotes.bookingId, bookingNotes.kind],
      set: { minutes: note.minutes, appointmentStartsAt: note.appointmentStartsAt, createdAt: note.createdAt },
    })
    .returning()
  if (!row) throw new Error('insert returned no note')
  return row
}

/** The notes of these bookings, newest first. */
export async function listNotesOfBookings(db: Executor, bookingIds: string[]): Promise<BookingNoteRow[]> {
  if (bookingIds.length === 0) return []
  return db
    .select()
    .from(bookingNotes)
    .where(inArray(bookingNotes.bookingId, [...new Set(bookingIds)]))
    .orderBy(desc(bookingNotes.createdAt))
}

export interface IdempotencyRecord {
  requestHash: string
  statusCode: number
  response: unknown
}

export async function findIdempotencyRecord(
  db: Executor,
  salonId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.salonId, salonId), eq(idempotencyKeys.key, key)))
  return row
}

/**
 * Claims an idempotency key inside the booking's transaction. A second request with the same key
 * waits on the unique key until the first one's transaction ends; if the first booked, the claim
 * fails with a unique violation and the caller replays the stored answer.
 */
export async function claimIdempotencyKey(
  db: Executor,
  salonId: string,
  key: string,
  requestHash: string,
): Promise<void> {
  await db.insert(idempotencyKeys).values({ salonId, key, requestHash, statusCode: 0, response: {} })
}

export async function completeIdempotencyKey(
  db: Executor,
  salonId: string,
  key: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.salonId, salonId), eq(idempotencyKeys.key, key)))
}
