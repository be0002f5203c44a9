import { createSalon } from '@server/modules/salons/salons.usecases'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { bookingRequest } from '@tests/helpers/demo'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Which team members perform a service, as the services editor sets it: the demo salon's two
 * stylists (Léa, the owner, and Hugo) perform a new service unless the owner ticks fewer.
 */
let t: TestApp
let cookie: string
let lea: string
let hugo: string
let foreignMember: string

type Member = { id: string; name: string; serviceIds: string[]; isActive: boolean }
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, session = cookie) =>
  t.app.inject({ method, url, headers: { cookie: session }, ...(payload ? { payload } : {}) })
const team = async (salonId = 'SAL001', session = cookie) =>
  (await call('GET', `/api/salons/${salonId}/team`, undefined, session)).json().members as Member[]
/** Who performs the service, by name, in the team's order. */
const performers = async (serviceId: string) =>
  (await team()).filter((m) => m.serviceIds.includes(serviceId)).map((m) => m.name)
const create = (payload: object) => call('POST', '/api/salons/SAL001/services', payload)
const edit = (id: string, payload: object) => call('PATCH', `/api/salons/SAL001/services/${id}`, payload)
const serviceNames = async () =>
  (await call('GET', '/api/salons/SAL001/services')).json().map((s: { name: string }) => s.name) as string[]

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  const members = await team()
  lea = members.find((m) => m.name === 'Léa')?.id ?? ''
  hugo = members.find((m) => m.name === 'Hugo')?.id ?? ''
  const other = await createSalon(t.database.db, {
    name: 'Autre salon',
    contactEmail: 'autre@example.com',
    authorizedGoogleEmail: 'autre@example.com',
    address: '3 rue C',
    country: 'FR',
  })
  const [owner] = await team(other.publicId, await ownerCookie(t, other.publicId))
  foreignMember = owner?.id ?? ''
})
afterAll(() => t.close())

describe('who performs a service', () => {
  it('gives a new service to the whole active team when the owner ticks nobody in particular', async () => {
    const res = await create({ name: 'Soin du cuir chevelu', duration: 30, priceAmount: '25' })
    expect(res.statusCode, res.body).toBe(201)
    expect(await performers(res.json().id)).toEqual(['Léa', 'Hugo'])
  })

  it('keeps a service to the members ticked: booked with them only, full when they are', async () => {
    const res = await create({ name: 'Mèches contrastées', duration: 60, priceAmount: '95,00', memberIds: [hugo] })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id as string
    expect(await performers(id)).toEqual(['Hugo'])
    const withLea = await t.app.inject({ url: `/api/salons/SAL001/availability?serviceId=${id}&memberId=${lea}` })
    expect(withLea.statusCode).toBe(422)
    expect(withLea.json().code).toBe('team.member_not_performing')
    const first = await call('POST', '/api/salons/SAL001/bookings', bookingRequest(id, '2026-12-09T10:00', 'Ana'))
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().member.name).toBe('Hugo')
    // Léa is free at 10:00 but does not do mèches: the second customer is refused.
    const second = await call('POST', '/api/salons/SAL001/bookings', bookingRequest(id, '2026-12-09T10:00', 'Ben'))
    expect(second.statusCode).toBe(409)
  })

  it('replaces the performers on an edit, with the other fields', async () => {
    const id = (await create({ name: 'Soin botox capillaire', duration: 90, priceAmount: 70, memberIds: [lea] })).json()
      .id
    const res = await edit(id, { memberIds: [hugo, lea], priceAmount: '72' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().price).toBe(7200)
    expect(await performers(id)).toEqual(['Léa', 'Hugo'])
    expect((await edit(id, { memberIds: [hugo] })).statusCode).toBe(200)
    expect(await performers(id)).toEqual(['Hugo'])
  })

  it('refuses members of another salon or unknown ones, and adds nothing', async () => {
    const before = await serviceNames()
    for (const memberIds of [[foreignMember], [hugo, '00000000-0000-4000-8000-000000000000']]) {
      const res = await create({ name: 'Lissage', duration: 60, priceAmount: 80, memberIds })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ code: 'catalog.unknown_members', field: 'memberIds' })
    }
    expect((await create({ name: 'Lissage', duration: 60, priceAmount: 80, memberIds: ['hugo'] })).statusCode).toBe(400)
    expect(await serviceNames()).toEqual(before)
  })

  it('refuses an active service that no active member performs, but lets an inactive one wait', async () => {
    const zoe = (await call('POST', '/api/salons/SAL001/team', { name: 'Zoé' })).json().id as string
    expect((await call('PATCH', `/api/salons/SAL001/team/${zoe}`, { isActive: false })).statusCode).toBe(200)
    for (const memberIds of [[], [zoe]]) {
      const res = await create({ name: 'Extensions', duration: 120, priceAmount: 200, memberIds })
      expect(res.statusCode).toBe(422)
      expect(res.json().code).toBe('catalog.no_active_member')
      expect(res.json().message).toMatch(/active team member/)
    }
    const waiting = await create({
      name: 'Extensions',
      duration: 120,
      priceAmount: 200,
      memberIds: [],
      isActive: false,
    })
    expect(waiting.statusCode, waiting.body).toBe(201)
    const id = waiting.json().id as string
    expect(await performers(id)).toEqual([])
    // Reactivated with nobody to perform it: refused, and it stays inactive; with Hugo, it comes back.
    const refused = await edit(id, { isActive: true })
    expect(refused.json().code).toBe('catalog.no_active_member')
    expect((await edit(id, { isActive: true, memberIds: [zoe] })).json().code).toBe('catalog.no_active_member')
    const names = (await call('GET', '/api/salons/SAL001/services')).json() as { id: string; isActive: boolean }[]
    expect(names.find((s) => s.id === id)?.isActive).toBe(false)
    const back = await edit(id, { isActive: true, memberIds: [hugo, zoe] })
    expect(back.statusCode, back.body).toBe(200)
    expect(await performers(id)).toEqual(['Hugo', 'Zoé'])
    // A rename does not ask again who performs it.
    expect((await edit(id, { name: 'Extensions à chaud' })).statusCode).toBe(200)
  })
})
