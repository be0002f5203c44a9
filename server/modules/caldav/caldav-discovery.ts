import { createAccount, type DAVResponse, propfind } from 'tsdav'
import {
  type CaldavConnection,
  type CaldavCredentials,
  CaldavError,
  type CaldavTransport,
  caldavFetch,
  describeUrl,
} from './caldav-http'
import { expectMultistatus, field, listOf, resolveHref, sameResource, textOf } from './caldav-multistatus'
import { assertCaldavUrlAllowed, type CaldavNetworkPolicy, CaldavUrlRefused, caldavDispatcher } from './caldav-ssrf'

/**
 * Finding an account's calendars (RFC 6764 §6, RFC 4791 §6.2.1, RFC 5397): tsdav's createAccount
 * asks /.well-known/caldav where the service is (following its redirect), then the
 * current-user-principal, then the principal's calendar-home-set. The home's calendars are then
 * listed here in one depth-1 PROPFIND that asks for supported-report-set too: tsdav's
 * fetchCalendars asks each calendar for it in a request of its own.
 */

/** Where iCloud and Fastmail start discovery; Nextcloud is `https://<host>/remote.php/dav`, typed by the owner. */
export const CALDAV_PRESETS = {
  icloud: 'https://caldav.icloud.com',
  fastmail: 'https://caldav.fastmail.com/dav/',
} as const

export interface DiscoveredCalendar {
  /** The collection's absolute URL, ending in `/`: what the connection stores. */
  url: string
  name: string
  /** `#RRGGBB` or `#RRGGBBAA` (Apple's calendar-color), when the server has one. */
  color?: string
  syncToken?: string
  ctag?: string
  /** REPORT sync-collection (RFC 6578) is offered: changes can be read incrementally. */
  supportsSyncCollection: boolean
}

export interface CaldavDiscovery {
  principalUrl: string
  homeUrl: string
  /** Calendars that hold events (VEVENT), not task lists or journals. */
  calendars: DiscoveredCalendar[]
}

export interface CalendarVersion {
  /** DAV:sync-token (RFC 6578 §4). */
  syncToken?: string
  /** CalendarServer's getctag: changes whenever anything in the calendar does. */
  ctag?: string
}

const CALENDAR_PROPS = {
  'd:displayname': {},
  'd:resourcetype': {},
  'd:sync-token': {},
  'd:supported-report-set': {},
  'cs:getctag': {},
  'ca:calendar-color': {},
  'c:supported-calendar-component-set': {},
}

/**
 * The account's calendars, from the server's root (a preset or what the owner typed). Refuses a URL
 * the network policy forbids before any request; the requests go through caldavDispatcher(policy)
 * unless a dispatcher is given.
 */
export async function discoverCalendars(
  credentials: CaldavCredentials,
  options: CaldavTransport & CaldavNetworkPolicy,
): Promise<CaldavDiscovery> {
  try {
    assertCaldavUrlAllowed(credentials.serverUrl, options)
  } catch (error) {
    if (error instanceof CaldavUrlRefused) throw new CaldavError('refused', 0, error.message)
    throw error
  }
  const conn: CaldavConnection = {
    ...credentials,
    ...options,
    dispatcher: options.dispatcher ?? caldavDispatcher(options),
  }
  const davFetch = caldavFetch(conn)
  let account: Awaited<ReturnType<typeof createAccount>>
  try {
    account = await createAccount({
      account: { serverUrl: credentials.serverUrl, accountType: 'caldav' },
      fetch: davFetch,
    })
  } catch (error) {
    if (error instanceof CaldavError) throw error
    // tsdav says "cannot find principalUrl" / "homeUrl": the server answered, but not as a CalDAV
    // account (a 403, a web page, no calendar-home-set).
    throw new CaldavError('not_found', 0, `No CalDAV account found at ${describeUrl(credentials.serverUrl)}`)
  }
  const { principalUrl, homeUrl } = account
  if (!principalUrl || !homeUrl) {
    throw new CaldavError('not_found', 0, `No CalDAV account found at ${describeUrl(credentials.serverUrl)}`)
  }
  const what = `PROPFIND ${describeUrl(homeUrl)}`
  const listing = expectMultistatus(
    await propfind({ url: homeUrl, props: CALENDAR_PROPS, depth: '1', fetch: davFetch }),
    what,
  )
  const calendars = listing.responses
    .map((response) => calendarOf(response, homeUrl))
    .filter((calendar): calendar is DiscoveredCalendar => calendar !== undefined)
  return { principalUrl, homeUrl, calendars }
}

function calendarOf(response: DAVResponse, homeUrl: string): DiscoveredCalendar | undefined {
  const props: unknown = response.props
  if (!response.ok || !response.href) return undefined
  const types = Object.keys(asObject(field(props, 'resourcetype')))
  if (!types.includes('calendar')) return undefined
  // No supported-calendar-component-set means every component is accepted (RFC 4791 §5.2.3).
  const components = listOf(field(field(props, 'supportedCalendarComponentSet'), 'comp'))
    .map((comp) => textOf(field(field(comp, '_attributes'), 'name'))?.toUpperCase())
    .filter((name): name is string => name !== undefined)
  if (components.length > 0 && !components.includes('VEVENT')) return undefined

  const url = withSlash(resolveHref(response.href, homeUrl))
  if (sameResource(url, homeUrl)) return undefined
  const reports = listOf(field(field(props, 'supportedReportSet'), 'supportedReport')).flatMap((supported) =>
    Object.keys(asObject(field(supported, 'report'))),
  )
  const syncToken = textOf(field(props, 'syncToken'))
  const ctag = textOf(field(props, 'getctag'))
  const color = textOf(field(props, 'calendarColor'))?.trim()
  const name = textOf(field(props, 'displayname'))?.trim() || lastSegment(url)
  return {
    url,
    name,
    ...(color ? { color } : {}),
    ...(syncToken ? { syncToken } : {}),
    ...(ctag ? { ctag } : {}),
    // A server with a DAV:sync-token property offers sync-collection (RFC 6578 §4), even when it
    // does not list the report.
    supportsSyncCollection: reports.includes('syncCollection') || syncToken !== undefined,
  }
}

/**
 * The calendar's sync-token and ctag, in one depth-0 PROPFIND: the cheap "did anything change"
 * check before reading any event.
 */
export async function calendarVersion(conn: CaldavConnection, calendarUrl: string): Promise<CalendarVersion> {
  const what = `PROPFIND ${describeUrl(calendarUrl)}`
  const answer = await propfind({
    url: calendarUrl,
    props: { 'd:sync-token': {}, 'cs:getctag': {} },
    depth: '0',
    fetch: caldavFetch(conn),
  })
  const { responses } = expectMultistatus(answer, what)
  const own = responses.find((response) => sameResource(resolveHref(response.href ?? '', calendarUrl), calendarUrl))
  if (!own) throw new CaldavError('not_found', 404, `${what}: the calendar is not in the answer`)
  if (!own.ok) throw new CaldavError('not_found', own.status, `${what}: the calendar answered ${own.status}`)
  const syncToken = textOf(field(own.props, 'syncToken'))
  const ctag = textOf(field(own.props, 'getctag'))
  return { ...(syncToken ? { syncToken } : {}), ...(ctag ? { ctag } : {}) }
}

function asObject(value: unknown): object {
  return typeof value === 'object' && value !== null ? value : {}
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`)

function lastSegment(url: string): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean)
  return decodeURIComponent(segments.at(-1) ?? url)
}
