import { utcDateTime } from '@server/modules/calendar-files/ics'
import { calendarMultiGet, calendarQuery, type DAVResponse, syncCollection } from 'tsdav'
import { calendarVersion } from './caldav-discovery'
import { type CaldavConnection, CaldavError, caldavFetch, describeUrl } from './caldav-http'
import { expectMultistatus, field, multistatusOf, resolveHref, sameResource, textOf } from './caldav-multistatus'

/**
 * Reading what changed in a calendar since the last read.
 *
 * - With a sync-token: REPORT sync-collection (RFC 6578 §3.2, sync-level 1) names the changed
 *   objects with their ETags and the removed ones (404), then calendar-multiget (RFC 4791 §7.9)
 *   fetches the changed ones' data, in chunks. A token the server no longer knows (403 or 409 with
 *   DAV:valid-sync-token; Radicale answers 403) or a truncated answer (507, §3.6) → a full read.
 * - With `ctag:<ctag>` (a server without sync-tokens): nothing changed when the ctag is the same,
 *   else a full read.
 * - Without a cursor: a full read — calendar-query of the VEVENTs overlapping the window, with
 *   their data (RFC 4791 §7.8), and the calendar's version read *before* it, so a change made during
 *   the read is seen again next time rather than lost.
 *
 * hrefs are absolute URLs, resolved against the calendar's URL. tsdav's syncCollection,
 * calendarMultiGet and calendarQuery do not filter hrefs (only fetchCalendarObjects does, keeping
 * `.ics` ones unless given a urlFilter): every object the server names is returned.
 */

export interface ChangedObject {
  href: string
  etag: string
  /** The iCalendar text, as stored. */
  ics: string
}

export interface CalendarChangesRead {
  /** A full read: `changed` is every object in the window, and replaces what the caller had. */
  full: boolean
  changed: ChangedObject[]
  /** Objects gone since the cursor (incremental reads only). */
  removed: string[]
  /** The next cursor: a sync-token, `ctag:<ctag>`, or '' when the server offers neither. */
  nextSyncToken: string
}

export interface ReadWindow {
  start: Date
  end: Date
}

/** hrefs per calendar-multiget: small enough for any server's request limits. */
const MULTIGET_CHUNK = 50

const CTAG_CURSOR = 'ctag:'

const OBJECT_PROPS = { 'd:getetag': {}, 'c:calendar-data': {} }

export async function readCalendarChanges(
  conn: CaldavConnection,
  input: { calendarUrl: string; syncToken: string | null | undefined; window: ReadWindow },
): Promise<CalendarChangesRead> {
  const { calendarUrl, syncToken, window } = input
  if (!syncToken) return fullRead(conn, calendarUrl, window)
  if (syncToken.startsWith(CTAG_CURSOR)) {
    const version = await calendarVersion(conn, calendarUrl)
    if (version.syncToken === undefined && version.ctag !== undefined && cursorOf(version) === syncToken) {
      return { full: false, changed: [], removed: [], nextSyncToken: syncToken }
    }
    return fullRead(conn, calendarUrl, window)
  }
  try {
    return await incrementalRead(conn, calendarUrl, syncToken)
  } catch (error) {
    if (error instanceof CaldavError && error.kind === 'invalid_sync_token') return fullRead(conn, calendarUrl, window)
    throw error
  }
}

async function incrementalRead(
  conn: CaldavConnection,
  calendarUrl: string,
  syncToken: string,
): Promise<CalendarChangesRead> {
  const davFetch = caldavFetch(conn)
  const what = `REPORT sync-collection ${describeUrl(calendarUrl)}`
  const answer = await syncCollection({
    url: calendarUrl,
    props: { 'd:getetag': {} },
    syncLevel: 1,
    syncToken,
    fetch: davFetch,
  })
  const read = multistatusOf(answer, what)
  if ('failed' in read) {
    const forgotten = (read.failed === 403 || read.failed === 409) && read.body.includes('valid-sync-token')
    if (forgotten || read.failed === 507) {
      throw new CaldavError('invalid_sync_token', read.failed, `${what}: the server no longer knows our sync token`)
    }
  }
  const { responses, syncToken: next } = expectMultistatus(answer, what)
  if (!next) throw new CaldavError('refused', 207, `${what}: no new sync token in the answer`)

  const changed = new Map<string, string>()
  const removed: string[] = []
  for (const response of responses) {
    const href = resolveHref(response.href ?? '', calendarUrl)
    if (sameResource(href, calendarUrl)) {
      // The collection itself named with 507: the server truncated the changes (RFC 6578 §3.6).
      if (response.status === 507) {
        throw new CaldavError('invalid_sync_token', 507, `${what}: too many changes for one answer`)
      }
      continue
    }
    if (response.status === 404 || response.status === 410) removed.push(href)
    else changed.set(href, textOf(field(response.props, 'getetag')) ?? '')
  }

  const objects = await multiget(davFetch, calendarUrl, [...changed.keys()])
  // Removed between the two requests: multiget answers 404 for them.
  for (const href of changed.keys()) {
    if (!objects.some((object) => object.href === href)) removed.push(href)
  }
  return { full: false, changed: objects, removed, nextSyncToken: next }
}

async function multiget(davFetch: typeof fetch, calendarUrl: string, hrefs: string[]): Promise<ChangedObject[]> {
  const objects: ChangedObject[] = []
  for (let index = 0; index < hrefs.length; index += MULTIGET_CHUNK) {
    const chunk = hrefs.slice(index, index + MULTIGET_CHUNK)
    const answer = await calendarMultiGet({
      url: calendarUrl,
      props: OBJECT_PROPS,
      objectUrls: chunk.map((href) => new URL(href).pathname),
      depth: '1',
      fetch: davFetch,
    })
    objects.push(
      ...objectsOf(
        expectMultistatus(answer, `REPORT calendar-multiget ${describeUrl(calendarUrl)}`).responses,
        calendarUrl,
      ),
    )
  }
  return objects
}

async function fullRead(conn: CaldavConnection, calendarUrl: string, window: ReadWindow): Promise<CalendarChangesRead> {
  const version = await calendarVersion(conn, calendarUrl)
  const answer = await calendarQuery({
    url: calendarUrl,
    props: OBJECT_PROPS,
    filters: {
      'comp-filter': {
        _attributes: { name: 'VCALENDAR' },
        'comp-filter': {
          _attributes: { name: 'VEVENT' },
          // A time-range bound is a UTC date-time (RFC 4791 §9.9).
          'time-range': { _attributes: { start: utcDateTime(window.start), end: utcDateTime(window.end) } },
        },
      },
    },
    depth: '1',
    fetch: caldavFetch(conn),
  })
  const { responses } = expectMultistatus(answer, `REPORT calendar-query ${describeUrl(calendarUrl)}`)
  return { full: true, changed: objectsOf(responses, calendarUrl), removed: [], nextSyncToken: cursorOf(version) }
}

function objectsOf(responses: DAVResponse[], calendarUrl: string): ChangedObject[] {
  const objects: ChangedObject[] = []
  for (const response of responses) {
    if (!response.ok) continue
    const ics = textOf(field(response.props, 'calendarData'))
    if (!ics) continue
    objects.push({
      href: resolveHref(response.href ?? '', calendarUrl),
      etag: textOf(field(response.props, 'getetag')) ?? '',
      ics,
    })
  }
  return objects
}

function cursorOf(version: { syncToken?: string; ctag?: string }): string {
  if (version.syncToken) return version.syncToken
  return version.ctag ? `${CTAG_CURSOR}${version.ctag}` : ''
}
