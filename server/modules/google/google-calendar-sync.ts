import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { CalendarStatus } from '@common/schemas/calendar'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import { AppError } from '@server/errors'
import type { BookingForCalendar, SalonForCalendar } from '@server/modules/calendar-sync/booking-event'
import {
  type CalendarDeps,
  type CalendarProvider,
  notConnectedStatus,
  type PushOutcome,
  requestCalendarSync,
} from '@server/modules/calendar-sync/calendar-providers'
import type { CalendarSyncReason } from '@server/modules/calendar-sync/calendar-sync.queues'
import * as repo from '@server/modules/calendar-sync/calendar-sync.repository'
import type { Jobs } from '@server/modules/jobs/job-engine'
import type { JobPayloads } from '@server/modules/jobs/queues'
import { freshAccessToken, releaseGoogleGrant, removeGoogleAccount } from './calendar-connection.usecases'
import { eventOf, fingerprintOf } from './calendar-event'
import { readCalendarChanges } from './calendar-pull'
import { type CalendarApi, CalendarApiError, type CalendarEvent, googleCalendarApi } from './google-calendar'
import { type GoogleClient, googleClient } from './google-client'

/**
 * Google Calendar as a calendar provider (calendar-sync/calendar-providers.ts): keeping a salon's
 * Google calendar and its bookings in step, always from a job, never on a request's path: each
 * booking's event follows the booking (created, moved, removed), and the salon's own events are
 * read into busy times that availability uses.
 */

export interface CalendarSyncDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
  google: GoogleClient | undefined
  calendar: CalendarApi
}

/** The owner's main calendar: where bookings go and whose events block availability. */
const CALENDAR_ID = 'primary'
/** Push channels live a week (Google's maximum for calendars) and are renewed a day ahead. */
const CHANNEL_TTL_SECONDS = 7 * 24 * 60 * 60
const RENEW_CHANNEL_BEFORE_MS = 24 * 60 * 60 * 1000
/** The periodic read: every 5 minutes without push notifications, hourly with them (a safety net). */
const POLL_WITHOUT_PUSH_MS = 5 * 60 * 1000
const POLL_WITH_PUSH_MS = 60 * 60 * 1000

/**
 * Disconnects the salon's calendar, in one transaction: the tokens and what we knew of the
 * calendar go, the owner's sessions end, and a job releases the grant at Google (stops the push
 * channel, revokes the grant) — Google being slow or down does not keep the salon connected.
 */
export async function disconnectCalendar(deps: Pick<CalendarSyncDeps, 'db' | 'jobs'>, salonId: string) {
  await deps.db.transaction(async (tx) => {
    const removed = await removeGoogleAccount(tx, salonId)
    await repo.clearCalendarOfSalon(tx, salonId)
    if (removed) await deps.jobs.send(tx, 'calendar.release', removed)
  })
}

// ——— Jobs ———

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

/** Job `calendar.push-booking`: makes the calendar show the booking as it is now. */
export async function pushBooking(deps: CalendarSyncDeps, bookingId: string): Promise<PushOutcome> {
  const found = await repo.findBookingWithLink(deps.db, bookingId)
  if (!found) return 'unchanged'
  const salon = await repo.findSalonForCalendar(deps.db, found.booking.salonId)
  if (!salon || !(await repo.isCalendarLive(deps.db, salon.id))) return 'unchanged'
  const outcome = await withCalendar(deps, salon.id, (token) =>
    pushOne(deps, token, salon, found.booking, found.link, { deleteUnlinked: true }),
  )
  return outcome ?? 'unchanged'
}

/**
 * Job `calendar.sync-salon`: reads the calendar's changes into busy times, renews the push
 * channel when due, then pushes every booking whose event is missing or out of date.
 */
export async function syncSalon(
  deps: CalendarSyncDeps,
  salonId: string,
  reason: CalendarSyncReason,
): Promise<repo.SyncState['lastSyncCounts']> {
  const salon = await repo.findSalonForCalendar(deps.db, salonId)
  const state = await repo.findSyncState(deps.db, salonId)
  if (!salon || !state || state.reconnectRequiredAt) return null
  return withCalendar(deps, salonId, async (token) => {
    await pullChanges(deps, token, salon, state)
    await ensureChannel(deps, token, salonId, state)
    const counts = { created: 0, updated: 0, removed: 0 }
    const now = deps.clock.now()
    for (const { booking, link } of await repo.listBookingsToReconcile(deps.db, salonId, now)) {
      const outcome = await pushOne(deps, token, salon, booking, link, { deleteUnlinked: false })
      if (outcome !== 'unchanged') counts[outcome]++
    }
    // What a person asked for (connecting, "Synchroniser") is what the dashboard reports; the
    // reads Google's notifications cause would otherwise overwrite it with zeros a second later.
    const asked = reason === 'manual' || reason === 'connect'
    await repo.updateSyncState(deps.db, salonId, {
      ...(asked ? { lastSyncCounts: counts } : {}),
      lastSyncedAt: deps.clock.now(),
    })
    return counts
  })
}

/** Job `calendar.maintain` (every 5 minutes): reads calendars that are due, renews channels. */
export async function maintainCalendars(deps: CalendarSyncDeps): Promise<number> {
  const now = deps.clock.now().getTime()
  let requested = 0
  for (const state of await repo.listSyncedSalons(deps.db)) {
    const pollEvery = hasLiveChannel(state, now) ? POLL_WITH_PUSH_MS : POLL_WITHOUT_PUSH_MS
    const pullDue = !state.lastPulledAt || now - state.lastPulledAt.getTime() >= pollEvery - 30_000
    const channelDue = canReceivePush(deps.config) && channelNeedsRenewal(state, now)
    if (pullDue || channelDue) {
      await requestCalendarSync(deps.db, deps.jobs, state.salonId, 'poll')
      requested++
    }
  }
  return requested
}

// ——— The dashboard's view ———

const MAX_CONFLICTS_SHOWN = 10

export async function calendarStatus(
  deps: Pick<CalendarSyncDeps, 'db' | 'clock' | 'config'>,
  salon: SalonForCalendar & { id: string },
): Promise<CalendarStatus> {
  const { db, clock, config } = deps
  const state = await repo.findSyncState(db, salon.id)
  const now = clock.now()
  if (!state) return notConnectedStatus(salon)
  const [toReconcile, failedEvents, syncing, busyEvents, conflicts] = await Promise.all([
    repo.listBookingsToReconcile(db, salon.id, now),
    repo.countFailedPushes(db, salon.id),
    repo.isSyncPending(db, salon.id),
    repo.countBusyTimes(db, salon.id, now),
    repo.listConflicts(db, salon.id, now, MAX_CONFLICTS_SHOWN),
  ])
  const pendingEvents = toReconcile.filter(({ booking, link }) => {
    if (booking.status === 'cancelled') return link?.state === 'present'
    const event = eventOf(booking as BookingForCalendar, salon, config.publicUrl)
    return link?.state !== 'present' || link.fingerprint !== fingerprintOf(event)
  }).length
  return {
    state: state.reconnectRequiredAt ? 'reconnect_required' : 'connected',
    account: state.email,
    lastSyncedAt: state.lastSyncedAt?.toISOString() ?? null,
    lastSync: state.lastSyncCounts ?? null,
    syncing,
    pendingEvents,
    failedEvents,
    updates: hasLiveChannel(state, now.getTime()) ? 'push' : 'polling',
    busyEvents,
    lastError: (state.lastError as CalendarStatus['lastError']) ?? null,
    conflicts: conflicts.map((c) => ({
      bookingId: c.bookingId,
      bookingStartsAt: c.bookingStartsAt.toISOString(),
      serviceName: c.serviceName,
      customerName: c.customerName,
      eventSummary: c.eventSummary,
      eventStartsAt: c.eventStartsAt.toISOString(),
      eventEndsAt: c.eventEndsAt.toISOString(),
      allDay: c.allDay,
    })),
    timeZone: salon.timeZone,
  }
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
  const state = channelId ? await repo.findSyncStateByChannel(deps.db, channelId) : undefined
  if (!state?.watchTokenHash || !channelToken || state.watchResourceId !== resourceId) throw notificationRefused()
  const given = Buffer.from(hashToken(channelToken), 'hex')
  const kept = Buffer.from(state.watchTokenHash, 'hex')
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) throw notificationRefused()
  // 'sync' only says the channel works; 'exists' and 'not_exists' say something changed.
  if (resourceState === 'sync' || state.reconnectRequiredAt) return
  await requestCalendarSync(deps.db, deps.jobs, state.salonId, 'notification')
}

// ——— Internals ———

/**
 * Runs calls to the salon's calendar with a fresh access token. Google refusing the token (401)
 * gets one forced refresh; a grant Google no longer honours ends as "reconnect required" (the
 * job is then done: the owner's sign-in resumes the sync). Each outcome is recorded for the
 * dashboard; a transient failure is thrown again for the job to be retried with backoff.
 */
async function withCalendar<T>(
  deps: CalendarSyncDeps,
  salonId: string,
  work: (token: string) => Promise<T>,
): Promise<T | null> {
  const salon = { id: salonId }
  try {
    let token = await freshAccessToken(deps, salon)
    let result: T
    try {
      result = await work(token)
    } catch (error) {
      if (!(error instanceof CalendarApiError && error.status === 401)) throw error
      token = await freshAccessToken(deps, salon, { force: true })
      result = await work(token)
    }
    await repo.updateSyncState(deps.db, salonId, { lastError: null, lastErrorAt: null })
    return result
  } catch (error) {
    const code = failureCode(error)
    const now = deps.clock.now()
    // Google refusing even a freshly refreshed token is a grant gone as much as invalid_grant is.
    const revoked = error instanceof CalendarApiError && error.status === 401
    await repo.updateSyncState(deps.db, salonId, {
      lastError: code,
      lastErrorAt: now,
      ...(revoked ? { reconnectRequiredAt: now } : {}),
    })
    if (code === 'reconnect_required') return null
    throw error
  }
}

function failureCode(error: unknown): string {
  if (error instanceof AppError && error.code === 'calendar.reconnect_required') return 'reconnect_required'
  if (error instanceof CalendarApiError && error.status === 401) return 'reconnect_required'
  if (error instanceof CalendarApiError && error.transient) return 'google_unavailable'
  if (error instanceof AppError && error.code === 'calendar.google_unavailable') return 'google_unavailable'
  return 'google_refused'
}

type SalonForSync = NonNullable<Awaited<ReturnType<typeof repo.findSalonForCalendar>>>

/**
 * Brings one booking's event in line. The insert carries the event id derived from the booking,
 * so a retry after a lost answer meets its own event (409) and updates it instead of adding one;
 * an update of an event deleted by hand in Google (404 or 410) inserts it again: the calendar
 * mirrors the bookings, and a booking is cancelled in Salonia, not by deleting its event.
 */
async function pushOne(
  deps: CalendarSyncDeps,
  token: string,
  salon: SalonForSync,
  booking: repo.BookingWithCustomer,
  link: repo.CalendarEventLink | null,
  options: { deleteUnlinked: boolean },
): Promise<PushOutcome> {
  const now = deps.clock.now()
  const api = deps.calendar
  // A past booking is not put into the calendar afresh, but its event, when there, keeps following
  // it: an erased customer's name leaves the salon's past events too (GDPR erasure).
  // A held booking waits for its step before it is shown (confirmed, it is pushed then).
  const wanted =
    booking.status !== 'cancelled' &&
    booking.status !== 'held' &&
    (booking.endsAt.getTime() > now.getTime() || link?.state === 'present')
  if (wanted) {
    const event = eventOf(booking as BookingForCalendar, salon, deps.config.publicUrl)
    const fingerprint = fingerprintOf(event)
    if (link?.state === 'present' && link.fingerprint === fingerprint) return 'unchanged'
    const known = link?.state === 'present'
    if (known) await api.updateEvent(token, CALENDAR_ID, event).catch(onGone(() => insertOrUpdate(token, event)))
    else await insertOrUpdate(token, event)
    await repo.saveLink(deps.db, {
      bookingId: booking.id,
      salonId: salon.id,
      eventId: event.id,
      state: 'present',
      fingerprint,
      pushedAt: now,
    })
    return known ? 'updated' : 'created'
  }
  if (booking.status !== 'cancelled') return 'unchanged'
  if (link?.state === 'removed' || (!link && !options.deleteUnlinked)) return 'unchanged'
  const eventId = link?.eventId ?? eventOf(booking as BookingForCalendar, salon, '').id
  await api.deleteEvent(token, CALENDAR_ID, eventId).catch(onGone(() => Promise.resolve()))
  await repo.saveLink(deps.db, {
    bookingId: booking.id,
    salonId: salon.id,
    eventId,
    state: 'removed',
    fingerprint: '',
    pushedAt: now,
  })
  return link ? 'removed' : 'unchanged'

  async function insertOrUpdate(accessToken: string, event: CalendarEvent): Promise<void> {
    try {
      await api.insertEvent(accessToken, CALENDAR_ID, event)
    } catch (error) {
      // Our id is taken: by our own event (a retried insert), or by one deleted in Google (whose
      // id stays reserved). An update writes it back, "confirmed" again.
      if (!(error instanceof CalendarApiError && error.status === 409)) throw error
      await api.updateEvent(accessToken, CALENDAR_ID, event)
    }
  }
}

/** Treats "not there" (404, or 410 for an event already deleted) with `fallback`; anything else is thrown. */
function onGone(fallback: () => Promise<void>) {
  return (error: unknown) => {
    if (error instanceof CalendarApiError && (error.status === 404 || error.status === 410)) return fallback()
    throw error
  }
}

/**
 * Reads the calendar's changes since the last read into busy times. Our own events deleted or
 * changed by hand in Google lose their record, so the reconcile that follows writes them back.
 */
async function pullChanges(deps: CalendarSyncDeps, token: string, salon: SalonForSync, state: repo.SyncState) {
  const now = deps.clock.now()
  const changes = await readCalendarChanges(deps.calendar, token, CALENDAR_ID, state.syncToken, {
    timeZone: salon.timeZone,
    now,
  })
  const altered = changes.ours
    .filter(({ event }) => event.status === 'cancelled' || !event.start?.dateTime)
    .map(({ bookingId }) => bookingId)
  const moved = await movedByHand(
    deps.db,
    salon.id,
    changes.ours.filter(({ event }) => event.status !== 'cancelled' && event.start?.dateTime),
  )
  const revived = await ofCancelledBookings(
    deps.db,
    salon.id,
    changes.ours.filter(({ event }) => event.status !== 'cancelled'),
  )
  await deps.db.transaction(async (tx) => {
    if (changes.full) await repo.deleteAllBusyTimes(tx, salon.id)
    else await repo.deleteBusyTimes(tx, salon.id, changes.freed)
    await repo.upsertBusyTimes(tx, salon.id, changes.busy, now)
    await repo.forgetLinks(tx, [...altered, ...moved])
    // Cancelled bookings' events live again: recorded as there, so the reconcile below deletes them.
    for (const { bookingId, event } of revived) {
      const link = { bookingId, salonId: salon.id, eventId: event.id, fingerprint: '', pushedAt: now }
      await repo.saveLink(tx, { ...link, state: 'present' })
    }
    await repo.updateSyncState(tx, salon.id, { syncToken: changes.nextSyncToken, lastPulledAt: now })
  })
}

/** Our events whose times in Google are no longer their bookings' (moved there by hand). */
async function movedByHand(
  db: Executor,
  salonId: string,
  events: { bookingId: string; event: CalendarEvent }[],
): Promise<string[]> {
  const times = new Map(
    (
      await repo.findBookingTimes(
        db,
        salonId,
        events.map((e) => e.bookingId),
      )
    ).map((b) => [b.id, b]),
  )
  return events
    .filter(({ bookingId, event }) => {
      const booking = times.get(bookingId)
      if (!booking || booking.status === 'cancelled') return false
      const start = new Date(event.start?.dateTime ?? '').getTime()
      const end = new Date(event.end?.dateTime ?? '').getTime()
      return start !== booking.startsAt.getTime() || end !== booking.endsAt.getTime()
    })
    .map(({ bookingId }) => bookingId)
}

/**
 * Our live events whose bookings are cancelled: restored by hand in Google, or written back by a
 * synchronisation that read the booking just before the cancellation's push deleted its event.
 */
async function ofCancelledBookings(
  db: Executor,
  salonId: string,
  events: { bookingId: string; event: CalendarEvent }[],
): Promise<{ bookingId: string; event: CalendarEvent }[]> {
  const bookings = await repo.findBookingTimes(
    db,
    salonId,
    events.map((e) => e.bookingId),
  )
  const cancelled = new Set(bookings.filter((b) => b.status === 'cancelled').map((b) => b.id))
  return events.filter(({ bookingId }) => cancelled.has(bookingId))
}

/** A stand-in Google (GOOGLE_BASE_URL) may call back over http; the real one only over https. */
export function canReceivePush(config: Config): boolean {
  return config.publicUrl.startsWith('https://') || Boolean(config.google?.baseUrl)
}

/** Google's notifications reach us: a channel is open and has not ended. */
function hasLiveChannel(state: repo.SyncState, now: number): boolean {
  return Boolean(state.watchChannelId && state.watchExpiresAt && state.watchExpiresAt.getTime() > now)
}

function channelNeedsRenewal(state: repo.SyncState, now: number): boolean {
  return !state.watchExpiresAt || state.watchExpiresAt.getTime() - now < RENEW_CHANNEL_BEFORE_MS
}

/**
 * Opens a push channel on the calendar when there is none or it ends within a day; the old one is
 * stopped once the new one is in place. A refusal only leaves the calendar to the periodic read.
 */
async function ensureChannel(deps: CalendarSyncDeps, token: string, salonId: string, state: repo.SyncState) {
  const now = deps.clock.now()
  if (!canReceivePush(deps.config) || !channelNeedsRenewal(state, now.getTime())) return
  const secret = randomBytes(32).toString('base64url')
  let channel: Awaited<ReturnType<CalendarApi['watch']>>
  try {
    channel = await deps.calendar.watch(token, CALENDAR_ID, {
      id: randomUUID(),
      address: `${deps.config.publicUrl}/api/google/calendar-notifications`,
      token: secret,
      ttlSeconds: CHANNEL_TTL_SECONDS,
    })
  } catch (error) {
    if (error instanceof CalendarApiError && (error.transient || error.status === 401)) throw error
    return
  }
  // Google's expiry is on the real clock; kept on ours (APP_NOW may run ahead in a demo).
  const expiresAt = new Date(now.getTime() + (channel.expiration - Date.now()))
  await repo.updateSyncState(deps.db, salonId, {
    watchChannelId: channel.id,
    watchResourceId: channel.resourceId,
    watchTokenHash: hashToken(secret),
    watchExpiresAt: expiresAt,
  })
  if (state.watchChannelId && state.watchResourceId) {
    await deps.calendar
      .stopChannel(token, { id: state.watchChannelId, resourceId: state.watchResourceId })
      .catch(() => {})
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

// ——— The provider ———

/** Google's clients, from the server's configuration (tests give their own to the functions above). */
export function withGoogle(deps: CalendarDeps): CalendarSyncDeps {
  return { ...deps, google: googleClient(deps.config), calendar: googleCalendarApi(deps.config) }
}

export const googleCalendarProvider: CalendarProvider = {
  name: 'google',
  isConnected: async (db, salonId) => (await repo.findSyncState(db, salonId)) !== undefined,
  isLive: (db, salonId) => repo.isCalendarLive(db, salonId),
  pushBooking: (deps, bookingId) => pushBooking(withGoogle(deps), bookingId),
  syncSalon: (deps, salonId, reason) => syncSalon(withGoogle(deps), salonId, reason),
  maintain: (deps) => maintainCalendars(withGoogle(deps)),
  status: (deps, salon) => calendarStatus(deps, salon),
  disconnect: async (deps, salonId) => {
    await disconnectCalendar(deps, salonId)
  },
}
