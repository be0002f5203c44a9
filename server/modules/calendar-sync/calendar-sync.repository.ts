import type { Executor } from '@server/db/client'
import {
  type BookingRow,
  bookingNotes,
  bookings,
  type CalendarBusyTimeRow,
  type CalendarEventRow,
  calendarBusyTimes,
  calendarEvents,
  customers,
  type GoogleAccountRow,
  googleAccounts,
  salons,
  teamMembers,
} from '@server/db/schema'
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'

/** The calendar sync's tables: bookings' events, the salon's busy times, and the sync state. */

export type SyncState = Pick<
  GoogleAccountRow,
  | 'salonId'
  | 'email'
  | 'reconnectRequiredAt'
  | 'syncToken'
  | 'lastPulledAt'
  | 'lastSyncedAt'
  | 'lastSyncCounts'
  | 'lastError'
  | 'lastErrorAt'
  | 'watchChannelId'
  | 'watchResourceId'
  | 'watchTokenHash'
  | 'watchExpiresAt'
>

export async function findSyncState(db: Executor, salonId: string): Promise<SyncState | undefined> {
  const [row] = await db.select().from(googleAccounts).where(eq(googleAccounts.salonId, salonId)).limit(1)
  return row
}

export async function findSyncStateByChannel(db: Executor, channelId: string): Promise<SyncState | undefined> {
  const [row] = await db.select().from(googleAccounts).where(eq(googleAccounts.watchChannelId, channelId)).limit(1)
  return row
}

export async function updateSyncState(
  db: Executor,
  salonId: string,
  changes: Partial<Omit<SyncState, 'salonId' | 'email'>>,
): Promise<void> {
  await db.update(googleAccounts).set(changes).where(eq(googleAccounts.salonId, salonId))
}

/** Salons whose calendar is connected and usable. */
export async function listSyncedSalons(db: Executor): Promise<SyncState[]> {
  return db.select().from(googleAccounts).where(isNull(googleAccounts.reconnectRequiredAt))
}

/** Whether the salon's calendar is connected and usable (bookings are to be pushed). */
export async function isCalendarLive(db: Executor, salonId: string): Promise<boolean> {
  const [row] = await db
    .select({ salonId: googleAccounts.salonId })
    .from(googleAccounts)
    .where(and(eq(googleAccounts.salonId, salonId), isNull(googleAccounts.reconnectRequiredAt)))
    .limit(1)
  return Boolean(row)
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

export async function findBookingWithLink(
  db: Executor,
  bookingId: string,
): Promise<{ booking: BookingWithCustomer; link: CalendarEventRow | null } | undefined> {
  const [row] = await db
    .select({ booking: bookingColumns, link: calendarEvents })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .leftJoin(calendarEvents, eq(calendarEvents.bookingId, bookings.id))
    .leftJoin(bookingNotes, lateNoteOfBooking)
    .where(eq(bookings.id, bookingId))
    .limit(1)
  return row
}

/**
 * What a full synchronisation must look at: bookings still to come that are active (their event
 * must be there and current), and cancelled ones whose event is still there (to remove).
 */
export async function listBookingsToReconcile(
  db: Executor,
  salonId: string,
  now: Date,
): Promise<{ booking: BookingWithCustomer; link: CalendarEventRow | null }[]> {
  return db
    .select({ booking: bookingColumns, link: calendarEvents })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .leftJoin(calendarEvents, eq(calendarEvents.bookingId, bookings.id))
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
  const { bookingId: _, ...changes } = link
  await db.insert(calendarEvents).values(link).onConflictDoUpdate({ target: calendarEvents.bookingId, set: changes })
}

/** Forgets what was pushed for these bookings: their next push writes the event again. */
export async function forgetLinks(db: Executor, bookingIds: string[]): Promise<void> {
  if (bookingIds.length === 0) return
  await db.delete(calendarEvents).where(inArray(calendarEvents.bookingId, bookingIds))
}

/** The salon's calendar is gone (disconnected): what we knew of it goes too. */
export async function clearCalendarOfSalon(db: Executor, salonId: string): Promise<void> {
  await db.delete(calendarEvents).where(eq(calendarEvents.salonId, salonId))
  await db.delete(calendarBusyTimes).where(eq(calendarBusyTimes.salonId, salonId))
}

export type BusyTime = Omit<CalendarBusyTimeRow, 'salonId' | 'updatedAt'>

export async function upsertBusyTimes(db: Executor, salonId: string, times: BusyTime[], now: Date): Promise<void> {
  for (let i = 0; i < times.length; i += 500) {
    const chunk = times.slice(i, i + 500).map((time) => ({ ...time, salonId, updatedAt: now }))
    await db
      .insert(calendarBusyTimes)
      .values(chunk)
      .onConflictDoUpdate({
        target: [calendarBusyTimes.salonId, calendarBusyTimes.eventId],
        set: {
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          allDay: sql`excluded.all_day`,
          summary: sql`excluded.summary`,
          updatedAt: now,
        },
      })
  }
}

export async function deleteBusyTimes(db: Executor, salonId: string, eventIds: string[]): Promise<void> {
  for (let i = 0; i < eventIds.length; i += 500) {
    await db
      .delete(calendarBusyTimes)
      .where(
        and(eq(calendarBusyTimes.salonId, salonId), inArray(calendarBusyTimes.eventId, eventIds.slice(i, i + 500))),
      )
  }
}

export async function deleteAllBusyTimes(db: Executor, salonId: string): Promise<void> {
  await db.delete(calendarBusyTimes).where(eq(calendarBusyTimes.salonId, salonId))
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

/** Whether a synchronisation of the salon is waiting or running. */
export async function isSyncPending(db: Executor, salonId: string): Promise<boolean> {
  const { rows } = (await db.execute(sql`
    select 1 from pgboss.job
    where name = 'calendar.sync-salon' and singleton_key = ${salonId} and state in ('created', 'retry', 'active')
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
