import type { Executor } from '@server/db/client'
import {
  bookings,
  customers,
  services,
  teamMembers,
  type WaitingListEntryRow,
  waitingListEntries,
} from '@server/db/schema'
import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm'

/** The waiting list for full days. The only code that touches the waiting_list_entries table. */

export type NewWaitingEntry = Pick<
  WaitingListEntryRow,
  'salonId' | 'customerId' | 'serviceIds' | 'memberId' | 'day' | 'part' | 'channel'
>

const ACTIVE = ['waiting', 'offered'] as const

/** Inserts a waiting customer; undefined when they already wait for that day (one place per day). */
export async function insertEntry(db: Executor, entry: NewWaitingEntry): Promise<WaitingListEntryRow | undefined> {
  const [row] = await db.insert(waitingListEntries).values(entry).onConflictDoNothing().returning()
  return row
}

export async function findEntry(db: Executor, id: string): Promise<WaitingListEntryRow | undefined> {
  const [row] = await db.select().from(waitingListEntries).where(eq(waitingListEntries.id, id))
  return row
}

/** The entry, locked for the caller's transaction (an acceptance, a message being claimed). */
export async function lockEntry(db: Executor, id: string): Promise<WaitingListEntryRow | undefined> {
  const [row] = await db.select().from(waitingListEntries).where(eq(waitingListEntries.id, id)).for('update')
  return row
}

/**
 * A salon's customers still waiting (or offered a time) for a day from `fromDay` on, in the order
 * they joined, locked: one review of the salon's list at a time decides who is told what.
 */
export async function lockActiveEntries(
  db: Executor,
  salonId: string,
  fromDay: string,
): Promise<{ entry: WaitingListEntryRow; erased: boolean }[]> {
  const rows = await db
    .select({ entry: waitingListEntries, erasedAt: customers.erasedAt })
    .from(waitingListEntries)
    .innerJoin(customers, eq(customers.id, waitingListEntries.customerId))
    .where(
      and(
        eq(waitingListEntries.salonId, salonId),
        inArray(waitingListEntries.status, [...ACTIVE]),
        gte(waitingListEntries.day, fromDay),
      ),
    )
    .orderBy(asc(waitingListEntries.day), asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
    .for('update', { of: waitingListEntries })
  return rows.map(({ entry, erasedAt }) => ({ entry, erased: erasedAt !== null }))
}

/** The salons with someone waiting for a day from `fromDay` on (the periodic review's round). */
export async function salonsWithActiveEntries(db: Executor, fromDay: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ salonId: waitingListEntries.salonId })
    .from(waitingListEntries)
    .where(and(inArray(waitingListEntries.status, [...ACTIVE]), gte(waitingListEntries.day, fromDay)))
  return rows.map((row) => row.salonId)
}

/** A customer's entry with a time offered to them now at a salon (the chat's "yes"), the most recent. */
export async function findOpenOffer(
  db: Executor,
  salonId: string,
  customerId: string,
): Promise<WaitingListEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.salonId, salonId),
        eq(waitingListEntries.customerId, customerId),
        eq(waitingListEntries.status, 'offered'),
      ),
    )
    .orderBy(sql`${waitingListEntries.toldAt} desc nulls last`)
    .limit(1)
  return row
}

export type EntryChange = Partial<
  Pick<WaitingListEntryRow, 'status' | 'offerStartsAt' | 'offeredStarts' | 'bookingId' | 'toldBy' | 'toldAt'>
>

export async function updateEntry(
  db: Executor,
  id: string,
  change: EntryChange,
  now: Date,
): Promise<WaitingListEntryRow | undefined> {
  const [row] = await db
    .update(waitingListEntries)
    .set({ ...change, updatedAt: now })
    .where(eq(waitingListEntries.id, id))
    .returning()
  return row
}

/**
 * Claims the message `key` for the entry: true once, for the first caller. Written before the
 * message goes out, so a retried job finds it claimed and tells nobody twice.
 */
export async function claimMessage(db: Executor, id: string, key: string): Promise<boolean> {
  const rows = await db
    .update(waitingListEntries)
    .set({ lastTold: key })
    .where(and(eq(waitingListEntries.id, id), sql`${waitingListEntries.lastTold} is distinct from ${key}`))
    .returning({ id: waitingListEntries.id })
  return rows.length > 0
}

/** Takes a customer off a salon's list (the desk); false when no such entry is on it. */
export async function removeEntry(db: Executor, salonId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(waitingListEntries)
    .set({ status: 'removed', offerStartsAt: null, updatedAt: now })
    .where(
      and(
        eq(waitingListEntries.salonId, salonId),
        eq(waitingListEntries.id, id),
        ne(waitingListEntries.status, 'removed'),
      ),
    )
    .returning({ id: waitingListEntries.id })
  return rows.length > 0
}

/** An entry with the names the dashboard shows. */
export interface EntryWithNames {
  entry: WaitingListEntryRow
  customer: { id: string; name: string; phone: string | null }
  member: { id: string; name: string } | null
}

/** A salon's list for the days [fromDay, toDay], removed entries left out, by day then joining order. */
export async function listEntries(
  db: Executor,
  salonId: string,
  fromDay: string,
  toDay: string,
): Promise<EntryWithNames[]> {
  const rows = await db
    .select({
      entry: waitingListEntries,
      customer: { id: customers.id, name: customers.name, phone: customers.phone },
      memberName: teamMembers.name,
    })
    .from(waitingListEntries)
    .innerJoin(customers, eq(customers.id, waitingListEntries.customerId))
    .leftJoin(teamMembers, eq(teamMembers.id, waitingListEntries.memberId))
    .where(
      and(
        eq(waitingListEntries.salonId, salonId),
        ne(waitingListEntries.status, 'removed'),
        // An erased customer's place goes with them (the next review takes it off for good).
        isNull(customers.erasedAt),
        gte(waitingListEntries.day, fromDay),
        lte(waitingListEntries.day, toDay),
      ),
    )
    .orderBy(asc(waitingListEntries.day), asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
  return rows.map(({ entry, customer, memberName }) => ({
    entry,
    customer,
    member: entry.memberId && memberName !== null ? { id: entry.memberId, name: memberName } : null,
  }))
}

/** The names of services by id (a service renamed since still shows its name of today). */
export async function serviceNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(inArray(services.id, [...ids]))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/**
 * Whether the customer has an appointment still holding its time that starts in [from, to) for
 * each of the services: their wish for the day came true, however it was booked.
 */
export async function hasBookedServices(
  db: Executor,
  customerId: string,
  serviceIds: readonly string[],
  from: Date,
  to: Date,
): Promise<{ booked: boolean; bookingId: string | null }> {
  const rows = await db
    .select({ id: bookings.id, serviceId: bookings.serviceId })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, customerId),
        ne(bookings.status, 'cancelled'),
        gte(bookings.startsAt, from),
        sql`${bookings.startsAt} < ${to}`,
      ),
    )
    .orderBy(asc(bookings.startsAt))
  const booked = serviceIds.every((id) => rows.some((row) => row.serviceId === id))
  return { booked, bookingId: booked ? (rows[0]?.id ?? null) : null }
}

/**
 * A customer merged into another (the desk's "merge duplicates"): their places on the list become
 * the kept customer's; where both wait for the same day, the kept one's place stays and the
 * duplicate's is taken off (one place per customer and day).
 */
export async function moveWaitingEntries(db: Executor, fromCustomerId: string, toCustomerId: string, now: Date) {
  await db.execute(sql`
    update ${waitingListEntries} as moved
    set status = 'removed', offer_starts_at = null, updated_at = ${now}
    where moved.customer_id = ${fromCustomerId}
      and moved.status in ('waiting', 'offered')
      and exists (
        select 1 from ${waitingListEntries} kept
        where kept.customer_id = ${toCustomerId} and kept.salon_id = moved.salon_id and kept.day = moved.day
          and kept.status in ('waiting', 'offered')
      )`)
  await db
    .update(waitingListEntries)
    .set({ customerId: toCustomerId, updatedAt: now })
    .where(eq(waitingListEntries.customerId, fromCustomerId))
}

/** When a booking starts (the time a waiting customer took), or null if it is gone. */
export async function bookingStart(db: Executor, bookingId: string): Promise<Date | null> {
  const [row] = await db.select({ startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.id, bookingId))
  return row?.startsAt ?? null
}
