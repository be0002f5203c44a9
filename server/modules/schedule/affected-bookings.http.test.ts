import { createSalon } from '@server/modules/salons/salons.usecases'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

/**
 * Absences and hours over bookings still to come: a change that falls on them is refused with the
 * list (409 schedule.bookings_affected) until the salon keeps them or cancels them. The demo salon
 * is open Tuesday to Friday 09:00–19:00 and Saturday 09:00–17:00, with Léa (owner) and Hugo.
 */

let t: TestApp
let cookie: string
let brushing: string
let lea: string
let hugo: string

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  const services = (await call('GET', '/api/salons/SAL001/services')).json() as { id: string; name: string }[]
  brushing = services.find((s) => s.name === 'Brushing')?.id ?? ''
  const team = (await call('GET', '/api/salons/SAL001/team')).json().members as { id: string; name: string }[]
  lea = team.find((m) => m.name === 'Léa')?.id ?? ''
  hugo = team.find((m) => m.name === 'Hugo')?.id ?? ''
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) {
  return t.app.inject({ method, url, headers: as ? { cookie: as } : {}, ...(payload ? { payload } : {}) })
}

let customers = 0
/** A new customer each time (the salon knows a customer by their phone number). */
async function book(startsAt: string, memberId: string, name: string) {
  customers += 1
  const res = await call('POST', '/api/salons/SAL001/bookings', {
    serviceId: brushing,
    startsAt,
    memberId,
    customer: { name, phone: `+33 6 12 34 56 ${String(customers).padStart(2, '0')}` },
  })
  expect(res.statusCode).toBe(201)
  return res.json().id as string
}

async function statusOf(bookingId: string): Promise<string> {
  const list = (await call('GET', '/api/salons/SAL001/bookings?from=2026-12-01&to=2027-02-28')).json()
  return list.find((b: { id: string }) => b.id === bookingId)?.status
}

async function timeOffCount() {
  return (await call('GET', '/api/salons/SAL001/time-off')).json().length as number
}

const closed = { isOpen: false }
const day = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime })
const demoWeek = {
  '0': closed,
  '1': day('09:00', '19:00'),
  '2': day('09:00', '19:00'),
  '3': day('09:00', '19:00'),
  '4': day('09:00', '19:00'),
  '5': day('09:00', '17:00'),
  '6': closed,
}

describe('a salon absence over bookings', () => {
  let leaTen: string
  let hugoTen: string
  let nextDay: string

  beforeAll(async () => {
    leaTen = await book('2026-12-02T10:00', lea, 'Camille Martin')
    hugoTen = await book('2026-12-02T10:00', hugo, 'Jules Bernard')
    nextDay = await book('2026-12-03T10:00', lea, 'Nina Petit')
  })

  it('is refused with the bookings it falls on, and nothing is saved', async () => {
    const before = await timeOffCount()
    const res = await call('POST', '/api/salons/SAL001/time-off', { startDate: '2026-12-02', endDate: '2026-12-02' })
    expect(res.statusCode).toBe(409)
    const body = res.json()
    expect(body.code).toBe('schedule.bookings_affected')
    expect(body.bookings).toEqual([
      {
        id: leaTen,
        startsAt: '2026-12-02T09:00:00.000Z',
        localDate: '2026-12-02',
        localTime: '10:00',
        endLocalTime: expect.stringMatching(/^1[01]:\d\d$/),
        customerName: 'Camille Martin',
        service: 'Brushing',
        member: { id: lea, name: 'Léa' },
      },
      expect.objectContaining({ id: hugoTen, customerName: 'Jules Bernard', member: { id: hugo, name: 'Hugo' } }),
    ])
    expect(await timeOffCount()).toBe(before)
    expect(await statusOf(leaTen)).toBe('confirmed')
  })

  it('is saved with "keep", the bookings staying as they were', async () => {
    const res = await call('POST', '/api/salons/SAL001/time-off', {
      startDate: '2026-12-02T09:30',
      endDate: '2026-12-02T12:00',
      affectedBookings: 'keep',
    })
    expect(res.statusCode).toBe(201)
    expect([await statusOf(leaTen), await statusOf(hugoTen)]).toEqual(['confirmed', 'confirmed'])
    await call('DELETE', `/api/salons/SAL001/time-off/${res.json().id}`)
  })

  it('is saved with "cancel", cancelling those bookings and no other', async () => {
    const res = await call('POST', '/api/salons/SAL001/time-off', {
      startDate: '2026-12-02',
      endDate: '2026-12-02',
      reason: 'Formation',
      affectedBookings: 'cancel',
    })
    expect(res.statusCode).toBe(201)
    expect([await statusOf(leaTen), await statusOf(hugoTen), await statusOf(nextDay)]).toEqual([
      'cancelled',
      'cancelled',
      'confirmed',
    ])
    await call('DELETE', `/api/salons/SAL001/time-off/${res.json().id}`)
  })

  it('with "cancel" and the bookings it was shown, asks again when one was booked since', async () => {
    const seen = await book('2026-12-09T14:00', lea, 'Léon Vu')
    const absence = { startDate: '2026-12-09', endDate: '2026-12-09' }
    const first = await call('POST', '/api/salons/SAL001/time-off', absence)
    expect(first.statusCode).toBe(409)
    const shown = first.json().bookings.map((b: { id: string }) => b.id) as string[]
    expect(shown).toContain(seen)
    const meanwhile = await book('2026-12-09T16:00', hugo, 'Maya Roux')
    const decision = { ...absence, affectedBookings: 'cancel' }
    const again = await call('POST', '/api/salons/SAL001/time-off', { ...decision, affectedBookingIds: shown })
    expect(again.statusCode).toBe(409)
    expect(again.json().bookings.map((b: { id: string }) => b.id)).toEqual(
      expect.arrayContaining([...shown, meanwhile]),
    )
    expect([await statusOf(seen), await statusOf(meanwhile)]).toEqual(['confirmed', 'confirmed'])
    const saved = await call('POST', '/api/salons/SAL001/time-off', {
      ...decision,
      affectedBookingIds: [...shown, meanwhile],
    })
    expect(saved.statusCode).toBe(201)
    expect([await statusOf(seen), await statusOf(meanwhile)]).toEqual(['cancelled', 'cancelled'])
    await call('DELETE', `/api/salons/SAL001/time-off/${saved.json().id}`)
  })

  it('lists neither cancelled bookings nor those already begun', async () => {
    t.clock.set('2026-12-03T10:15:00+01:00')
    const res = await call('POST', '/api/salons/SAL001/time-off', {
      startDate: '2026-12-02',
      endDate: '2026-12-03',
    })
    expect(res.statusCode).toBe(201)
    await call('DELETE', `/api/salons/SAL001/time-off/${res.json().id}`)
  })

  it('refuses a choice it does not know', async () => {
    const res = await call('POST', '/api/salons/SAL001/time-off', {
      startDate: '2026-12-03',
      endDate: '2026-12-03',
      affectedBookings: 'ignore',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/affectedBookings/)
  })
})

describe("a member's absence over bookings", () => {
  it('concerns only that member’s bookings', async () => {
    const leas = await book('2026-12-09T14:00', lea, 'Alice Roux')
    const hugos = await book('2026-12-09T14:00', hugo, 'Paul Henry')
    const payload = { startDate: '2026-12-09', endDate: '2026-12-09', memberId: hugo }
    const refused = await call('POST', '/api/salons/SAL001/time-off', payload)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().bookings.map((b: { id: string }) => b.id)).toEqual([hugos])
    const saved = await call('POST', '/api/salons/SAL001/time-off', { ...payload, affectedBookings: 'cancel' })
    expect(saved.statusCode).toBe(201)
    expect(saved.json().memberId).toBe(hugo)
    expect([await statusOf(leas), await statusOf(hugos)]).toEqual(['confirmed', 'cancelled'])
  })
})

describe('new hours over bookings', () => {
  let leaLate: string
  let hugoMorning: string

  beforeAll(async () => {
    // Hugo works Wednesday mornings only; Léa follows the salon.
    const hours = { workingHours: { ...demoWeek, '2': day('09:00', '13:00') } }
    expect((await call('PATCH', `/api/salons/SAL001/team/${hugo}`, { workingHours: hours })).statusCode).toBe(200)
    leaLate = await book('2026-12-16T17:30', lea, 'Chloé Morel')
    hugoMorning = await book('2026-12-16T11:00', hugo, 'Luc Garnier')
  })

  it('from the salon: affect the bookings of members who follow its hours, not those still within their own', async () => {
    const week = { ...demoWeek, '2': day('09:00', '17:00') }
    const refused = await call('PUT', '/api/salons/SAL001/working-hours', { workingHours: week })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().bookings.map((b: { id: string }) => b.id)).toEqual([leaLate])
    const hours = (await call('GET', '/api/salons/SAL001/working-hours')).json()
    expect(hours['2'].closeTime).toBe('19:00')
  })

  it('from the salon: cut a member’s own hours, which affects their bookings too', async () => {
    const week = { ...demoWeek, '2': day('12:00', '19:00') }
    const refused = await call('PUT', '/api/salons/SAL001/working-hours', { workingHours: week })
    expect(refused.json().bookings.map((b: { id: string }) => b.id)).toEqual([hugoMorning])
    const kept = await call('PUT', '/api/salons/SAL001/working-hours', { workingHours: week, affectedBookings: 'keep' })
    expect(kept.statusCode).toBe(200)
    expect(kept.json()['2'].openTime).toBe('12:00')
    expect(await statusOf(hugoMorning)).toBe('confirmed')
    // Back to the demo week: hours that grow affect nobody.
    expect((await call('PUT', '/api/salons/SAL001/working-hours', { workingHours: demoWeek })).statusCode).toBe(200)
  })

  it('from a member: affect only that member’s bookings, and cancel them when told', async () => {
    const afternoons = { workingHours: { ...demoWeek, '2': day('14:00', '19:00') } }
    const refused = await call('PATCH', `/api/salons/SAL001/team/${hugo}`, { workingHours: afternoons })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().bookings).toEqual([
      expect.objectContaining({ id: hugoMorning, localTime: '11:00', member: { id: hugo, name: 'Hugo' } }),
    ])
    const team = (await call('GET', '/api/salons/SAL001/team')).json()
    const unchanged = team.members.find((m: { id: string }) => m.id === hugo)
    expect(unchanged.workingHours['2'].closeTime).toBe('13:00')

    const saved = await call('PATCH', `/api/salons/SAL001/team/${hugo}`, {
      workingHours: afternoons,
      affectedBookings: 'cancel',
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().workingHours['2'].openTime).toBe('14:00')
    expect([await statusOf(hugoMorning), await statusOf(leaLate)]).toEqual(['cancelled', 'confirmed'])
  })

  it('from a member back on the salon’s hours: affect nothing when the salon’s cover more', async () => {
    const res = await call('PATCH', `/api/salons/SAL001/team/${hugo}`, { workingHours: null })
    expect(res.statusCode).toBe(200)
    expect(res.json().followsSalonHours).toBe(true)
  })
})

describe('who may decide', () => {
  it('keeps strangers and another salon’s owner out, and changes nothing', async () => {
    const booked = await book('2027-01-12T10:00', lea, 'Eva Blanc')
    const payload = { startDate: '2027-01-12', endDate: '2027-01-12', affectedBookings: 'cancel' }
    expect((await call('POST', '/api/salons/SAL001/time-off', payload, '')).statusCode).toBe(401)
    await createSalon(t.database.db, {
      name: 'Barber Max',
      contactEmail: 'max@example.com',
      address: 'Berlin',
      country: 'DE',
    })
    const other = await ownerCookie(t, 'SAL002')
    expect((await call('POST', '/api/salons/SAL001/time-off', payload, other)).statusCode).toBe(403)
    expect(
      (
        await call(
          'PUT',
          '/api/salons/SAL001/working-hours',
          { workingHours: demoWeek, affectedBookings: 'cancel' },
          other,
        )
      ).statusCode,
    ).toBe(403)
    expect(await statusOf(booked)).toBe('confirmed')
  })
})
