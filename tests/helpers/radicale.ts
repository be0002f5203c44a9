import { randomUUID } from 'node:crypto'
import { foldLine } from '@server/modules/calendar-files/ics'

/**
 * Radicale, a real CalDAV server, for the CalDAV tests. CI starts one with scripts/ci/radicale.sh
 * and sets TEST_RADICALE_URL=http://salonia:<password>@127.0.0.1:5233; locally, run
 * `scripts/ci/radicale.sh start` and export the line it prints last, or the CalDAV tests are skipped.
 *
 * The helpers below play the owner's phone: they write to Radicale directly, with plain fetch and
 * Basic auth, while the product reaches it through tests/fakes/caldav-proxy.ts. Each test makes its
 * own calendar (`newCalendar`), a fresh collection under /salonia/, so test files running at once
 * never share one. What Radicale 3.1.8 (Debian bookworm) does that a client may not expect:
 *  - a PUT answers 201 with the new ETag on creation and on update alike (204 came in 3.5.2);
 *  - `If-None-Match: *` on an existing object, or `If-Match` with another ETag (or on a missing
 *    object), answers 412; If-Match compares the quoted ETag exactly; If-None-Match with an ETag
 *    is ignored (the PUT overwrites; a GET answers 200, never 304);
 *  - a DELETE answers 200 with a multistatus body (not 204), 404 when the object is missing;
 *  - another object of the collection with the same UID answers 409 `C:no-uid-conflict`;
 *  - MKCALENDAR on an existing collection answers 409 `D:resource-must-be-null`;
 *  - REPORT sync-collection is supported; an unknown sync token answers 403 `D:valid-sync-token`;
 *    there is no `<C:expand>` (it came in 3.2): recurring events come back as written;
 *  - it answers in HTTP/1.0, one connection per request, and fsyncs every write.
 */

const START = 'scripts/ci/radicale.sh start'

/** TEST_RADICALE_URL, credentials included; undefined when unset outside CI (tests skip). */
export function radicaleUrl(): URL | undefined {
  const value = process.env.TEST_RADICALE_URL
  if (!value) {
    if (process.env.CI) {
      throw new Error(
        `TEST_RADICALE_URL is not set, and the CalDAV tests need Radicale in CI: start it with \`${START}\` and export the TEST_RADICALE_URL=… line it prints last (.ci/run does so in services())`,
      )
    }
    return undefined
  }
  const url = new URL(value)
  if (!url.username || !url.password) throw new Error(`TEST_RADICALE_URL has no user name and password: ${value}`)
  return url
}

function requiredUrl(): URL {
  const url = radicaleUrl()
  if (!url) throw new Error(`TEST_RADICALE_URL is not set: start Radicale with \`${START}\``)
  return url
}

export interface RadicaleCalendar {
  /** The collection's URL, without credentials, ending in `/`. */
  url: string
  username: string
  password: string
  /** The server's root, without credentials: where a CalDAV client starts its discovery. */
  serverUrl: string
}

/** A URL without its credentials: fetch refuses URLs that carry them. */
function bare(target: string | URL): string {
  const url = new URL(target)
  url.username = ''
  url.password = ''
  return url.toString()
}

/** Basic auth from the credentials of `target`, else of `fallback`, else of TEST_RADICALE_URL. */
function authorization(target: string | URL, fallback?: URL): string {
  const url = new URL(target)
  const credentials = url.username ? url : (fallback ?? requiredUrl())
  const pair = `${decodeURIComponent(credentials.username)}:${decodeURIComponent(credentials.password)}`
  return `Basic ${Buffer.from(pair).toString('base64')}`
}

/**
 * A request to Radicale as the test user: the credentials of `target` when it has them, else
 * TEST_RADICALE_URL's (so a calendar's URL, or the proxy's URL for it, is enough).
 */
export async function radicaleFetch(
  target: string | URL,
  init: { method?: string; headers?: Record<string, string>; body?: string; credentials?: URL } = {},
): Promise<Response> {
  return fetch(bare(target), {
    method: init.method ?? 'GET',
    headers: { authorization: authorization(target, init.credentials), ...init.headers },
    body: init.body,
  })
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A new calendar collection `/<user>/<random>/` (MKCALENDAR) with a display name and, by default,
 * VEVENT as its only component. `base` is where the server is reached (TEST_RADICALE_URL by
 * default; a proxy's URL gives the calendar's URL on the proxy), with the credentials it carries,
 * else TEST_RADICALE_URL's.
 */
export async function newCalendar(
  base?: URL,
  options: { displayName?: string; components?: string[] } = {},
): Promise<RadicaleCalendar> {
  const server = base ?? requiredUrl()
  const credentials = server.username ? server : requiredUrl()
  const username = decodeURIComponent(credentials.username)
  const password = decodeURIComponent(credentials.password)
  const serverUrl = bare(new URL('/', server))
  const url = new URL(`/${encodeURIComponent(username)}/test-${randomUUID()}/`, serverUrl).toString()
  const components = (options.components ?? ['VEVENT']).map((name) => `<C:comp name="${escapeXml(name)}"/>`).join('')
  const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${escapeXml(options.displayName ?? 'Salonia test calendar')}</D:displayname>
    <C:supported-calendar-component-set>${components}</C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`
  const answer = await radicaleFetch(url, {
    method: 'MKCALENDAR',
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body,
    credentials,
  })
  if (answer.status !== 201) throw new Error(`MKCALENDAR ${url} answered ${answer.status}: ${await answer.text()}`)
  await answer.body?.cancel()
  return { url, username, password, serverUrl }
}

export interface PutResult {
  /** 201 on creation and update alike (Radicale 3.1.8); 412 when a precondition failed. */
  status: number
  /** The object's URL, without credentials. */
  url: string
  /** The new ETag (quoted), when stored. */
  etag: string | undefined
}

/**
 * Stores `ics` as `<calendarUrl><uid>.ics` (or `options.name` in place of `<uid>.ics`), as a
 * phone's calendar app does. `ifMatch` / `ifNoneMatch` are sent as given; the status is returned,
 * not checked, except that anything but 201, 204 and 412 throws.
 */
export async function putEvent(
  calendarUrl: string,
  uid: string,
  ics: string,
  options: { name?: string; ifMatch?: string; ifNoneMatch?: string } = {},
): Promise<PutResult> {
  const url = new URL(options.name ?? `${encodeURIComponent(uid)}.ics`, withSlash(calendarUrl))
  const headers: Record<string, string> = { 'content-type': 'text/calendar; charset=utf-8' }
  if (options.ifMatch !== undefined) headers['if-match'] = options.ifMatch
  if (options.ifNoneMatch !== undefined) headers['if-none-match'] = options.ifNoneMatch
  const answer = await radicaleFetch(url, { method: 'PUT', headers, body: ics })
  const text = await answer.text()
  if (![201, 204, 412].includes(answer.status)) throw new Error(`PUT ${url} answered ${answer.status}: ${text}`)
  return { status: answer.status, url: bare(url), etag: answer.headers.get('etag') ?? undefined }
}

/** Deletes an object (with If-Match when given): 200 when deleted, 404 when missing, 412 on another ETag. */
export async function deleteEvent(objectUrl: string, options: { ifMatch?: string } = {}): Promise<number> {
  const headers: Record<string, string> = {}
  if (options.ifMatch !== undefined) headers['if-match'] = options.ifMatch
  const answer = await radicaleFetch(objectUrl, { method: 'DELETE', headers })
  await answer.body?.cancel()
  if (![200, 204, 404, 412].includes(answer.status)) throw new Error(`DELETE ${objectUrl} answered ${answer.status}`)
  return answer.status
}

export interface CalendarObject {
  /** The object's URL, without credentials. */
  url: string
  /** Its path, as the server names it in `<D:href>`. */
  href: string
  etag: string
  /** The iCalendar text, as stored. */
  ics: string
}

/** Every object of a calendar with its ETag and data (REPORT calendar-query, depth 1), by href. */
export async function listObjects(calendarUrl: string): Promise<CalendarObject[]> {
  const body = `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"/></C:filter>
</C:calendar-query>`
  const answer = await radicaleFetch(calendarUrl, {
    method: 'REPORT',
    headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body,
  })
  const xml = await answer.text()
  if (answer.status !== 207) throw new Error(`REPORT ${calendarUrl} answered ${answer.status}: ${xml}`)
  const objects: CalendarObject[] = []
  for (const response of elements(xml, 'response')) {
    const href = decodeXml(elements(response, 'href')[0] ?? '').trim()
    const etag = decodeXml(elements(response, 'getetag')[0] ?? '').trim()
    const ics = decodeXml(elements(response, 'calendar-data')[0] ?? '')
    if (!href || !ics) continue
    objects.push({ url: bare(new URL(href, calendarUrl)), href, etag, ics })
  }
  return objects.sort((a, b) => a.href.localeCompare(b.href))
}

/** The inner text of every element of that local name, whatever its namespace prefix. */
function elements(xml: string, name: string): string[] {
  const pattern = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`, 'g')
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? '')
}

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
    if (entity[0] !== '#') return named[entity.toLowerCase()] ?? ''
    const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1))
    return String.fromCodePoint(code)
  })
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`)

// --- iCalendar --------------------------------------------------------------------------------

/** A date-time (written as its UTC instant) or an all-day date `YYYY-MM-DD` (written VALUE=DATE). */
export type IcsTime = Date | string

export interface TestEvent {
  uid: string
  start: IcsTime
  /** DTEND; leave it out for DURATION in `extra`, or for an all-day event of one day. */
  end?: IcsTime
  summary?: string
  /** e.g. `FREQ=WEEKLY;COUNT=3` */
  rrule?: string
  transp?: 'OPAQUE' | 'TRANSPARENT'
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  /** More content lines inside the VEVENT, as written (EXDATE, DURATION, a TZID'd DTSTART…). */
  extra?: string[]
  /** DTSTAMP (default: now). */
  stamp?: Date
}

/** One VEVENT in a VCALENDAR, CRLF line endings, lines folded at 75 octets, as a phone writes it. */
export function eventIcs(event: TestEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    "PRODID:-//Salonia tests//The owner's phone//EN",
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    timeLine('DTSTART', event.start),
    ...(event.end === undefined ? [] : [timeLine('DTEND', event.end)]),
    ...(event.summary === undefined ? [] : [`SUMMARY:${escapeText(event.summary)}`]),
    ...(event.rrule === undefined ? [] : [`RRULE:${event.rrule}`]),
    ...(event.transp === undefined ? [] : [`TRANSP:${event.transp}`]),
    ...(event.status === undefined ? [] : [`STATUS:${event.status}`]),
    ...(event.extra ?? []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

function timeLine(name: string, time: IcsTime): string {
  if (typeof time === 'string') {
    const date = DATE_ONLY.exec(time)
    if (date) return `${name};VALUE=DATE:${date[1]}${date[2]}${date[3]}`
  }
  const instant = new Date(time)
  if (Number.isNaN(instant.getTime())) throw new Error(`not a date or date-time: ${String(time)}`)
  return `${name}:${utc(instant)}`
}

/** 20270328T010000Z */
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
