import { createSalon } from '@server/modules/salons/salons.usecases'
import { type CaldavProxy, startCaldavProxy } from '@tests/fakes/caldav-proxy'
import { bookThroughApi, brushingTimes, type CalendarTest, OWNER, startCalendarTest } from '@tests/helpers/calendar'
import {
  eventIcs,
  listObjects,
  newCalendar,
  putEvent,
  type RadicaleCalendar,
  radicaleUrl,
} from '@tests/helpers/radicale'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * One salon, several calendars: the owner's Google calendar (their sign-in) and a CalDAV calendar
 * on Radicale. Busy times are read from both, each with its own state; bookings go to the one the
 * owner chooses, and move with that choice; removing one leaves the other as it was.
 */

const SALON = '/api/salons/SAL001'

type Listed = {
  calendars: {
    id: string
    provider: string
    writesBookings: boolean
    state: string
    busyEvents: number
    removable: boolean
  }[]
  writerId: string | null
}

describe.skipIf(!radicaleUrl())('a salon with a Google and a CalDAV calendar', () => {
  let c: CalendarTest
  let proxy: CaldavProxy
  let phone: RadicaleCalendar
  let owner: string
  let google = ''
  let caldav = ''

  const list = async () =>
    (await c.t.app.inject({ url: `${SALON}/calendars`, headers: { cookie: owner } })).json() as Listed
  const inRadicale = async () =>
    (await listObjects(phone.url)).filter((o) => o.ics.includes('UID:salonia-')).map((o) => o.href.split('/').at(-1))
  const inGoogle = () => [...c.bookingEvents().keys()]
  const slotsOn = (date: string) => brushingTimes(c.t, owner, date)
  /** The owner connects the phone's calendar (Radicale, through the proxy) from the dashboard. */
  const connectPhone = () =>
    c.t.app.inject({
      method: 'POST',
      url: `${SALON}/caldav/connect`,
      headers: { cookie: owner },
      payload: {
        account: { preset: 'custom', serverUrl: proxy.url, username: phone.username, password: phone.password },
        calendarUrl: proxy.urlFor(phone.url),
      },
    })
  const choose = async (calendarId: string) => {
    const res = await c.t.app.inject({
      method: 'PUT',
      url: `${SALON}/calendars/${calendarId}/writer`,
      headers: { cookie: owner },
    })
    expect(res.statusCode, res.body).toBe(200)
    await c.drain()
    return res.json() as Listed
  }

  beforeAll(async () => {
    phone = await newCalendar(undefined, { displayName: 'iPhone' })
    proxy = await startCaldavProxy()
    c = await startCalendarTest()
    owner = await c.connect()
    await c.drain()
    const connected = await connectPhone()
    expect(connected.statusCode, connected.body).toBe(201)
    await c.drain()
    const listed = connected.json() as Listed
    google = listed.calendars.find((cal) => cal.provider === 'google')?.id ?? ''
    caldav = listed.calendars.find((cal) => cal.provider === 'caldav')?.id ?? ''
  })
  afterAll(async () => {
    await c?.close()
    await proxy?.close()
  })

  it('keeps bookings in the first calendar and reads busy times from both, each with its own count', async () => {
    expect(await list()).toMatchObject({
      writerId: google,
      calendars: [
        { id: google, provider: 'google', writesBookings: true, state: 'connected', removable: false },
        { id: caldav, provider: 'caldav', writesBookings: false, state: 'connected', removable: true },
      ],
    })
    const booked = await bookThroughApi(c.t, owner, '2026-12-02T15:00', { name: 'Léa' })
    c.google.calendar.addEvent(OWNER.email, {
      summary: 'Dentiste',
      start: { dateTime: '2026-12-03T10:00:00+01:00' },
      end: { dateTime: '2026-12-03T11:00:00+01:00' },
    })
    await putEvent(
      phone.url,
      'school',
      eventIcs({ uid: 'school', start: '2026-12-03T13:00:00Z', end: '2026-12-03T14:00:00Z' }),
    )
    const sync = await c.t.app.inject({ method: 'POST', url: `${SALON}/sync-calendar`, headers: { cookie: owner } })
    expect(sync.statusCode).toBe(202)
    await c.google.calendar.settled()
    await c.drain()

    expect(inGoogle()).toContain(booked)
    expect(await inRadicale()).toEqual([])
    const slots = await slotsOn('2026-12-03')
    expect(slots).not.toContain('10:00')
    expect(slots).not.toContain('14:00')
    expect(slots).toContain('11:00')
    expect((await list()).calendars.map((cal) => cal.busyEvents)).toEqual([1, 1])
  })

  it('moves the bookings’ events to the calendar chosen, and back, leaving none behind', async () => {
    const future = inGoogle()
    expect(future.length).toBeGreaterThan(0)
    const switched = await choose(caldav)
    expect(switched.writerId).toBe(caldav)
    expect((await inRadicale()).sort()).toEqual(future.map((id) => `${id}.ics`).sort())
    expect(inGoogle()).toEqual([])

    const booked = await bookThroughApi(c.t, owner, '2026-12-04T10:00', { name: 'Inès' })
    await c.drain()
    expect(await inRadicale()).toContain(`${booked}.ics`)

    await choose(google)
    expect(inGoogle().sort()).toEqual([...future, booked].sort())
    expect(await inRadicale()).toEqual([])
  })

  it('removes the CalDAV calendar and its busy times; the bookings go back to Google; Google’s is the sign-in', async () => {
    const before = inGoogle()
    await choose(caldav)
    expect(inGoogle()).toEqual([])
    const removed = await c.t.app.inject({
      method: 'DELETE',
      url: `${SALON}/calendars/${caldav}`,
      headers: { cookie: owner },
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await slotsOn('2026-12-03')).toContain('14:00')
    // It received the bookings: the calendar left receives them now, and has them all again.
    expect(await list()).toMatchObject({ writerId: google, calendars: [{ provider: 'google', writesBookings: true }] })
    await c.drain()
    expect(inGoogle().sort()).toEqual(before.sort())

    const refused = await c.t.app.inject({
      method: 'DELETE',
      url: `${SALON}/calendars/${google}`,
      headers: { cookie: owner },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('calendar.is_sign_in')
  })

  it('never lets another salon touch this salon’s calendars', async () => {
    const other = await createSalon(c.t.database.db, {
      name: 'Autre salon',
      contactEmail: 'autre@example.com',
      authorizedGoogleEmail: 'autre@example.com',
      address: '3 rue C',
      country: 'FR',
    })
    const stranger = await ownerCookie(c.t, other.publicId)
    const salonId = other.publicId
    const res = await c.t.app.inject({
      method: 'PUT',
      url: `/api/salons/${salonId}/calendars/${google}/writer`,
      headers: { cookie: stranger },
    })
    expect(res.statusCode).toBe(404)
    const direct = await c.t.app.inject({
      method: 'PUT',
      url: `${SALON}/calendars/${google}/writer`,
      headers: { cookie: stranger },
    })
    expect(direct.statusCode).toBe(403)
  })

  it('keeps the CalDAV calendar, now receiving the bookings, when the owner signs out with Déconnecter', async () => {
    const again = await connectPhone()
    expect(again.statusCode, again.body).toBe(201)
    await c.drain()
    const future = inGoogle()
    const out = await c.t.app.inject({ method: 'POST', url: `${SALON}/disconnect`, headers: { cookie: owner } })
    expect(out.statusCode).toBe(200)
    expect((await c.t.app.inject({ url: `${SALON}/calendars`, headers: { cookie: owner } })).statusCode).toBe(401)
    owner = await ownerCookie(c.t)
    await c.drain()
    expect(await list()).toMatchObject({ calendars: [{ provider: 'caldav', writesBookings: true }] })
    expect((await inRadicale()).sort()).toEqual(future.map((id) => `${id}.ics`).sort())
  })
})
