import { calendarConnections } from '@server/db/schema'
import { type CaldavProxy, startCaldavProxy } from '@tests/fakes/caldav-proxy'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { bookThroughApi, brushingTimes, CALENDAR_QUEUES } from '@tests/helpers/calendar'
import { drainJobs } from '@tests/helpers/jobs'
import {
  deleteEvent,
  eventIcs,
  listObjects,
  newCalendar,
  putEvent,
  type RadicaleCalendar,
  radicaleUrl,
} from '@tests/helpers/radicale'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discoverCaldavCalendars } from './caldav-connect'

/**
 * A CalDAV calendar connected from the dashboard, end to end against Radicale (a real CalDAV
 * server) through a proxy that can fail: the account's calendars found, one connected, every
 * booking written into it as its own object, and the owner's own events (single, all-day,
 * recurring) blocking the API's times — read by the jobs, never on an availability request.
 */

const SALON = '/api/salons/SAL001'

describe.skipIf(!radicaleUrl())('a CalDAV calendar (Radicale)', () => {
  let t: TestApp
  let proxy: CaldavProxy
  let calendar: RadicaleCalendar
  let owner: string
  let calendarId: string

  const drain = () => drainJobs(t.database, CALENDAR_QUEUES)
  const account = (password = calendar.password) => ({
    preset: 'custom' as const,
    serverUrl: proxy.url,
    username: calendar.username,
    password,
  })
  const ours = async () => (await listObjects(calendar.url)).filter((o) => o.ics.includes('UID:salonia-'))
  const sync = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${SALON}/calendars/${calendarId}/sync`,
      headers: { cookie: owner },
    })
    expect(res.statusCode, res.body).toBe(202)
    await drain()
  }
  const slotsOn = (date: string) => brushingTimes(t, owner, date)
  const calendars = async () =>
    (await t.app.inject({ url: `${SALON}/calendars`, headers: { cookie: owner } })).json() as {
      calendars: { id: string; provider: string; state: string; writesBookings: boolean; lastError: string | null }[]
      writerId: string | null
    }

  beforeAll(async () => {
    calendar = await newCalendar(undefined, { displayName: 'Salon (iPhone)' })
    proxy = await startCaldavProxy()
    t = await startTestApp({ workers: true })
    owner = await ownerCookie(t)
  })
  afterAll(async () => {
    await t?.close()
    await proxy?.close()
  })

  it('finds the account’s calendars, connects one, and it receives the salon’s bookings', async () => {
    const found = await t.app.inject({
      method: 'POST',
      url: `${SALON}/caldav/discover`,
      headers: { cookie: owner },
      payload: account(),
    })
    expect(found.statusCode, found.body).toBe(200)
    const mine = (found.json().calendars as { url: string; name: string }[]).find(
      (c) => c.url === proxy.urlFor(calendar.url),
    )
    expect(mine?.name).toBe('Salon (iPhone)')

    const before = await bookThroughApi(t, owner, '2026-12-03T14:00', { name: 'Léa Moreau' })
    const connected = await t.app.inject({
      method: 'POST',
      url: `${SALON}/caldav/connect`,
      headers: { cookie: owner },
      payload: { account: account(), calendarUrl: mine?.url },
    })
    expect(connected.statusCode, connected.body).toBe(201)
    const list = connected.json() as Awaited<ReturnType<typeof calendars>>
    expect(list.calendars).toMatchObject([{ provider: 'caldav', writesBookings: true, state: 'connected' }])
    calendarId = list.writerId ?? ''
    await drain()

    // What was booked before the connection is copied in, and each new booking follows.
    const after = await bookThroughApi(t, owner, '2026-12-04T10:00', { name: 'Camille Martin' })
    await drain()
    const objects = await ours()
    expect(objects.map((o) => o.href.split('/').at(-1)).sort()).toEqual([`${after}.ics`, `${before}.ics`].sort())
    const event = objects.find((o) => o.href.endsWith(`${after}.ics`))?.ics ?? ''
    expect(event).toContain('DTSTART:20261204T090000Z')
    expect(event).toContain('SUMMARY:')
    // The password is kept sealed, never as typed.
    const stored = await t.database.db
      .select({ credentials: calendarConnections.credentials })
      .from(calendarConnections)
    expect(stored[0]?.credentials).toBeTruthy()
    expect(JSON.stringify(stored)).not.toContain(calendar.password)
  })

  it('moves the object with the booking, and removes it when the booking is cancelled', async () => {
    const id = await bookThroughApi(t, owner, '2026-12-08T11:00', { name: 'Inès' })
    await drain()
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/reschedule`,
      headers: { cookie: owner },
      payload: { startsAt: '2026-12-08T15:00' },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    await drain()
    expect((await ours()).find((o) => o.href.endsWith(`${id}.ics`))?.ics).toContain('DTSTART:20261208T140000Z')
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: { cookie: owner },
      payload: {},
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    await drain()
    expect((await ours()).some((o) => o.href.endsWith(`${id}.ics`))).toBe(false)
  })

  it('blocks the times of the owner’s own events — single, all-day, recurring — without calling the server on the request', async () => {
    expect(await slotsOn('2026-12-09')).toContain('10:00')
    await putEvent(
      calendar.url,
      'dentist',
      eventIcs({ uid: 'dentist', start: '2026-12-09T09:00:00Z', end: '2026-12-09T10:00:00Z', summary: 'Dentiste' }),
    )
    await putEvent(calendar.url, 'holiday', eventIcs({ uid: 'holiday', start: '2026-12-10', summary: 'Fermé' }))
    await putEvent(
      calendar.url,
      'yoga',
      eventIcs({
        uid: 'yoga',
        start: '2026-12-08T16:00:00Z',
        end: '2026-12-08T17:00:00Z',
        rrule: 'FREQ=WEEKLY;COUNT=3',
      }),
    )
    await putEvent(
      calendar.url,
      'free',
      eventIcs({ uid: 'free', start: '2026-12-09T13:00:00Z', end: '2026-12-09T14:00:00Z', transp: 'TRANSPARENT' }),
    )
    await sync()

    const requests = proxy.requests().length
    const wednesday = await slotsOn('2026-12-09')
    expect(wednesday).not.toContain('10:00')
    expect(wednesday).not.toContain('10:30')
    expect(wednesday).toContain('11:00')
    expect(wednesday).toContain('14:00')
    expect(await slotsOn('2026-12-10')).toEqual([])
    // Weekly on Tuesdays at 17:00 Paris: the second and third instances too.
    expect(await slotsOn('2026-12-15')).not.toContain('17:00')
    expect(await slotsOn('2026-12-22')).not.toContain('17:00')
    expect(await slotsOn('2026-12-29')).toContain('17:00')
    expect(proxy.requests().length).toBe(requests)

    // Deleted on the phone: the time is free again after the next read.
    await deleteEvent(`${calendar.url}dentist.ics`)
    await sync()
    expect(await slotsOn('2026-12-09')).toContain('10:00')
  })

  it('writes back an object deleted by hand, once', async () => {
    const id = await bookThroughApi(t, owner, '2026-12-11T10:00', { name: 'Zoé' })
    await drain()
    await deleteEvent(`${calendar.url}${id}.ics`)
    await sync()
    expect((await ours()).filter((o) => o.href.endsWith(`${id}.ics`))).toHaveLength(1)
  })

  it('asks for a reconnection when the password stops working, and catches up once connected again', async () => {
    proxy.outage(401)
    await sync()
    expect((await calendars()).calendars[0]).toMatchObject({
      state: 'reconnect_required',
      lastError: 'reconnect_required',
    })
    const missed = await bookThroughApi(t, owner, '2026-12-16T10:00', { name: 'Noé' })
    await drain()
    proxy.restore()
    expect((await ours()).some((o) => o.href.endsWith(`${missed}.ics`))).toBe(false)

    const again = await t.app.inject({
      method: 'POST',
      url: `${SALON}/caldav/connect`,
      headers: { cookie: owner },
      payload: { account: account(), calendarUrl: proxy.urlFor(calendar.url) },
    })
    expect(again.statusCode, again.body).toBe(201)
    await drain()
    expect((await calendars()).calendars).toMatchObject([{ id: calendarId, state: 'connected', lastError: null }])
    expect((await ours()).some((o) => o.href.endsWith(`${missed}.ics`))).toBe(true)
  })

  it('says in its own words why an account cannot be connected', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${SALON}/caldav/discover`,
      headers: { cookie: owner },
      payload: account('not-the-password'),
    })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().code).toBe('caldav.unauthorized')
    expect(wrong.body).not.toContain('not-the-password')

    proxy.outage(503)
    const down = await t.app.inject({
      method: 'POST',
      url: `${SALON}/caldav/discover`,
      headers: { cookie: owner },
      payload: account(),
    })
    proxy.restore()
    expect(down.statusCode).toBe(502)
    expect(down.json().code).toBe('caldav.unreachable')

    const other = await t.app.inject({
      method: 'POST',
      url: `${SALON}/caldav/connect`,
      headers: { cookie: owner },
      payload: { account: account(), calendarUrl: 'https://calendar.example/not-mine/' },
    })
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('caldav.calendar_unknown')

    // In production a private address (and plain http) is refused before any request.
    const requests = proxy.requests().length
    await expect(
      discoverCaldavCalendars({ config: { ...t.config, isProduction: true } }, account()),
    ).rejects.toMatchObject({ code: 'caldav.url_refused' })
    expect(proxy.requests().length).toBe(requests)
  })
})
