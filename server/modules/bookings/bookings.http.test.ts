import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { bookingRequest } from '@tests/helpers/demo'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

let t: TestApp
/** A professional of SAL001: the salon's bookings and catalogue are theirs only (free slots are public). */
let cookie: string
let services: Record<string, { id: string }>
const id = (name: string) => services[name]?.id ?? ''

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  const list = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  services = Object.fromEntries((list.json() as { id: string; name: string }[]).map((s) => [s.name, s]))
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

const book = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    payload: body as object,
    headers: { ...headers, cookie },
  })

describe('availability', () => {
  it('offers the free starts of a service on the salon clock', async () => {
    const res = await t.app.inject({
      url: `/api/salons/SAL001/availability?serviceId=${id('Coupe femme')}&from=2026-12-02&to=2026-12-02`,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.timeZone).toBe('Europe/Paris')
    const locals = body.slots.map((s: { local: string }) => s.local)
    expect(locals[0]).toBe('2026-12-02T09:00')
    expect(locals.at(-1)).toBe('2026-12-02T18:15')
    expect(locals).toHaveLength(38)
    expect(body.slots[0].start).toBe('2026-12-02T08:00:00.000Z')
  })

  it('respects the minimum notice on the current day', async () => {
    const res = await t.app.inject({
      url: `/api/salons/SAL001/availability?serviceId=${id('Brushing')}&from=2026-12-01&to=2026-12-01`,
    })
    expect(res.json().slots[0].local).toBe('2026-12-01T09:30')
  })

  it('offers nothing on closed days and during the Christmas closure', async () => {
    for (const day of ['2026-12-06', '2026-12-07', '2026-12-24', '2026-12-26']) {
      const res = await t.app.inject({
        url: `/api/salons/SAL001/availability?serviceId=${id('Brushing')}&from=${day}&to=${day}`,
      })
      expect(res.json().slots, day).toEqual([])
    }
  })

  it('never offers an inactive service', async () => {
    const res = await t.app.inject({ url: `/api/salons/SAL001/availability?serviceId=${id('Permanente')}` })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('catalog.service_inactive')
  })

  it('refuses bad ranges with a clear message', async () => {
    const inverted = await t.app.inject({
      url: `/api/salons/SAL001/availability?serviceId=${id('Brushing')}&from=2026-12-05&to=2026-12-03`,
    })
    expect(inverted.statusCode).toBe(400)
    expect(inverted.json().code).toBe('bookings.range_inverted')
    const tooLong = await t.app.inject({
      url: `/api/salons/SAL001/availability?serviceId=${id('Brushing')}&from=2026-12-01&to=2027-12-01`,
    })
    expect(tooLong.statusCode).toBe(400)
    const garbage = await t.app.inject({ url: `/api/salons/SAL001/availability?serviceId=nope&from=yesterday` })
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json().message).toMatch(/serviceId/)
  })
})

describe('availability after the salon changes its time zone', () => {
  it('answers on the new clock at once (the schedule kept in memory gives way to the new zone)', async () => {
    const url = `/api/salons/SAL001/availability?serviceId=${id('Coupe femme')}&from=2026-12-02&to=2026-12-02`
    const patch = (timeZone: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload: { timeZone }, headers: { cookie } })
    expect((await t.app.inject({ url })).json().timeZone).toBe('Europe/Paris')
    expect((await patch('Europe/London')).statusCode).toBe(200)
    try {
      const body = (await t.app.inject({ url })).json()
      expect(body.timeZone).toBe('Europe/London')
      expect(body.from).toBe('2026-12-02T00:00:00.000Z')
      // The hours are the salon's own wall-clock hours, now read in London.
      expect(body.slots[0]).toMatchObject({ local: '2026-12-02T09:00', start: '2026-12-02T09:00:00.000Z' })
    } finally {
      expect((await patch('Europe/Paris')).statusCode).toBe(200)
    }
    expect((await t.app.inject({ url })).json().slots[0].start).toBe('2026-12-02T08:00:00.000Z')
  })
})

describe('creating a booking', () => {
  it('books an offered slot and shows it in the salon list', async () => {
    const res = await book(bookingRequest(id('Coupe femme'), '2026-12-02T14:00'))
    expect(res.statusCode).toBe(201)
    const booking = res.json()
    expect(booking).toMatchObject({
      status: 'confirmed',
      service: 'Coupe femme',
      duration: 45,
      price: 4500,
      currency: 'EUR',
      clientName: 'Camille',
      appointmentDate: '2026-12-02T13:00:00.000Z',
      endDate: '2026-12-02T13:45:00.000Z',
      localDate: '2026-12-02',
      localTime: '14:00',
    })
    const list = await t.app.inject({
      url: '/api/salons/SAL001/bookings?from=2026-12-02&to=2026-12-02',
      headers: { cookie },
    })
    expect(list.json().map((b: { id: string }) => b.id)).toContain(booking.id)
  })

  it('accepts an ISO instant with offset as the start', async () => {
    const res = await book(bookingRequest(id('Coupe homme'), '2026-12-02T10:00:00+01:00'))
    expect(res.statusCode).toBe(201)
    expect(res.json().localTime).toBe('10:00')
  })

  it('refuses a booking that overlaps another of the same stylist, and one when every stylist is busy', async () => {
    const first = await book(bookingRequest(id('Coloration'), '2026-12-03T10:00'))
    expect(first.statusCode).toBe(201)
    const lea = first.json().member
    expect(lea.name).toBe('Léa')
    const withLea = await book({ ...bookingRequest(id('Brushing'), '2026-12-03T11:00', 'Nora'), memberId: lea.id })
    expect(withLea.statusCode).toBe(409)
    expect(withLea.json()).toMatchObject({ code: 'bookings.slot_taken' })
    // Without a stylist named, the free one takes it.
    const withHugo = await book(bookingRequest(id('Brushing'), '2026-12-03T11:00', 'Nora'))
    expect(withHugo.statusCode).toBe(201)
    expect(withHugo.json().member.name).toBe('Hugo')
    const overlapping = await book(bookingRequest(id('Brushing'), '2026-12-03T11:00', 'Zoé'))
    expect(overlapping.statusCode).toBe(409)
    expect(overlapping.json()).toMatchObject({ code: 'bookings.slot_taken' })
    const after = await book(bookingRequest(id('Brushing'), '2026-12-03T11:30', 'Zoé'))
    expect(after.statusCode).toBe(201)
  })

  it.each([
    ['a closed day', '2026-12-07T10:00', 'closed_day'],
    ['the Christmas closure', '2026-12-24T10:00', 'time_off'],
    ['before opening', '2026-12-02T08:00', 'outside_hours'],
    ['too close to closing', '2026-12-05T16:45', 'ends_after_closing'],
    ['a time off the grid', '2026-12-02T10:07', 'off_grid'],
    ['the past', '2026-11-30T10:00', 'too_soon'],
    ['less than an hour ahead', '2026-12-01T09:15', 'too_soon'],
    ['beyond the horizon', '2027-04-06T10:00', 'beyond_horizon'],
  ])('refuses %s and says why', async (_label, startsAt, reason) => {
    const res = await book(bookingRequest(id('Coupe femme'), startsAt))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'bookings.slot_unavailable', reason })
    expect(res.json().message.length).toBeGreaterThan(10)
  })

  it('refuses an inactive or unknown service', async () => {
    expect((await book(bookingRequest(id('Permanente'), '2026-12-04T10:00'))).json().code).toBe(
      'catalog.service_inactive',
    )
    const unknown = await book(bookingRequest('00000000-0000-4000-8000-000000000000', '2026-12-04T10:00'))
    expect(unknown.statusCode).toBe(404)
  })

  it('returns the first answer to a retried request with the same Idempotency-Key', async () => {
    const body = bookingRequest(id('Taille de barbe'), '2026-12-04T09:00')
    const first = await book(body, { 'idempotency-key': 'retry-1' })
    const second = await book(body, { 'idempotency-key': 'retry-1' })
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(201)
    expect(second.json().id).toBe(first.json().id)
    expect(second.headers['idempotent-replayed']).toBe('true')
    const list = await t.app.inject({
      url: '/api/salons/SAL001/bookings?from=2026-12-04&to=2026-12-04',
      headers: { cookie },
    })
    expect(list.json().filter((b: { localTime: string }) => b.localTime === '09:00')).toHaveLength(1)
  })

  it('refuses an Idempotency-Key reused for another request', async () => {
    await book(bookingRequest(id('Taille de barbe'), '2026-12-04T11:00'), { 'idempotency-key': 'retry-2' })
    const reused = await book(bookingRequest(id('Taille de barbe'), '2026-12-04T12:00'), {
      'idempotency-key': 'retry-2',
    })
    expect(reused.statusCode).toBe(422)
    expect(reused.json().code).toBe('bookings.idempotency_key_reused')
  })

  it.each([
    ['no body', undefined],
    ['a wrong type', { serviceId: 42, startsAt: true, customer: 'me' }],
    [
      'an empty name',
      { serviceId: '00000000-0000-4000-8000-000000000000', startsAt: '2026-12-04T10:00', customer: { name: '  ' } },
    ],
    [
      'a bad date',
      { serviceId: '00000000-0000-4000-8000-000000000000', startsAt: '2026-02-30T10:00', customer: { name: 'A' } },
    ],
    [
      'a bad phone',
      {
        serviceId: '00000000-0000-4000-8000-000000000000',
        startsAt: '2026-12-04T10:00',
        customer: { name: 'A', phone: 'call me' },
      },
    ],
  ])('answers 400 with a readable message for %s', async (_label, body) => {
    const res = await book(body)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/\w+/)
  })

  it('answers 404 for an unknown salon and 400 for a malformed salon ID', async () => {
    // The salon's own routes refuse any salon but the session's before looking it up (403): an
    // unknown or malformed ID is told apart on the public free-slots route.
    const unknown = await t.app.inject({
      url: `/api/salons/SAL999/availability?serviceId=${id('Brushing')}&from=2026-12-04&to=2026-12-04`,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('salons.not_found')
    const malformed = await t.app.inject({ url: `/api/salons/hello/availability?serviceId=${id('Brushing')}` })
    expect(malformed.statusCode).toBe(400)
    const notOurs = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL999/bookings',
      payload: bookingRequest(id('Brushing'), '2026-12-04T10:00'),
      headers: { cookie },
    })
    expect(notOurs.statusCode).toBe(403)
    expect((await t.app.inject({ url: '/api/salons/hello/bookings', headers: { cookie } })).statusCode).toBe(403)
  })
})

describe('cancelling and moving', () => {
  it('cancels a booking and frees its slot', async () => {
    const created = (await book(bookingRequest(id('Balayage'), '2026-12-09T10:00'))).json()
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${created.id}/cancel`,
      headers: { cookie },
    })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' })
    expect(cancelled.json().cancelledAt).toBeTruthy()
    expect((await book(bookingRequest(id('Balayage'), '2026-12-09T10:00', 'Léa'))).statusCode).toBe(201)
    const again = await t.app.inject({ method: 'POST', url: `/api/bookings/${created.id}/cancel`, headers: { cookie } })
    expect(again.statusCode).toBe(409)
  })

  it('moves a booking atomically and keeps it when the new time is taken', async () => {
    const a = (await book(bookingRequest(id('Coupe homme'), '2026-12-10T10:00', 'Ana'))).json()
    const b = (await book(bookingRequest(id('Coupe homme'), '2026-12-10T11:00', 'Ben'))).json()
    // Both stylists are busy at 11:00: Ben with the one Ana is not with, Cléo with Ana's.
    const c = (
      await book({ ...bookingRequest(id('Coupe homme'), '2026-12-10T11:00', 'Cléo'), memberId: a.member.id })
    ).json()
    expect(new Set([a.member.id, b.member.id, c.member.id]).size).toBe(2)
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${a.id}/reschedule`,
      headers: { cookie },
      payload: { startsAt: '2026-12-10T11:15' },
    })
    expect(blocked.statusCode).toBe(409)
    const list = (
      await t.app.inject({ url: '/api/salons/SAL001/bookings?from=2026-12-10&to=2026-12-10', headers: { cookie } })
    ).json()
    expect(list.find((x: { id: string }) => x.id === a.id).localTime).toBe('10:00')

    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${a.id}/reschedule`,
      headers: { cookie },
      payload: { startsAt: '2026-12-10T10:15' },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ id: a.id, localTime: '10:15', status: 'confirmed' })
    expect(b.id).not.toBe(a.id)
  })

  it('moves a booking to another service and snapshots its price', async () => {
    const a = (await book(bookingRequest(id('Coupe homme'), '2026-12-11T15:00'))).json()
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${a.id}/reschedule`,
      headers: { cookie },
      payload: { startsAt: '2026-12-11T16:00', serviceId: id('Coloration') },
    })
    expect(moved.json()).toMatchObject({ service: 'Coloration', duration: 90, price: 6500, localTime: '16:00' })
  })

  it('refuses to change a past appointment', async () => {
    const a = (await book(bookingRequest(id('Coupe homme'), '2026-12-01T15:00'))).json()
    t.clock.set('2026-12-01T16:00:00+01:00')
    const res = await t.app.inject({ method: 'POST', url: `/api/bookings/${a.id}/cancel`, headers: { cookie } })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('bookings.already_started')
  })

  it('answers 404 for an unknown booking and for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/00000000-0000-4000-8000-000000000000/cancel',
      headers: { cookie },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('bookings.not_found')
    // The access check finds the booking's salon before the input is validated: an id that cannot
    // name a booking is an unknown booking (it was a 400 before access rules).
    const malformed = await t.app.inject({ method: 'POST', url: '/api/bookings/123/cancel', headers: { cookie } })
    expect(malformed.statusCode).toBe(404)
    expect(malformed.json().code).toBe('bookings.not_found')
  })
})
