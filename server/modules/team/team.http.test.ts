import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { bookingRequest } from '@tests/helpers/demo'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

/** The salon's team over HTTP: the demo salon's two stylists, a third one added, booked in parallel. */

let t: TestApp
let cookie: string
let services: Record<string, { id: string }>
const id = (name: string) => services[name]?.id ?? ''

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  const list = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  services = Object.fromEntries((list.json() as { id: string; name: string }[]).map((s) => [s.name, s]))
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
const team = async () => (await call('GET', '/api/salons/SAL001/team')).json()
const memberNamed = async (name: string) => (await team()).members.find((m: { name: string }) => m.name === name)
const slotsOf = async (query: string) =>
  (await t.app.inject({ url: `/api/salons/SAL001/availability?${query}` }))
    .json()
    .slots.map((s: { local: string }) => s.local.slice(11))

describe('the team', () => {
  it('lists the demo salon’s two stylists, both performing every service, the owner first', async () => {
    const res = await call('GET', '/api/salons/SAL001/team')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.calendarBlocks).toBe('salon')
    expect(body.members.map((m: { name: string; isOwner: boolean }) => [m.name, m.isOwner])).toEqual([
      ['Léa', true],
      ['Hugo', false],
    ])
    for (const member of body.members) {
      expect(member).toMatchObject({ isActive: true, followsSalonHours: true, workingHours: null })
      expect(member.serviceIds).toEqual(
        Object.values(services)
          .map((s) => s.id)
          .sort(),
      )
    }
  })

  it('adds a member with their own hours and services, books them in parallel, and refuses them a service they do not perform', async () => {
    const closed = { isOpen: false }
    const added = await call('POST', '/api/salons/SAL001/team', {
      name: 'Inès',
      serviceIds: [id('Brushing')],
      workingHours: {
        workingHours: {
          '0': closed,
          '1': closed,
          '2': { isOpen: true, openTime: '13:00', closeTime: '20:00' },
          '3': closed,
          '4': closed,
          '5': closed,
          '6': closed,
        },
      },
    })
    expect(added.statusCode).toBe(201)
    const ines = added.json()
    expect(ines).toMatchObject({ name: 'Inès', isOwner: false, followsSalonHours: false, colour: '#e11d48' })
    // Her Wednesday is cut to the salon's: 13:00 to 19:00.
    expect(ines.workingHours['2'].intervals).toEqual([{ openTime: '13:00', closeTime: '20:00' }])
    const hers = await slotsOf(`serviceId=${id('Brushing')}&memberId=${ines.id}&from=2026-12-09&to=2026-12-09`)
    expect(hers[0]).toBe('13:00')
    expect(hers.at(-1)).toBe('18:30')
    const refused = await t.app.inject({
      url: `/api/salons/SAL001/availability?serviceId=${id('Coloration')}&memberId=${ines.id}`,
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('team.member_not_performing')

    // Three customers at 14:00 on Wednesday: Léa, Hugo and Inès each take one; a fourth is refused.
    const at = (name: string) => bookingRequest(id('Brushing'), '2026-12-09T14:00', name)
    const booked = []
    for (const name of ['Ana', 'Ben', 'Cléo']) {
      const res = await call('POST', '/api/salons/SAL001/bookings', at(name))
      expect(res.statusCode).toBe(201)
      booked.push(res.json().member.name)
    }
    expect(booked.sort()).toEqual(['Hugo', 'Inès', 'Léa'])
    const fourth = await call('POST', '/api/salons/SAL001/bookings', at('Dan'))
    expect(fourth.statusCode).toBe(409)
    expect(await slotsOf(`serviceId=${id('Brushing')}&from=2026-12-09&to=2026-12-09`)).not.toContain('14:00')
  })

  it('spreads the day: without a name, the stylist with fewer appointments that day takes the booking', async () => {
    const first = await call(
      'POST',
      '/api/salons/SAL001/bookings',
      bookingRequest(id('Brushing'), '2026-12-10T09:00', 'Eva'),
    )
    const second = await call(
      'POST',
      '/api/salons/SAL001/bookings',
      bookingRequest(id('Brushing'), '2026-12-10T15:00', 'Flo'),
    )
    expect(first.json().member.name).not.toBe(second.json().member.name)
  })

  it('keeps a member’s absence to them: the others still take bookings then', async () => {
    const hugo = await memberNamed('Hugo')
    const absence = await call('POST', '/api/salons/SAL001/time-off', {
      startDate: '2026-12-11T09:00',
      endDate: '2026-12-11T13:00',
      reason: 'Formation',
      memberId: hugo.id,
    })
    expect(absence.statusCode).toBe(201)
    expect(absence.json().memberId).toBe(hugo.id)
    expect(
      await slotsOf(`serviceId=${id('Brushing')}&memberId=${hugo.id}&from=2026-12-11&to=2026-12-11`),
    ).not.toContain('10:00')
    const res = await call('POST', '/api/salons/SAL001/bookings', {
      ...bookingRequest(id('Brushing'), '2026-12-11T10:00', 'Gaby'),
      memberId: hugo.id,
    })
    expect(res.statusCode).toBe(409)
    const withAnyone = await call(
      'POST',
      '/api/salons/SAL001/bookings',
      bookingRequest(id('Brushing'), '2026-12-11T10:00', 'Gaby'),
    )
    expect(withAnyone.json().member.name).not.toBe('Hugo')
  })

  it('deactivates a member (never the owner), who is then offered no more', async () => {
    const ines = await memberNamed('Inès')
    const owner = await memberNamed('Léa')
    const refused = await call('PATCH', `/api/salons/SAL001/team/${owner.id}`, { isActive: false })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('team.owner_stays_active')
    const off = await call('PATCH', `/api/salons/SAL001/team/${ines.id}`, { isActive: false, name: 'Inès B.' })
    expect(off.json()).toMatchObject({ isActive: false, name: 'Inès B.' })
    const res = await t.app.inject({
      url: `/api/salons/SAL001/availability?serviceId=${id('Brushing')}&memberId=${ines.id}`,
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('team.member_not_found')
  })

  it('refuses a taken name, an order that forgets someone, unknown services and a week without hours', async () => {
    expect((await call('POST', '/api/salons/SAL001/team', { name: 'hugo' })).json().code).toBe('team.name_taken')
    const members = (await team()).members.map((m: { id: string }) => m.id)
    const partial = await call('PUT', '/api/salons/SAL001/team-order', { memberIds: members.slice(1) })
    expect(partial.statusCode).toBe(422)
    const reordered = await call('PUT', '/api/salons/SAL001/team-order', { memberIds: [...members].reverse() })
    expect(reordered.json().map((m: { id: string }) => m.id)).toEqual([...members].reverse())
    const unknown = await call('POST', '/api/salons/SAL001/team', {
      name: 'Jo',
      serviceIds: ['00000000-0000-4000-8000-000000000000'],
    })
    expect(unknown.json().code).toBe('team.unknown_services')
    const closed = { isOpen: false }
    const week = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, closed]))
    const noHours = await call('POST', '/api/salons/SAL001/team', { name: 'Jo', workingHours: { workingHours: week } })
    expect(noHours.json().code).toBe('team.no_hours')
    expect((await call('POST', '/api/salons/SAL001/team', { name: '\u0000' })).statusCode).toBe(400)
  })

  it('lets the salon say its calendar’s events block only the owner', async () => {
    const res = await call('PUT', '/api/salons/SAL001/calendar-blocks', { calendarBlocks: 'owner' })
    expect(res.json()).toEqual({ calendarBlocks: 'owner' })
    expect((await team()).calendarBlocks).toBe('owner')
    expect((await call('PUT', '/api/salons/SAL001/calendar-blocks', { calendarBlocks: 'x' })).statusCode).toBe(400)
  })

  it('keeps another salon’s owner and strangers out', async () => {
    expect((await t.app.inject({ url: '/api/salons/SAL001/team' })).statusCode).toBe(401)
    const hugo = await memberNamed('Hugo')
    const stranger = await t.app.inject({
      method: 'PATCH',
      url: `/api/salons/SAL001/team/${hugo.id}`,
      payload: { name: 'X' },
    })
    expect(stranger.statusCode).toBe(401)
  })
})
