import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { CalendarApiError, type CalendarFailure, calendarErrors, failureError } from './google-calendar-errors'
import {
  type CalendarEvent,
  cancelledEvent,
  changedEvent,
  checkClientId,
  createdEvent,
  type EventInput,
  generatedEventId,
  type Stamp,
} from './google-calendar-events'
import { type Calendar, createListing } from './google-calendar-list'
import { type CalendarChannel, type CalendarNotification, createPush } from './google-calendar-push'

/**
 * Google Calendar API v3 for the fake Google (tests/fakes/google.ts), on Google's own paths under
 * /calendar/v3, so the product's calendar sync runs against it unchanged:
 *  - POST/GET /calendars/{calendarId}/events               events.insert, events.list (google-calendar-list.ts)
 *  - GET/PUT/PATCH/DELETE /calendars/{calendarId}/events/{eventId}
 *  - POST /calendars/{calendarId}/events/watch             push channels (google-calendar-push.ts)
 *  - POST /channels/stop
 * Each Google account has one calendar, reached as `primary` or by its e-mail. Behaviour follows
 * Google's reference and guides; where they are silent, comments say what the fake assumes.
 */

export type { CalendarFailure } from './google-calendar-errors'
export type { CalendarEvent, EventInput } from './google-calendar-events'
export type { CalendarChannel, CalendarNotification } from './google-calendar-push'

export interface CalendarRequestRecord {
  method: string
  path: string
  /** The query string, `?` included, or ''. */
  query: string
  status: number
}

/** The test's hold on the fake calendar (FakeGoogle.calendar). */
export interface FakeGoogleCalendar {
  /** The account's events in creation order; deleted (cancelled) ones only when asked. */
  events(email: string, options?: { includeCancelled?: boolean }): CalendarEvent[]
  /** What the owner does in Google's own UI: each change notifies the watching channels. */
  addEvent(email: string, event: EventInput): CalendarEvent
  updateEvent(email: string, id: string, changes: EventInput): CalendarEvent
  deleteEvent(email: string, id: string): CalendarEvent
  /** Every sync token issued so far (of one account, or all) answers 410 fullSyncRequired from now on. */
  invalidateSyncTokens(email?: string): void
  /** The next `count` calendar API requests fail so, with Google's error body. */
  failNext(count: number, failure: CalendarFailure): void
  /** Every calendar API request fails so until `outage(null)`. */
  outage(failure: CalendarFailure | null): void
  /** Every calendar API answer waits this long first (0: none). */
  setDelay(ms: number): void
  /**
   * The next request (of one of `methods`, when given) is carried out, but its answer is lost: the
   * connection is destroyed instead (the client sees a network error) and the request's status is
   * logged as 0. Ended by reset().
   */
  loseNextAnswer(methods?: string[]): void
  readonly requests: CalendarRequestRecord[]
  /** Channels neither stopped nor expired. */
  channels(): CalendarChannel[]
  /** Ends channels now, as if their expiration had come. */
  expireChannels(email?: string): void
  readonly notifications: CalendarNotification[]
  /** Resolves once every notification on its way has been answered or has failed. */
  settled(): Promise<void>
  /** Forgets every calendar, token, channel, scripted failure and log. */
  reset(): void
}

export interface FakeCalendarOptions {
  baseUrl: () => string
  /** The live grant behind a Bearer token: unknown, expired or revoked → undefined. */
  authenticate: (accessToken: string) => { email: string; scope: string } | undefined
  /** Google wants https webhooks; the tests' receivers are on http://127.0.0.1. */
  allowHttpWebhooks: boolean
  /** The calendars' time zone: all-day dates and zone-less answers are read in it. */
  timeZone: string
}

interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

const WRITE_SCOPES = ['calendar', 'calendar.events', 'calendar.events.owned'].map(
  (s) => `https://www.googleapis.com/auth/${s}`,
)
const READ_SCOPES = [
  ...WRITE_SCOPES,
  ...['calendar.readonly', 'calendar.events.readonly', 'calendar.events.owned.readonly'].map(
    (s) => `https://www.googleapis.com/auth/${s}`,
  ),
]
const EVENTS_PATH = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/

export function createFakeCalendar(options: FakeCalendarOptions) {
  const calendars = new Map<string, Calendar>()
  /** Changes to any calendar so far: each stored change takes the next number. */
  let changes = 0
  const push = createPush({ allowHttpWebhooks: options.allowHttpWebhooks })
  const listing = createListing({ timeZone: options.timeZone, lastChange: () => changes })
  const requests: CalendarRequestRecord[] = []
  let orders = 0
  let etags = 0
  let scripted: { count: number; failure: CalendarFailure } | undefined
  let down: CalendarFailure | null = null
  let delayMs = 0
  let lostAnswers: (string[] | undefined)[] = []

  function calendarOf(email: string): Calendar {
    const key = email.toLowerCase()
    let calendar = calendars.get(key)
    if (!calendar) {
      calendar = { email: key, resourceId: randomBytes(14).toString('base64url'), created: now(), events: new Map() }
      calendars.set(key, calendar)
    }
    return calendar
  }

  const now = () => new Date().toISOString()
  // Google's event etags are quoted microsecond-like numbers; each change gets a new one.
  const stamp = (calendar: Calendar): Stamp => ({
    email: calendar.email,
    calendarZone: options.timeZone,
    now: new Date(),
    etag: `"${Date.now()}${String(++etags % 1000).padStart(3, '0')}"`,
  })

  function store(calendar: Calendar, event: CalendarEvent) {
    const order = calendar.events.get(event.id)?.order ?? ++orders
    calendar.events.set(event.id, { event, change: ++changes, order })
    push.changed(calendar.email)
    return structuredClone(event)
  }

  function existing(calendar: Calendar, id: string): CalendarEvent {
    const stored = calendar.events.get(id)
    if (!stored) throw calendarErrors.notFound()
    return stored.event
  }

  // --- requests ---------------------------------------------------------------------------------

  async function handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const record: CalendarRequestRecord = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      status: 0,
    }
    requests.push(record)
    let answer: Answer
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      const failure = down ?? (scripted && scripted.count-- > 0 ? scripted.failure : undefined)
      if (failure) throw failureError(failure)
      answer = await route(record.method, url, request)
    } catch (error) {
      const apiError = error instanceof CalendarApiError ? error : calendarErrors.backendError()
      answer = { status: apiError.status, body: apiError.body(), headers: apiError.headers }
    }
    const lost = lostAnswers.findIndex((methods) => methods === undefined || methods.includes(record.method))
    if (lost >= 0) {
      // Done, and its answer lost on the way back.
      lostAnswers.splice(lost, 1)
      request.socket.destroy()
      return
    }
    record.status = answer.status
    if (answer.body === undefined) {
      response.writeHead(answer.status, answer.headers)
      response.end()
      return
    }
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8', ...answer.headers })
    response.end(JSON.stringify(answer.body))
  }

  async function route(method: string, url: URL, request: IncomingMessage): Promise<Answer> {
    if (url.pathname === '/calendar/v3/channels/stop' && method === 'POST') {
      const { email } = authorize(request, READ_SCOPES)
      push.stop(await readJson(request), email.toLowerCase())
      return { status: 204 }
    }
    const match = EVENTS_PATH.exec(url.pathname)
    if (!match) throw calendarErrors.notFound()
    const calendarId = decodeURIComponent(match[1] ?? '')
    const eventId = match[2] === undefined ? undefined : decodeURIComponent(match[2])
    const writes = method !== 'GET' && eventId !== 'watch'
    const { email } = authorize(request, writes ? WRITE_SCOPES : READ_SCOPES)
    // A calendar the token's account cannot reach is a 404, as for any resource it may not see.
    if (calendarId !== 'primary' && calendarId.toLowerCase() !== email.toLowerCase()) throw calendarErrors.notFound()
    const calendar = calendarOf(email)
    if (eventId === undefined) {
      if (method === 'GET') return { status: 200, body: listing.list(calendar, url.searchParams) }
      if (method === 'POST') return eventAnswer(insert(calendar, await readJson(request)))
    } else if (eventId === 'watch') {
      if (method === 'POST') return { status: 200, body: watch(calendar, calendarId, await readJson(request)) }
    } else {
      if (method === 'GET') return eventAnswer(structuredClone(existing(calendar, eventId)))
      if (method === 'PUT' || method === 'PATCH') {
        const body = await readJson(request)
        return eventAnswer(change(calendar, eventId, body, method === 'PUT' ? 'replace' : 'patch', request))
      }
      if (method === 'DELETE') {
        remove(calendar, eventId, request)
        return { status: 204 }
      }
    }
    throw calendarErrors.notFound()
  }

  /** The grant behind the Bearer token, which must carry one of the scopes. */
  function authorize(request: IncomingMessage, scopes: string[]) {
    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/i)?.[1]
    const grant = bearer ? options.authenticate(bearer) : undefined
    if (!grant) throw calendarErrors.authError()
    const granted = grant.scope.split(' ')
    if (!scopes.some((scope) => granted.includes(scope))) throw calendarErrors.insufficientScopes()
    return grant
  }

  const eventAnswer = (event: CalendarEvent): Answer => ({ status: 200, body: event, headers: { etag: event.etag } })

  /** If-Match, when sent, must name the event's current etag (412 conditionNotMet). */
  function checkPrecondition(request: IncomingMessage, event: CalendarEvent) {
    const wanted = request.headers['if-match']
    if (wanted !== undefined && wanted !== '*' && wanted !== event.etag) throw calendarErrors.conditionNotMet()
  }

  // --- events -----------------------------------------------------------------------------------

  /**
   * An id already used in the calendar is a duplicate even when its event was deleted: Google keeps
   * deleted events (as `cancelled`), and the id stays taken.
   */
  function insert(calendar: Calendar, body: Record<string, unknown>): CalendarEvent {
    let id: string
    if (body.id === undefined) {
      do id = generatedEventId()
      while (calendar.events.has(id))
    } else id = checkClientId(body.id)
    if (calendar.events.has(id)) throw calendarErrors.duplicate()
    return store(calendar, createdEvent(id, body, stamp(calendar)))
  }

  function change(
    calendar: Calendar,
    id: string,
    body: Record<string, unknown>,
    mode: 'replace' | 'patch',
    request?: IncomingMessage,
  ): CalendarEvent {
    const current = existing(calendar, id)
    if (request) checkPrecondition(request, current)
    return store(calendar, changedEvent(current, body, mode, stamp(calendar)))
  }

  /** A deleted event stays, cancelled, so incremental sync reports it; deleting it again is 410 deleted. */
  function remove(calendar: Calendar, id: string, request?: IncomingMessage): CalendarEvent {
    const current = existing(calendar, id)
    if (request) checkPrecondition(request, current)
    if (current.status === 'cancelled') throw calendarErrors.deleted()
    return store(calendar, cancelledEvent(current, stamp(calendar)))
  }

  function watch(calendar: Calendar, calendarId: string, body: Record<string, unknown>) {
    const resourceUri = `${options.baseUrl()}/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`
    return push.watch(body, { email: calendar.email, resourceId: calendar.resourceId, resourceUri })
  }

  // --- the test's controls ----------------------------------------------------------------------

  const controls: FakeGoogleCalendar = {
    events: (email, { includeCancelled = false } = {}) =>
      [...calendarOf(email).events.values()]
        .sort((a, b) => a.order - b.order)
        .map(({ event }) => event)
        .filter((event) => includeCancelled || event.status !== 'cancelled')
        .map((event) => structuredClone(event)),
    addEvent: (email, event) => insert(calendarOf(email), event),
    updateEvent: (email, id, changes) => change(calendarOf(email), id, changes, 'patch'),
    deleteEvent: (email, id) => remove(calendarOf(email), id),
    invalidateSyncTokens: (email) => listing.invalidate(email?.toLowerCase()),
    failNext: (count, failure) => {
      scripted = { count, failure }
    },
    outage: (failure) => {
      down = failure
    },
    setDelay: (ms) => {
      delayMs = ms
    },
    loseNextAnswer: (methods) => {
      lostAnswers.push(methods?.map((method) => method.toUpperCase()))
    },
    requests,
    channels: () => push.live(),
    expireChannels: (email) => push.expire(email?.toLowerCase()),
    notifications: push.notifications,
    settled: () => push.settled(),
    reset: () => {
      calendars.clear()
      listing.reset()
      push.reset()
      requests.length = 0
      scripted = undefined
      down = null
      delayMs = 0
      lostAnswers = []
    },
  }

  return { handle, controls }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return {}
  try {
    const value = JSON.parse(text)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw calendarErrors.parseError()
    return value
  } catch {
    throw calendarErrors.parseError()
  }
}
