import { sqlState } from './client'

/**
 * What a failed query says about the database rather than about the request, read from the
 * drivers' real errors (node-postgres, PGlite) through Drizzle's wrapper, or from pg-boss's copies
 * of them (plain objects with the error's fields and message):
 *  - unavailable:  the database cannot be reached (refused, reset, timed out, shutting down,
 *                  out of connections or memory) — worth retrying in a few seconds;
 *  - storage_full: the disk under the database is full — nothing can be written until room is made;
 *  - invalid_value: a value of the request that PostgreSQL cannot store (a NUL byte, year 0, a
 *                  number out of range…): a gap in input validation, the client's mistake all the same.
 * Anything else (a constraint, a bug) is none of these.
 */
export type DatabaseFailure = 'unavailable' | 'storage_full' | 'invalid_value'

/** Socket errors of a connection that cannot be made or was lost (Node's `error.code`). */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * node-postgres and pg-pool say these without a code: the server closed the connection ("Connection
 * terminated unexpectedly", "… due to connection timeout"), the pool waited `connectionTimeoutMillis`
 * for a connection, a client broken by an earlier error was used again; PGlite after it was closed.
 */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
]

/** SQLSTATEs of a value PostgreSQL cannot take (class 22, the ones a request's value causes). */
const INVALID_VALUE_STATES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow (year 0, year 300000)
  '22021', // character_not_in_repertoire (a NUL byte)
  '22P02', // invalid_text_representation (not a uuid, not a number)
  '22P05', // untranslatable_character
])

export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  // Socket codes first: "EPIPE" has the shape of a SQLSTATE.
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown }).code
    if (code === 'ENOSPC') return 'storage_full'
    if (typeof code === 'string' && CONNECTION_ERRNOS.has(code)) return 'unavailable'
    const message = (cause as { message?: unknown }).message
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) {
      return 'unavailable'
    }
  }
  const state = sqlState(error)
  if (!state) return undefined
  if (state === '53100') return 'storage_full'
  // Class 08: connection exception. 57P01–57P03: admin or crash shutdown, cannot connect now (the
  // server is starting or stopping). The rest of class 53: out of memory or connections — passing.
  if (state.startsWith('08') || /^57P0[1-3]$/.test(state) || state.startsWith('53')) return 'unavailable'
  if (INVALID_VALUE_STATES.has(state)) return 'invalid_value'
  return undefined
}

/**
 * An error's message: an Error's, or that of the copy pg-boss reports for its workers' failures
 * (`{...error, message, queue, worker}`, not an Error); anything else as a string.
 */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message
  return typeof message === 'string' ? message : String(error)
}

/** The error and what it wraps: Drizzle's `cause`, and each attempt of an AggregateError. */
function causes(error: unknown): unknown[] {
  const found: unknown[] = []
  const visit = (current: unknown, depth: number) => {
    if (!current || typeof current !== 'object' || depth > 4) return
    found.push(current)
    visit((current as { cause?: unknown }).cause, depth + 1)
    if (current instanceof AggregateError) for (const inner of current.errors) visit(inner, depth + 1)
  }
  visit(error, 0)
  return found
}
