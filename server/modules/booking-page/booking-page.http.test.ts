import { bookingEvents, salons } from '@server/db/schema'
import { listRemindersOfBookings } from '@server/modules/reminders/reminders.repository'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { demoServices } from '@tests/helpers/demo'
import { ownerCookie } from '@tests/helpers/sign-in'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bookingLinkToken } from './booking-link'
import { REQUESTS_PER_LINK } from './link-access'

/**
 * The customer's own booking page (issue 15, point 4), through its API: the personal link opens
 * one booking, in the customer's language; cancelling or moving there goes through the booking
 * use cases (reminders, history) until the salon's cancellation notice; the link expires after the
 * appointment, is rate-limited, and every answer says "noindex".
 */

let t: TestApp
let cookie: string
let coupe: string

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://book.example.com' } })
  cookie = await ownerCookie(t, 'SAL001')
  coupe = (await demoServices(t.app, cookie))['Coupe femme']?.id ?? ''
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

async function book(startsAt: string, language = 'de') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    payload: {
      serviceId: coupe,
      startsAt,
      customer: { name: 'Anna', phone: '06 12 34 56 78', language },
      channel: 'dashboard',
    },
    headers: { cookie },
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { id: string }).id
}

const linkOf = (bookingId: string) => `/api/r/${bookingLinkToken(t.config.appSecret, bookingId)}`
const open = (bookingId: string) => t.app.inject({ url: linkOf(bookingId) })
const post = (url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: { origin: 'https://book.example.com' },
  })

describe("the customer's booking page", () => {
  it('shows the appointment in the customer’s language with the salon’s address, map and phone, and what they may do', async () => {
    const id = await book('2026-12-03T10:00')
    const res = await open(id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(res.headers['cache-control']).toBe('no-store')
    const page = res.json()
    expect(page).toMatchObject({
      language: 'de',
      customerName: 'Anna',
      status: 'confirmed',
      // The salon's translation of its "Coupe femme" for a German-speaking customer.
      service: 'Damenhaarschnitt',
      localDate: '2026-12-03',
      localTime: '10:00',
      timeZone: 'Europe/Paris',
      cancellationNoticeMinutes: 120,
      changeableUntilLocal: '2026-12-03T08:00',
      canCancel: true,
      canMove: true,
      salon: { name: 'Salon Lumière', chatPath: '/chat/SAL001' },
    })
    expect(page.salon.mapUrl).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Salon%20Lumi%C3%A8re%2C%20/,
    )
    expect(page.salon.phone).toBeTruthy()
    // Nothing of the salon's own: no ids, no private note, no channel.
    expect(Object.keys(page)).not.toContain('id')
    expect(JSON.stringify(page)).not.toContain(id)
  })

  it('opens nothing for a forged, cut or altered link, and says so without a hint', async () => {
    const id = await book('2026-12-03T11:00')
    const token = bookingLinkToken(t.config.appSecret, id)
    const otherSecret = bookingLinkToken('another-secret-another-secret-another', id)
    const altered = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`
    for (const bad of [otherSecret, altered, token.slice(0, 43), `${token}x`, 'abc', '%00']) {
      const res = await t.app.inject({ url: `/api/r/${bad}` })
      expect(res.statusCode, bad).toBe(404)
      expect(res.json().code).toBe('booking_page.not_found')
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow')
    }
    const cancel = await post(`/api/r/${altered}/cancel`)
    expect(cancel.statusCode).toBe(404)
    expect((await open(id)).json().status).toBe('confirmed')
  })

  it('cancels until the salon’s notice: the time is free again, the reminders dropped, the history says the customer did it', async () => {
    const id = await book('2026-12-03T14:00')
    t.clock.set('2026-12-03T11:59:00+01:00')
    const res = await post(`${linkOf(id)}/cancel`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'cancelled', canCancel: false, canMove: false })
    const reminders = await listRemindersOfBookings(t.database.db, [id])
    expect(reminders.every((r) => r.status === 'cancelled' || r.status === 'skipped')).toBe(true)
    const events = await t.database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))
    expect(events.find((e) => e.kind === 'cancelled')).toMatchObject({ actor: 'customer', channel: 'web' })
    const agenda = await t.app.inject({
      url: '/api/salons/SAL001/bookings?from=2026-12-03&to=2026-12-03',
      headers: { cookie },
    })
    expect(agenda.json().find((b: { id: string }) => b.id === id)?.status).toBe('cancelled')
    // Cancelled already: a second click changes nothing.
    const again = await post(`${linkOf(id)}/cancel`)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('bookings.already_cancelled')
  })

  it('refuses to cancel or move inside the notice, and gives the salon’s phone instead', async () => {
    const id = await book('2026-12-03T15:00')
    t.clock.set('2026-12-03T13:01:00+01:00')
    const page = (await open(id)).json()
    expect(page).toMatchObject({ canCancel: false, canMove: false, status: 'confirmed' })
    const cancel = await post(`${linkOf(id)}/cancel`)
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json()).toMatchObject({ code: 'booking_page.too_late' })
    expect(cancel.json().phone).toBe(page.salon.phone)
    const move = await post(`${linkOf(id)}/move`, { startsAt: '2026-12-04T15:00:00+01:00' })
    expect(move.statusCode).toBe(409)
    expect((await open(id)).json().status).toBe('confirmed')
  })

  it('follows the salon’s own notice: a day before', async () => {
    await t.database.db
      .update(salons)
      .set({ cancellationNoticeMinutes: 24 * 60 })
      .where(eq(salons.publicId, 'SAL001'))
    try {
      const id = await book('2026-12-04T10:00')
      t.clock.set('2026-12-03T10:01:00+01:00')
      expect((await open(id)).json()).toMatchObject({ canCancel: false, changeableUntilLocal: '2026-12-03T10:00' })
      t.clock.set('2026-12-03T09:59:00+01:00')
      expect((await post(`${linkOf(id)}/cancel`)).statusCode).toBe(200)
    } finally {
      await t.database.db.update(salons).set({ cancellationNoticeMinutes: 120 }).where(eq(salons.publicId, 'SAL001'))
    }
  })

  it('offers the engine’s free times for a move, week by week, and moves to one: reminders follow the new time', async () => {
    const id = await book('2026-12-10T10:00')
    const times = await t.app.inject({ url: `${linkOf(id)}/times?from=2026-12-10` })
    expect(times.statusCode, times.body).toBe(200)
    const { days, lastDay } = times.json() as {
      days: { date: string; times: { startsAt: string; time: string }[] }[]
      lastDay: string
    }
    expect(days.map((d) => d.date)).toEqual([
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
    ])
    expect(lastDay > '2026-12-16').toBe(true)
    // Sunday and Monday the salon is closed; its own time is no move.
    expect(days.map((d) => d.times.length > 0)).toEqual([true, true, true, false, false, true, true])
    expect(days[0]?.times.map((x) => x.time)).not.toContain('10:00')
    const friday = days[1]?.times.find((x) => x.time === '11:00')
    expect(friday).toBeDefined()
    const before = await listRemindersOfBookings(t.database.db, [id])
    const moved = await post(`${linkOf(id)}/move`, { startsAt: friday?.startsAt })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ localDate: '2026-12-11', localTime: '11:00', status: 'confirmed' })
    const after = await listRemindersOfBookings(t.database.db, [id])
    const planned = after.filter((r) => r.status === 'planned').map((r) => r.dueAt.toISOString())
    expect(planned.sort()).toEqual(['2026-12-10T10:00:00.000Z', '2026-12-11T08:00:00.000Z'])
    expect(before.length).toBeGreaterThan(0)
    const events = await t.database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))
    expect(events.find((e) => e.kind === 'moved')).toMatchObject({ actor: 'customer', channel: 'web' })
  })

  it('refuses a move to a time the engine does not offer, and a past week shows from today', async () => {
    const id = await book('2026-12-03T16:00')
    const closed = await post(`${linkOf(id)}/move`, { startsAt: '2026-12-03T23:00:00+01:00' })
    expect(closed.statusCode).toBe(422)
    expect(closed.json().code).toBe('bookings.slot_unavailable')
    const past = await t.app.inject({ url: `${linkOf(id)}/times?from=2026-11-01` })
    expect(past.json().days[0].date).toBe('2026-12-01')
    for (const bad of ['2026-13-01', '0000-01-01', 'tomorrow']) {
      const res = await t.app.inject({ url: `${linkOf(id)}/times?from=${bad}` })
      expect(res.statusCode, bad).toBe(400)
    }
    const nonsense = await post(`${linkOf(id)}/move`, { startsAt: '0000-01-01T10:00:00Z' })
    expect(nonsense.statusCode).toBe(400)
  })

  it('gives the appointment as a calendar file that links back to the page and reminds 24 h and 2 h before', async () => {
    const id = await book('2026-12-05T10:00', 'it')
    const res = await t.app.inject({ url: `${linkOf(id)}/calendar.ics` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/calendar')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="appuntamento-salon-lumiere-2026-12-05\.ics"$/,
    )
    const unfolded = res.body.replace(/\r\n /g, '')
    expect(unfolded).toContain(`URL:https://book.example.com/r/${bookingLinkToken(t.config.appSecret, id)}`)
    expect(unfolded).toContain('TRIGGER:-PT24H')
    expect(unfolded).toContain('TRIGGER:-PT2H')
    expect(unfolded).toContain('DTSTART:20261205T090000Z')
  })

  it('expires once the appointment is over', async () => {
    const id = await book('2026-12-02T10:00')
    t.clock.set('2026-12-02T10:30:00+01:00')
    expect((await open(id)).statusCode).toBe(200)
    t.clock.set('2026-12-02T10:45:00+01:00')
    const res = await open(id)
    expect(res.statusCode).toBe(410)
    expect(res.json().code).toBe('booking_page.expired')
    expect((await post(`${linkOf(id)}/cancel`)).statusCode).toBe(410)
  })

  it('limits how often one link is asked, with Retry-After', async () => {
    const id = await book('2026-12-08T10:00')
    for (let i = 0; i < REQUESTS_PER_LINK.max; i++) expect((await open(id)).statusCode).toBe(200)
    const refused = await open(id)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('request.rate_limited')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    t.clock.advance(REQUESTS_PER_LINK.windowMs)
    expect((await open(id)).statusCode).toBe(200)
  })
})
