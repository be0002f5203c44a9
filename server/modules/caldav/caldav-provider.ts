import type { Config } from '@server/config'
import type {
  CalendarChanges,
  CalendarProvider,
  ConnectionContext,
} from '@server/modules/calendar-sync/calendar-providers'
import {
  CalendarFailure,
  calendarAccessRevoked,
  calendarRefused,
  calendarUnavailable,
} from '@server/modules/calendar-sync/calendar-sync.errors'
import { decryptSecret, encryptSecret } from '@server/security/secrets'
import { busyTimesOfCalendarObject, ourEventsOfCalendarObject } from './caldav-busy'
import {
  type CaldavConnection,
  type CaldavCredentials,
  CaldavError,
  caldavDispatcher,
  calendarObjectUrl,
  readCalendarChanges,
  removeCalendarObject,
  writeCalendarObject,
} from './caldav-client'
import { caldavEventIcs, caldavFingerprint } from './caldav-event'

/**
 * Any CalDAV calendar (iCloud, Fastmail, Nextcloud, Radicale…) as a calendar provider: a booking is
 * an object `<bookingId>.ics` in the chosen collection, written with ETag preconditions (a lost
 * answer or a hand edit is overwritten, never duplicated); the calendar's changes are read with
 * sync-collection (RFC 6578) and its series expanded on our side (caldav-busy.ts). CalDAV has no
 * push: the calendar is polled every minute, less often while it fails.
 */

const CREDENTIALS_PURPOSE = 'caldav-credentials'
const POLL_EVERY_MS = 60 * 1000
const OUR_OBJECT = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.ics$/i

export function sealCaldavCredentials(config: Pick<Config, 'appSecret'>, credentials: CaldavCredentials): string {
  return encryptSecret(config.appSecret, CREDENTIALS_PURPOSE, JSON.stringify(credentials))
}

/** How to reach the connection's server: its credentials, and in production a connector refusing private addresses. */
export function caldavConnectionOf(ctx: Pick<ConnectionContext, 'deps' | 'connection'>): CaldavConnection {
  const { config } = ctx.deps
  const sealed = ctx.connection.credentials
  if (!sealed) throw calendarAccessRevoked('The CalDAV connection has no credentials')
  const credentials = JSON.parse(decryptSecret(config.appSecret, CREDENTIALS_PURPOSE, sealed)) as CaldavCredentials
  return { ...credentials, dispatcher: caldavDispatcher({ production: config.isProduction }) }
}

export const caldavCalendarProvider: CalendarProvider = {
  name: 'caldav',
  // Nothing to configure on the server: the owner brings the account.
  available: () => true,
  fingerprint: caldavFingerprint,
  writeEvent: (ctx, event, link) =>
    callCaldav(async (conn) => {
      // SEQUENCE goes up with every write, as RFC 5545 asks of a changed event.
      const sequence = link ? link.sequence + 1 : 0
      const ics = caldavEventIcs(event, { sequence, now: ctx.deps.clock.now() })
      const written = await writeCalendarObject(conn, {
        calendarUrl: ctx.connection.calendarRef,
        bookingId: event.bookingId,
        ics,
        etag: link?.present ? link.version : null,
      })
      return { remoteId: written.href, version: written.etag, sequence }
    }, ctx),
  removeEvent: (ctx, bookingId, link) =>
    callCaldav(async (conn) => {
      const href = link?.remoteId || calendarObjectUrl(ctx.connection.calendarRef, bookingId)
      await removeCalendarObject(conn, { href, etag: link?.present ? link.version : null })
    }, ctx),
  readChanges: (ctx, cursor, window) =>
    callCaldav(async (conn) => {
      const read = await readCalendarChanges(conn, {
        calendarUrl: ctx.connection.calendarRef,
        syncToken: cursor,
        window: { start: window.from, end: window.to },
      })
      const changes: CalendarChanges = {
        full: read.full,
        busy: [],
        freed: [],
        freedObjects: [...read.changed.map((object) => object.href), ...read.removed],
        ours: [],
        nextCursor: read.nextSyncToken,
        ...(read.full ? { windowEnd: window.to } : {}),
      }
      for (const object of read.changed) {
        const { busy } = busyTimesOfCalendarObject(object.ics, object.href, window, ctx.salon.timeZone)
        changes.busy.push(...busy.map((time) => ({ ...time, objectId: object.href })))
        for (const ours of ourEventsOfCalendarObject(object.ics, ctx.salon.timeZone)) {
          changes.ours.push({
            bookingId: ours.bookingId,
            remote: ours.cancelled ? null : { remoteId: object.href, version: object.etag, sequence: 0 },
            ...(ours.startsAt && ours.endsAt ? { startsAt: ours.startsAt, endsAt: ours.endsAt } : {}),
          })
        }
      }
      // Our object deleted by hand: the booking's event is to be written back.
      for (const href of read.removed) {
        const bookingId = OUR_OBJECT.exec(href)?.[1]?.toLowerCase()
        if (bookingId) changes.ours.push({ bookingId, remote: null })
      }
      return changes
    }, ctx),
  pollEveryMs: () => POLL_EVERY_MS,
}

/** A CalDAV call, its failure told to calendar sync in its own terms (a 401: the password changed or was revoked). */
async function callCaldav<T>(work: (conn: CaldavConnection) => Promise<T>, ctx: ConnectionContext): Promise<T> {
  try {
    return await work(caldavConnectionOf(ctx))
  } catch (error) {
    if (error instanceof CalendarFailure) throw error
    if (!(error instanceof CaldavError)) throw calendarRefused(error instanceof Error ? error.message : String(error))
    if (error.kind === 'unauthorized') throw calendarAccessRevoked(error.message)
    if (error.kind === 'unavailable') throw calendarUnavailable(error.message)
    // The collection itself is gone (deleted on the phone): only the owner can choose another.
    if (error.kind === 'not_found') throw calendarAccessRevoked(error.message)
    throw calendarRefused(error.message)
  }
}
