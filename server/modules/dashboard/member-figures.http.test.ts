import { startTestApp, type TestApp } from '@tests/helpers/app'
import { adminCookie, ownerCookie } from '@tests/helpers/sign-in'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The figures with a team of two (the demo's Léa and Hugo; demo now: Tuesday 1 December 2026,
 * 08:30 Paris): per member on the overview, each booking counted once on the overview and in the
 * admin panel, no-shows and completed ones counted as appointments that took place, cancelled ones not.
 */

let t: TestApp
let cookie: string
let admin: string
const members: Record<string, string> = {}
const services: Record<string, string> = {}

type MemberFigures = { name: string; bookingsToday: number; bookingsThisWeek: number; isActive: boolean }

const dashboard = async () => {
  const res = await t.app.inject({ url: '/api/salons/SAL001/dashboard', headers: { cookie } })
  expect(res.statusCode).toBe(200)
  return res.json()
}

const setStatus = (id: string, status: 'no_show' | 'completed') =>
  t.database.db.execute(sql`update bookings set status = ${status} where id = ${id}::uuid`)

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t)
  admin = await adminCookie(t)
  const team = (await t.app.inject({ url: '/api/salons/SAL001/team', headers: { cookie } })).json()
  for (const m of team.members as { id: string; name: string }[]) members[m.name] = m.id
  const list = (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json()
  for (const s of list as { id: string; name: string }[]) services[s.name] = s.id
  const book = async (startsAt: string, service: string, member: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      headers: { cookie },
      payload: { serviceId: services[service], memberId: members[member], startsAt, customer: { name: 'Client' } },
    })
    expect(res.statusCode).toBe(201)
    return res.json().id as string
  }
  // Today: Léa and Hugo both at 10:00 (in parallel), Hugo's 14:00 a no-show, Léa's 12:00 cancelled.
  await book('2026-12-01T10:00', 'Coupe femme', 'Léa')
  await book('2026-12-01T10:00', 'Coupe homme', 'Hugo')
  await setStatus(await book('2026-12-01T14:00', 'Brushing', 'Hugo'), 'no_show')
  const cancelled = await book('2026-12-01T12:00', 'Coupe femme', 'Léa')
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/bookings/${cancelled}/cancel`, headers: { cookie } })).statusCode,
  ).toBe(200)
  // Later this week: Léa's colouring, completed; next week: Hugo's beard trim.
  await setStatus(await book('2026-12-02T09:00', 'Coloration', 'Léa'), 'completed')
  await book('2026-12-08T11:00', 'Taille de barbe', 'Hugo')
})
afterAll(() => t.close())

describe('the overview with a team', () => {
  it('gives each member their bookings today and this week, the booked time and what the week brings', async () => {
    const { members: figures, currency } = await dashboard()
    expect(currency).toBe('EUR')
    expect(figures).toEqual([
      {
        id: members.Léa,
        name: 'Léa',
        colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
        isActive: true,
        bookingsToday: 1,
        bookingsThisWeek: 2,
        bookedMinutesThisWeek: 45 + 90,
        revenueThisWeek: 4500 + 6500,
      },
      {
        id: members.Hugo,
        name: 'Hugo',
        colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
        isActive: true,
        // The no-show counts as a booking that took the chair, and brings nothing.
        bookingsToday: 2,
        bookingsThisWeek: 2,
        bookedMinutesThisWeek: 30 + 30,
        revenueThisWeek: 2500,
      },
    ])
    expect(figures[0].colour).not.toBe(figures[1].colour)
  })

  it("counts each booking once in the salon's figures, and the members' add up to them", async () => {
    const { stats, members: figures } = await dashboard()
    expect(stats).toMatchObject({ bookingsToday: 3, bookingsThisWeek: 4, totalBookings: 5 })
    const sum = (key: 'bookingsToday' | 'bookingsThisWeek') =>
      (figures as MemberFigures[]).reduce((n, m) => n + m[key], 0)
    expect(sum('bookingsToday')).toBe(stats.bookingsToday)
    expect(sum('bookingsThisWeek')).toBe(stats.bookingsThisWeek)
  })

  it('lists a new member with nothing booked, and leaves out an inactive one without bookings this week', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/team',
      headers: { cookie },
      payload: { name: 'Sam' },
    })
    expect(added.statusCode).toBe(201)
    const sam = added.json().id as string
    expect((await dashboard()).members.at(-1)).toMatchObject({ name: 'Sam', bookingsToday: 0, revenueThisWeek: 0 })

    const patch = (id: string, isActive: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/salons/SAL001/team/${id}`,
        headers: { cookie },
        payload: { isActive },
      })
    expect((await patch(sam, false)).statusCode).toBe(200)
    expect((await dashboard()).members.map((m: MemberFigures) => m.name)).toEqual(['Léa', 'Hugo'])

    // Hugo deactivated keeps his bookings: he stays, marked inactive, while they are this week's.
    expect((await patch(members.Hugo as string, false)).statusCode).toBe(200)
    const { members: figures, stats } = await dashboard()
    expect(figures.map((m: MemberFigures) => [m.name, m.isActive, m.bookingsThisWeek])).toEqual([
      ['Léa', true, 2],
      ['Hugo', false, 2],
    ])
    expect(stats.bookingsThisWeek).toBe(4)
    await patch(members.Hugo as string, true)
  })
})

describe('the no-show rate', () => {
  it('counts the appointments of the last 30 days that have begun, not cancelled, and the no-shows among them', async () => {
    expect((await dashboard()).noShows).toEqual({ days: 30, appointments: 0, noShows: 0 })
    t.clock.set('2026-12-03T12:00:00+01:00')
    try {
      cookie = await ownerCookie(t)
      // Léa's and Hugo's 10:00, Hugo's no-show at 14:00, Léa's completed colouring; not the cancelled one.
      expect((await dashboard()).noShows).toEqual({ days: 30, appointments: 4, noShows: 1 })
      t.clock.set('2027-01-01T10:00:00+01:00')
      cookie = await ownerCookie(t)
      // 30 days on, the first days of December have left the window: only next week's beard trim is in it.
      expect((await dashboard()).noShows).toEqual({ days: 30, appointments: 1, noShows: 0 })
    } finally {
      // Signing in at a later instant swept the sessions expired by then: both are signed in again.
      t.clock.set('2026-12-01T08:30:00+01:00')
      cookie = await ownerCookie(t)
      admin = await adminCookie(t)
    }
  })
})

describe('the admin panel with a team', () => {
  it('counts each booking once, no-shows and completed ones as having taken place, cancelled ones not', async () => {
    const overview = (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: admin } })).json()
    expect(overview.bookingsToday).toBe(3)
    const details = (await t.app.inject({ url: '/api/admin/salons/SAL001', headers: { cookie: admin } })).json()
    // Upcoming: still to come and still confirmed: Léa and Hugo at 10:00 today, Hugo next week.
    expect(details.stats).toEqual({ totalBookings: 5, upcomingBookings: 3, bookingsToday: 3 })
  })
})
