import { type CaldavConnection, CaldavError, caldavFetch, describeUrl, errorOfStatus } from './caldav-http'

/**
 * Writing and removing our own calendar objects, `<calendarUrl><bookingId>.ics`, with ETag
 * preconditions (RFC 4791 §5.3.2, RFC 9110 §13.1). Plain fetch rather than tsdav's
 * createObject/updateObject/deleteObject: each is one request whose precondition headers and status
 * we must read ourselves (412 is an expected answer here, not an error), and tsdav's wrappers add
 * nothing over fetch but header merging.
 *
 * The calendar mirrors the bookings: a precondition that fails is resolved by reading the object's
 * current ETag and writing again (up to MAX_ATTEMPTS times), not reported as an error.
 * - Create sends `If-None-Match: *`. A 412 means an earlier PUT of ours reached the server and its
 *   answer was lost (the retried job meets its own object): overwrite it with `If-Match`.
 * - Update sends `If-Match: <etag>`. A 412 means the owner edited the event by hand: overwrite.
 * - Radicale 3.1.8 answers 201 to an update as well as to a creation (204 came in 3.5.2), and 200
 *   with a multistatus body to a DELETE: any 2xx is success.
 */

export interface CalendarObjectRef {
  /** The object's absolute URL. */
  href: string
  /** Its ETag, quoted as the server sent it; null when the server gives none. */
  etag: string | null
}

/** A precondition fails at most this often in a row (someone keeps editing the object) before we stop. */
const MAX_ATTEMPTS = 3

const ICS_TYPE = 'text/calendar; charset=utf-8'

/** Where a booking's object lives in a calendar. */
export function calendarObjectUrl(calendarUrl: string, bookingId: string): string {
  const base = calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`
  return new URL(`${encodeURIComponent(bookingId)}.ics`, base).href
}

/** Creates or updates the booking's object; a retry never duplicates it. */
export async function writeCalendarObject(
  conn: CaldavConnection,
  input: { calendarUrl: string; bookingId: string; ics: string; etag?: string | null },
): Promise<CalendarObjectRef> {
  const href = calendarObjectUrl(input.calendarUrl, input.bookingId)
  const davFetch = caldavFetch(conn)
  let ifMatch = input.etag ?? undefined
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const headers: Record<string, string> = { 'content-type': ICS_TYPE }
    if (ifMatch === undefined) headers['if-none-match'] = '*'
    else headers['if-match'] = ifMatch
    const answer = await davFetch(href, { method: 'PUT', headers, body: input.ics })
    if (answer.ok) {
      await answer.body?.cancel()
      // A server that changed what we sent may leave the ETag out (RFC 4791 §5.3.4): read it.
      const etag = answer.headers.get('etag') ?? (await currentState(davFetch, href)).etag
      return { href, etag }
    }
    if (answer.status !== 412) throw await failure(answer, `PUT ${describeUrl(href)}`)
    await answer.body?.cancel()
    const current = await currentState(davFetch, href)
    if (current.exists && current.etag === null) {
      throw new CaldavError('refused', 412, `PUT ${describeUrl(href)}: the server gives the object no ETag`)
    }
    // Gone since (deleted by hand): create it again; there, overwrite whatever it holds now.
    ifMatch = current.etag ?? undefined
  }
  throw new CaldavError('refused', 412, `PUT ${describeUrl(href)}: the object kept changing`)
}

/** Deletes an object; one already gone (404, 410) counts as done. */
export async function removeCalendarObject(
  conn: CaldavConnection,
  input: { href: string; etag?: string | null },
): Promise<void> {
  const davFetch = caldavFetch(conn)
  let ifMatch = input.etag ?? undefined
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const headers: Record<string, string> = {}
    if (ifMatch !== undefined) headers['if-match'] = ifMatch
    const answer = await davFetch(input.href, { method: 'DELETE', headers })
    if (answer.status !== 412 && !answer.ok && answer.status !== 404 && answer.status !== 410) {
      throw await failure(answer, `DELETE ${describeUrl(input.href)}`)
    }
    await answer.body?.cancel()
    if (answer.status !== 412) return
    // Edited by hand since our last write: it goes all the same, at its current version.
    const current = await currentState(davFetch, input.href)
    if (!current.exists) return
    ifMatch = current.etag ?? undefined
  }
  throw new CaldavError('refused', 412, `DELETE ${describeUrl(input.href)}: the object kept changing`)
}

/** Whether the object exists, and its ETag (GET: every CalDAV server returns ETag there). */
async function currentState(davFetch: typeof fetch, href: string): Promise<{ exists: boolean; etag: string | null }> {
  const answer = await davFetch(href, { method: 'GET', headers: { accept: ICS_TYPE } })
  await answer.body?.cancel()
  if (answer.status === 404 || answer.status === 410) return { exists: false, etag: null }
  if (!answer.ok) throw errorOfStatus(answer.status, `GET ${describeUrl(href)}`)
  return { exists: true, etag: answer.headers.get('etag') }
}

/** The error of a failed PUT or DELETE, its body read for a 403's precondition. */
async function failure(answer: Response, what: string): Promise<CaldavError> {
  const body = answer.status === 403 ? await answer.text().catch(() => '') : ''
  if (!answer.bodyUsed) await answer.body?.cancel()
  return errorOfStatus(answer.status, what, body)
}
