import type { App } from '@server/http/types'
import { expect } from 'vitest'

/**
 * A day with no free time for one member of the demo salon: away on `day` but from 10:00 to 10:30,
 * and that half-hour booked (a men's cut). Returns the booking, whose cancellation frees 10:00.
 */
export async function fullDayOf(
  app: App,
  cookie: string,
  day: string,
  { memberId, serviceId }: { memberId: string; serviceId: string },
): Promise<string> {
  const call = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { cookie } })
  for (const [startDate, endDate] of [
    [`${day}T00:00`, `${day}T10:00`],
    [`${day}T10:30`, `${day}T23:59`],
  ]) {
    const away = await call('/api/salons/SAL001/time-off', { startDate, endDate, memberId })
    expect(away.statusCode, away.body).toBe(201)
  }
  const booked = await call('/api/salons/SAL001/bookings', {
    serviceId,
    startsAt: `${day}T10:00`,
    memberId,
    customer: { name: 'Occupant', email: 'occupant@example.com' },
  })
  expect(booked.statusCode, booked.body).toBe(201)
  return booked.json().id
}
