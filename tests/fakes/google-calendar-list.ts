import { randomBytes } from 'node:crypto'
import { calendarErrors } from './google-calendar-errors'
import { type CalendarEvent, instantOf, minimalCancelled, parseTimestamp } from './google-calendar-events'

/**
 * events.list of the fake calendar: full listings with their filters, paging, and incremental sync
 * with sync tokens, as the events.list reference and the "Synchronize resources efficiently" guide
 * (https://developers.google.com/workspace/calendar/api/guides/sync) describe them.
 */

export interface StoredEvent {
  event: CalendarEvent
  /** Position in the change history of all calendars: what sync tokens compare against. */
  change: number
  /** Creation order: the "unspecified, stable order" of a listing. */
  order: number
}

export interface Calendar {
  email: string
  resourceId: string
  created: string
  events: Map<string, StoredEvent>
}

interface Page {
  email: string
  rest: Record<string, unknown>[]
  /** The change number the listing started at: its sync token, given on the last page. */
  asOf: number
}

/** Parameters events.list refuses beside a syncToken (events.list reference, `syncToken`). */
const NOT_WITH_SYNC_TOKEN = [
  'iCalUID',
  'orderBy',
  'privateExtendedProperty',
  'q',
  'sharedExtendedProperty',
  'timeMin',
  'timeMax',
  'updatedMin',
]

export function createListing(options: { timeZone: string; lastChange: () => number }) {
  const syncTokens = new Map<string, { email: string; asOf: number }>()
  const pages = new Map<string, Page>()
  const zone = options.timeZone

  function list(calendar: Calendar, query: URLSearchParams) {
    const syncToken = query.get('syncToken')
    if (syncToken !== null && NOT_WITH_SYNC_TOKEN.some((name) => query.has(name))) {
      // The refusal is documented; the message is Google's as reported by its users.
      throw calendarErrors.invalid('Sync token cannot be used with other request restrictions.', 'syncToken')
    }
    // A token never issued, issued for another calendar, or invalidated: all are "no longer valid".
    const since = syncToken === null ? undefined : syncTokens.get(syncToken)
    if (syncToken !== null && since?.email !== calendar.email) throw calendarErrors.fullSyncRequired()
    const maxResults = pageSize(query.get('maxResults'))
    const showDeleted = query.get('showDeleted') === 'true'

    let items: Record<string, unknown>[]
    let asOf = options.lastChange()
    const pageToken = query.get('pageToken')
    if (pageToken !== null) {
      // Later pages are the snapshot taken by the first, so nothing shifts while a client pages;
      // changes made meanwhile come with the next sync token, as the sync guide promises.
      const page = pages.get(pageToken)
      if (!page || page.email !== calendar.email) throw calendarErrors.invalid('Invalid page token value.', 'pageToken')
      items = page.rest
      asOf = page.asOf
    } else if (since) {
      // Incremental sync: every event changed since the token, deleted ones always included; their
      // details only with showDeleted ("incremental sync requests with showDeleted set to false will
      // not return these details", Events reference, `status`).
      items = [...calendar.events.values()]
        .filter((stored) => stored.change > since.asOf)
        .sort((a, b) => a.change - b.change)
        .map(({ event }) => shown(event, showDeleted))
    } else items = fullListing(calendar, query, showDeleted)

    const body: Record<string, unknown> = {
      kind: 'calendar#events',
      etag: `"p${randomBytes(9).toString('hex')}"`,
      summary: calendar.email,
      description: '',
      updated: lastUpdate(calendar),
      timeZone: zone,
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      items: items.slice(0, maxResults),
    }
    if (items.length > maxResults) {
      const token = `Ci${randomBytes(24).toString('base64url')}`
      pages.set(token, { email: calendar.email, rest: items.slice(maxResults), asOf })
      body.nextPageToken = token
    } else {
      // Only the last page carries the sync token (sync guide). Google's tokens are base64 with
      // `=` and `/`: a client that forgets to encode it in the next URL is caught here too.
      const token = `C${randomBytes(24).toString('base64')}=`
      syncTokens.set(token, { email: calendar.email, asOf })
      body.nextSyncToken = token
    }
    return body
  }

  function fullListing(calendar: Calendar, query: URLSearchParams, showDeleted: boolean) {
    const bound = (name: string) => {
      const value = query.get(name)
      if (value === null) return undefined
      const instant = parseTimestamp(value)
      if (instant === undefined) throw calendarErrors.badRequest()
      return instant
    }
    const timeMin = bound('timeMin')
    const timeMax = bound('timeMax')
    const updatedMin = bound('updatedMin')
    if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) {
      throw calendarErrors.timeRangeEmpty('timeMax')
    }
    const orderBy = query.get('orderBy')
    if (orderBy === 'startTime' && query.get('singleEvents') !== 'true') {
      throw calendarErrors.badRequest('The requested ordering is not available for the particular query.')
    }
    const q = query.get('q')?.toLowerCase()
    const matches = (event: CalendarEvent) => {
      // Deleted events: with showDeleted, and with updatedMin ("entries deleted since this time will
      // always be included regardless of showDeleted", events.list reference).
      if (event.status === 'cancelled' && !showDeleted && updatedMin === undefined) return false
      // timeMin bounds the end (exclusive), timeMax the start (exclusive).
      if (timeMin !== undefined && instantOf(event.end, zone) <= timeMin) return false
      if (timeMax !== undefined && instantOf(event.start, zone) >= timeMax) return false
      if (updatedMin !== undefined && Date.parse(event.updated) < updatedMin) return false
      if (query.has('iCalUID') && event.iCalUID !== query.get('iCalUID')) return false
      if (q && ![event.summary, event.description, event.location].some((t) => t?.toLowerCase().includes(q))) {
        return false
      }
      for (const side of ['private', 'shared'] as const) {
        for (const constraint of query.getAll(`${side}ExtendedProperty`)) {
          const [name = '', ...value] = constraint.split('=')
          if (event.extendedProperties?.[side]?.[name] !== value.join('=')) return false
        }
      }
      return true
    }
    // Recurring events are stored as written and never expanded: `singleEvents` changes nothing.
    const found = [...calendar.events.values()].filter(({ event }) => matches(event))
    if (orderBy === 'startTime') {
      found.sort((a, b) => instantOf(a.event.start, zone) - instantOf(b.event.start, zone))
    } else if (orderBy === 'updated') found.sort((a, b) => a.event.updated.localeCompare(b.event.updated))
    else found.sort((a, b) => a.order - b.order)
    return found.map(({ event }) => shown(event, showDeleted))
  }

  return {
    list,
    /** Every sync token issued so far, for one calendar or all, answers 410 from now on. */
    invalidate(email?: string) {
      for (const [token, entry] of syncTokens) if (!email || entry.email === email) syncTokens.delete(token)
    },
    reset() {
      syncTokens.clear()
      pages.clear()
    },
  }
}

const shown = (event: CalendarEvent, showDeleted: boolean) =>
  event.status === 'cancelled' && !showDeleted ? minimalCancelled(event) : structuredClone(event)

/** maxResults: 250 unless asked; "The page size can never be larger than 2500" — more is cut to 2500. */
function pageSize(value: string | null): number {
  if (value === null) return 250
  const size = Number(value)
  if (!Number.isInteger(size) || size < 1) {
    throw calendarErrors.invalid(`Invalid value '${value}'. Values must be within the range: [1, 2500]`, 'maxResults')
  }
  return Math.min(size, 2500)
}

/** The calendar's `updated`: its last change. */
function lastUpdate(calendar: Calendar): string {
  let last = calendar.created
  for (const { event } of calendar.events.values()) if (event.updated > last) last = event.updated
  return last
}
