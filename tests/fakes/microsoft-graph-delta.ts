import { randomBytes } from 'node:crypto'
import { graphErrors } from './microsoft-errors'
import { defaultCalendar, represent } from './microsoft-events'
import { type Instance, instanceId, instancesOf } from './microsoft-graph-series'
import { parseDateTime } from './microsoft-time'
import {
  type Answer,
  type Calendar,
  type GraphRequest,
  type Json,
  type Mailbox,
  READ_CALENDARS,
  requireScope,
  type World,
} from './microsoft-world'

/**
 * calendarView delta of the fake Microsoft, as "Get incremental changes to events in a calendar
 * view" (https://learn.microsoft.com/graph/delta-query-events) and event: delta
 * (https://learn.microsoft.com/graph/api/event-delta) describe it:
 *  - GET /me/calendarView/delta?startDateTime&endDateTime, and the same under /me/calendar and
 *    /me/calendars/{id} (`…/microsoft.graph.delta()` too, as the SDKs write it)
 *  - `Prefer: odata.maxpagesize=n` pages; each page but the last has an `@odata.nextLink`
 *    ($skiptoken), the last an `@odata.deltaLink` ($deltatoken). The tokens encode the window and
 *    the calendar: later requests take the link as it is.
 *  - a deltaLink answers only what changed since its round: new and changed instances in full,
 *    removed ones as `{"@odata.type", "id", "@removed": {"reason": "deleted"}}`. An event moved
 *    out of the window is removed from the view, so it comes as removed too.
 *  - a token Graph does not know (invalidated by the test, or never issued) is 410 Gone with a
 *    Location to start again ("Synchronization reset", delta-query-overview).
 * Series come expanded (microsoft-graph-series.ts). `$select` is refused: "`$select` is not
 * supported" for this query. The fake compares the view with the one its token remembers, so a
 * link used twice answers the same changes twice (Graph warns of such "replays").
 */

interface Round {
  accountId: string
  calendarId: string
  from: number
  to: number
  /** Instances in the view when the token was issued: immutable instance id → changeKey. */
  seen: Map<string, { changeKey: string; restId: string }>
  /** The request that starts a new round on this view: the 410's Location. */
  firstUrl: string
}

interface Page {
  round: Round
  items: Json[]
}

/** Graph's page size for this query when no odata.maxpagesize is asked (the fake's choice). */
const DEFAULT_PAGE_SIZE = 10
const MAX_PAGE_SIZE = 1000
const WINDOW_REQUIRED =
  'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.'

export function createDelta(world: World) {
  const rounds = new Map<string, Round>()
  const pages = new Map<string, Page>()
  /** Tokens the test made Graph forget: still answered 410 with their round's first request. */
  const forgotten = new Map<string, string>()
  const token = () => randomBytes(36).toString('base64url')

  /** Which calendar a delta path names: [me, calendarView, delta], [me, calendar(s)…, calendarView, delta]. */
  function calendarOfPath(mailbox: Mailbox, segments: string[]): Calendar | undefined {
    if (segments.at(-1) !== 'delta' || segments.at(-2) !== 'calendarView' || segments[0] !== 'me') return undefined
    const middle = segments.slice(1, -2)
    if (middle.length === 0 || (middle.length === 1 && middle[0] === 'calendar')) return defaultCalendar(mailbox)
    if (middle.length === 2 && middle[0] === 'calendars') {
      const calendar = mailbox.calendars.find((c) => c.id === middle[1])
      if (!calendar) throw graphErrors.itemNotFound()
      return calendar
    }
    return undefined
  }

  function view(mailbox: Mailbox, round: Pick<Round, 'calendarId' | 'from' | 'to'>): Instance[] {
    return [...mailbox.events.values()]
      .filter((e) => e.calendarId === round.calendarId)
      .flatMap((e) => instancesOf(e, round.from, round.to))
      .sort((a, b) => a.start - b.start || a.event.order - b.event.order)
  }

  function handle(request: GraphRequest): Answer | undefined {
    const { caller, url, prefer } = request
    const calendar = calendarOfPath(caller.mailbox, request.segments)
    if (!calendar) return undefined
    if (request.method !== 'GET') return undefined
    requireScope(caller, READ_CALENDARS)
    const shown = (instance: Instance): Json => ({
      '@odata.type': '#microsoft.graph.event',
      ...represent(instance, prefer, caller.mailbox),
    })
    const base = `${world.baseUrl()}${url.pathname}`
    const query = url.searchParams
    if (query.has('$select')) throw graphErrors.invalidRequest('$select is not supported for delta on a calendar view.')

    const skipToken = query.get('$skiptoken')
    const deltaToken = query.get('$deltatoken')
    let items: Json[]
    let round: Round
    if (skipToken !== null) {
      const page = pages.get(skipToken)
      if (!page || page.round.accountId !== caller.account.id) {
        throw graphErrors.syncStateNotFound(forgotten.get(skipToken))
      }
      round = page.round
      items = page.items
    } else if (deltaToken !== null) {
      const known = rounds.get(deltaToken)
      if (!known || known.accountId !== caller.account.id || known.calendarId !== calendar.id) {
        throw graphErrors.syncStateNotFound(known?.firstUrl ?? forgotten.get(deltaToken))
      }
      const current = view(caller.mailbox, known)
      const now = new Map(current.map((i) => [instanceId(i, true), i]))
      items = []
      for (const [id, before] of known.seen) {
        if (!now.has(id)) {
          items.push({
            '@odata.type': '#microsoft.graph.event',
            id: prefer.immutableIds ? id : before.restId,
            '@removed': { reason: 'deleted' },
          })
        }
      }
      for (const [id, instance] of now) {
        if (known.seen.get(id)?.changeKey !== instance.changeKey) items.push(shown(instance))
      }
      round = { ...known, seen: snapshot(current) }
    } else {
      const start = query.get('startDateTime') ?? query.get('startdatetime')
      const end = query.get('endDateTime') ?? query.get('enddatetime')
      if (!start || !end) throw graphErrors.invalidParameter(WINDOW_REQUIRED)
      const from = parseDateTime(start, 'UTC')
      const to = parseDateTime(end, 'UTC')
      if (Number.isNaN(from) || Number.isNaN(to)) throw graphErrors.invalidParameter(WINDOW_REQUIRED)
      const first = new URL(base)
      first.searchParams.set('startDateTime', start)
      first.searchParams.set('endDateTime', end)
      const current = view(caller.mailbox, { calendarId: calendar.id, from, to })
      round = {
        accountId: caller.account.id,
        calendarId: calendar.id,
        from,
        to,
        seen: snapshot(current),
        firstUrl: first.toString(),
      }
      items = current.map(shown)
    }

    const asked = prefer.maxPageSize
    const size = Math.min(asked ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
    if (asked !== undefined) prefer.applied.push(`odata.maxpagesize=${size}`)
    const body: Json = { '@odata.context': `${world.baseUrl()}/v1.0/$metadata#Collection(event)` }
    if (items.length > size) {
      const next = token()
      pages.set(next, { round, items: items.slice(size) })
      body['@odata.nextLink'] = `${base}?$skiptoken=${next}`
    } else {
      const next = token()
      rounds.set(next, round)
      body['@odata.deltaLink'] = `${base}?$deltatoken=${next}`
    }
    body.value = items.slice(0, size)
    return { status: 200, body }
  }

  return {
    handle,
    /** Every delta and skip token so far (of one account, or all) answers 410 from now on. */
    invalidate(accountId?: string) {
      for (const [key, round] of rounds) {
        if (accountId && round.accountId !== accountId) continue
        forgotten.set(key, round.firstUrl)
        rounds.delete(key)
      }
      for (const [key, page] of pages) {
        if (accountId && page.round.accountId !== accountId) continue
        forgotten.set(key, page.round.firstUrl)
        pages.delete(key)
      }
    },
    reset() {
      rounds.clear()
      pages.clear()
      forgotten.clear()
    },
  }
}

function snapshot(instances: Instance[]): Round['seen'] {
  return new Map(instances.map((i) => [instanceId(i, true), { changeKey: i.changeKey, restId: instanceId(i, false) }]))
}
