import type { CalendarStatus } from '@common/schemas/calendar'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { Registry } from '@server/registry'
import { calendarNotConnected, calendarReconnectRequired } from './calendar-sync.errors'
import type { CalendarSyncReason } from './calendar-sync.queues'
import * as repo from './calendar-sync.repository'

/**
 * The one contract for a salon's calendar: Google implements it in its own folder (and Outlook
 * or CalDAV will), and server/plug-ins.ts lists who is plugged in. Calendar sync itself names no
 * provider: a booking's change enqueues its push when the salon's calendar is live, the jobs and
 * the dashboard's calendar card ask the provider the salon connected. What a calendar blocks is
 * kept in one table for every provider (calendar_busy_times), which availability reads.
 */

export interface CalendarDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
}

export type PushOutcome = 'created' | 'updated' | 'removed' | 'unchanged'
export type SyncCounts = { created: number; updated: number; removed: number } | null

export interface CalendarProvider {
  name: string
  /** The salon connected its calendar with this provider (live, or waiting for a new sign-in). */
  isConnected(db: Executor, salonId: string): Promise<boolean>
  /** Connected and usable: a booking's change is pushed. */
  isLive(db: Executor, salonId: string): Promise<boolean>
  /** Job: makes the calendar show the booking as it is now (nothing when its salon's calendar is not this provider's). */
  pushBooking(deps: CalendarDeps, bookingId: string): Promise<PushOutcome>
  /** Job: reads the calendar's changes into busy times, then pushes what is missing or out of date. */
  syncSalon(deps: CalendarDeps, salonId: string, reason: CalendarSyncReason): Promise<SyncCounts>
  /** Periodic job: asks for the reads that are due (polling, renewing push channels). Returns how many. */
  maintain(deps: CalendarDeps): Promise<number>
  /** The dashboard's calendar card, for a salon connected with this provider. */
  status(deps: CalendarDeps, salon: SalonRow): Promise<CalendarStatus>
  /** Disconnects, in one transaction; what is left to do at the provider is a job. */
  disconnect(deps: CalendarDeps, salonId: string): Promise<void>
}

const providers = new Registry<CalendarProvider>()

export const plugInCalendarProvider = (provider: CalendarProvider) => providers.plugIn(provider)
export const calendarProviders = (): readonly CalendarProvider[] => providers.all()

/** The provider the salon connected its calendar with, if any. */
export async function connectedProvider(db: Executor, salonId: string): Promise<CalendarProvider | undefined> {
  for (const provider of providers.all()) if (await provider.isConnected(db, salonId)) return provider
  return undefined
}

// ——— Enqueueing, inside the caller's transaction ———

/** A booking's calendar event is to follow it (in `db`'s transaction): pushed by a job, when the salon's calendar is live. */
export async function bookingChanged(db: Executor, jobs: Jobs, salonId: string, bookingId: string): Promise<void> {
  for (const provider of providers.all()) {
    if (!(await provider.isLive(db, salonId))) continue
    await jobs.send(db, 'calendar.push-booking', { bookingId }, { singletonKey: bookingId })
    return
  }
}

export async function requestCalendarSync(
  db: Executor,
  jobs: Jobs,
  salonId: string,
  reason: CalendarSyncReason,
): Promise<void> {
  await jobs.send(db, 'calendar.sync-salon', { salonId, reason }, { singletonKey: salonId })
}

/**
 * The owner connected (or reconnected) the calendar: everything still to come is copied into it.
 * Another account than before starts from nothing: what we knew was of another calendar.
 */
export async function calendarConnected(
  db: Executor,
  jobs: Jobs,
  salonId: string,
  options: { accountChanged: boolean },
): Promise<void> {
  if (options.accountChanged) await repo.clearCalendarOfSalon(db, salonId)
  await requestCalendarSync(db, jobs, salonId, 'connect')
}

/** The card of a salon with no calendar connected. */
export function notConnectedStatus(salon: { timeZone: string }): CalendarStatus {
  return {
    state: 'not_connected',
    account: null,
    lastSyncedAt: null,
    lastSync: null,
    syncing: false,
    pendingEvents: 0,
    failedEvents: 0,
    updates: 'polling',
    busyEvents: 0,
    lastError: null,
    conflicts: [],
    timeZone: salon.timeZone,
  }
}

/** "Synchroniser": a synchronisation of the salon's calendar is queued (one at a time per salon). */
export async function requestManualSync(deps: Pick<CalendarDeps, 'db' | 'jobs'>, salonId: string) {
  const provider = await connectedProvider(deps.db, salonId)
  if (!provider) throw calendarNotConnected()
  if (!(await provider.isLive(deps.db, salonId))) throw calendarReconnectRequired()
  await requestCalendarSync(deps.db, deps.jobs, salonId, 'manual')
  return { success: true as const, queued: true as const }
}

/** The dashboard's calendar card: the connected provider's, or "not connected". */
export async function calendarStatus(deps: CalendarDeps, salon: SalonRow): Promise<CalendarStatus> {
  const provider = await connectedProvider(deps.db, salon.id)
  return provider ? provider.status(deps, salon) : notConnectedStatus(salon)
}

/** Disconnects the salon's calendar, whichever provider it is with (nothing to do without one). */
export async function disconnectCalendar(deps: CalendarDeps, salonId: string) {
  const provider = await connectedProvider(deps.db, salonId)
  if (provider) await provider.disconnect(deps, salonId)
  else await repo.clearCalendarOfSalon(deps.db, salonId)
  return { success: true as const, message: 'The calendar is disconnected and the session ended.' }
}
