import type { Executor } from '@server/db/client'
import { type BookingEventRow, bookingEvents, teamMembers } from '@server/db/schema'
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

/** A booking's history. The only code that touches the booking_events table. */

export type NewBookingEvent = Pick<BookingEventRow, 'bookingId' | 'salonId' | 'kind' | 'actor' | 'channel' | 'at'> &
  Partial<
    Pick<
      BookingEventRow,
      | 'fromStartsAt'
      | 'fromMemberId'
      | 'toStartsAt'
      | 'toMemberId'
      | 'status'
      | 'reason'
      | 'quiet'
      | 'tellAfter'
      | 'undoes'
      | 'payment'
    >
  >

export async function insertBookingEvent(db: Executor, event: NewBookingEvent): Promise<BookingEventRow> {
  const [row] = await db.insert(bookingEvents).values(event).returning()
  if (!row) throw new Error('insert returned no booking event')
  return row
}

/** An event with the names of the members it moved the booking from and to (null: since deleted). */
export interface BookingEventWithMembers {
  event: BookingEventRow
  fromMember: { id: string; name: string } | null
  toMember: { id: string; name: string } | null
}

const fromMembers = alias(teamMembers, 'from_member')
const toMembers = alias(teamMembers, 'to_member')

/** The booking's history, oldest first. */
export async function listBookingEvents(db: Executor, bookingId: string): Promise<BookingEventWithMembers[]> {
  const rows = await db
    .select({
      event: bookingEvents,
      fromId: fromMembers.id,
      fromName: fromMembers.name,
      toId: toMembers.id,
      toName: toMembers.name,
    })
    .from(bookingEvents)
    .leftJoin(fromMembers, eq(fromMembers.id, bookingEvents.fromMemberId))
    .leftJoin(toMembers, eq(toMembers.id, bookingEvents.toMemberId))
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.seq))
    .limit(500)
  return rows.map((row) => ({
    event: row.event,
    fromMember: row.fromId && row.fromName ? { id: row.fromId, name: row.fromName } : null,
    toMember: row.toId && row.toName ? { id: row.toId, name: row.toName } : null,
  }))
}

/** The booking's latest event, locked until the caller's transaction ends (an undo against the telling job). */
export async function findLatestEvent(db: Executor, bookingId: string): Promise<BookingEventRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(desc(bookingEvents.seq))
    .limit(1)
    .for('update')
  return row
}

/** Whether a later event took this move back (then nobody is told of it). */
export async function isUndone(db: Executor, event: Pick<BookingEventRow, 'id' | 'bookingId'>): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, event.bookingId), eq(bookingEvents.undoes, event.id)))
    .limit(1)
  return row !== undefined
}

/** An event still to be told to the customer, locked until the caller's transaction ends (one job at a time). */
export async function findUntoldEvent(db: Executor, id: string): Promise<BookingEventRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.id, id), isNull(bookingEvents.toldAt)))
    .limit(1)
    .for('update')
  return row
}

export async function findBookingEvent(db: Executor, id: string): Promise<BookingEventRow | undefined> {
  const [row] = await db.select().from(bookingEvents).where(eq(bookingEvents.id, id)).limit(1)
  return row
}

/** A channel that told the customer after the event's telling (a chat's outbox, once the platform took it). */
export async function addEventTeller(
  db: Executor,
  id: string,
  channel: BookingEventRow['toldBy'][number],
): Promise<void> {
  await db
    .update(bookingEvents)
    .set({ toldBy: sql`array_append(${bookingEvents.toldBy}, ${channel})` })
    .where(and(eq(bookingEvents.id, id), sql`not (${channel} = any(${bookingEvents.toldBy}))`))
}

export async function markEventTold(
  db: Executor,
  id: string,
  toldBy: BookingEventRow['toldBy'],
  toldAt: Date,
): Promise<void> {
  await db.update(bookingEvents).set({ toldBy, toldAt }).where(eq(bookingEvents.id, id))
}
