import type { CalendarConnectionRow } from '@server/db/schema'
import { type BookingForCalendar, bookingEventOf } from './booking-event'
import {
  type CalendarDeps,
  type CalendarProvider,
  type ConnectionContext,
  providerNamed,
  type RemoteLink,
} from './calendar-providers'
import { CalendarFailure } from './calendar-sync.errors'
import type { CalendarSyncReason } from './calendar-sync.queues'
import * as repo from './calendar-sync.repository'

/**
 * Keeping a salon's calendars and its bookings in step, for every provider, always from a job and
 * never on a request's path: each booking's event follows the booking in the calendar that
 * receives bookings (created, moved, removed), and every connected calendar's own events are read
 * into busy times that availability uses. The provider only translates (calendar-providers.ts).
 */

export type PushOutcome = 'created' | 'updated' | 'removed' | 'unchanged'
export type SyncCounts = { created: number; updated: number; removed: number } | null

/** Tests hand their own provider (a slow or failing one) to the orchestration; the server uses the registry's. */
export type SyncDeps = CalendarDeps & { provider?: (name: string) => CalendarProvider | undefined }

/** Events that ended this long ago are not kept: availability never looks back. */
const KEEP_PAST_MS = 24 * 60 * 60 * 1000
/** How far ahead a windowed read (Graph, CalDAV) looks: past any salon's booking horizon. */
const WINDOW_MS = 400 * 24 * 60 * 60 * 1000
/** A windowed read starts a new full round before its window runs short of a year. */
const RENEW_WINDOW_BEFORE_MS = 35 * 24 * 60 * 60 * 1000
/** A calendar failing in a row is read less often: its interval doubles with each failure, up to an hour. */
const MAX_BACKOFF_MS = 60 * 60 * 1000

/** The calendar's provider asked us to wait: the job is to be sent again after `retryAfterMs`. */
export class CalendarDeferred extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`the calendar asked to wait ${retryAfterMs} ms`)
    this.name = 'CalendarDeferred'
  }
}

const providerOf = (deps: SyncDeps, name: string) => (deps.provider ?? providerNamed)(name)

// ——— Jobs ———

/** Job `calendar.push-booking`: makes the calendar receiving bookings show the booking as it is now. */
export async function pushBooking(deps: SyncDeps, bookingId: string): Promise<PushOutcome> {
  const writer = await repo.findWriterOfBooking(deps.db, bookingId)
  const provider = writer && !writer.reconnectRequiredAt ? providerOf(deps, writer.provider) : undefined
  if (!writer || !provider) return 'unchanged'
  deferWhileThrottled(deps, writer)
  const found = await repo.findBookingWithLink(deps.db, bookingId, writer.id)
  const salon = await repo.findSalonForCalendar(deps.db, writer.salonId)
  if (!found || !salon) return 'unchanged'
  const ctx = contextOf(deps, writer, salon)
  const outcome = await withConnection(ctx, () =>
    pushOne(ctx, provider, salon, found.booking, found.link, { deleteUnlinked: true }),
  )
  return outcome ?? 'unchanged'
}

/**
 * Job `calendar.sync-calendar`: reads the calendar's changes into busy times, renews its push
 * channel when due, then brings the bookings' events in line: every booking still to come in the
 * calendar receiving bookings, none left in one that no longer does.
 */
export async function syncCalendar(
  deps: SyncDeps,
  calendarId: string,
  reason: CalendarSyncReason,
): Promise<SyncCounts> {
  const connection = await repo.findConnection(deps.db, calendarId)
  const provider = connection && !connection.reconnectRequiredAt ? providerOf(deps, connection.provider) : undefined
  if (!connection || !provider) return null
  const salon = await repo.findSalonForCalendar(deps.db, connection.salonId)
  if (!salon) return null
  deferWhileThrottled(deps, connection)
  const ctx = contextOf(deps, connection, salon)
  return withConnection(ctx, async () => {
    await pullChanges(ctx, provider)
    const channel = await provider.keepNotifications?.(ctx)
    if (channel) await repo.updateConnection(deps.db, connection.id, channel)
    const counts = { created: 0, updated: 0, removed: 0 }
    const now = deps.clock.now()
    if (connection.writesBookings) {
      for (const { booking, link } of await repo.listBookingsToReconcile(deps.db, salon.id, connection.id, now)) {
        const outcome = await pushOne(ctx, provider, salon, booking, link, { deleteUnlinked: false })
        if (outcome !== 'unchanged') counts[outcome]++
      }
    } else {
      counts.removed = await shedOurEvents(ctx, provider)
    }
    // What a person asked for (connecting, "Synchroniser") is what the dashboard reports; the
    // reads notifications cause would otherwise overwrite it with zeros a second later.
    const asked = reason === 'manual' || reason === 'connect'
    await repo.updateConnection(deps.db, connection.id, {
      ...(asked ? { lastSyncCounts: counts } : {}),
      lastSyncedAt: deps.clock.now(),
    })
    return counts
  })
}

/** Job `calendar.maintain` (every minute): asks for the reads that are due and the channels to renew. */
export async function maintainCalendars(deps: SyncDeps): Promise<number> {
  const now = deps.clock.now().getTime()
  let requested = 0
  for (const connection of await repo.listLiveConnections(deps.db)) {
    const provider = providerOf(deps, connection.provider)
    if (!provider) continue
    const push = hasLiveChannel(connection, now)
    const base = provider.pollEveryMs(connection, push)
    const pollEvery = Math.min(base * 2 ** Math.min(connection.failures, 10), Math.max(base, MAX_BACKOFF_MS))
    const pullDue = !connection.lastPulledAt || now - connection.lastPulledAt.getTime() >= pollEvery - 30_000
    const channelDue = provider.channelDue?.(deps.config, connection, now) ?? false
    if (pullDue || channelDue) {
      await deps.jobs.send(
        deps.db,
        'calendar.sync-calendar',
        { calendarId: connection.id, reason: 'poll' },
        { singletonKey: connection.id },
      )
      requested++
    }
  }
  return requested
}

/** The provider's notifications reach us: a channel is open and has not ended. */
export function hasLiveChannel(connection: CalendarConnectionRow, now: number): boolean {
  return Boolean(connection.channelId && connection.channelExpiresAt && connection.channelExpiresAt.getTime() > now)
}

// ——— Internals ———

type SalonForSync = NonNullable<Awaited<ReturnType<typeof repo.findSalonForCalendar>>>

function contextOf(deps: SyncDeps, connection: CalendarConnectionRow, salon: SalonForSync): ConnectionContext {
  return { deps, connection, salon, memo: new Map() }
}

/** A calendar whose provider asked us to wait is not called before then: the job comes back later. */
function deferWhileThrottled(deps: SyncDeps, connection: CalendarConnectionRow): void {
  const wait = (connection.throttledUntil?.getTime() ?? 0) - deps.clock.now().getTime()
  if (wait > 0) throw new CalendarDeferred(wait)
}

/**
 * Runs calls to one calendar and records their outcome for its card. Access the provider no
 * longer accepts ends as "reconnect required" (the job is then done: connecting again resumes the
 * sync); a request to wait becomes `throttled_until` and the job's return later; anything else is
 * recorded and thrown again for the job to be retried with backoff.
 */
async function withConnection<T>(ctx: ConnectionContext, work: () => Promise<T>): Promise<T | null> {
  const { db, clock } = ctx.deps
  const { connection } = ctx
  try {
    const result = await work()
    if (connection.lastError || connection.failures > 0 || connection.throttledUntil) {
      await repo.updateConnection(db, connection.id, {
        lastError: null,
        lastErrorAt: null,
        failures: 0,
        throttledUntil: null,
      })
    }
    return result
  } catch (error) {
    const now = clock.now()
    const failure = error instanceof CalendarFailure ? error : undefined
    const code = failure?.code ?? 'refused'
    if (failure?.kind === 'throttled') {
      const until = new Date(now.getTime() + failure.retryAfterMs)
      await repo.updateConnection(db, connection.id, { lastError: code, lastErrorAt: now, throttledUntil: until })
      throw new CalendarDeferred(failure.retryAfterMs)
    }
    const revoked = failure?.kind === 'revoked'
    await repo.updateConnection(db, connection.id, {
      lastError: code,
      lastErrorAt: now,
      failures: connection.failures + 1,
      ...(revoked ? { reconnectRequiredAt: now } : {}),
    })
    if (revoked) return null
    throw error
  }
}

function stored(link: repo.CalendarEventLink): RemoteLink & { present: boolean } {
  return { remoteId: link.eventId, version: link.etag, sequence: link.sequence, present: link.state === 'present' }
}

/**
 * Brings one booking's event in line. The calendar mirrors the bookings: an event deleted or
 * moved by hand is written back, and a booking is cancelled in Salonia, not by deleting its event.
 */
async function pushOne(
  ctx: ConnectionContext,
  provider: CalendarProvider,
  salon: SalonForSync,
  booking: repo.BookingWithCustomer,
  link: repo.CalendarEventLink | null,
  options: { deleteUnlinked: boolean },
): Promise<PushOutcome> {
  const { db, clock, config } = ctx.deps
  const now = clock.now()
  const where = { bookingId: booking.id, calendarId: ctx.connection.id, salonId: salon.id }
  // A past booking is not put into the calendar afresh, but its event, when there, keeps following
  // it: an erased customer's name leaves the salon's past events too (GDPR erasure).
  // A held booking waits for its step before it is shown (confirmed, it is pushed then).
  const wanted =
    booking.status !== 'cancelled' &&
    booking.status !== 'held' &&
    (booking.endsAt.getTime() > now.getTime() || link?.state === 'present')
  if (wanted) {
    const event = bookingEventOf(booking as BookingForCalendar, salon, config.publicUrl)
    const fingerprint = provider.fingerprint(event)
    if (link?.state === 'present' && link.fingerprint === fingerprint) return 'unchanged'
    const remote = await provider.writeEvent(ctx, event, link ? stored(link) : null)
    await repo.saveLink(db, {
      ...where,
      eventId: remote.remoteId,
      etag: remote.version,
      sequence: remote.sequence,
      state: 'present',
      fingerprint,
      pushedAt: now,
    })
    return link?.state === 'present' ? 'updated' : 'created'
  }
  if (booking.status !== 'cancelled') return 'unchanged'
  if (link?.state === 'removed' || (!link && !options.deleteUnlinked)) return 'unchanged'
  await provider.removeEvent(ctx, booking.id, link ? stored(link) : null)
  await repo.saveLink(db, {
    ...where,
    eventId: link?.eventId ?? '',
    etag: null,
    sequence: link?.sequence ?? 0,
    state: 'removed',
    fingerprint: '',
    pushedAt: now,
  })
  return link ? 'removed' : 'unchanged'
}

/** A calendar that no longer receives bookings (another took over) sheds the events we wrote there. */
async function shedOurEvents(ctx: ConnectionContext, provider: CalendarProvider): Promise<number> {
  const { db, clock } = ctx.deps
  let removed = 0
  for (const link of await repo.listPresentLinks(db, ctx.connection.id)) {
    await provider.removeEvent(ctx, link.bookingId, stored(link))
    await repo.saveLink(db, { ...link, etag: null, state: 'removed', fingerprint: '', pushedAt: clock.now() })
    removed++
  }
  return removed
}

/** Where the read resumes: a windowed read whose window runs short starts a full round again. */
function readPlan(connection: CalendarConnectionRow, now: Date) {
  const window = { from: new Date(now.getTime() - KEEP_PAST_MS), to: new Date(now.getTime() + WINDOW_MS) }
  const windowShort = connection.windowEnd && connection.windowEnd.getTime() - now.getTime() < RENEW_WINDOW_BEFORE_MS
  return { window, cursor: windowShort ? null : connection.cursor }
}

/**
 * Reads the calendar's changes since the last read into busy times. Our own events deleted or
 * changed by hand lose their record, so the reconcile that follows writes them back.
 */
async function pullChanges(ctx: ConnectionContext, provider: CalendarProvider) {
  const { db, clock } = ctx.deps
  const { connection, salon } = ctx
  const now = clock.now()
  const plan = readPlan(connection, now)
  const changes = await provider.readChanges(ctx, plan.cursor, plan.window)
  // Our events in a calendar that does not receive bookings are copies (or left from before a
  // change of writer, which the shedding removes): never busy times, never links to correct.
  const ours = connection.writesBookings ? changes.ours : []
  const times = new Map(
    (
      await repo.findBookingTimes(
        db,
        salon.id,
        ours.map((o) => o.bookingId),
      )
    ).map((b) => [b.id, b]),
  )
  const gone: string[] = []
  const revived: { bookingId: string; remote: RemoteLink }[] = []
  for (const { bookingId, remote, startsAt, endsAt } of ours) {
    const booking = times.get(bookingId)
    if (!booking) continue
    if (!remote) gone.push(bookingId)
    else if (booking.status === 'cancelled') revived.push({ bookingId, remote })
    else if (
      startsAt &&
      endsAt &&
      (startsAt.getTime() !== booking.startsAt.getTime() || endsAt.getTime() !== booking.endsAt.getTime())
    )
      gone.push(bookingId)
  }
  const where = { calendarId: connection.id, salonId: salon.id }
  await db.transaction(async (tx) => {
    if (changes.full) await repo.deleteAllBusyTimes(tx, connection.id)
    else {
      await repo.deleteBusyTimesOfObjects(tx, connection.id, changes.freedObjects ?? [])
      await repo.deleteBusyTimes(tx, connection.id, changes.freed)
    }
    await repo.upsertBusyTimes(tx, where, changes.busy, now)
    await repo.markLinksGone(tx, connection.id, gone)
    // Cancelled bookings' events live again: recorded as there, so the reconcile deletes them.
    for (const { bookingId, remote } of revived) {
      await repo.saveLink(tx, {
        ...where,
        bookingId,
        eventId: remote.remoteId,
        etag: remote.version,
        sequence: remote.sequence,
        state: 'present',
        fingerprint: '',
        pushedAt: now,
      })
    }
    await repo.updateConnection(tx, connection.id, {
      cursor: changes.nextCursor,
      windowEnd: changes.windowEnd ?? connection.windowEnd,
      lastPulledAt: now,
    })
  })
}
