import { type CaldavProxy, startCaldavProxy } from '@tests/fakes/caldav-proxy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  deleteEvent,
  eventIcs,
  listObjects,
  newCalendar,
  putEvent,
  type RadicaleCalendar,
  radicaleFetch,
  radicaleUrl,
} from './radicale'

/**
 * The CalDAV tests' helpers against the real Radicale (TEST_RADICALE_URL; scripts/ci/radicale.sh
 * start), and the proxy's faults. Skipped when Radicale is not configured, except in CI, where
 * radicaleUrl() throws.
 */

const PROPFIND_BODY = `<?xml version="1.0" encoding="utf-8"?>
<D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:displayname/><D:resourcetype/><C:supported-calendar-component-set/></D:prop>
</D:propfind>`

const propfind = (url: string) =>
  radicaleFetch(url, {
    method: 'PROPFIND',
    headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' },
    body: PROPFIND_BODY,
  })

const weekly = (uid: string) =>
  eventIcs({
    uid,
    start: '2027-03-22T09:00:00Z',
    end: new Date('2027-03-22T10:30:00Z'),
    summary: 'Dentist; then lunch, with Léa',
    rrule: 'FREQ=WEEKLY;COUNT=3',
    transp: 'OPAQUE',
  })

describe.skipIf(!radicaleUrl())('Radicale and the CalDAV proxy (test helpers)', () => {
  let calendar: RadicaleCalendar
  let proxy: CaldavProxy

  beforeAll(async () => {
    calendar = await newCalendar(undefined, { displayName: 'Téléphone de Claire' })
    proxy = await startCaldavProxy()
  })
  afterAll(async () => {
    await proxy?.close()
  })

  it('writes iCalendar with CRLF line endings, UTC times and all-day dates', () => {
    const ics = eventIcs({ uid: 'day-off', start: '2027-03-28', end: '2027-03-29', transp: 'TRANSPARENT' })
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/)
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n')
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20270328\r\nDTEND;VALUE=DATE:20270329\r\n')
    expect(ics).toContain('\r\nTRANSP:TRANSPARENT\r\n')
    expect(weekly('x')).toContain('\r\nDTSTART:20270322T090000Z\r\nDTEND:20270322T103000Z\r\n')
    expect(weekly('x')).toContain('\r\nSUMMARY:Dentist\\; then lunch\\, with Léa\r\n')
    const long = eventIcs({ uid: 'long', start: '2027-03-28', summary: 'é'.repeat(60) })
    for (const line of long.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
  })

  it('makes a calendar, puts, lists, reads through the proxy and deletes events', async () => {
    expect(calendar.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/salonia\/test-[0-9a-f-]+\/$/)
    expect(calendar.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const properties = await propfind(calendar.url)
    expect(properties.status).toBe(207)
    const xml = await properties.text()
    expect(xml).toContain('Téléphone de Claire')
    expect(xml).toMatch(/<C:comp name="VEVENT"\s*\/>/)

    const created = await putEvent(calendar.url, 'phone-weekly', weekly('phone-weekly'), { ifNoneMatch: '*' })
    expect(created).toMatchObject({ status: 201, url: `${calendar.url}phone-weekly.ics` })
    expect(created.etag).toMatch(/^".+"$/)
    // Creation again: the object exists.
    expect((await putEvent(calendar.url, 'phone-weekly', weekly('phone-weekly'), { ifNoneMatch: '*' })).status).toBe(
      412,
    )
    await putEvent(calendar.url, 'phone-day-off', eventIcs({ uid: 'phone-day-off', start: '2027-03-28' }))

    const objects = await listObjects(calendar.url)
    expect(objects.map((o) => o.url)).toEqual([`${calendar.url}phone-day-off.ics`, `${calendar.url}phone-weekly.ics`])
    const stored = objects[1]
    expect(stored?.etag).toBe(created.etag)
    expect(stored?.ics).toContain('UID:phone-weekly')
    expect(stored?.ics).toContain('RRULE:FREQ=WEEKLY;COUNT=3')

    const read = await radicaleFetch(proxy.urlFor(created.url))
    expect(read.status).toBe(200)
    expect(read.headers.get('etag')).toBe(created.etag)
    expect(await read.text()).toContain('UID:phone-weekly')

    // An update answers 201 too (Radicale 3.1.8), with a new ETag; a stale one is refused.
    const updated = await putEvent(calendar.url, 'phone-weekly', weekly('phone-weekly').replace('Dentist', 'Doctor'), {
      ifMatch: created.etag,
    })
    expect(updated.status).toBe(201)
    expect(updated.etag).not.toBe(created.etag)
    expect(
      (await putEvent(calendar.url, 'phone-weekly', weekly('phone-weekly'), { ifMatch: created.etag })).status,
    ).toBe(412)

    expect(await deleteEvent(created.url, { ifMatch: created.etag })).toBe(412)
    expect(await deleteEvent(created.url, { ifMatch: updated.etag })).toBe(200)
    expect(await deleteEvent(created.url)).toBe(404)
    expect((await listObjects(calendar.url)).map((o) => o.href)).toEqual([
      new URL(`${calendar.url}phone-day-off.ics`).pathname,
    ])
    await proxy.settled()
    expect(proxy.requests()).toEqual([
      { method: 'GET', path: new URL(created.url).pathname, query: '', status: 200, upstream: 200 },
    ])
  })

  it('fails, cuts answers, resets connections and delays as asked', async () => {
    const before = proxy.requests().length
    proxy.failNext(503, 2)
    expect((await propfind(proxy.urlFor(calendar.url))).status).toBe(503)
    expect((await propfind(proxy.urlFor(calendar.url))).status).toBe(503)
    expect((await propfind(proxy.urlFor(calendar.url))).status).toBe(207)

    proxy.outage(401)
    for (let i = 0; i < 2; i++) {
      const refused = await propfind(proxy.urlFor(calendar.url))
      expect(refused.status).toBe(401)
      expect(refused.headers.get('www-authenticate')).toMatch(/^Basic realm=/)
    }
    proxy.outage('reset')
    await expect(propfind(proxy.urlFor(calendar.url))).rejects.toThrow()
    proxy.restore()
    expect((await propfind(proxy.urlFor(calendar.url))).status).toBe(207)

    // A lost answer: Radicale stores the event, the client never hears of it, and its retry of the
    // creation meets 412.
    proxy.cutAnswerNext('PUT')
    expect((await propfind(proxy.urlFor(calendar.url))).status).toBe(207)
    await expect(
      putEvent(proxy.urlFor(calendar.url), 'salonia-booking-1', weekly('salonia-booking-1'), { ifNoneMatch: '*' }),
    ).rejects.toThrow()
    expect((await listObjects(calendar.url)).map((o) => o.href)).toContain(
      new URL(`${calendar.url}salonia-booking-1.ics`).pathname,
    )
    const retried = await putEvent(proxy.urlFor(calendar.url), 'salonia-booking-1', weekly('salonia-booking-1'), {
      ifNoneMatch: '*',
    })
    expect(retried.status).toBe(412)

    proxy.setDelay(100)
    const started = Date.now()
    expect((await propfind(proxy.urlFor(calendar.url))).status).toBe(207)
    expect(Date.now() - started).toBeGreaterThanOrEqual(90)
    proxy.setDelay(0)

    await proxy.settled()
    const path = new URL(calendar.url).pathname
    const objectPath = `${path}salonia-booking-1.ics`
    expect(
      proxy
        .requests()
        .slice(before)
        .map((r) => `${r.method} ${r.path} ${r.status} ${r.upstream ?? '-'}`),
    ).toEqual([
      `PROPFIND ${path} 503 -`,
      `PROPFIND ${path} 503 -`,
      `PROPFIND ${path} 207 207`,
      `PROPFIND ${path} 401 -`,
      `PROPFIND ${path} 401 -`,
      `PROPFIND ${path} 0 -`,
      `PROPFIND ${path} 207 207`,
      `PROPFIND ${path} 207 207`,
      `PUT ${objectPath} 0 201`,
      `PUT ${objectPath} 412 412`,
      `PROPFIND ${path} 207 207`,
    ])
  })
})
