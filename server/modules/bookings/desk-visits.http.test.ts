import type { Booking } from '@common/schemas/booking'
import type { VisitBooked, VisitPlan } from '@common/schemas/desk-visit'
import { bookings, type SalonRow } from '@server/db/schema'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { demoMembers, demoServices } from '@tests/helpers/demo'
import { otherSalonOwnerCookie, ownerCookie } from '@tests/helpers/sign-in'
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Visits at the desk (issue 39, point 3): several services back to back, several people at once,
 * repeated every N weeks; conflicts listed before saving, every occurrence booked or none, and each
 * appointment an ordinary booking after. The demo salon: Léa and Hugo perform every service, open
 * Tuesday to Saturday from 09:00; its clock stands on Tuesday 1 December 2026.
 */

let t: TestApp
let cookie: string
let otherCookie: string
let salon: SalonRow
let services: Record<string, string>
let members: Record<string, string>

beforeAll(async () => {
  t = await startTestApp()
  t.clock.set(DEMO_NOW)
  cookie = await ownerCookie(t, 'SAL001')
  otherCookie = await otherSalonOwnerCookie(t)
  salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
  services = Object.fromEntries(Object.entries(await demoServices(t.app, cookie)).map(([name, s]) => [name, s.id]))
  members = await demoMembers(t.app, cookie)
})
afterAll(() => t.close())

const service = (name: string) => services[name] as string
const member = (name: string) => members[name] as string
const post = (url: string, payload: object, as = cookie) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: as } })
const check = (body: object, as = cookie) => post('/api/salons/SAL001/visits/check', body, as)
const book = (body: object) => post('/api/salons/SAL001/visits', body)
const bookOne = (body: object) => post('/api/salons/SAL001/bookings', body)
const activeBookingsOn = async (day: string) =>
  (
    await t.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.salonId, salon.id), ne(bookings.status, 'cancelled')))
  ).filter((row) => row.startsAt.toISOString().startsWith(day))

describe('a visit at the desk', () => {
  it('plans two people at once, one of them with two services back to back, each with a free member', async () => {
    const visit = {
      startsAt: '2026-12-09T10:00',
      people: [
        {
          customer: { name: 'Claire Martin' },
          services: [{ serviceId: service('Coupe femme') }, { serviceId: service('Brushing') }],
        },
        { customer: { name: 'Zoé Martin' }, services: [{ serviceId: service('Coupe homme') }] },
      ],
    }
    const res = await check(visit)
    expect(res.statusCode).toBe(200)
    const [occurrence] = (res.json() as VisitPlan).occurrences
    expect(occurrence?.fits).toBe(true)
    const [cut, blowDry, second] = occurrence?.appointments ?? []
    expect([cut?.localTime, cut?.endLocalTime, blowDry?.localTime, blowDry?.endLocalTime]).toEqual([
      '10:00',
      '10:45',
      '10:45',
      '11:15',
    ])
    // The blow-dry stays with the stylist who did the cut; the second person has the other one.
    expect(blowDry?.member?.id).toBe(cut?.member?.id)
    expect(second?.localTime).toBe('10:00')
    expect(second?.member?.id).not.toBe(cut?.member?.id)

    const booked = await book(visit)
    expect(booked.statusCode).toBe(201)
    const made = (booked.json() as VisitBooked).bookings
    expect(made.map((b) => [b.service, b.localTime, b.member.id, b.clientName])).toEqual([
      ['Coupe femme', '10:00', cut?.member?.id, 'Claire Martin'],
      ['Brushing', '10:45', cut?.member?.id, 'Claire Martin'],
      ['Coupe homme', '10:00', second?.member?.id, 'Zoé Martin'],
    ])
    expect(new Set(made.map((b) => b.customerId)).size).toBe(2)

    // Both stylists are now busy at 10:00: the same visit does not fit again, and says why.
    const again = (await check(visit)).json() as VisitPlan
    expect(again.occurrences[0]?.fits).toBe(false)
    expect(again.occurrences[0]?.appointments.map((a) => a.refusal)).toContain('taken')
    const refused = await book(visit)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'bookings.visit_conflicts', occurrences: [0] })
  })

  it("slips a cut into a colour's processing time with the same stylist, and keeps the phases on the booking", async () => {
    const colour = await bookOne({
      serviceId: service('Coloration'),
      startsAt: '2026-12-10T10:00',
      memberId: member('Léa'),
      customer: { name: 'Inès Colour' },
    })
    expect(colour.statusCode).toBe(201)
    // Léa works 10:00–10:30, the colour develops 10:30–11:10: a 30-minute cut fits at 10:30.
    const cut = {
      startsAt: '2026-12-10T10:30',
      people: [
        { customer: { name: 'Paul Cut' }, services: [{ serviceId: service('Coupe homme'), memberId: member('Léa') }] },
      ],
    }
    expect(((await check(cut)).json() as VisitPlan).occurrences[0]?.fits).toBe(true)
    expect((await book(cut)).statusCode).toBe(201)

    // A colour booked as a visit keeps its processing time free for another client too.
    const visit = {
      startsAt: '2026-12-11T10:00',
      people: [
        {
          customer: { name: 'Lina Colour' },
          services: [{ serviceId: service('Coloration'), memberId: member('Hugo') }],
        },
      ],
    }
    const made = ((await book(visit)).json() as VisitBooked).bookings
    expect(made[0]).toMatchObject({ localTime: '10:00', duration: 90 })
    const during = await bookOne({
      serviceId: service('Coupe homme'),
      startsAt: '2026-12-11T10:30',
      memberId: member('Hugo'),
      customer: { name: 'Noé Between' },
    })
    expect(during.statusCode).toBe(201)
  })

  it('repeats every six weeks on the same wall-clock time across the DST change, lists the conflicts, and books the rest', async () => {
    // Léa is taken on the second date: that visit cannot be hers.
    const taken = await bookOne({
      serviceId: service('Coupe femme'),
      startsAt: '2027-01-20T14:00',
      memberId: member('Léa'),
      customer: { name: 'Déjà Là' },
      force: true,
    })
    expect(taken.statusCode).toBe(201)
    const regular = {
      startsAt: '2026-12-09T14:00',
      people: [
        {
          customer: { name: 'Mme Régulière', phone: '+33 6 11 22 33 44' },
          services: [{ serviceId: service('Coupe femme'), memberId: member('Léa') }],
        },
      ],
      repeat: { everyWeeks: 6, times: 4 },
    }
    const plan = (await check(regular)).json() as VisitPlan
    expect(plan.occurrences.map((o) => [o.localDate, o.localTime, o.fits])).toEqual([
      ['2026-12-09', '14:00', true],
      ['2027-01-20', '14:00', false],
      ['2027-03-03', '14:00', true],
      // After the clocks go forward (28 March): still 14:00 in the salon, an hour earlier in UTC.
      ['2027-04-14', '14:00', true],
    ])
    expect(plan.occurrences[1]?.appointments[0]?.refusal).toBe('taken')
    expect(plan.occurrences[3]?.appointments[0]?.startsAt).toBe('2027-04-14T12:00:00.000Z')

    // Booking without leaving the conflict out writes nothing.
    const before = (await activeBookingsOn('2027-03-03')).length
    const refused = await book(regular)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'bookings.visit_conflicts', occurrences: [1] })
    expect((await activeBookingsOn('2027-03-03')).length).toBe(before)

    const booked = await book({ ...regular, skip: [1] })
    expect(booked.statusCode).toBe(201)
    const result = booked.json() as VisitBooked
    expect(result.skipped).toEqual([1])
    expect(result.bookings.map((b) => b.localDate)).toEqual(['2026-12-09', '2027-03-03', '2027-04-14'])
    // One customer for all of them, each an ordinary booking: cancelling one leaves the others.
    expect(new Set(result.bookings.map((b) => b.customerId)).size).toBe(1)
    const first = result.bookings[0] as Booking
    const cancelled = await post(`/api/bookings/${first.id}/cancel`, {})
    expect(cancelled.statusCode).toBe(200)
    const rest = await t.app.inject({
      url: '/api/salons/SAL001/bookings?from=2027-03-01&to=2027-04-30',
      headers: { cookie },
    })
    expect(
      (rest.json() as Booking[]).filter((b) => b.clientName === 'Mme Régulière' && b.status === 'confirmed'),
    ).toHaveLength(2)
  })

  it('refuses what cannot be a visit with a clear 4xx and books nothing', async () => {
    const customer = { name: 'Quelqu’un' }
    const one = [{ serviceId: service('Brushing') }]
    const cases: [object, number, string][] = [
      [{ startsAt: '2026-12-16T10:00', people: [] }, 400, 'request.invalid'],
      [
        { startsAt: '2026-12-16T10:00', people: [{ customer, customerId: crypto.randomUUID(), services: one }] },
        400,
        'request.invalid',
      ],
      [{ startsAt: '2026-12-16T10:00', people: [{ customer, services: [] }] }, 400, 'request.invalid'],
      [
        { startsAt: '2026-12-16T10:00', people: [{ customer, services: one }], repeat: { everyWeeks: 2, times: 1 } },
        400,
        'request.invalid',
      ],
      [{ startsAt: '0000-12-16T10:00', people: [{ customer, services: one }] }, 400, 'request.invalid'],
      [
        { startsAt: '2026-12-16T10:00', people: [{ customer, services: [{ serviceId: crypto.randomUUID() }] }] },
        404,
        'catalog.service_not_found',
      ],
      [
        {
          startsAt: '2026-12-16T10:00',
          people: [{ customer, services: [{ serviceId: service('Brushing'), memberId: crypto.randomUUID() }] }],
        },
        404,
        'team.member_not_found',
      ],
      [
        { startsAt: '2026-12-16T10:00', people: [{ customer, services: one }], skip: [0] },
        400,
        'bookings.visit_nothing_to_book',
      ],
    ]
    for (const [body, status, code] of cases) {
      const res = await book(body)
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code])
    }
    const someone = await bookOne({
      serviceId: service('Brushing'),
      startsAt: '2026-12-17T09:00',
      customer: { name: 'Deux Fois' },
    })
    const customerId = (someone.json() as Booking).customerId
    const twice = await book({
      startsAt: '2026-12-16T10:00',
      people: [
        { customerId, services: one },
        { customerId, services: one },
      ],
    })
    expect([twice.statusCode, twice.json().code]).toEqual([422, 'bookings.visit_same_person'])
    expect(await activeBookingsOn('2026-12-16')).toEqual([])
  })

  it("is the salon's own: another salon's session cannot check or book it", async () => {
    const visit = {
      startsAt: '2026-12-16T10:00',
      people: [{ customer: { name: 'X' }, services: [{ serviceId: service('Brushing') }] }],
    }
    expect((await check(visit, otherCookie)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'POST', url: '/api/salons/SAL001/visits', payload: visit })).statusCode).toBe(
      401,
    )
  })

  it('gives a time to one of two visits asked for at once, never both', async () => {
    const visit = (name: string) => ({
      startsAt: '2026-12-18T11:00',
      people: [
        { customer: { name: `${name} A` }, services: [{ serviceId: service('Coupe femme') }] },
        { customer: { name: `${name} B` }, services: [{ serviceId: service('Coupe homme') }] },
      ],
    })
    const [a, b] = await Promise.all([book(visit('Premier')), book(visit('Second'))])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409])
    expect(await activeBookingsOn('2026-12-18')).toHaveLength(2)
  })
})
