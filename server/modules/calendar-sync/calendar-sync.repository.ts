import type { Executor } from '@server/db/client'
import {
  type BookingRow,
  bookingNotes,
  bookings,
  type CalendarConnectionRow,
  type CalendarEventRow,
  calendarBusyTimes,
  calendarConnections,
  calendarEvents,
  customers,
  salons,
  teamMembers,
} from '@server/db/schema'
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'

/**
 * The calendar sync's tables: the salon's connected calendars, bookings' events in them, and the
 * busy times their own events make. The only code that touches those tables.
 */

export type { CalendarConnectionRow }

export async function findConnection(db: Executor, calendarId: string): Promise<CalendarConnectionRow | undefined> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, calendarId)).limit(1)
  return row
}

/** The salon's calendars, the one receiving bookings first, then in the order they were connected. */
export async function listConnectionsOfSalon(db: Executor, salonId: string): Promise<CalendarConnectionRow[]> {
  return db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.salonId, salonId))
    .orderBy(desc(calendarConnections.writesBookings), calendarConnections.connectedAt, calendarConnections.id)
}

/** The calendar that receives the salon's bookings, if any (usable or not). */
export async function findWriter(db: Executor, salonId: string): Promise<CalendarConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.salonId, salonId), eq(calendarConnections.writesBookings, true)))
    .limit(1)
  return row
}

/** The calendar receiving the bookings of this booking's salon, if any. */
export async function findWriterOfBooking(db: Executor, bookingId: string): Promise<CalendarConnectionRow | undefined> {
  const [row] = await db
    .select({ connection: calendarConnections })
    .from(bookings)
    .innerJoin(
      calendarConnections,
      and(eq(calendarConnections.salonId, bookings.salonId), eq(calendarConnections.writesBookings, true)),
    )
    .where(eq(bookings.id, bookingId))
    .limit(1)
  return row?.connection
}

/** Whether the salon has a calendar receiving bookings that is usable (bookings are to be pushed). */
export async function hasLiveWriter(db: Executor, salonId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.salonId, salonId),
        eq(calendarConnections.writesBookings, true),
        isNull(calendarConnections.reconnectRequiredAt),
      ),
    )
    .limit(1)
  return Boolean(row)
}

export async function findConnectionOfProvider(
  db: Executor,
  salonId: string,
  provider: string,
): Promise<CalendarConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.salonId, salonId), eq(calendarConnections.provider, provider)))
    .orderBy(calendarConnections.connectedAt)
    .limit(1)
  return row
}

export async function findConnectionByChannel(
  db: Executor,
  channelId: string,
): Promise<CalendarConnectionRow | undefined> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.channelId, channelId)).limit(1)
  return row
}

/** Calendars that are connected and usable, of every salon (the periodic reads). */
export async function listLiveConnections(db: Executor): Promise<CalendarConnectionRow[]> {
  return db.select().from(calendarConnections).where(isNull(calendarConnections.reconnectRequiredAt))
}

/** The account's live calendars of each salon, for the salons' pages (`provider`'s only). */
export async function listLiveAccounts(
  db: Executor,
  salonIds: string[],
): Promise<Pick<CalendarConnectionRow, 'salonId' | 'account' | 'provider' | 'writesBookings'>[]> {
  if (salonIds.length === 0) return []
  return db
    .select({
      salonId: calendarConnections.salonId,
      account: calendarConnections.account,
      provider: calendarConnections.provider,
      writesBookings: calendarConnections.writesBookings,
    })
    .from(calendarConnections)
    .where(and(inArray(calendarConnections.salonId, salonIds), isNull(calendarConnections.reconnectRequiredAt)))
}

export type NewConnection = Pick<
  CalendarConnectionRow,
  'salonId' | 'provider' | 'account' | 'calendarRef' | 'calendarName' | 'credentials' | 'connectedAt'
> & { memberId?: string | null }

/**
 * Adds the calendar, or finds it again (the same account's same calendar connected anew): its
 * credentials are replaced and a "reconnect" state cleared; what we knew of it stays. It receives
 * bookings when the salon had no calendar doing so.
 */
export async function saveConnection(db: Executor, connection: NewConnection): Promise<CalendarConnectionRow> {
  const hasWriter = Boolean(await findWriter(db, connection.salonId))
  const [row] = await db
    .insert(calendarConnections)
    .values({ ...connection, writesBookings: !hasWriter && !connection.memberId, updatedAt: connection.connectedAt })
    .onConflictDoUpdate({
      target: [
        calendarConnections.salonId,
        calendarConnections.provider,
        calendarConnections.account,
        calendarConnections.calendarRef,
      ],
      set: {
        calendarName: connection.calendarName,
        credentials: connection.credentials,
        reconnectRequiredAt: null,
        lastError: null,
        lastErrorAt: null,
        failures: 0,
        updatedAt: connection.connectedAt,
      },
    })
    .returning()
  if (!row) throw new Error('calendar connection not saved')
  return row
}

export type ConnectionChanges = Partial<
  Omit<CalendarConnectionRow, 'id' | 'salonId' | 'memberId' | 'provider' | 'account' | 'calendarRef'>
>

export async function updateConnection(db: Executor, calendarId: string, changes: ConnectionChanges): Promise<void> {
  await db.update(calendarConnections).set(changes).where(eq(calendarConnections.id, calendarId))
}

/** Makes one calendar the salon's only one receiving bookings (the unique index allows one). */
export async function makeWriter(db: Executor, salonId: string, calendarId: string): Promise<void> {
  await db
    .update(calendarConnections)
    .set({ writesBookings: false })
    .where(and(eq(calendarConnections.salonId, salonId), ne(calendarConnections.id, calendarId)))
  await db
    .update(calendarConnections)
    .set({ writesBookings: true })
    .where(and(eq(calendarConnections.salonId, salonId), eq(calendarConnections.id, calendarId)))
}

/** Removes calendars (their links and busy times go with them); returns what was removed. */
export async function deleteConnections(
  db: Executor,
  salonId: string,
  calendarIds?: string[],
): Promise<CalendarConnectionRow[]> {
  if (calendarIds?.length === 0) return []
  return db
    .delete(calendarConnections)
    .where(
      and(
        eq(calendarConnections.salonId, salonId),
        calendarIds ? inArray(calendarConnections.id, calendarIds) : undefined,
      ),
    )
    .returning()
}

const bookingColumns = {
  id: bookings.id,
  salonId: bookings.salonId,
  serviceName: bookings.serviceName,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  status: bookings.status,
  channel: bookings.channel,
  customerName: customers.name,
  customerPhone: customers.phone,
  memberName: teamMembers.name,
  // A solo salon's events need no name: its owner is the only one who works there.
  teamOfSeveral: sql<boolean>`(select count(*) > 1 from ${teamMembers} t where t.salon_id = ${bookings.salonId})`,
  lateMinutes: bookingNotes.minutes,
  lateNotedAt: bookingNotes.createdAt,
}

/** The customer's "I'll be late" about the booking's current start (one at most: one note per kind). */
const lateNoteOfBooking = and(
  eq(bookingNotes.bookingId, bookings.id),
  eq(bookingNotes.kind, 'late'),
  eq(bookingNotes.appointmentStartsAt, bookings.startsAt),
)

export type BookingWithCustomer = {
  id: string
  salonId: string
  serviceName: string
  startsAt: Date
  endsAt: Date
  status: BookingRow['status']
  channel: BookingRow['channel']
  customerName: string
  customerPhone: string | null
  /** Who performs it, and whether the salon has other members (then the event names them). */
  memberName: string
  teamOfSeveral: boolean
  /** The customer said they would be late (`lateNotedAt`), by `lateMinutes` when they said how much. */
  lateMinutes: number | null
  lateNotedAt: Date | null
}

const linkIn = (calendarId: string) =>
  and(eq(calendarEvents.bookingId, bookings.id), eq(calendarEvents.calendarId, calendarId))

/** The booking and its event in one calendar (null: none written there yet). */
export async function findBookingWithLink(
  db: Executor,
  bookingId: string,
  calendarId: string,
): Promise<{ booking: BookingWithCustomer; link: CalendarEventRow | null } | undefined> {
  const [row] = await db
    .select({ booking: bookingColumns, link: calendarEvents })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .leftJoin(calendarEvents, linkIn(calendarId))
    .leftJoin(bookingNotes, lateNoteOfBooking)
    .where(eq(bookings.id, bookingId))
    .limit(1)
  return row
}

/**
 * What a full synchronisation of the calendar receiving bookings must look at: bookings still to
 * come that are active (their event must be there and current), and cancelled ones whose event is
 * still there (to remove).
 */
export async function listBookingsToReconcile(
  db: Executor,
  salonId: string,
  calendarId: string,
  now: Date,
): Promise<{ booking: BookingWithCustomer; link: CalendarEventRow | null }[]> {
  return db
    .select({ booking: bookingColumns, link: calendarEvents })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .leftJoin(calendarEvents, linkIn(calendarId))
    .leftJoin(bookingNotes, lateNoteOfBooking)
    .where(
      and(
        eq(bookings.salonId, salonId),
        or(
          and(ne(bookings.status, 'cancelled'), gt(bookings.endsAt, now)),
          and(eq(bookings.status, 'cancelled'), eq(calendarEvents.state, 'present')),
        ),
      ),
    )
    .orderBy(bookings.startsAt)
}

export type CalendarEventLink = CalendarEventRow

/** Start, end and status of some of the salon's bookings (to compare with their events in Google). */
export async function findBookingTimes(
  db: Executor,
  salonId: string,
  bookingIds: string[],
): Promise<Pick<BookingRow, 'id' | 'startsAt' | 'endsAt' | 'status'>[]> {
  if (bookingIds.length === 0) return []
  return db
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.salonId, salonId), inArray(bookings.id, bookingIds)))
}

export async function saveLink(db: Executor, link: CalendarEventRow): Promise<void> {
  const { bookingId: _, calendarId: __, ...changes } = link
  await db
    .insert(calendarEvents)
    .values(link)
    .onConflictDoUpdate({ target: [calendarEvents.bookingId, calendarEvents.calendarId], set: changes })
}

/**
 * These bookings' events are gone from the calendar (deleted or moved by hand): their next push
 * writes them anew, as a new generation (Graph would answer a reused transactionId with the
 * deleted event).
 */
export async function markLinksGone(db: Executor, calendarId: string, bookingIds: string[]): Promise<void> {
  if (bookingIds.length === 0) return
  await db
    .update(calendarEvents)
    .set({ state: 'removed', fingerprint: '', etag: null, sequence: sql`${calendarEvents.sequence} + 1` })
    .where(and(eq(calendarEvents.calendarId, calendarId), inArray(calendarEvents.bookingId, bookingIds)))
}

/** The calendar's events we wrote that are still there (a calendar that no longer receives bookings sheds them). */
export async function listPresentLinks(db: Executor, calendarId: string): Promise<CalendarEventRow[]> {
  return db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.calendarId, calendarId), eq(calendarEvents.state, 'present')))
}

/** What we knew of the calendar (it is now another account's): its links and busy times go. */
export async function clearCalendar(db: Executor, calendarId: string): Promise<void> {
  await db.delete(calendarEvents).where(eq(calendarEvents.calendarId, calendarId))
  await db.delete(calendarBusyTimes).where(eq(calendarBusyTimes.calendarId, calendarId))
}

/** What one of a calendar's events blocks: its id there, and the object it came from (CalDAV: a series gives several). */
export interface BusyTime {
  eventId: string
  objectId?: string | null
  startsAt: Date
  endsAt: Date
  allDay: boolean
  summary: string | null
}

export async function upsertBusyTimes(
  db: Executor,
  calendar: { salonId: string; calendarId: string },
  times: BusyTime[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < times.length; i += 500) {
    const chunk = times.slice(i, i + 500).map((time) => ({ ...time, ...calendar, updatedAt: now }))
    await db
      .insert(calendarBusyTimes)
      .values(chunk)
      .onConflictDoUpdate({
        target: [calendarBusyTimes.calendarId, calendarBusyTimes.eventId],
        set: {
          objectId: sql`excluded.object_id`,
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          allDay: sql`excluded.all_day`,
          summary: sql`excluded.summary`,
          updatedAt: now,
        },
      })
  }
}

export async function deleteBusyTimes(db: Executor, calendarId: string, eventIds: string[]): Promise<void> {
  for (let i = 0; i < eventIds.length; i += 500) {
    await db
      .delete(calendarBusyTimes)
      .where(
        and(
          eq(calendarBusyTimes.calendarId, calendarId),
          inArray(calendarBusyTimes.eventId, eventIds.slice(i, i + 500)),
        ),
      )
  }
}

/** Every row a calendar object gave (a changed or deleted CalDAV object: its series is read anew). */
export async function deleteBusyTimesOfObjects(db: Executor, calendarId: string, objectIds: string[]): Promise<void> {
  for (let i = 0; i < objectIds.length; i += 500) {
    await db
      .delete(calendarBusyTimes)
      .where(
        and(
          eq(calendarBusyTimes.calendarId, calendarId),
          inArray(calendarBusyTimes.objectId, objectIds.slice(i, i + 500)),
        ),
      )
  }
}

export async function deleteAllBusyTimes(db: Executor, calendarId: string): Promise<void> {
  await db.delete(calendarBusyTimes).where(eq(calendarBusyTimes.calendarId, calendarId))
}

/** The calendar's busy times still to come (its card's count). */
export async function countBusyTimesOfCalendar(db: Executor, calendarId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(calendarBusyTimes)
    .where(and(eq(calendarBusyTimes.calendarId, calendarId), gt(calendarBusyTimes.endsAt, now)))
  return row?.count ?? 0
}

export async function countBusyTimes(db: Executor, salonId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(calendarBusyTimes)
    .where(and(eq(calendarBusyTimes.salonId, salonId), gt(calendarBusyTimes.endsAt, now)))
  return row?.count ?? 0
}

export interface ConflictRow {
  bookingId: string
  bookingStartsAt: Date
  serviceName: string
  customerName: string
  eventSummary: string | null
  eventStartsAt: Date
  eventEndsAt: Date
  allDay: boolean
}

/** The salon's own events that overlap an active booking still to come. */
export async function listConflicts(db: Executor, salonId: string, now: Date, limit: number): Promise<ConflictRow[]> {
  return db
    .select({
      bookingId: bookings.id,
      bookingStartsAt: bookings.startsAt,
      serviceName: bookings.serviceName,
      customerName: customers.name,
      eventSummary: calendarBusyTimes.summary,
      eventStartsAt: calendarBusyTimes.startsAt,
      eventEndsAt: calendarBusyTimes.endsAt,
      allDay: calendarBusyTimes.allDay,
    })
    .from(calendarBusyTimes)
    .innerJoin(
      bookings,
      and(
        eq(bookings.salonId, calendarBusyTimes.salonId),
        ne(bookings.status, 'cancelled'),
        sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}, '[)') && tstzrange(${calendarBusyTimes.startsAt}, ${calendarBusyTimes.endsAt}, '[)')`,
      ),
    )
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .where(and(eq(calendarBusyTimes.salonId, salonId), gt(bookings.endsAt, now)))
    .orderBy(bookings.startsAt)
    .limit(limit)
}

/** Pushes of the salon's bookings that failed for good (retries exhausted), from pg-boss's table. */
export async function countFailedPushes(db: Executor, salonId: string): Promise<number> {
  const { rows } = (await db.execute(sql`
    select count(*)::int as count
    from pgboss.job job
    join ${bookings} on ${bookings.id}::text = job.data->>'bookingId'
    where job.name = 'calendar.push-booking' and job.state = 'failed' and ${bookings.salonId} = ${salonId}
  `)) as unknown as { rows: { count: number }[] }
  return rows[0]?.count ?? 0
}

/** Whether a synchronisation of the salon (or of one of its calendars, when given) is waiting or running. */
export async function isSyncPending(db: Executor, salonId: string, calendarId?: string): Promise<boolean> {
  const keys = calendarId
    ? sql`singleton_key = ${calendarId}`
    : sql`(singleton_key = ${salonId} or singleton_key in (
        select id::text from ${calendarConnections} where ${calendarConnections.salonId} = ${salonId}))`
  const { rows } = (await db.execute(sql`
    select 1 from pgboss.job
    where name in ('calendar.sync-salon', 'calendar.sync-calendar') and ${keys} and state in ('created', 'retry', 'active')
    limit 1
  `)) as unknown as { rows: unknown[] }
  return rows.length > 0
}

/** Whether a job of this queue and key waits for its retry (pg-boss's state 'retry'). */
export async function isRetryWaiting(db: Executor, queue: string, key: string): Promise<boolean> {
  const { rows } = (await db.execute(sql`
    select 1 from pgboss.job where name = ${queue} and singleton_key = ${key} and state = 'retry' limit 1
  `)) as unknown as { rows: unknown[] }
  return rows.length > 0
}

export async function findSalonForCalendar(db: Executor, salonId: string) {
  const [row] = await db
    .select({
      id: salons.id,
      publicId: salons.publicId,
      address: salons.address,
      timeZone: salons.timeZone,
      country: salons.country,
    })
    .from(salons)
    .where(eq(salons.id, salonId))
    .limit(1)
  return row
}
