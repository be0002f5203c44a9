import type { Config } from '@server/config'

/**
 * Google Calendar API v3 over plain HTTPS, the calls the sync needs: events insert, update, delete,
 * list (with sync tokens), watch, and channels.stop. `GOOGLE_BASE_URL` replaces Google's host and
 * keeps its paths, so the tests run this code against the fake Google (tests/fakes).
 */

const GOOGLE_APIS = 'https://www.googleapis.com'
const TIMEOUT_MS = 15_000

export interface EventDateTime {
  dateTime?: string
  date?: string
  timeZone?: string
}

/** The fields of an event the sync reads or writes. */
export interface CalendarEvent {
  id: string
  status?: 'confirmed' | 'tentative' | 'cancelled'
  summary?: string
  description?: string
  location?: string
  start?: EventDateTime
  end?: EventDateTime
  transparency?: 'opaque' | 'transparent'
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> }
  source?: { title: string; url: string }
}

export interface EventPage {
  items: CalendarEvent[]
  nextPageToken?: string
  nextSyncToken?: string
}

export interface WatchChannel {
  id: string
  resourceId: string
  /** Epoch milliseconds. */
  expiration: number
}

/** A refusal or failure of the Calendar API, with Google's HTTP status and error reason. */
export class CalendarApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(`Google Calendar answered ${status} ${reason}: ${message}`)
    this.name = 'CalendarApiError'
  }

  /** Worth trying again later: Google overloaded or down, a rate limit, the network. */
  get transient(): boolean {
    return (
      this.status === 0 ||
      this.status === 429 ||
      this.status >= 500 ||
      (this.status === 403 && ['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded'].includes(this.reason))
    )
  }
}

export interface CalendarApi {
  insertEvent(token: string, calendarId: string, event: CalendarEvent): Promise<CalendarEvent>
  updateEvent(token: string, calendarId: string, event: CalendarEvent): Promise<CalendarEvent>
  deleteEvent(token: string, calendarId: string, eventId: string): Promise<void>
  listEvents(
    token: string,
    calendarId: string,
    query: { syncToken?: string | undefined; pageToken?: string | undefined },
  ): Promise<EventPage>
  watch(
    token: string,
    calendarId: string,
    channel: { id: string; address: string; token: string; ttlSeconds: number },
  ): Promise<WatchChannel>
  stopChannel(token: string, channel: { id: string; resourceId: string }): Promise<void>
}

export function googleCalendarApi(config: Config): CalendarApi {
  const base = `${config.google?.baseUrl ?? GOOGLE_APIS}/calendar/v3`
  const events = (calendarId: string) => `${base}/calendars/${encodeURIComponent(calendarId)}/events`

  async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<T | undefined> {
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new CalendarApiError(0, 'network', (error as Error).message)
    }
    if (response.status === 204) return undefined
    const text = await response.text()
    if (!response.ok) throw errorOf(response.status, text)
    return text ? (JSON.parse(text) as T) : undefined
  }

  return {
    insertEvent: async (token, calendarId, event) =>
      (await call<CalendarEvent>(token, 'POST', events(calendarId), event)) as CalendarEvent,
    updateEvent: async (token, calendarId, event) =>
      (await call<CalendarEvent>(
        token,
        'PUT',
        `${events(calendarId)}/${encodeURIComponent(event.id)}`,
        event,
      )) as CalendarEvent,
    deleteEvent: async (token, calendarId, eventId) => {
      await call(token, 'DELETE', `${events(calendarId)}/${encodeURIComponent(eventId)}`)
    },
    listEvents: async (token, calendarId, query) => {
      const params = new URLSearchParams({ maxResults: '250', singleEvents: 'true' })
      if (query.syncToken) params.set('syncToken', query.syncToken)
      if (query.pageToken) params.set('pageToken', query.pageToken)
      const page = await call<EventPage>(token, 'GET', `${events(calendarId)}?${params}`)
      return { ...page, items: page?.items ?? [] }
    },
    watch: async (token, calendarId, channel) => {
      const answer = await call<{ id: string; resourceId: string; expiration?: string }>(
        token,
        'POST',
        `${events(calendarId)}/watch`,
        {
          id: channel.id,
          type: 'web_hook',
          address: channel.address,
          token: channel.token,
          params: { ttl: String(channel.ttlSeconds) },
        },
      )
      if (!answer?.resourceId) throw new CalendarApiError(502, 'badResponse', 'events.watch returned no resource id')
      return {
        id: answer.id,
        resourceId: answer.resourceId,
        expiration: Number(answer.expiration ?? Date.now() + channel.ttlSeconds * 1000),
      }
    },
    stopChannel: async (token, channel) => {
      await call(token, 'POST', `${base}/channels/stop`, channel)
    },
  }
}

/** Google's error body: `{"error": {"code", "message", "errors": [{"reason", …}]}}`. */
function errorOf(status: number, text: string): CalendarApiError {
  let reason = 'unknown'
  let message = text.slice(0, 200)
  try {
    const body = JSON.parse(text) as { error?: { message?: string; errors?: { reason?: string }[] } }
    reason = body.error?.errors?.[0]?.reason ?? reason
    message = body.error?.message ?? message
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return new CalendarApiError(status, reason, message)
}
