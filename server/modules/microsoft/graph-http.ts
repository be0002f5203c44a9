import { randomUUID } from 'node:crypto'

/**
 * One request to Microsoft Graph, and Graph's failures as one typed error. Shared by the calendar
 * calls (graph-calendar.ts, graph-subscriptions.ts) and `fetchMe` (microsoft-client.ts).
 *
 * - Every call carries `Prefer: outlook.timezone="UTC"` (date-times come back in UTC,
 *   https://learn.microsoft.com/graph/api/user-list-events#support-various-time-zones) and
 *   `Prefer: IdType="ImmutableId"` (an event keeps its id when it moves between folders,
 *   https://learn.microsoft.com/graph/outlook-immutable-id), and a 15 s timeout.
 * - Errors name the operation, Graph's status and code, and Graph's request-id (what Microsoft's
 *   support asks for); never a URL (delta and skip tokens ride in it) nor a token.
 * - The bearer token only ever goes to the configured Graph origin: a nextLink or deltaLink that
 *   points elsewhere (a tampered cursor) is refused before any request.
 */

export const GRAPH_HOST = 'https://graph.microsoft.com'
const TIMEOUT_MS = 15_000
/** Retry-After is "the number of seconds to wait" (https://learn.microsoft.com/graph/throttling); Graph may omit it. */
export const DEFAULT_RETRY_AFTER_S = 30
/** A Retry-After beyond an hour is read as an hour: a connection is never parked for days by one answer. */
const MAX_RETRY_AFTER_S = 3_600
const ALWAYS_PREFER = ['outlook.timezone="UTC"', 'IdType="ImmutableId"']

/**
 * - unauthorized: 401, the access token is expired or the grant revoked: refresh, then (if that
 *   fails) reconnect.
 * - not_found: 404, the event or subscription is gone (counting it as done is the caller's choice).
 * - throttled: 429, or 503 with Retry-After (https://learn.microsoft.com/graph/throttling):
 *   wait `retryAfterSeconds`.
 * - unavailable: 5xx, the network, a timeout, an unreadable answer: retry later.
 * - sync_reset: 410, the delta token is no longer known ("Synchronization reset",
 *   https://learn.microsoft.com/graph/delta-query-overview): start a full read.
 * - refused: anything else (400, 403, 409…): retrying the same request will not help.
 */
export type GraphErrorKind = 'unauthorized' | 'not_found' | 'throttled' | 'unavailable' | 'refused' | 'sync_reset'

export class GraphError extends Error {
  constructor(
    readonly kind: GraphErrorKind,
    /** Graph's HTTP status; 0 when no answer came (network, timeout). */
    readonly status: number,
    /** Graph's `error.code` (`ErrorItemNotFound`, `ApplicationThrottled`…), or ours for local failures. */
    readonly code: string,
    message: string,
    /** Seconds to wait before trying again: set when throttled. */
    readonly retryAfterSeconds: number | undefined = undefined,
    /** Graph's request-id header, for Microsoft's support. */
    readonly requestId: string | undefined = undefined,
  ) {
    super(message)
    this.name = 'GraphError'
  }
}

export interface GraphRequest {
  /** What the call is for, named in errors instead of its URL: `createEvent`, `readCalendarView`… */
  operation: string
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** A path under /v1.0 (`/me/calendars`), or a whole link Graph gave (nextLink, deltaLink). */
  path: string
  body?: unknown
  /** Preferences added to the two every call sends (`odata.maxpagesize=100`). */
  prefer?: string[]
}

export interface GraphResponse<T> {
  status: number
  /** The JSON answer; undefined for 204 and other empty answers. */
  body: T | undefined
}

export interface GraphHttp {
  /** The Graph origin calls go to (the real host, or MICROSOFT_BASE_URL). */
  readonly origin: string
  send<T>(accessToken: string, request: GraphRequest): Promise<GraphResponse<T>>
}

export function graphHttp(baseUrl: string | undefined): GraphHttp {
  const origin = (baseUrl ?? GRAPH_HOST).replace(/\/+$/, '')
  const root = `${origin}/v1.0`

  function urlOf(request: GraphRequest): string {
    if (!/^https?:\/\//i.test(request.path)) return `${root}${request.path}`
    // A link Graph gave: it must be Graph's own, or the token would go to whoever wrote it.
    if (!request.path.startsWith(`${root}/`)) {
      throw new GraphError('refused', 0, 'foreignLink', `${request.operation}: a link outside Microsoft Graph`)
    }
    return request.path
  }

  return {
    origin,
    async send<T>(accessToken: string, request: GraphRequest): Promise<GraphResponse<T>> {
      const url = urlOf(request)
      const headers = new Headers({ authorization: `Bearer ${accessToken}`, 'client-request-id': randomUUID() })
      for (const preference of [...ALWAYS_PREFER, ...(request.prefer ?? [])]) headers.append('prefer', preference)
      if (request.body !== undefined) headers.set('content-type', 'application/json')
      let response: Response
      let text: string
      try {
        response = await fetch(url, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        text = await response.text()
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError'
        throw new GraphError(
          'unavailable',
          0,
          timedOut ? 'timeout' : 'network',
          `${request.operation}: Microsoft Graph ${timedOut ? `did not answer within ${TIMEOUT_MS / 1000} s` : 'unreachable'}`,
        )
      }
      const requestId = response.headers.get('request-id') ?? undefined
      if (!response.ok) throw errorOf(request.operation, response, text, requestId)
      if (text.trim() === '') return { status: response.status, body: undefined }
      try {
        return { status: response.status, body: JSON.parse(text) as T }
      } catch {
        // A 2xx that is not JSON comes from something in between (a proxy's page), not from Graph.
        throw new GraphError(
          'unavailable',
          response.status,
          'unreadableAnswer',
          `${request.operation}: Microsoft Graph's answer is not JSON`,
          undefined,
          requestId,
        )
      }
    },
  }
}

/** Graph's error body: `{"error": {"code", "message", "innerError"}}` (https://learn.microsoft.com/graph/errors). */
function errorOf(operation: string, response: Response, text: string, requestId: string | undefined): GraphError {
  let code = `http${response.status}`
  let detail = ''
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }
    if (typeof body.error?.code === 'string') code = body.error.code
    if (typeof body.error?.message === 'string') detail = body.error.message.slice(0, 200)
  } catch {
    // Not JSON (a gateway's page): the status says enough.
  }
  const { status } = response
  const retryAfter = retryAfterOf(response.headers.get('retry-after'))
  let kind: GraphErrorKind
  if (status === 401) kind = 'unauthorized'
  else if (status === 404) kind = 'not_found'
  else if (status === 410) kind = 'sync_reset'
  // 429 is throttling, MailboxConcurrency included; a 503 with Retry-After is Graph asking to wait.
  else if (status === 429 || (status === 503 && retryAfter !== undefined)) kind = 'throttled'
  // 501 (not implemented) and 507 (mailbox quota reached) do not heal by retrying within the hour.
  else if (status >= 500 && status !== 501 && status !== 507) kind = 'unavailable'
  else kind = 'refused'
  const message = `${operation}: Microsoft Graph answered ${status} ${code}${detail ? `: ${detail}` : ''}`
  return new GraphError(
    kind,
    status,
    code,
    message,
    kind === 'throttled' ? (retryAfter ?? DEFAULT_RETRY_AFTER_S) : undefined,
    requestId,
  )
}

/** Retry-After as seconds (RFC 9110: delay-seconds or an HTTP-date), within [1 s, 1 h]; undefined when absent or unreadable. */
export function retryAfterOf(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const value = header.trim()
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000
  if (Number.isNaN(seconds)) return undefined
  return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(seconds)))
}
