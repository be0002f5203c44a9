import type { GraphDateTime, GraphEvent } from './graph-busy'
import type { GraphEventBody } from './graph-event'
import { GraphError, graphHttp } from './graph-http'
import { type GraphSubscriptionsApi, graphSubscriptions } from './graph-subscriptions'
import type { MicrosoftSettings } from './microsoft-client'

/**
 * Microsoft Graph v1.0's calendar calls the sync needs, over plain HTTPS (graph-http.ts: the
 * Prefer headers, the timeout, GraphError): the account's calendars, our events (create with a
 * transactionId, update, delete), the calendar view's delta, and subscriptions
 * (graph-subscriptions.ts). Every call takes the access token; refreshing it, and limiting calls
 * per mailbox (graph-limit.ts), are the caller's.
 */

export interface GraphCalendar {
  id: string
  name: string
  isDefaultCalendar: boolean
  /** False for a calendar shared with the owner read-only: it cannot receive bookings. */
  canEdit: boolean
}

/** What Graph answers for an event we wrote. */
export interface WrittenEvent {
  id: string
  /** Outlook's version of the event: it changes with every edit, ours or the owner's. */
  changeKey: string | null
  transactionId: string | null
  /** What the event says now, as Graph answered it (a repeated create answers the event as it was made). */
  subject?: string
  start?: GraphDateTime
  end?: GraphDateTime
}

/** An event (single, occurrence or exception) of a calendar view, with the fields the sync reads. */
export interface GraphViewEvent extends GraphEvent {
  changeKey?: string
  iCalUId?: string
  seriesMasterId?: string | null
  removed?: false
}

/** An event that left the view (deleted, or moved out of the window): delta names only its id. */
export interface RemovedGraphEvent {
  id: string
  removed: true
}

export type CalendarViewItem = GraphViewEvent | RemovedGraphEvent

/**
 * Where a read starts: the deltaLink of the last round (it names its calendar and window itself),
 * or a full read of a window of the calendar.
 */
export type CalendarViewRead =
  | { calendarId: string; deltaLink: string }
  | { calendarId: string; window: { start: Date; end: Date } }

export interface CalendarView {
  /** True when this was a full read of the window (every event in it), false for changes only. */
  full: boolean
  /** In Graph's order; an id appears once, with its last state in the round. */
  events: CalendarViewItem[]
  /** The cursor of the next round; it encodes the window. */
  deltaLink: string
}

export interface GraphApi extends GraphSubscriptionsApi {
  listCalendars(accessToken: string): Promise<GraphCalendar[]>
  createEvent(accessToken: string, calendarId: string, body: GraphEventBody): Promise<WrittenEvent>
  /** PATCH: the event's fields replaced by the body's; a transactionId in it is not sent. */
  updateEvent(accessToken: string, eventId: string, body: Omit<GraphEventBody, 'transactionId'>): Promise<WrittenEvent>
  /** A 404 (already gone) is GraphError `not_found`: counting it as done is the caller's choice. */
  deleteEvent(accessToken: string, eventId: string): Promise<void>
  /** One round of calendarView delta, every page followed; 410 is GraphError `sync_reset`. */
  readCalendarView(accessToken: string, read: CalendarViewRead): Promise<CalendarView>
}

/** Graph's page size asked for delta ("Prefer: odata.maxpagesize", delta-query-events). */
const PAGE_SIZE = 100
/** 50,000 events: far beyond a salon's calendar; a server that keeps paging is not answering. */
export const MAX_DELTA_PAGES = 500
/** Calendars of one account: 20 pages of Graph's default size is already far more than anyone has. */
const MAX_CALENDAR_PAGES = 20

interface Page<T> {
  value?: T[]
  '@odata.nextLink'?: unknown
  '@odata.deltaLink'?: unknown
}

interface RawEvent extends Record<string, unknown> {
  id?: unknown
  '@removed'?: unknown
}

const calendarPath = (calendarId: string) => `/me/calendars/${encodeURIComponent(calendarId)}`
const eventPath = (eventId: string) => `/me/events/${encodeURIComponent(eventId)}`

export function graphApi(settings: Pick<MicrosoftSettings, 'baseUrl'>): GraphApi {
  const http = graphHttp(settings.baseUrl)

  function written(operation: string, body: RawEvent | undefined): WrittenEvent {
    if (typeof body?.id !== 'string') {
      throw new GraphError('unavailable', 200, 'badAnswer', `${operation}: Microsoft Graph's answer names no event`)
    }
    const time = (value: unknown): GraphDateTime | undefined => {
      const v = value as Partial<GraphDateTime> | undefined
      return typeof v?.dateTime === 'string' && typeof v.timeZone === 'string'
        ? { dateTime: v.dateTime, timeZone: v.timeZone }
        : undefined
    }
    return {
      id: body.id,
      changeKey: typeof body.changeKey === 'string' ? body.changeKey : null,
      transactionId: typeof body.transactionId === 'string' ? body.transactionId : null,
      ...(typeof body.subject === 'string' ? { subject: body.subject } : {}),
      ...(time(body.start) ? { start: time(body.start) } : {}),
      ...(time(body.end) ? { end: time(body.end) } : {}),
    }
  }

  return {
    ...graphSubscriptions(http),

    async listCalendars(accessToken) {
      const calendars: GraphCalendar[] = []
      let next: string | undefined = '/me/calendars'
      for (let page = 0; next; page++) {
        if (page === MAX_CALENDAR_PAGES) {
          throw new GraphError('unavailable', 200, 'tooManyPages', 'listCalendars: Microsoft Graph kept paging')
        }
        const answer: { body: Page<Record<string, unknown>> | undefined } = await http.send<
          Page<Record<string, unknown>>
        >(accessToken, { operation: 'listCalendars', method: 'GET', path: next })
        for (const c of answer.body?.value ?? []) {
          if (typeof c.id !== 'string') continue
          calendars.push({
            id: c.id,
            name: typeof c.name === 'string' ? c.name : '',
            isDefaultCalendar: c.isDefaultCalendar === true,
            canEdit: c.canEdit === true,
          })
        }
        const link = answer.body?.['@odata.nextLink']
        next = typeof link === 'string' ? link : undefined
      }
      return calendars
    },

    async createEvent(accessToken, calendarId, body) {
      const answer = await http.send<RawEvent>(accessToken, {
        operation: 'createEvent',
        method: 'POST',
        path: `${calendarPath(calendarId)}/events`,
        body,
      })
      return written('createEvent', answer.body)
    },

    async updateEvent(accessToken, eventId, body) {
      // transactionId is a create-time key ("to avoid redundant POST operations", event resource):
      // an update has nothing to de-duplicate, and must not re-key the event.
      const fields = Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'transactionId'))
      const answer = await http.send<RawEvent>(accessToken, {
        operation: 'updateEvent',
        method: 'PATCH',
        path: eventPath(eventId),
        body: fields,
      })
      return written('updateEvent', answer.body)
    },

    async deleteEvent(accessToken, eventId) {
      await http.send(accessToken, { operation: 'deleteEvent', method: 'DELETE', path: eventPath(eventId) })
    },

    async readCalendarView(accessToken, read) {
      const full = !('deltaLink' in read)
      let next: string | undefined =
        'deltaLink' in read
          ? read.deltaLink
          : `${calendarPath(read.calendarId)}/calendarView/delta?${new URLSearchParams({
              startDateTime: read.window.start.toISOString(),
              endDateTime: read.window.end.toISOString(),
            })}`
      // By id, in first-seen order: should a round name an event twice, its last state wins.
      const events = new Map<string, CalendarViewItem>()
      for (let page = 0; next; page++) {
        if (page === MAX_DELTA_PAGES) {
          throw new GraphError(
            'unavailable',
            200,
            'tooManyPages',
            `readCalendarView: more than ${MAX_DELTA_PAGES} pages in one round`,
          )
        }
        const answer: { body: Page<RawEvent> | undefined } = await http.send<Page<RawEvent>>(accessToken, {
          operation: 'readCalendarView',
          method: 'GET',
          path: next,
          // Graph keeps the page size asked in the first request in its links, but not every
          // proxy does: ask on every page.
          prefer: [`odata.maxpagesize=${PAGE_SIZE}`],
        })
        for (const item of answer.body?.value ?? []) {
          const event = viewItemOf(item)
          if (!event) continue
          events.delete(event.id)
          events.set(event.id, event)
        }
        const nextLink = answer.body?.['@odata.nextLink']
        const deltaLink = answer.body?.['@odata.deltaLink']
        if (typeof nextLink === 'string') next = nextLink
        else if (typeof deltaLink === 'string') return { full, events: [...events.values()], deltaLink }
        else {
          // "The last page of a round ends with @odata.deltaLink" (delta-query-overview): without
          // one there is no cursor to store, and the read must be done again.
          throw new GraphError(
            'unavailable',
            200,
            'badAnswer',
            'readCalendarView: a page with neither nextLink nor deltaLink',
          )
        }
      }
      throw new GraphError('unavailable', 200, 'badAnswer', 'readCalendarView: no page read')
    },
  }
}

const SHOW_AS = new Set(['free', 'tentative', 'busy', 'oof', 'workingElsewhere', 'unknown'])
const TYPES = new Set(['singleInstance', 'occurrence', 'exception', 'seriesMaster'])

/** A delta item as the fields the sync reads (delta refuses $select, so the body, attendees… come too and are dropped). */
function viewItemOf(item: RawEvent): CalendarViewItem | undefined {
  if (typeof item.id !== 'string') return undefined
  if (item['@removed'] !== undefined) return { id: item.id, removed: true }
  const text = (key: string) => (typeof item[key] === 'string' ? (item[key] as string) : undefined)
  const when = (key: string) => {
    const value = item[key] as { dateTime?: unknown; timeZone?: unknown } | null | undefined
    return typeof value?.dateTime === 'string'
      ? { dateTime: value.dateTime, timeZone: typeof value.timeZone === 'string' ? value.timeZone : 'UTC' }
      : undefined
  }
  const event: GraphViewEvent = { id: item.id }
  const subject = text('subject')
  const start = when('start')
  const end = when('end')
  const showAs = text('showAs')
  const type = text('type')
  if (subject !== undefined) event.subject = subject
  if (start) event.start = start
  if (end) event.end = end
  if (typeof item.isAllDay === 'boolean') event.isAllDay = item.isAllDay
  if (typeof item.isCancelled === 'boolean') event.isCancelled = item.isCancelled
  if (showAs && SHOW_AS.has(showAs)) event.showAs = showAs as GraphViewEvent['showAs']
  if (type && TYPES.has(type)) event.type = type as GraphViewEvent['type']
  event.transactionId = text('transactionId') ?? null
  const changeKey = text('changeKey')
  const iCalUId = text('iCalUId')
  if (changeKey) event.changeKey = changeKey
  if (iCalUId) event.iCalUId = iCalUId
  event.seriesMasterId = text('seriesMasterId') ?? null
  return event
}
