import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bookThroughApi,
  type CalendarTest,
  eventIdOf,
  futureActiveBookingIds,
  OWNER,
  startCalendarTest,
} from '../../../tests/helpers/calendar'
import { ownerCookie } from '../../../tests/helpers/sign-in'

let c: CalendarTest
beforeAll(async () => {
  c = await startCalendarTest()
})
afterAll(() => c.close())

describe('a salon connecting its Google calendar', () => {
  it('finds every booking still to come in its calendar', async () => {
    const owner = await ownerCookie(c.t)
    await bookThroughApi(c.t, owner, '2026-12-02T10:00', { name: 'Camille Martin' })
    await bookThroughApi(c.t, owner, '2026-12-03T14:00', { name: 'Léa' })
    await c.connect()
    await c.drain()
    const expected = await futureActiveBookingIds(c.t)
    expect(expected.length).toBeGreaterThan(0)
    const events = c.bookingEvents()
    expect([...events.keys()].sort()).toEqual(expected)
    for (const id of expected) expect(events.get(id)?.id).toBe(eventIdOf(id))
  })
})
