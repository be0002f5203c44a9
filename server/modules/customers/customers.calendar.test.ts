import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bookThroughApi, type CalendarTest, startCalendarTest } from '../../../tests/helpers/calendar'

/**
 * An erased customer's name is also in their bookings' Google Calendar events: the erasure enqueues
 * the calendar push of each of their bookings, in its own transaction. (The push job itself leaves
 * the events of past bookings as they are: see the report of the customers area — that rewrite
 * belongs to calendar-sync.)
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
