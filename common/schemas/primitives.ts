import { z } from 'zod'

/**
 * The building blocks of every request schema, for what comes from outside (HTTP bodies, query
 * strings, path parameters, headers, the assistant's and MCP clients' tool inputs). They refuse,
 * with a message a person understands, what PostgreSQL cannot store or compute with, so such a
 * value is a 400 at the edge instead of a database error half-way through a request:
 *  - text with a NUL byte (PostgreSQL text cannot hold U+0000) or a lone UTF-16 surrogate (not a
 *    character; it has no UTF-8 form);
 *  - dates outside the years the product deals in (PostgreSQL's own range ends long before
 *    JavaScript's, and a year 0000 or 9999 is a typing accident, never an appointment).
 */

/** A surrogate half without its partner. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const UNSTORABLE_TEXT_MESSAGE =
  'Contains a character that is not allowed (a NUL byte or a broken Unicode character)'

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}

/**
 * Text PostgreSQL can store, made from text that may not be: NUL bytes dropped, a lone surrogate
 * replaced by U+FFFD — for what a third party sends us whole (a Telegram update), where refusing
 * would lose the rest of the message.
 */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD')
}

/**
 * Free text from outside: storable (see above), in Unicode's composed form (so "é" typed two ways
 * is one string), trimmed. Chain `.min()`/`.max()` with the field's own messages; every field gets
 * a maximum.
 */
export const text = () =>
  z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true }).normalize('NFC').trim()

/** The years a date or an instant may fall in. */
export const FIRST_YEAR = 2000
export const LAST_YEAR = 2100
export const YEAR_RANGE_MESSAGE = `Dates from the year ${FIRST_YEAR} to ${LAST_YEAR} only`

const EARLIEST_MS = Date.UTC(FIRST_YEAR, 0, 1) - 14 * 3_600_000
const LATEST_MS = Date.UTC(LAST_YEAR + 1, 0, 1) + 14 * 3_600_000

/** A local date's (`YYYY-MM-DD…`) year is one the product deals in. */
export function isSupportedYear(localDateOrTime: string): boolean {
  const year = Number(localDateOrTime.slice(0, 4))
  return year >= FIRST_YEAR && year <= LAST_YEAR
}

/** An instant (epoch milliseconds) falls in those years, in whatever zone it is read. */
export function isSupportedInstant(ms: number): boolean {
  return ms >= EARLIEST_MS && ms < LATEST_MS
}

/** An e-mail address as people type it: trimmed, lower-cased, at most 254 characters. */
export const emailSchema = text()
  .toLowerCase()
  .max(254, 'The e-mail address is too long')
  .pipe(z.email({ message: 'Invalid e-mail address' }))
