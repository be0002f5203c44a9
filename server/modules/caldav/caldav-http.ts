import type { Dispatcher } from 'undici'
import { CaldavUrlRefused } from './caldav-ssrf'

/**
 * How every CalDAV request goes out: Basic auth, a timeout, the SSRF-checking dispatcher, and the
 * server's failures turned into one typed error whose message never holds the password.
 */

export interface CaldavCredentials {
  /** Where discovery starts (a preset, or what the owner typed); no credentials in it. */
  serverUrl: string
  username: string
  /** An app-specific password (iCloud, Fastmail) or the account's. Never logged, never in an error. */
  password: string
}

export interface CaldavTransport {
  /** Replaces the global fetch (tests); the dispatcher and timeout still apply. */
  fetch?: typeof fetch
  /** undici dispatcher, e.g. caldavDispatcher({ production }) — refuses non-public addresses. */
  dispatcher?: Dispatcher
  /** Per request; 15 s by default. */
  timeoutMs?: number
}

/** What every CalDAV call takes: the account and how to reach it. */
export type CaldavConnection = CaldavCredentials & CaldavTransport

export type CaldavErrorKind = 'unauthorized' | 'not_found' | 'unavailable' | 'refused' | 'invalid_sync_token'

/**
 * unauthorized: 401, or 403 for the account (reconnect). not_found: the calendar or object is gone.
 * unavailable: 5xx, network failure, timeout (retry later). refused: any other 4xx, or an address
 * the SSRF guard refuses (retrying will not help). invalid_sync_token: the server forgot our cursor
 * (RFC 6578 §3.2), handled inside readCalendarChanges by a full read.
 */
export class CaldavError extends Error {
  override name = 'CaldavError'
  constructor(
    readonly kind: CaldavErrorKind,
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export const DEFAULT_TIMEOUT_MS = 15_000

/** `https://host/path` of a URL: what an error may name (no query, no credentials). */
export function describeUrl(url: string | URL): string {
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}`
  } catch {
    return 'the CalDAV server'
  }
}

/**
 * The error of a failed answer. A 403 is the account's (revoked, or no access to that calendar)
 * unless its body names a precondition of the request itself (RFC 4918 §16, RFC 4791 §1.3: e.g.
 * `C:valid-calendar-data`, `C:max-resource-size`, a read-only calendar's `D:need-privileges` aside),
 * which reconnecting would not fix.
 */
export function errorOfStatus(status: number, what: string, body = ''): CaldavError {
  if (status === 403 && PRECONDITION.test(body) && !body.includes('need-privileges')) {
    return new CaldavError('refused', status, `${what}: refused (${status})`)
  }
  if (status === 401 || status === 403) {
    return new CaldavError('unauthorized', status, `${what}: access refused (${status})`)
  }
  if (status === 404 || status === 410) return new CaldavError('not_found', status, `${what}: not found (${status})`)
  if (status >= 500 || status === 0) {
    return new CaldavError('unavailable', status, `${what}: server unavailable (${status})`)
  }
  return new CaldavError('refused', status, `${what}: refused (${status})`)
}

/** A WebDAV `<D:error>` body naming the precondition that failed. */
const PRECONDITION = /<(?:[\w-]+:)?error[\s>]/

/** Removes the password from a message, should a server or a library ever echo it. */
function withoutSecret(message: string, password: string): string {
  return password ? message.split(password).join('***') : message
}

/**
 * A fetch for this connection, of the global fetch's type so tsdav can be given it. It adds Basic
 * auth and the timeout and goes through the connection's dispatcher. A 401 or a 5xx (except 507,
 * which sync-collection uses for a truncated answer, RFC 6578 §3.6) and network failures throw a
 * CaldavError, inside tsdav too; every other status is returned for the caller to read.
 */
export function caldavFetch(conn: CaldavConnection): typeof fetch {
  const base = conn.fetch ?? fetch
  const basic = `Basic ${Buffer.from(`${conn.username}:${conn.password}`).toString('base64')}`
  const timeoutMs = conn.timeoutMs ?? DEFAULT_TIMEOUT_MS
  return async (input, init) => {
    const target = input instanceof Request ? input.url : input
    const what = `${init?.method ?? 'GET'} ${describeUrl(target)}`
    const headers = new Headers(init?.headers)
    headers.set('authorization', basic)
    const timeout = AbortSignal.timeout(timeoutMs)
    // `dispatcher` is undici's extension of RequestInit, which Node's fetch reads.
    const options: RequestInit & { dispatcher?: Dispatcher } = {
      ...init,
      headers,
      signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    }
    if (conn.dispatcher) options.dispatcher = conn.dispatcher
    let response: Response
    try {
      response = await base(input, options)
    } catch (error) {
      throw networkError(error, what, timeout.aborted, conn.password)
    }
    if (response.status === 401 || (response.status >= 500 && response.status !== 507)) {
      await response.body?.cancel()
      const error = errorOfStatus(response.status, what)
      throw new CaldavError(error.kind, error.status, withoutSecret(error.message, conn.password))
    }
    return response
  }
}

function networkError(error: unknown, what: string, timedOut: boolean, password: string): CaldavError {
  if (error instanceof CaldavError) return error
  const cause = error instanceof Error ? error.cause : undefined
  if (cause instanceof CaldavUrlRefused || error instanceof CaldavUrlRefused) {
    const reason = cause instanceof Error ? cause.message : String(error)
    return new CaldavError('refused', 0, withoutSecret(`${what}: ${reason}`, password))
  }
  if (timedOut) return new CaldavError('unavailable', 0, `${what}: no answer in time`)
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : ''
  const reason = code || (error instanceof Error ? error.message : 'network failure')
  return new CaldavError('unavailable', 0, withoutSecret(`${what}: ${reason}`, password))
}
