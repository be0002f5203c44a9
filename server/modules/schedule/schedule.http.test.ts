import { startTestApp, type TestApp } from '@tests/helpers/app'
import { bookingRequest } from '@tests/helpers/demo'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
/** A professional of SAL001: hours and absences are the salon's to read and change (free slots are public). */
let cookie: string
beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
})
afterAll(() => t.close())

async function servicesByName() {
  const res = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  return Object.fromEntries((res.json() as { id: string; name: string }[]).map((s) => [s.name, s]))
}

const closed = { isOpen: false }
const day = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime })
const week = (overrides: Record<string, unknown> = {}) => ({
  workingHours: {
    '0': closed,
    '1': day('09:00', '19:00'),
    '2': day('09:00', '19:00'),
    '3': day('09:00', '19:00'),
    '4': day('09:00', '19:00'),
    '5': day('09:00', '17:00'),
    '6': closed,
    ...overrides,
  },
})

describe('working hours', () => {
  it('reads the week keyed "0" = Monday … "6" = Sunday', async () => {
    const res = await t.app.inject({ url: '/api/salons/SAL001/working-hours', headers: { cookie } })
    expect(res.statusCode).toBe(200)
    const hours = res.json()
    expect(hours['0']).toEqual({ isOpen: false, openTime: null, closeTime: null, intervals: [] })
    expect(hours['5']).toMatchObject({ isOpen: true, openTime: '09:00', closeTime: '17:00' })
  })

  it('saves a lunch break as two intervals and the engine honours it', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/salons/SAL001/working-hours',
      headers: { cookie },
      payload: week({
        '2': {
          isOpen: true,
          intervals: [
            { openTime: '14:00', closeTime: '18:00' },
            { openTime: '09:00', closeTime: '12:00' },
          ],
        },
      }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()['2']).toEqual({
      isOpen: true,
      openTime: '09:00',
      closeTime: '18:00',
      intervals: [
        { openTime: '09:00', closeTime: '12:00' },
        { openTime: '14:00', closeTime: '18:00' },
      ],
    })
    const { Brushing } = await servicesByName()
    const slots = await t.app.inject({
      url: `/api/salons/SAL001/availability?serviceId=${Brushing?.id}&from=2026-12-02&to=2026-12-02`,
    })
    const locals = slots.json().slots.map((s: { local: string }) => s.local.slice(11))
    expect(locals).toContain('11:30')
    expect(locals).not.toContain('11:45')
    expect(locals).not.toContain('13:00')
    expect(locals).toContain('14:00')
  })

  it('opens a late evening until after midnight', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/salons/SAL001/working-hours',
      headers: { cookie },
      payload: week({ '4': day('18:00', '01:00') }),
    })
    expect(res.statusCode).toBe(200)
    const { Brushing } = await servicesByName()
    const slots = await t.app.inject({
      url: `/api/salons/SAL001/availability?serviceId=${Brushing?.id}&from=2026-12-04&to=2026-12-05`,
    })
    const locals = slots.json().slots.map((s: { local: string }) => s.local)
    expect(locals).toContain('2026-12-05T00:30')
    expect(locals).not.toContain('2026-12-05T00:45')
    await t.app.inject({ method: 'PUT', url: '/api/salons/SAL001/working-hours', payload: week(), headers: { cookie } })
  })

  it.each([
    ['a missing day', { workingHours: { '0': closed } }],
    ['an open day without times', week({ '1': { isOpen: true } })],
    ['a bad time', week({ '1': day('9h', '19:00') })],
    ['equal times', week({ '1': day('09:00', '09:00') })],
    [
      'overlapping intervals',
      week({
        '1': {
          isOpen: true,
          intervals: [
            { openTime: '09:00', closeTime: '13:00' },
            { openTime: '12:00', closeTime: '18:00' },
          ],
        },
      }),
    ],
    ['a JSON string instead of an object', 'monday'],
  ])('refuses %s with a 400 and keeps the saved week', async (_label, payload) => {
    const before = (await t.app.inject({ url: '/api/salons/SAL001/working-hours', headers: { cookie } })).json()
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/salons/SAL001/working-hours',
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify(payload),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/\w/)
    expect((await t.app.inject({ url: '/api/salons/SAL001/working-hours', headers: { cookie } })).json()).toEqual(
      before,
    )
  })

  const sixIntervals = ['08', '10', '12', '14', '16', '18', '20'].map((hour) => ({
    openTime: `${hour}:00`,
    closeTime: `${hour}:30`,
  }))
  it.each([
    ['an open day without times', week({ '1': { isOpen: true } }), { code: 'schedule.hours.times_missing', day: '1' }],
    ['a bad time', week({ '2': day('9h', '19:00') }), { code: 'schedule.hours.time_invalid' }],
    [
      'equal times',
      week({ '3': day('09:00', '09:00') }),
      { code: 'schedule.hours.same_time', day: '3', time: '09:00' },
    ],
    [
      'overlapping intervals',
      week({
        '4': {
          isOpen: true,
          intervals: [
            { openTime: '12:00', closeTime: '18:00' },
            { openTime: '09:00', closeTime: '13:00' },
          ],
        },
      }),
      { code: 'schedule.hours.overlap', day: '4', first: '09:00–13:00', second: '12:00–18:00' },
    ],
    [
      'seven intervals',
      week({ '5': { isOpen: true, intervals: sixIntervals } }),
      { code: 'schedule.hours.too_many_intervals', day: '5', max: 6 },
    ],
  ])(
    'gives the refusal of %s a stable code and its parameters, beside the English message',
    async (_label, payload, refusal) => {
      for (const [method, url, body] of [
        ['PUT', '/api/salons/SAL001/working-hours', payload],
        // A member's own week is refused the same way, by the team's PATCH.
        ['PATCH', `/api/salons/SAL001/team/${await ownerMemberId()}`, { workingHours: payload }],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: { cookie }, payload: body })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toMatchObject({ code: 'request.invalid', message: expect.stringMatching(/\w/) })
        const issues = res.json().issues as Record<string, unknown>[]
        expect(issues).toContainEqual({
          ...refusal,
          path: expect.stringContaining('workingHours'),
          message: expect.any(String),
        })
      }
    },
  )
})

async function ownerMemberId(): Promise<string> {
  const res = await t.app.inject({ url: '/api/salons/SAL001/team', headers: { cookie } })
  return (res.json() as { members: { id: string; isOwner: boolean }[] }).members.find((m) => m.isOwner)?.id ?? ''
}

describe('absences', () => {
  it('lists the Christmas closure of the demo salon', async () => {
    const res = await t.app.inject({ url: '/api/salons/SAL001/time-off', headers: { cookie } })
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        startDate: '2026-12-23T23:00:00.000Z',
        endDate: '2026-12-26T23:00:00.000Z',
        reason: 'Fermeture de Noël',
        memberId: null,
      },
    ])
  })

  it('adds an absence by its first and last day on the salon clock (one day: 15 → 15), blocks bookings, then deletes it', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/time-off',
      headers: { cookie },
      payload: { startDate: '2026-12-15', endDate: '2026-12-15', reason: 'Formation' },
    })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({
      startDate: '2026-12-14T23:00:00.000Z',
      endDate: '2026-12-15T23:00:00.000Z',
      reason: 'Formation',
    })
    const { Brushing } = await servicesByName()
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      headers: { cookie },
      payload: bookingRequest(Brushing?.id ?? '', '2026-12-15T10:00'),
    })
    expect(refused.json().reason).toBe('time_off')
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/salons/SAL001/time-off/${added.json().id}`,
      headers: { cookie },
    })
    expect(removed.statusCode).toBe(204)
    expect((await t.app.inject({ url: '/api/salons/SAL001/time-off', headers: { cookie } })).json()).toHaveLength(1)
  })

  it('omits an empty reason', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/time-off',
      headers: { cookie },
      payload: { startDate: '2027-01-05T12:00', endDate: '2027-01-05T18:00', reason: '' },
    })
    expect(res.json().reason).toBeNull()
    await t.app.inject({ method: 'DELETE', url: `/api/salons/SAL001/time-off/${res.json().id}`, headers: { cookie } })
  })

  it('reads a date as end as the last day away: 26 → 28 runs to the 29th at midnight', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/time-off',
      headers: { cookie },
      payload: { startDate: '2027-01-26', endDate: '2027-01-28' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ startDate: '2027-01-25T23:00:00.000Z', endDate: '2027-01-28T23:00:00.000Z' })
    await t.app.inject({ method: 'DELETE', url: `/api/salons/SAL001/time-off/${res.json().id}`, headers: { cookie } })
  })

  it('refuses an absence that overlaps another, naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/time-off',
      headers: { cookie },
      payload: { startDate: '2026-12-26', endDate: '2026-12-29' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'schedule.time_off_overlaps', existing: { reason: 'Fermeture de Noël' } })
  })

  it.each([
    [
      'an end before the start',
      { startDate: '2027-01-10', endDate: '2027-01-09' },
      'schedule.time_off_end_before_start',
    ],
    [
      'an end time equal to the start',
      { startDate: '2027-01-10T12:00', endDate: '2027-01-10T12:00' },
      'schedule.time_off_end_before_start',
    ],
    ['missing dates', { reason: 'x' }, 'request.invalid'],
    ['a non-date', { startDate: 'soon', endDate: 'later' }, 'request.invalid'],
    [
      'a reason too long',
      { startDate: '2027-01-10', endDate: '2027-01-10', reason: 'x'.repeat(201) },
      'request.invalid',
    ],
    ['more than a year', { startDate: '2027-01-10', endDate: '2028-06-11' }, 'schedule.time_off_too_long'],
  ])('refuses %s with a 400', async (_label, payload, code) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/salons/SAL001/time-off', payload, headers: { cookie } })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(code)
  })

  it('answers 404 when deleting an unknown absence', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/salons/SAL001/time-off/00000000-0000-4000-8000-000000000000',
      headers: { cookie },
    })
    expect(res.statusCode).toBe(404)
  })
})
