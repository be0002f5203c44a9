import { randomUUID } from 'node:crypto'
import { type CaldavProxy, startCaldavProxy } from '@tests/fakes/caldav-proxy'
import {
  deleteEvent,
  eventIcs,
  listObjects,
  newCalendar,
  putEvent,
  type RadicaleCalendar,
  radicaleUrl,
} from '@tests/helpers/radicale'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  assertCaldavUrlAllowed,
  type CaldavConnection,
  CaldavError,
  CaldavUrlRefused,
  caldavDispatcher,
  calendarVersion,
  discoverCalendars,
  isNonPublicAddress,
  readCalendarChanges,
  removeCalendarObject,
  writeCalendarObject,
} from './caldav-client'
import { errorOfStatus } from './caldav-http'

/**
 * The CalDAV client against the real Radicale 3.1.8 (TEST_RADICALE_URL; scripts/ci/radicale.sh
 * start), reached through tests/fakes/caldav-proxy.ts, which plays lost answers, outages and delays.
 * Each test makes its own calendar. Skipped when Radicale is not configured, except in CI, where
 * radicaleUrl() throws. The SSRF guard's units need no server.
 */

const WINDOW = { start: new Date('2027-03-01T00:00:00Z'), end: new Date('2027-05-01T00:00:00Z') }

/** Our object's text, as caldav-event.ts writes it (its own tests cover it): enough for the server. */
const ours = (bookingId: string, summary = 'Coupe femme · Zoé') =>
  eventIcs({
    uid: `salonia-${bookingId}`,
    start: new Date('2027-03-22T09:00:00Z'),
    end: new Date('2027-03-22T10:00:00Z'),
    summary,
  })

const phoneEvent = (uid: string, summary: string, start = '2027-03-23T14:00:00Z') =>
  eventIcs({ uid, start: new Date(start), end: new Date(new Date(start).getTime() + 3_600_000), summary })

async function rejection(promise: Promise<unknown>): Promise<CaldavError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof CaldavError)) throw new Error(`expected a CaldavError, got ${String(error)}`)
  return error
}

describe.skipIf(!radicaleUrl())('CalDAV client against Radicale', () => {
  let proxy: CaldavProxy
  let calendar: RadicaleCalendar
  /** The calendar's URL on the proxy: what the product knows. */
  let calendarUrl: string
  let conn: CaldavConnection

  beforeAll(async () => {
    proxy = await startCaldavProxy()
  })
  afterAll(async () => {
    await proxy?.close()
  })
  afterEach(() => proxy.restore())

  async function freshCalendar(options?: { displayName?: string; components?: string[] }) {
    calendar = await newCalendar(undefined, options)
    calendarUrl = proxy.urlFor(calendar.url)
    conn = { serverUrl: proxy.url, username: calendar.username, password: calendar.password }
  }

  /** The proxy's log from `from` on, as `METHOD status/upstream`. */
  const activity = (from: number) =>
    proxy
      .requests()
      .slice(from)
      .map((r) => `${r.method} ${r.status}/${r.upstream ?? '-'}`)

  it('discovers the account (well-known, principal, calendar home) and its event calendars', async () => {
    await freshCalendar({ displayName: 'Salon Lumière' })
    const tasks = await newCalendar(undefined, { displayName: 'Tâches', components: ['VTODO'] })
    const found = await discoverCalendars(conn, { production: false })
    expect(found.principalUrl).toBe(`${proxy.url}/${calendar.username}/`)
    expect(found.homeUrl).toBe(`${proxy.url}/${calendar.username}/`)
    const mine = found.calendars.find((c) => c.url === calendarUrl)
    expect(mine).toMatchObject({ url: calendarUrl, name: 'Salon Lumière', supportsSyncCollection: true })
    expect(mine?.syncToken).toMatch(/\S/)
    expect(mine?.ctag).toMatch(/\S/)
    expect(found.calendars.map((c) => c.url)).not.toContain(proxy.urlFor(tasks.url))
  })

  it('creates our object, then updates it with If-Match', async () => {
    await freshCalendar()
    const bookingId = randomUUID()
    const created = await writeCalendarObject(conn, { calendarUrl, bookingId, ics: ours(bookingId), etag: null })
    expect(created.href).toBe(`${calendarUrl}${bookingId}.ics`)
    let [stored, ...others] = await listObjects(calendar.url)
    expect(others).toEqual([])
    expect(stored?.ics).toContain(`UID:salonia-${bookingId}`)
    expect(stored?.etag).toBe(created.etag)

    const updated = await writeCalendarObject(conn, {
      calendarUrl,
      bookingId,
      ics: ours(bookingId, 'Balayage · Zoé'),
      etag: created.etag,
    })
    expect(updated.href).toBe(created.href)
    expect(updated.etag).not.toBe(created.etag)
    ;[stored, ...others] = await listObjects(calendar.url)
    expect(others).toEqual([])
    expect(stored?.ics).toContain('SUMMARY:Balayage · Zoé')
    expect(stored?.etag).toBe(updated.etag)
  })

  it('recovers from a lost PUT answer: the retry overwrites its own object, once', async () => {
    await freshCalendar()
    const bookingId = randomUUID()
    const from = proxy.requests().length
    proxy.cutAnswerNext('PUT')
    const lost = await rejection(writeCalendarObject(conn, { calendarUrl, bookingId, ics: ours(bookingId) }))
    expect(lost.kind).toBe('unavailable')
    const retried = await writeCalendarObject(conn, { calendarUrl, bookingId, ics: ours(bookingId) })
    const objects = await listObjects(calendar.url)
    expect(objects.map((o) => o.etag)).toEqual([retried.etag])
    await proxy.settled()
    // Created, answer lost; If-None-Match meets it (412); its ETag read; overwritten with If-Match.
    expect(activity(from)).toEqual(['PUT 0/201', 'PUT 412/412', 'GET 200/200', 'PUT 201/201'])
  })

  it('overwrites an object edited by hand (the calendar mirrors the bookings)', async () => {
    await freshCalendar()
    const bookingId = randomUUID()
    const created = await writeCalendarObject(conn, { calendarUrl, bookingId, ics: ours(bookingId) })
    const edited = await putEvent(calendar.url, `salonia-${bookingId}`, ours(bookingId, 'Renamed on the phone'), {
      name: `${bookingId}.ics`,
    })
    expect(edited.etag).not.toBe(created.etag)
    const from = proxy.requests().length
    const written = await writeCalendarObject(conn, {
      calendarUrl,
      bookingId,
      ics: ours(bookingId, 'Coupe homme · Léo'),
      etag: created.etag,
    })
    const objects = await listObjects(calendar.url)
    expect(objects).toHaveLength(1)
    expect(objects[0]?.ics).toContain('SUMMARY:Coupe homme · Léo')
    expect(objects[0]?.etag).toBe(written.etag)
    await proxy.settled()
    // If-Match with our ETag meets the hand edit (412); its ETag read; overwritten.
    expect(activity(from)).toEqual(['PUT 412/412', 'GET 200/200', 'PUT 201/201'])
  })

  it('removes our object, even edited by hand, and a second removal is no error', async () => {
    await freshCalendar()
    const bookingId = randomUUID()
    const created = await writeCalendarObject(conn, { calendarUrl, bookingId, ics: ours(bookingId) })
    await putEvent(calendar.url, `salonia-${bookingId}`, ours(bookingId, 'Moved by hand'), { name: `${bookingId}.ics` })
    const from = proxy.requests().length
    await removeCalendarObject(conn, created)
    expect(await listObjects(calendar.url)).toEqual([])
    await removeCalendarObject(conn, created)
    await removeCalendarObject(conn, { href: created.href })
    await proxy.settled()
    // A DELETE answers 200 (with a multistatus body); a missing object 404, If-Match or not (a PUT
    // with If-Match on a missing object answers 412).
    expect(activity(from)).toEqual([
      'DELETE 412/412',
      'GET 200/200',
      'DELETE 200/200',
      'DELETE 404/404',
      'DELETE 404/404',
    ])
  })

  it('reads the calendar in full, then only what the phone added, changed and deleted', async () => {
    await freshCalendar()
    const bookingId = randomUUID()
    const our = await writeCalendarObject(conn, { calendarUrl, bookingId, ics: ours(bookingId) })
    await putEvent(calendar.url, 'phone-dentist', phoneEvent('phone-dentist', 'Dentist'))
    await putEvent(calendar.url, 'phone-gym', phoneEvent('phone-gym', 'Gym'))
    await putEvent(calendar.url, 'phone-later', phoneEvent('phone-later', 'Next year', '2028-01-10T10:00:00Z'))

    const first = await readCalendarChanges(conn, { calendarUrl, syncToken: null, window: WINDOW })
    expect(first.full).toBe(true)
    expect(first.removed).toEqual([])
    // The event of 2028 is outside the window.
    expect(first.changed.map((o) => o.href).sort()).toEqual(
      [our.href, `${calendarUrl}phone-dentist.ics`, `${calendarUrl}phone-gym.ics`].sort(),
    )
    expect(first.changed.find((o) => o.href === our.href)).toMatchObject({ etag: our.etag })
    expect(first.changed.find((o) => o.href.endsWith('phone-gym.ics'))?.ics).toContain('SUMMARY:Gym')
    expect(first.nextSyncToken).toBe((await calendarVersion(conn, calendarUrl)).syncToken)

    await putEvent(calendar.url, 'phone-dentist', phoneEvent('phone-dentist', 'Dentist, moved', '2027-03-24T08:00:00Z'))
    await putEvent(calendar.url, 'phone-lunch', phoneEvent('phone-lunch', 'Lunch'))
    expect(await deleteEvent(`${calendar.url}phone-gym.ics`)).toBe(200)

    const second = await readCalendarChanges(conn, { calendarUrl, syncToken: first.nextSyncToken, window: WINDOW })
    expect(second.full).toBe(false)
    expect(second.changed.map((o) => o.href).sort()).toEqual([
      `${calendarUrl}phone-dentist.ics`,
      `${calendarUrl}phone-lunch.ics`,
    ])
    expect(second.changed.find((o) => o.href.endsWith('phone-dentist.ics'))?.ics).toContain('SUMMARY:Dentist\\, moved')
    expect(second.changed.every((o) => o.etag.startsWith('"'))).toBe(true)
    expect(second.removed).toEqual([`${calendarUrl}phone-gym.ics`])
    expect(second.nextSyncToken).not.toBe(first.nextSyncToken)

    const third = await readCalendarChanges(conn, { calendarUrl, syncToken: second.nextSyncToken, window: WINDOW })
    expect(third).toEqual({ full: false, changed: [], removed: [], nextSyncToken: second.nextSyncToken })
  })

  it('falls back to a full read when the server no longer knows the sync token (Radicale: 403)', async () => {
    await freshCalendar()
    await putEvent(calendar.url, 'phone-dentist', phoneEvent('phone-dentist', 'Dentist'))
    const from = proxy.requests().length
    const read = await readCalendarChanges(conn, {
      calendarUrl,
      syncToken: 'http://radicale.org/ns/sync/0000000000000000000000000000000000000000',
      window: WINDOW,
    })
    expect(read.full).toBe(true)
    expect(read.changed.map((o) => o.href)).toEqual([`${calendarUrl}phone-dentist.ics`])
    expect(read.nextSyncToken).toMatch(/^http:\/\/radicale\.org\/ns\/sync\//)
    await proxy.settled()
    expect(activity(from)).toEqual(['REPORT 403/403', 'PROPFIND 207/207', 'REPORT 207/207'])
    // A ctag cursor, on a server that has sync-tokens: a full read that hands back a sync-token.
    const byCtag = await readCalendarChanges(conn, { calendarUrl, syncToken: 'ctag:old', window: WINDOW })
    expect(byCtag).toMatchObject({ full: true, nextSyncToken: read.nextSyncToken })
  })

  it('types the server failures: 401 unauthorized, 503 and timeouts unavailable, a gone calendar not found', async () => {
    await freshCalendar()
    const bookingId = randomUUID()
    proxy.outage(401)
    const discovery = await rejection(discoverCalendars(conn, { production: false }))
    expect(discovery).toMatchObject({ kind: 'unauthorized', status: 401 })
    expect(await rejection(writeCalendarObject(conn, { calendarUrl, bookingId, ics: ours(bookingId) }))).toMatchObject({
      kind: 'unauthorized',
      status: 401,
    })
    proxy.restore()

    proxy.failNext(403)
    expect(await rejection(calendarVersion(conn, calendarUrl))).toMatchObject({ kind: 'unauthorized', status: 403 })

    proxy.failNext(503)
    const down = await rejection(readCalendarChanges(conn, { calendarUrl, syncToken: null, window: WINDOW }))
    expect(down).toMatchObject({ kind: 'unavailable', status: 503 })

    proxy.setDelay(300)
    const slow = await rejection(calendarVersion({ ...conn, timeoutMs: 50 }, calendarUrl))
    expect(slow).toMatchObject({ kind: 'unavailable', status: 0 })
    proxy.restore()

    proxy.outage('reset')
    expect(await rejection(calendarVersion(conn, calendarUrl))).toMatchObject({ kind: 'unavailable', status: 0 })
    proxy.restore()

    expect(await rejection(calendarVersion(conn, `${calendarUrl}missing/`))).toMatchObject({ kind: 'not_found' })
  })

  it('never puts the password in an error message', async () => {
    await freshCalendar()
    const wrong = { ...conn, password: `Wr0ng-${randomUUID()}` }
    const messages: string[] = []
    messages.push((await rejection(discoverCalendars(wrong, { production: false }))).message)
    messages.push((await rejection(calendarVersion(wrong, calendarUrl))).message)
    proxy.outage('reset')
    messages.push((await rejection(calendarVersion(wrong, calendarUrl))).message)
    proxy.restore()
    for (const message of messages) {
      expect(message).not.toContain(wrong.password)
      expect(message).not.toContain(calendar.password)
    }
    expect(messages[0]).toMatch(/401/)
  })
})

describe('CalDAV failures by status', () => {
  it('reads a 403 naming a precondition of the request as refused, any other as the account’s', () => {
    const precondition =
      '<?xml version="1.0"?><D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><C:max-resource-size/></D:error>'
    expect(errorOfStatus(403, 'PUT x', precondition).kind).toBe('refused')
    expect(errorOfStatus(403, 'PUT x', '<error xmlns="DAV:"><need-privileges/></error>').kind).toBe('unauthorized')
    expect(errorOfStatus(403, 'PUT x', 'Access to the requested resource forbidden.').kind).toBe('unauthorized')
    expect(errorOfStatus(401, 'PUT x').kind).toBe('unauthorized')
    expect(errorOfStatus(404, 'PUT x').kind).toBe('not_found')
    expect(errorOfStatus(410, 'PUT x').kind).toBe('not_found')
    expect(errorOfStatus(409, 'PUT x').kind).toBe('refused')
    expect(errorOfStatus(502, 'PUT x').kind).toBe('unavailable')
  })
})

describe('the CalDAV SSRF guard', () => {
  const production = { production: true }

  it('refuses non-public addresses and plain http in production, and allows them outside', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://10.1.2.3/dav/',
      'https://192.168.1.10/',
      'https://172.20.0.1/',
      'https://169.254.169.254/latest/',
      'https://[::1]/',
      'https://[fc00::1]/',
      'https://[fd12:3456::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://localhost:8443/',
      'http://caldav.example.com/',
    ]) {
      expect(() => assertCaldavUrlAllowed(url, production), url).toThrow(CaldavUrlRefused)
      expect(assertCaldavUrlAllowed(url, { production: false }).href).toBe(new URL(url).href)
    }
    expect(assertCaldavUrlAllowed('https://caldav.icloud.com', production).host).toBe('caldav.icloud.com')
    expect(assertCaldavUrlAllowed('https://93.184.215.14/dav/', production).host).toBe('93.184.215.14')
    expect(() => assertCaldavUrlAllowed('ftp://caldav.example.com/', { production: false })).toThrow(CaldavUrlRefused)
    expect(() => assertCaldavUrlAllowed('https://me:secret@caldav.example.com/', production)).toThrow(/no user name/)
    expect(() => assertCaldavUrlAllowed('not a url', production)).toThrow(CaldavUrlRefused)
  })

  it('knows which addresses are not public, IPv4-mapped IPv6 included', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '192.168.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0']) {
      expect(isNonPublicAddress(address), address).toBe(true)
    }
    for (const address of ['::1', '::', 'fc00::', 'fdff::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isNonPublicAddress(address), address).toBe(true)
    }
    for (const address of ['17.253.144.10', '2a00:1450:4007::1', '::ffff:17.253.144.10']) {
      expect(isNonPublicAddress(address), address).toBe(false)
    }
  })

  it('refuses a discovery before any request, and the production dispatcher refuses at connection time', async () => {
    const credentials = { serverUrl: 'http://127.0.0.1:18443/', username: 'owner', password: 'app-password' }
    expect(await rejection(discoverCalendars(credentials, production))).toMatchObject({ kind: 'refused', status: 0 })
    const dispatcher = caldavDispatcher(production)
    expect(dispatcher).toBeDefined()
    expect(caldavDispatcher({ production: false })).toBeUndefined()
    // An IP literal and plain http, then a name resolving to the loopback: refused before connecting.
    // Nothing listens on 18443: a connection the guard let through would fail as 'unavailable'.
    for (const serverUrl of ['http://127.0.0.1:18443/', 'https://127.0.0.1:18443/', 'https://localhost:18443/']) {
      const conn = { ...credentials, serverUrl, ...(dispatcher ? { dispatcher } : {}) }
      const refused = await rejection(calendarVersion(conn, `${serverUrl}owner/calendar/`))
      expect(refused.kind, serverUrl).toBe('refused')
      expect(refused.message).not.toContain('app-password')
    }
  })
})
