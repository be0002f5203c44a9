import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { CalendarConnectionRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { Registry } from '@server/registry'
import type { BookingEvent } from './booking-event'
import type { CalendarSyncReason } from './calendar-sync.queues'
import * as repo from './calendar-sync.repository'

/**
 * The one contract for a calendar provider (Google, Outlook, CalDAV… each in its own folder, listed
 * in server/plug-ins.ts). Calendar sync owns the connections, the bookings' events, the busy times
 * and the order of things (calendar-sync.usecases.ts); a provider only translates: write or remove
 * one booking's event, read what changed in one calendar, keep its push channel. Calendar sync
 * names no provider: it finds the one a connection names in this registry.
 */

export interface CalendarDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
}

/** One calendar being worked on: the provider reads its credentials and state from the connection. */
export interface ConnectionContext {
  deps: CalendarDeps
  connection: CalendarConnectionRow
  salon: { id: string; timeZone: string }
  /** Lives as long as one job: a provider keeps an access token here rather than fetching it per call. */
  memo: Map<string, unknown>
}

/** Where a booking's event is at the provider: its id there, and its version when the provider has one (a CalDAV ETag). */
export interface RemoteLink {
  remoteId: string
  version: string | null
  /** How many times the event was found gone and written anew (Graph's transactionId generation). */
  sequence: number
}

export type StoredLink = RemoteLink & { present: boolean }

export interface ReadWindow {
  /** The read covers events ending after this… */
  from: Date
  /** …and starting before this (providers that read a window: Graph's calendarView, CalDAV's expansion). */
  to: Date
}

/** What changed in a calendar since the cursor (or all of it when `full`). */
export interface CalendarChanges {
  /** true: `busy` is the whole calendar (replace); false: changes to apply. */
  full: boolean
  busy: repo.BusyTime[]
  /** Event ids that no longer make the salon busy. */
  freed: string[]
  /** Objects whose every row goes before `busy` is applied (a changed or deleted CalDAV object). */
  freedObjects?: string[]
  /**
   * Our bookings' events as the calendar has them now: `remote` null when deleted or cancelled
   * there; the times when the provider gives them (moved by hand when they differ from the booking's).
   */
  ours: { bookingId: string; remote: RemoteLink | null; startsAt?: Date; endsAt?: Date }[]
  nextCursor: string
  /** The end of the window this cursor covers (providers that read a window). */
  windowEnd?: Date
}

/** A push channel the provider opened (or renewed): calendar sync keeps it on the connection. */
export interface NotificationChannel {
  channelId: string
  channelResourceId: string | null
  channelTokenHash: string | null
  channelExpiresAt: Date
}

export interface CalendarProvider {
  name: string
  /** The server is configured for it (the connection screen offers it). */
  available(config: Config): boolean
  /** false: the calendar cannot be removed on its own (Google's is the owner's sign-in). */
  removable?: boolean
  /**
   * Creates or updates the booking's event; a retry after a lost answer never makes a second one.
   * `link`: what we wrote before, `present` false when the event is known to be gone (write anew).
   */
  writeEvent(ctx: ConnectionContext, event: BookingEvent, link: StoredLink | null): Promise<RemoteLink>
  /** Removes the booking's event (`link` null: the one a lost answer may have left). Already gone counts as done. */
  removeEvent(ctx: ConnectionContext, bookingId: string, link: StoredLink | null): Promise<void>
  /** The calendar's changes since `cursor` (null: a full read of `window`). */
  readChanges(ctx: ConnectionContext, cursor: string | null, window: ReadWindow): Promise<CalendarChanges>
  /** What the event says, hashed: an unchanged booking costs no call. */
  fingerprint(event: BookingEvent): string
  /** Opens or renews the push channel when due; null: nothing to change (or push is not possible here). */
  keepNotifications?(ctx: ConnectionContext): Promise<NotificationChannel | null>
  /** The push channel is to be opened or renewed now (a read is then due, which calls keepNotifications). */
  channelDue?(config: Config, connection: CalendarConnectionRow, now: number): boolean
  /** How often the calendar is read without a notification (a live push channel makes it a safety net). */
  pollEveryMs(connection: CalendarConnectionRow, push: boolean): number
  /** In the removal's transaction: what is left to do at the provider (revoke a grant, stop a channel) becomes a job. */
  removed?(db: Executor, jobs: Jobs, connection: CalendarConnectionRow): Promise<void>
}

const providers = new Registry<CalendarProvider>()

export const plugInCalendarProvider = (provider: CalendarProvider) => providers.plugIn(provider)
export const calendarProviders = (): readonly CalendarProvider[] => providers.all()
export const providerNamed = (name: string): CalendarProvider | undefined =>
  providers.all().find((provider) => provider.name === name)

// ——— Enqueueing, inside the caller's transaction ———

/** A booking's calendar event is to follow it (in `db`'s transaction): pushed by a job, when the salon has a live writer. */
export async function bookingChanged(db: Executor, jobs: Jobs, salonId: string, bookingId: string): Promise<void> {
  if (!(await repo.hasLiveWriter(db, salonId))) return
  await jobs.send(db, 'calendar.push-booking', { bookingId }, { singletonKey: bookingId })
}

/** A read of one calendar (then, for the writer, the push of what is missing); one waits per calendar. */
export async function requestCalendarRead(
  db: Executor,
  jobs: Jobs,
  calendarId: string,
  reason: CalendarSyncReason,
): Promise<void> {
  await jobs.send(db, 'calendar.sync-calendar', { calendarId, reason }, { singletonKey: calendarId })
}

/** A synchronisation of every calendar of the salon. */
export async function requestCalendarSync(
  db: Executor,
  jobs: Jobs,
  salonId: string,
  reason: CalendarSyncReason,
): Promise<void> {
  for (const connection of await repo.listConnectionsOfSalon(db, salonId)) {
    if (!connection.reconnectRequiredAt) await requestCalendarRead(db, jobs, connection.id, reason)
  }
}

/**
 * A provider connected (or reconnected) a calendar: kept, the writer when the salon had none, and
 * read at once (the writer then receives everything still to come). The same account's calendar
 * connected again keeps what we knew of it.
 */
export async function calendarConnected(
  db: Executor,
  jobs: Jobs,
  connection: repo.NewConnection,
): Promise<repo.CalendarConnectionRow> {
  const saved = await repo.saveConnection(db, connection)
  await requestCalendarRead(db, jobs, saved.id, 'connect')
  return saved
}

/**
 * The provider's account for the salon is now another one: its calendars of the old account go
 * (their busy times and links with them). Returns what was removed.
 */
export async function removeOtherAccounts(
  db: Executor,
  salonId: string,
  provider: string,
  account: string,
): Promise<repo.CalendarConnectionRow[]> {
  const others = (await repo.listConnectionsOfSalon(db, salonId)).filter(
    (c) => c.provider === provider && c.account !== account,
  )
  return repo.deleteConnections(
    db,
    salonId,
    others.map((c) => c.id),
  )
}
