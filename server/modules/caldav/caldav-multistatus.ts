import type { DAVResponse } from 'tsdav'
import { CaldavError, errorOfStatus } from './caldav-http'

/**
 * Typed reading of what tsdav's davRequest returns. tsdav parses a 207 multistatus with xml-js into
 * loose objects: element names camel-cased without prefix (`getctag`, `syncToken`), one child as a
 * value and several as an array, text as a string, CDATA as `{ _cdata }`, and numeric-looking text
 * turned into numbers. Any other answer (an error, a body that is not XML) comes back as a single
 * entry with the HTTP status and the body text in `raw`.
 */

export interface Multistatus {
  /** One entry per `<D:response>` that names an href. */
  responses: DAVResponse[]
  /** The multistatus' own `<D:sync-token>` (sync-collection, RFC 6578 §3.2). */
  syncToken: string | undefined
}

/** The value at `key` of an object, or undefined. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

/** Text of an element: a string, a number tsdav converted, or `{ _cdata }` / `{ _text }`. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  const inner = field(value, '_cdata') ?? field(value, '_text')
  return typeof inner === 'string' ? inner : undefined
}

/** A repeated element as an array, whether it occurred once or more. */
export function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return []
  return Array.isArray(value) ? value : [value]
}

/** The responses of a 207, or the CaldavError of any other answer (`what` names the request). */
export function multistatusOf(answer: DAVResponse[], what: string): Multistatus | { failed: number; body: string } {
  // tsdav's calendarQuery gives [] for a 207 without a response: an empty calendar (Radicale
  // answers `<multistatus xmlns="DAV:" />`), not a failure.
  if (answer.length === 0) return { responses: [], syncToken: undefined }
  const first = answer[0]
  const multistatus = field(first?.raw, 'multistatus')
  if (first && multistatus !== undefined) {
    return {
      responses: answer.filter((response) => typeof response.href === 'string' && response.href !== ''),
      syncToken: textOf(field(multistatus, 'syncToken')),
    }
  }
  const status = first?.status ?? 0
  // A 2xx that is not a multistatus: the server does not speak WebDAV at this URL.
  return { failed: status >= 200 && status < 300 ? 415 : status, body: textOf(first?.raw) ?? `${what}: no multistatus` }
}

/** The responses of a 207, or throws the error its status means. */
export function expectMultistatus(answer: DAVResponse[], what: string): Multistatus {
  const read = multistatusOf(answer, what)
  if ('failed' in read) {
    if (read.failed === 415) throw new CaldavError('refused', read.failed, `${what}: not a WebDAV answer`)
    throw errorOfStatus(read.failed, what, read.body)
  }
  return read
}

/** The absolute URL of an href, as the server wrote it relative to the request's URL. */
export function resolveHref(href: string, base: string): string {
  return new URL(href, base).href
}

/** The same resource, whether written with or without a trailing slash. */
export function sameResource(a: string, b: string): boolean {
  const strip = (url: string) => url.replace(/\/+$/, '')
  return strip(a) === strip(b)
}
