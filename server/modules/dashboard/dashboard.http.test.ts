import { startTestApp, type TestApp } from '@tests/helpers/app'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The dashboard's figures and day, on the salon's clock (demo now: Tuesday 1 December 2026, 08:30 Paris). */

let t: TestApp
let cookie: string
let services: { id: string; name: string; isActive: boolean }[]

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t)
  services = (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json()
  const book = async (startsAt: string, name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      headers: { cookie },
      payload: { serviceId: services[0]?.id, startsAt, customer: { name } },
    })
    expect(res.statusCode).toBe(201)
    t.clock.advance(1000) // distinct creation times: "recent" has an order
    return res.json().id as string
  }
  await book('2026-12-01T15:00', 'Zoé')
  await book('2026-12-01T10:00', 'Amélie')
  const cancelled = await book('2026-12-01T12:00', 'Bruno')
  await t.app.inject({ method: 'POST', url: `/api/bookings/${cancelled}/cancel`, headers: { cookie } })
  await book('2026-12-02T09:00', 'Chloé')
  await book('2026-12-05T11:00', 'Denis')
  await book('2026-12-08T11:00', 'Emma') // next week
})
afterAll(() => t.close())

const dashboard = async () => {
  const res = await t.app.inject({ url: '/api/salons/SAL001/dashboard', headers: { cookie } })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('salon dashboard', () => {
  it('counts appointments today, this week (Monday to Sunday) and ever, without the cancelled ones', async () => {
    const { today, stats } = await dashboard()
    expect(today).toBe('2026-12-01')
    expect(stats).toEqual({
      bookingsToday: 2,
      bookingsThisWeek: 4,
      activeServices: services.filter((s) => s.isActive).length,
      totalBookings: 5,
    })
  })

  it("shows today's bookings in time order, the cancelled one with its status", async () => {
    const { day } = await dashboard()
    expect(day.date).toBe('2026-12-01')
    expect(day.isToday).toBe(true)
    expect(
      day.bookings.map((b: { clientName: string; localTime: string; status: string }) => [
        b.clientName,
        b.localTime,
        b.status,
      ]),
    ).toEqual([
      ['Amélie', '10:00', 'confirmed'],
      ['Bruno', '12:00', 'cancelled'],
      ['Zoé', '15:00', 'confirmed'],
    ])
    expect(day.bookings[0]).toMatchObject({ duration: 45, price: 4500, currency: 'EUR', service: 'Coupe femme' })
  })

  it('lists the latest bookings made, newest first', async () => {
    const { recentBookings } = await dashboard()
    expect(recentBookings.map((b: { clientName: string }) => b.clientName)).toEqual([
      'Emma',
      'Denis',
      'Chloé',
      'Bruno',
      'Amélie',
    ])
  })

  it("moves to the next day once today's hours are over", async () => {
    t.clock.set('2026-12-01T19:00:00+01:00')
    const { day, today } = await dashboard()
    expect(today).toBe('2026-12-01')
    expect(day).toMatchObject({ date: '2026-12-02', isToday: false })
    expect(day.bookings.map((b: { clientName: string }) => b.clientName)).toEqual(['Chloé'])
  })

  it('shows the next day on a closed day (Monday), and still counts the week from Monday', async () => {
    t.clock.set('2026-12-07T10:00:00+01:00')
    const { day, stats } = await dashboard()
    expect(day).toMatchObject({ date: '2026-12-08', isToday: false })
    expect(stats.bookingsThisWeek).toBe(1)
    expect(stats.bookingsToday).toBe(0)
  })
})
