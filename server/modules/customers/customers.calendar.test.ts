import { bookThroughApi, type CalendarTest, startCalendarTest } from '@tests/helpers/calendar'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'

/**
 * An erased customer's name is also in their bookings' Google Calendar events: the erasure enqueues
 * the calendar push of each of their bookings, in its own transaction, and the push rewrites their
 * events, past ones included.
 */
let c: CalendarTest
let cookie: string

beforeAll(async () => {
  c = await startCalendarTest()
  cookie = await c.connect()
  await c.drain()
})
afterAll(() => c?.close())

async function pushJobsOf(bookingId: string): Promise<number> {
  const rows = await c.t.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from pgboss.job where name = 'calendar.push-booking' and data->>'bookingId' = ${bookingId}`,
  )
  return Number(((rows as { rows?: { count: number }[] }).rows ?? (rows as unknown as { count: number }[]))[0]?.count)
}

it('enqueues the calendar push of every booking of the erased customer', async () => {
  const { t } = c
  const first = await bookThroughApi(t, cookie, '2026-12-02T10:00', { name: 'Léa Dupont' })
  const second = await bookThroughApi(t, cookie, '2026-12-03T10:00', { name: 'Léa Dupont' })
  await c.drain()
  expect(c.bookingEvents().get(first)?.summary).toContain('Léa')
  const pushedBefore = [await pushJobsOf(first), await pushJobsOf(second)]

  const customers = await t.app.inject({ url: '/api/salons/SAL001/customers?q=lea', headers: { cookie } })
  const [lea] = customers.json().customers as { id: string }[]
  t.clock.set('2026-12-04T09:00:00+01:00')
  const erased = await t.app.inject({
    method: 'POST',
    url: `/api/salons/SAL001/customers/${lea?.id}/erase`,
    headers: { cookie },
  })
  expect(erased.statusCode, erased.body).toBe(200)
  expect([await pushJobsOf(first), await pushJobsOf(second)]).toEqual(pushedBefore.map((n) => n + 1))
})

it("rewrites the erased customer's past events in Google without their name", async () => {
  const { t } = c
  t.clock.set('2026-12-04T09:00:00+01:00')
  const past = await bookThroughApi(t, cookie, '2026-12-08T10:00', { name: 'Marc Lefèvre' })
  await c.drain()
  expect(c.bookingEvents().get(past)?.summary).toContain('Marc')

  t.clock.set('2026-12-09T09:00:00+01:00') // the appointment is over
  const customers = await t.app.inject({ url: '/api/salons/SAL001/customers?q=marc', headers: { cookie } })
  const [marc] = customers.json().customers as { id: string }[]
  const erased = await t.app.inject({
    method: 'POST',
    url: `/api/salons/SAL001/customers/${marc?.id}/erase`,
    headers: { cookie },
  })
  expect(erased.statusCode, erased.body).toBe(200)
  await c.drain()
  const event = c.bookingEvents().get(past)
  expect(event?.summary).toBeDefined()
  expect(JSON.stringify(event)).not.toContain('Marc')
  expect(JSON.stringify(event)).not.toContain('Lefèvre')
})
