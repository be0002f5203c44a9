import { STILL_TO_COME_STATUSES } from '@common/schemas/booking'
import type { Executor } from '@server/db/client'
import {
  type BookingNoteRow,
  type BookingRow,
  bookingEvents,
  bookingNotes,
  bookings,
  type CustomerRow,
  conversations,
  customerIdentities,
  customers,
  salonMessages,
} from '@server/db/schema'
import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'

export type CustomerIdentityRow = typeof customerIdentities.$inferSelect

/** A booking still to come (confirmed, pending or held). */
const stillToCome = inArray(bookings.status, [...STILL_TO_COME_STATUSES])

/** Customers and the channel identities they wrote from. The only code that touches those tables. */

export async function findCustomerByIdentity(
  db: Executor,
  salonId: string,
  channel: string,
  externalId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select({ customer: customers })
    .from(customerIdentities)
    .innerJoin(customers, eq(customers.id, customerIdentities.customerId))
    .where(
      and(
        eq(customerIdentities.salonId, salonId),
        eq(customerIdentities.channel, channel),
        eq(customerIdentities.externalId, externalId),
      ),
    )
    .limit(1)
  return row?.customer
}

export async function findCustomerByPhone(
  db: Executor,
  salonId: string,
  phone: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.salonId, salonId), eq(customers.phone, phone)))
    .limit(1)
  return row
}

/**
 * The salon's customers whose number has these digits, however it was typed ("+33 6 12…",
 * "+33612…"); the most recently seen first, erased ones left out.
 */
export async function findCustomersByPhoneDigits(
  db: Executor,
  salonId: string,
  digits: string,
): Promise<CustomerRow[]> {
  return db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.salonId, salonId),
        isNull(customers.erasedAt),
        sql`regexp_replace(${customers.phone}, '[^0-9]', '', 'g') = ${digits}`,
      ),
    )
    .orderBy(desc(customers.updatedAt))
    .limit(2)
}

export async function insertCustomer(
  db: Executor,
  values: Pick<CustomerRow, 'salonId' | 'name' | 'phone' | 'language'> & Partial<Pick<CustomerRow, 'email'>>,
): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning()
  if (!row) throw new Error('insert returned no customer')
  return row
}

/** The ids a salon's customer is known by on one channel (a Telegram chat, an Instagram user, a WhatsApp number). */
export async function externalIdsOn(
  db: Executor,
  salonId: string,
  customerId: string,
  channel: string,
): Promise<string[]> {
  const rows = await db
    .select({ externalId: customerIdentities.externalId })
    .from(customerIdentities)
    .where(
      and(
        eq(customerIdentities.salonId, salonId),
        eq(customerIdentities.customerId, customerId),
        eq(customerIdentities.channel, channel),
      ),
    )
  return rows.map((r) => r.externalId)
}

export async function linkIdentity(
  db: Executor,
  values: { salonId: string; channel: string; externalId: string; customerId: string },
): Promise<void> {
  await db.insert(customerIdentities).values(values).onConflictDoNothing()
}

export async function updateCustomer(
  db: Executor,
  id: string,
  changes: Partial<Pick<CustomerRow, 'name' | 'phone' | 'email' | 'language'>>,
  now: Date,
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set({ ...changes, updatedAt: now })
    .where(eq(customers.id, id))
    .returning()
  if (!row) throw new Error('update returned no customer')
  return row
}

// ——— The salon's customer list and files (dashboard "Clients") ———
// A customer's file gathers what the salon holds about them, some of it in other domains' tables
// (bookings, their notes, the assistant's conversations): reading it, exporting it and erasing it
// are one question ("what do we hold about this person?"), answered here in one place.

/** Latin letters with the accents of French, German and Italian names, and the same without. */
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ'
const PLAIN = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy'

/** How a name is compared in a search: accents dropped, lower case (the database side of `nameKey`). */
const nameKeySql = sql`lower(translate(${customers.name}, ${ACCENTED}, ${PLAIN}))`
const phoneDigitsSql = sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g')`

const PLAIN_OF = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i] as string]))

/** The same key for what a person typed (letters the table lacks lose their accents all the same). */
export function nameKey(value: string): string {
  const mapped = [...value.normalize('NFC')].map((c) => PLAIN_OF.get(c) ?? c).join('')
  return mapped.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase()
}

const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined
  const byName = sql`${nameKeySql} like ${`%${likeEscaped(nameKey(search))}%`}`
  const digits = search.replace(/\D/g, '')
  if (digits.length < 2) return byName
  // "06 12 34" finds "+33 6 12 34 56 78" too: a national number's leading 0 is not in the international form.
  const digitForms = digits.length >= 4 && digits.startsWith('0') ? [digits, digits.slice(1)] : [digits]
  return or(byName, ...digitForms.map((d) => sql`${phoneDigitsSql} like ${`%${d}%`}`))
}

export interface CustomerListRow {
  id: string
  name: string
  phone: string | null
  bookingCount: number
  lastVisit: Date | null
  nextVisit: Date | null
}

/** One page of the salon's customers (erased ones left out), by name, with their visits around `now`. */
export async function listCustomers(
  db: Executor,
  salonId: string,
  options: { search: string | undefined; now: Date; limit: number; offset: number },
): Promise<{ rows: CustomerListRow[]; total: number }> {
  const where = and(eq(customers.salonId, salonId), isNull(customers.erasedAt), searchCondition(options.search))
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: customers.id,
        name: customers.name,
        phone: customers.phone,
        bookingCount: sql<number>`count(${bookings.id}) filter (where ${bookings.status} <> 'cancelled')`.mapWith(
          Number,
        ),
        lastVisit:
          sql<Date | null>`max(${bookings.startsAt}) filter (where ${bookings.startsAt} <= ${options.now} and ${bookings.status} not in ('cancelled', 'pending', 'no_show'))`.mapWith(
            bookings.startsAt,
          ),
        nextVisit:
          sql<Date | null>`min(${bookings.startsAt}) filter (where ${bookings.startsAt} > ${options.now} and ${stillToCome})`.mapWith(
            bookings.startsAt,
          ),
      })
      .from(customers)
      .leftJoin(bookings, eq(bookings.customerId, customers.id))
      .where(where)
      .groupBy(customers.id)
      .orderBy(nameKeySql, customers.id)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(customers).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/**
 * How many of each customer's bookings were no-shows: the one place that knows what a no-show is
 * (status 'no_show', which the agenda sets; none before it does).
 */
export async function countNoShows(db: Executor, customerIds: readonly string[]): Promise<Map<string, number>> {
  if (customerIds.length === 0) return new Map()
  const rows = await db
    .select({ customerId: bookings.customerId, noShows: count() })
    .from(bookings)
    .where(and(inArray(bookings.customerId, [...customerIds]), sql`${bookings.status} = 'no_show'`))
    .groupBy(bookings.customerId)
  return new Map(rows.map((r) => [r.customerId, r.noShows]))
}

/** The salon's customer with this id; with `lock`, held until the caller's transaction ends. */
export async function findSalonCustomer(
  db: Executor,
  salonId: string,
  customerId: string,
  options: { lock?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.salonId, salonId)))
    .limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export function listIdentities(db: Executor, customerId: string): Promise<CustomerIdentityRow[]> {
  return db
    .select()
    .from(customerIdentities)
    .where(eq(customerIdentities.customerId, customerId))
    .orderBy(customerIdentities.createdAt)
}

/** Every booking of the customer, newest first, with what they said about each. */
export async function listCustomerBookings(
  db: Executor,
  customerId: string,
): Promise<{ bookings: BookingRow[]; notes: BookingNoteRow[] }> {
  const rows = await db
    .select()
    .from(bookings)
    .where(eq(bookings.customerId, customerId))
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
  const notes =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(bookingNotes)
          .where(
            inArray(
              bookingNotes.bookingId,
              rows.map((b) => b.id),
            ),
          )
  return { bookings: rows, notes }
}

export async function setCustomerNotes(
  db: Executor,
  customerId: string,
  notes: string | null,
  now: Date,
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set({ notes, updatedAt: now })
    .where(eq(customers.id, customerId))
    .returning()
  if (!row) throw new Error('update returned no customer')
  return row
}

/** The customer's bookings still to come (confirmed, pending or held), soonest first. */
export function listUpcomingBookings(db: Executor, customerId: string, now: Date): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), gt(bookings.endsAt, now), stillToCome))
    .orderBy(asc(bookings.startsAt))
}

/**
 * Erases what identifies the customer: name replaced by `anonymisedName`, phone, e-mail and notes
 * removed (also the salon's notes and reasons on their bookings),
 * channel identities, the notes of their bookings, their conversations and the salon's messages to
 * their chat deleted. Their bookings
 * stay, under the same (anonymised) customer. The ids of those bookings are returned.
 */
export async function eraseCustomerData(
  db: Executor,
  customerId: string,
  anonymisedName: string,
  now: Date,
): Promise<string[]> {
  await db
    .update(customers)
    .set({ name: anonymisedName, phone: null, email: null, notes: null, erasedAt: now, updatedAt: now })
    .where(eq(customers.id, customerId))
  await db.delete(customerIdentities).where(eq(customerIdentities.customerId, customerId))
  await db.delete(conversations).where(eq(conversations.customerId, customerId))
  await db.delete(salonMessages).where(eq(salonMessages.customerId, customerId))
  const kept = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, customerId))
  if (kept.length > 0) {
    const ids = kept.map((b) => b.id)
    await db.delete(bookingNotes).where(inArray(bookingNotes.bookingId, ids))
    // What the salon wrote about those appointments may name them too.
    await db.update(bookings).set({ salonNote: null, cancelReason: null }).where(inArray(bookings.id, ids))
    await db.update(bookingEvents).set({ reason: null }).where(inArray(bookingEvents.bookingId, ids))
  }
  return kept.map((b) => b.id)
}

/**
 * Moves everything of the customer `duplicateId` to `keptId` (merging one person's two files):
 * their bookings, channel identities, chats and the salon's messages to them; the duplicate row is
 * then deleted. Returns the ids of the bookings moved.
 */
export async function moveCustomerInto(db: Executor, duplicateId: string, keptId: string): Promise<string[]> {
  const moved = await db
    .update(bookings)
    .set({ customerId: keptId })
    .where(eq(bookings.customerId, duplicateId))
    .returning({ id: bookings.id })
  await db.update(customerIdentities).set({ customerId: keptId }).where(eq(customerIdentities.customerId, duplicateId))
  await db.update(conversations).set({ customerId: keptId }).where(eq(conversations.customerId, duplicateId))
  await db.update(salonMessages).set({ customerId: keptId }).where(eq(salonMessages.customerId, duplicateId))
  await db.delete(customers).where(eq(customers.id, duplicateId))
  return moved.map((b) => b.id)
}

/** The kept customer's contacts and note once merged. */
export async function updateMergedCustomer(
  db: Executor,
  customerId: string,
  changes: { phone: string | null; email: string | null; notes: string | null },
  now: Date,
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set({ ...changes, updatedAt: now })
    .where(eq(customers.id, customerId))
    .returning()
  if (!row) throw new Error('update returned no customer')
  return row
}
