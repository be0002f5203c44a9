import { formatLocalDateTime } from '@common/time'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { testDrivers } from '@tests/helpers/database'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

/**
 * Weekly blocks (issue 39): a lunch break every day, a training on Tuesday mornings. Every caller of
 * the availability engine respects them, they follow the salon's clock across daylight saving
 * time, and one over bookings still to come lists them as an absence does. The demo salon
 * (Europe/Paris) is open Tuesday to Friday 09:00–19:00 and Saturday 09:00–17:00, with Léa (owner)
 * and Hugo.
 */

describe.each(testDrivers())('weekly blocks, on %s', (driver) => {
  let t: TestApp
  let cookie: string
  let brushing: string
  let lea: string
  let hugo: string

  beforeAll(async () => {
    t = await startTestApp({ driver })
    cookie = await ownerCookie(t, 'SAL001')
    const services = (await call('GET', '/api/salons/SAL001/services')).json() as { id: string; name: string }[]
    brushing = services.find((s) => s.name === 'Brushing')?.id ?? ''
    const team = (await call('GET', '/api/salons/SAL001/team')).json().members as { id: string; name: string }[]
    lea = team.find((m) => m.name === 'Léa')?.id ?? ''
    hugo = team.find((m) => m.name === 'Hugo')?.id ?? ''
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    t.clock.set(DEMO_NOW)
    for (const block of (await call('GET', '/api/salons/SAL001/blocks')).json() as { id: string }[]) {
      await call('DELETE', `/api/salons/SAL001/blocks/${block.id}`)
    }
  })

  function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
  }

  const PARIS = 'Europe/Paris'

  /** The member's free starts on one day, each as "HH:mm–HH:mm" on the salon's clock. */
  async function freeTimes(day: string, memberId: string): Promise<string[]> {
    const res = await call(
      'GET',
      `/api/salons/SAL001/availability?serviceId=${brushing}&memberId=${memberId}&from=${day}&to=${day}`,
    )
    expect(res.statusCode).toBe(200)
    return (res.json().slots as { start: string; end: string }[]).map(
      (s) =>
        `${formatLocalDateTime(Date.parse(s.start), PARIS).slice(11)}–${formatLocalDateTime(Date.parse(s.end), PARIS).slice(11)}`,
    )
  }

  /** Whether any of these "HH:mm–HH:mm" intervals overlaps [from, to). */
  const overlapsAny = (times: string[], from: string, to: string) =>
    times.some((time) => {
      const [start = '', end = ''] = time.split('–')
      return start < to && end > from
    })

  let customers = 0
  function book(startsAt: string, memberId: string) {
    customers += 1
    return call('POST', '/api/salons/SAL001/bookings', {
      serviceId: brushing,
      startsAt,
      memberId,
      customer: { name: `Client ${customers}`, phone: `+33 6 98 76 54 ${String(customers).padStart(2, '0')}` },
    })
  }

  describe('a weekly block', () => {
    it("keeps a member's lunch free every day it names, and no one else's", async () => {
      const created = await call('POST', '/api/salons/SAL001/blocks', {
        memberId: lea,
        weekdays: [1, 2, 3, 4, 5],
        startTime: '12:30',
        endTime: '13:15',
        reason: 'Déjeuner',
      })
      expect(created.statusCode).toBe(201)
      expect(created.json()).toMatchObject({
        memberId: lea,
        weekdays: [1, 2, 3, 4, 5],
        startTime: '12:30',
        endTime: '13:15',
        firstDay: '2026-12-01',
        lastDay: null,
        reason: 'Déjeuner',
      })

      const leaTuesday = await freeTimes('2026-12-08', lea)
      expect(leaTuesday.length).toBeGreaterThan(0)
      expect(overlapsAny(leaTuesday, '12:30', '13:15')).toBe(false)
      expect(overlapsAny(await freeTimes('2026-12-12', lea), '12:30', '13:15')).toBe(false)
      expect(overlapsAny(await freeTimes('2026-12-08', hugo), '12:30', '13:15')).toBe(true)

      // The desk cannot book into it either, and a forced time says why.
      expect((await book('2026-12-08T12:45', lea)).statusCode).toBeGreaterThanOrEqual(409)
      const forced = await call('POST', '/api/salons/SAL001/bookings', {
        serviceId: brushing,
        startsAt: '2026-12-08T12:45',
        memberId: lea,
        force: true,
        customer: { name: 'Forcé' },
      })
      expect(forced.statusCode).toBe(422)
      expect(forced.json().code).toBe('bookings.member_absent')
    })

    it('blocks the whole salon when it names nobody, only between its first and last day', async () => {
      const created = await call('POST', '/api/salons/SAL001/blocks', {
        weekdays: [1],
        startTime: '09:00',
        endTime: '12:00',
        firstDay: '2026-12-08',
        lastDay: '2026-12-15',
        reason: 'Formation',
      })
      expect(created.statusCode).toBe(201)
      for (const member of [lea, hugo]) {
        expect(overlapsAny(await freeTimes('2026-12-01', member), '09:00', '12:00')).toBe(true)
        expect(overlapsAny(await freeTimes('2026-12-08', member), '09:00', '12:00')).toBe(false)
        expect(overlapsAny(await freeTimes('2026-12-15', member), '09:00', '12:00')).toBe(false)
        expect(overlapsAny(await freeTimes('2026-12-22', member), '09:00', '12:00')).toBe(true)
        // Another weekday is untouched.
        expect(overlapsAny(await freeTimes('2026-12-09', member), '09:00', '12:00')).toBe(true)
      }
    })

    it('stays at the same local hours across the change to summer time', async () => {
      t.clock.set('2027-03-20T08:30:00+01:00')
      cookie = await ownerCookie(t, 'SAL001')
      expect(
        (
          await call('POST', '/api/salons/SAL001/blocks', {
            memberId: hugo,
            weekdays: [1],
            startTime: '12:30',
            endTime: '13:15',
          })
        ).statusCode,
      ).toBe(201)
      // Tuesday 23 March is on winter time (+01:00), Tuesday 30 March on summer time (+02:00).
      for (const day of ['2027-03-23', '2027-03-30']) {
        const times = await freeTimes(day, hugo)
        expect(times.length).toBeGreaterThan(0)
        expect(overlapsAny(times, '12:30', '13:15')).toBe(false)
        expect(overlapsAny(times, '11:00', '12:30')).toBe(true)
        expect(overlapsAny(times, '13:15', '15:00')).toBe(true)
      }
    })

    it('over bookings still to come lists them, then keeps or cancels them as the salon says', async () => {
      const first = await book('2026-12-16T12:30', hugo)
      expect(first.statusCode).toBe(201)
      const block = { memberId: hugo, weekdays: [2], startTime: '12:00', endTime: '14:00' }

      const refused = await call('POST', '/api/salons/SAL001/blocks', block)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({
        code: 'schedule.bookings_affected',
        bookings: [{ id: first.json().id, localDate: '2026-12-16', localTime: '12:30' }],
      })
      expect((await call('GET', '/api/salons/SAL001/blocks')).json()).toEqual([])

      const cancelled = await call('POST', '/api/salons/SAL001/blocks', {
        ...block,
        affectedBookings: 'cancel',
        affectedBookingIds: [first.json().id],
      })
      expect(cancelled.statusCode).toBe(201)
      const { booking } = (await call('GET', `/api/bookings/${first.json().id}`)).json()
      expect(booking.status).toBe('cancelled')
    })

    it('refuses what it cannot be, with a message', async () => {
      const bad = async (body: object) => {
        const res = await call('POST', '/api/salons/SAL001/blocks', body)
        expect(res.statusCode).toBe(400)
        return res.json().message as string
      }
      expect(await bad({ weekdays: [], startTime: '12:00', endTime: '13:00' })).toMatch(/at least one weekday/)
      expect(await bad({ weekdays: [7], startTime: '12:00', endTime: '13:00' })).toMatch(/0 \(Monday\) to 6/)
      expect(await bad({ weekdays: [1], startTime: '13:00', endTime: '12:00' })).toMatch(/end after it starts/)
      expect(
        await bad({
          weekdays: [1],
          startTime: '12:00',
          endTime: '13:00',
          firstDay: '2026-12-10',
          lastDay: '2026-12-09',
        }),
      ).toMatch(/last day/)
      expect(await bad({ weekdays: [1], startTime: '12:00', endTime: '13:00', firstDay: '0000-01-01' })).toBeTruthy()
      const stranger = await call('POST', '/api/salons/SAL001/blocks', {
        memberId: '00000000-0000-4000-8000-000000000000',
        weekdays: [1],
        startTime: '12:00',
        endTime: '13:00',
      })
      expect(stranger.statusCode).toBe(404)
      const gone = await call('DELETE', '/api/salons/SAL001/blocks/00000000-0000-4000-8000-000000000000')
      expect(gone.statusCode).toBe(404)
      expect(gone.json().code).toBe('schedule.block_not_found')
    })

    it('ends at midnight with 24:00, and is removed', async () => {
      const created = await call('POST', '/api/salons/SAL001/blocks', {
        memberId: lea,
        weekdays: [5],
        startTime: '15:00',
        endTime: '24:00',
      })
      expect(created.statusCode).toBe(201)
      expect(created.json().endTime).toBe('24:00')
      expect(overlapsAny(await freeTimes('2026-12-12', lea), '15:00', '24:00')).toBe(false)
      expect((await call('DELETE', `/api/salons/SAL001/blocks/${created.json().id}`)).statusCode).toBe(204)
      expect(overlapsAny(await freeTimes('2026-12-12', lea), '15:00', '17:00')).toBe(true)
    })
  })
})
