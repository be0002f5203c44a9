import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { CalendarConnectionRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import {
  type CalendarDeps,
  type CalendarProvider,
  type ConnectionContext,
  calendarConnected,
  type NotificationChannel,
  providerNamed,
  type RemoteLink,
  removeOtherAccounts,
  requestCalendarRead,
} from '@server/modules/calendar-sync/calendar-providers'
import {
  CalendarFailure,
  calendarAccessRevoked,
  calendarRefused,
  calendarUnavailable,
} from '@server/modules/calendar-sync/calendar-sync.errors'
import type { CalendarSyncReason } from '@server/modules/calendar-sync/calendar-sync.queues'
import * as repo from '@server/modules/calendar-sync/calendar-sync.repository'
import * as sync from '@server/modules/calendar-sync/calendar-sync.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import type { JobPayloads } from '@server/modules/jobs/queues'
import { freshAccessToken, releaseGoogleGrant, removeGoogleAccount } from './calendar-connection.usecases'
import { eventIdOf, fingerprintOf, googleEventOf } from './calendar-event'
import { readCalendarChanges } from './calendar-pull'
import { type CalendarApi, CalendarApiError, type CalendarEvent, googleCalendarApi } from './google-calendar'
import { type GoogleClient, googleClient } from './google-client'

/**
 * Google Calendar as a calendar provider (calendar-sync/calendar-providers.ts): it translates
 * calendar sync's work into Google's calls: a booking's event written under an id derived from
 * the booking (a retried insert meets its own event), the calendar's changes read with its sync
 * token, and a push channel opened on the calendar.
 */

export interface CalendarSyncDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
  google: GoogleClient | undefined
  calendar: CalendarApi
}

type GoogleClients = Pick<CalendarSyncDeps, 'google' | 'calendar'>

/** The owner's main calendar: where bookings go and whose events block availability. */
const CALENDAR_ID = 'primary'
/** Push channels live a week (Google's maximum for calendars) and are renewed a day ahead. */
const CHANNEL_TTL_SECONDS = 7 * 24 * 60 * 60
const RENEW_CHANNEL_BEFORE_MS = 24 * 60 * 60 * 1000
/** The periodic read: every 5 minutes without push notifications, hourly with them (a safety net). */
const POLL_WITHOUT_PUSH_MS = 5 * 60 * 1000
const POLL_WITH_PUSH_MS = 60 * 60 * 1000

/** The provider, with Google's clients from the server's configuration or a test's own. */
export function googleProvider(clientsOf: (deps: CalendarDeps) => GoogleClients): CalendarProvider {
  const withToken = <T>(ctx: ConnectionContext, work: (token: string, api: CalendarApi) => Promise<T>) =>
    callGoogle(ctx, clientsOf(ctx.deps), work)
  return {
    name: 'google',
    available: (config) => Boolean(config.google),
    // The owner's sign-in: "Déconnecter" removes it (and ends the sessions), not the calendar's own button.
    removable: false,
    fingerprint: (event) => fingerprintOf(googleEventOf(event)),
    writeEvent: (ctx, bookingEvent, link) =>
      withToken(ctx, async (token, api) => {
        const event = googleEventOf(bookingEvent)
        if (link?.present)
          await api.updateEvent(token, CALENDAR_ID, event).catch(onGone(() => insertOrUpdate(api, token, event)))
        else await insertOrUpdate(api, token, event)
        return { remoteId: event.id, version: null, sequence: 0 }
      }),
    removeEvent: (ctx, bookingId, link) =>
      withToken(ctx, async (token, api) => {
        const eventId = link?.remoteId || eventIdOf(bookingId)
        await api.deleteEvent(token, CALENDAR_ID, eventId).catch(onGone(() => Promise.resolve()))
      }),
    readChanges: (ctx, cursor) =>
      withToken(ctx, async (token, api) => {
        const now = ctx.deps.clock.now()
        const changes = await readCalendarChanges(api, token, CALENDAR_ID, cursor, {
          timeZone: ctx.salon.timeZone,
          now,
        })
        return {
          full: changes.full,
          busy: changes.busy,
          freed: changes.freed,
          ours: changes.ours.map(({ bookingId, event }) => ({ bookingId, ...asOurs(event) })),
          nextCursor: changes.nextSyncToken,
        }
      }),
    keepNotifications: (ctx) => withToken(ctx, (token, api) => ensureChannel(ctx, api, token)),
    channelDue: (config, connection, now) => canReceivePush(config) && channelNeedsRenewal(connection, now),
    pollEveryMs: (_, push) => (push ? POLL_WITH_PUSH_MS : POLL_WITHOUT_PUSH_MS),
    removed: async (db, jobs, connection) => {
      const removed = await removeGoogleAccount(db, connection.salonId)
      if (!removed) return
      const channel =
        connection.channelId && connection.channelResourceId
          ? { id: connection.channelId, resourceId: connection.channelResourceId }
          : null
      await jobs.send(db, 'calendar.release', { ...removed, channel })
    },
  }
}

/** Google's clients from the server's configuration. */
export function withGoogle(deps: CalendarDeps): CalendarSyncDeps {
  return { ...deps, google: googleClient(deps.config), calendar: googleCalendarApi(deps.config) }
}

export const googleCalendarProvider = googleProvider(withGoogle)

/** An event of ours as Google has it now: gone when deleted, cancelled or made all-day there. */
function asOurs(event: CalendarEvent): { remote: RemoteLink | null; startsAt?: Date; endsAt?: Date } {
  if (event.status === 'cancelled' || !event.start?.dateTime) return { remote: null }
  return {
    remote: { remoteId: event.id, version: null, sequence: 0 },
    startsAt: new Date(event.start.dateTime),
    endsAt: new Date(event.end?.dateTime ?? ''),
  }
}

// ——— Jobs run with given clients (the tests' slow or failing Google) ———

const withProvider = (deps: CalendarSyncDeps): sync.SyncDeps => {
  const provider = googleProvider(() => deps)
  return { ...deps, provider: (name) => (name === 'google' ? provider : providerNamed(name)) }
}

/** Job `calendar.push-booking`, with these clients. */
export const pushBooking = (deps: CalendarSyncDeps, bookingId: string) =>
  sync.pushBooking(withProvider(deps), bookingId)

/** Job `calendar.sync-calendar` of the salon's Google calendar, with these clients. */
export async function syncSalon(deps: CalendarSyncDeps, salonId: string, reason: CalendarSyncReason) {
  const connection = await repo.findConnectionOfProvider(deps.db, salonId, 'google')
  return connection ? sync.syncCalendar(withProvider(deps), connection.id, reason) : null
}

/** Job `calendar.release`: what a disconnect leaves to do at Google. */
export async function releaseCalendar(deps: CalendarSyncDeps, release: JobPayloads['calendar.release']) {
  await releaseGoogleGrant(
    {
      ...deps,
      stopChannel: async (accessToken) => {
        if (!release.channel) return
        await deps.calendar.stopChannel(accessToken, release.channel).catch(onGone(() => Promise.resolve()))
      },
    },
    release,
  )
}

// ——— Google push notifications ———

export interface CalendarNotification {
  channelId: string | undefined
  channelToken: string | undefined
  resourceId: string | undefined
  resourceState: string | undefined
}

export const notificationRefused = () =>
  new AppError('calendar.unknown_channel', 404, 'No calendar channel of that id and token.')

/**
 * A change notification from Google: authenticated by the channel's token (only its hash is
 * kept), answered at once; the read it triggers is a job, and a burst of notifications folds into
 * one waiting read of that calendar.
 */
export async function receiveNotification(
  deps: Pick<CalendarSyncDeps, 'db' | 'jobs'>,
  notification: CalendarNotification,
): Promise<void> {
  const { channelId, channelToken, resourceId, resourceState } = notification
  const connection = channelId ? await repo.findConnectionByChannel(deps.db, channelId) : undefined
  if (connection?.provider !== 'google' || !connection.channelTokenHash || !channelToken) throw notificationRefused()
  if (connection.channelResourceId !== resourceId) throw notificationRefused()
  const given = Buffer.from(hashToken(channelToken), 'hex')
  const kept = Buffer.from(connection.channelTokenHash, 'hex')
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) throw notificationRefused()
  // 'sync' only says the channel works; 'exists' and 'not_exists' say something changed.
  if (resourceState === 'sync' || connection.reconnectRequiredAt) return
  await requestCalendarRead(deps.db, deps.jobs, connection.id, 'notification')
}

// ——— Internals ———

/**
 * Runs calls to the salon's calendar with a fresh access token, kept for the rest of the job.
 * Google refusing the token (401) gets one forced refresh; refusing a freshly refreshed one means
 * the grant is gone, as invalid_grant does. Every failure reaches calendar sync in its terms.
 */
async function callGoogle<T>(
  ctx: ConnectionContext,
  clients: GoogleClients,
  work: (token: string, api: CalendarApi) => Promise<T>,
): Promise<T> {
  const deps = { ...ctx.deps, google: clients.google }
  const salon = { id: ctx.salon.id }
  try {
    let token = ctx.memo.get('google.token') as string | undefined
    if (!token) {
      token = await freshAccessToken(deps, salon)
      ctx.memo.set('google.token', token)
    }
    try {
      return await work(token, clients.calendar)
    } catch (error) {
      if (!(error instanceof CalendarApiError && error.status === 401)) throw error
      token = await freshAccessToken(deps, salon, { force: true })
      ctx.memo.set('google.token', token)
      return await work(token, clients.calendar)
    }
  } catch (error) {
    throw asCalendarFailure(error)
  }
}

function asCalendarFailure(error: unknown): unknown {
  if (error instanceof CalendarFailure) return error
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof AppError && error.code === 'calendar.reconnect_required') return calendarAccessRevoked(message)
  if (error instanceof AppError && error.code === 'calendar.not_connected') return calendarAccessRevoked(message)
  if (error instanceof CalendarApiError && error.status === 401) return calendarAccessRevoked(message)
  if (error instanceof CalendarApiError && error.transient) return calendarUnavailable(message, 'google_unavailable')
  if (error instanceof AppError && error.code === 'calendar.google_unavailable')
    return calendarUnavailable(message, 'google_unavailable')
  return calendarRefused(message, 'google_refused')
}

/**
 * The insert carries the event id derived from the booking, so a retry after a lost answer meets
 * its own event (409) and updates it instead of adding one; an update of an event deleted by hand
 * (404 or 410) inserts it again.
 */
async function insertOrUpdate(api: CalendarApi, token: string, event: CalendarEvent): Promise<void> {
  try {
    await api.insertEvent(token, CALENDAR_ID, event)
  } catch (error) {
    // Our id is taken: by our own event (a retried insert), or by one deleted in Google (whose
    // id stays reserved). An update writes it back, "confirmed" again.
    if (!(error instanceof CalendarApiError && error.status === 409)) throw error
    await api.updateEvent(token, CALENDAR_ID, event)
  }
}

/** Treats "not there" (404, or 410 for an event already deleted) with `fallback`; anything else is thrown. */
function onGone(fallback: () => Promise<void>) {
  return (error: unknown) => {
    if (error instanceof CalendarApiError && (error.status === 404 || error.status === 410)) return fallback()
    throw error
  }
}

/** A stand-in Google (GOOGLE_BASE_URL) may call back over http; the real one only over https. */
export function canReceivePush(config: Config): boolean {
  return config.publicUrl.startsWith('https://') || Boolean(config.google?.baseUrl)
}

function channelNeedsRenewal(connection: CalendarConnectionRow, now: number): boolean {
  return !connection.channelExpiresAt || connection.channelExpiresAt.getTime() - now < RENEW_CHANNEL_BEFORE_MS
}

/**
 * Opens a push channel on the calendar when there is none or it ends within a day; the old one is
 * stopped once the new one is in place. A refusal only leaves the calendar to the periodic read.
 */
async function ensureChannel(
  ctx: ConnectionContext,
  api: CalendarApi,
  token: string,
): Promise<NotificationChannel | null> {
  const { config, clock } = ctx.deps
  const { connection } = ctx
  const now = clock.now()
  if (!canReceivePush(config) || !channelNeedsRenewal(connection, now.getTime())) return null
  const secret = randomBytes(32).toString('base64url')
  let channel: Awaited<ReturnType<CalendarApi['watch']>>
  try {
    channel = await api.watch(token, CALENDAR_ID, {
      id: randomUUID(),
      address: `${config.publicUrl}/api/google/calendar-notifications`,
      token: secret,
      ttlSeconds: CHANNEL_TTL_SECONDS,
    })
  } catch (error) {
    if (error instanceof CalendarApiError && (error.transient || error.status === 401)) throw error
    return null
  }
  if (connection.channelId && connection.channelResourceId) {
    await api.stopChannel(token, { id: connection.channelId, resourceId: connection.channelResourceId }).catch(() => {})
  }
  // Google's expiry is on the real clock; kept on ours (APP_NOW may run ahead in a demo).
  return {
    channelId: channel.id,
    channelResourceId: channel.resourceId,
    channelTokenHash: hashToken(secret),
    channelExpiresAt: new Date(now.getTime() + (channel.expiration - Date.now())),
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Signing in with Google connects its calendar (in the sign-in's transaction); another account replaces the one before. */
export async function googleCalendarConnected(
  db: Executor,
  jobs: Jobs,
  salonId: string,
  account: { email: string; accountChanged: boolean; now: Date },
) {
  if (account.accountChanged) await removeOtherAccounts(db, salonId, 'google', account.email)
  await calendarConnected(db, jobs, {
    salonId,
    provider: 'google',
    account: account.email,
    calendarRef: CALENDAR_ID,
    calendarName: null,
    credentials: null,
    connectedAt: account.now,
  })
}
