import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { adminCookie, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The administration panel's figures are computed from what happened, and its buttons act. */

let t: TestApp
let admin: string

beforeAll(async () => {
  t = await startTestApp()
  admin = await adminCookie(t)
})
afterAll(() => t.close())

const overview = async () => (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: admin } })).json()

describe('admin overview', () => {
  it('starts from what the database holds: one active salon, nothing booked, no conversation', async () => {
    expect(await overview()).toEqual({
      activeSalons: 1,
      bookingsToday: 0,
      successRate: null,
      botUsers: 0,
      conversationsLast30Days: 0,
    })
  })

  it('counts chats, the customers behind them, and the share that booked', async () => {
    const booker = newTestChat('fr', 'Léa')
    await postChat(t.app, booker, "Je voudrais une coupe femme aujourd'hui à 15h")
    expect((await postChat(t.app, booker, 'oui')).json().icsData).toBeDefined()
    await postChat(t.app, newTestChat('fr', 'Hugo'), 'Quels sont vos horaires ?')

    expect(await overview()).toEqual({
      activeSalons: 1,
      bookingsToday: 1,
      successRate: 50,
      botUsers: 2,
      conversationsLast30Days: 2,
    })
  })
})

describe('admin salons', () => {
  it('creates a salon with the default week and no services, and counts it active', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/salons',
      headers: { cookie: admin },
      payload: { name: 'Salon Neuf', address: '1 rue Neuve, Lyon', country: 'FR', contactEmail: 'neuf@example.com' },
    })
    expect(res.statusCode).toBe(201)
    const salon = res.json()
    expect(salon.salonId).toMatch(/^SAL\d{3}$/)
    expect(salon.createdAt).toBe(t.clock.now().toISOString())
    expect(salon.workingHours['0']).toMatchObject({ isOpen: true, openTime: '09:00', closeTime: '18:00' })
    expect((await overview()).activeSalons).toBe(2)

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/admin/salons',
      headers: { cookie: admin },
      payload: {},
    })
    expect(invalid.statusCode).toBe(400)
  })

  it("ends the owner's sessions when the salon is deactivated or its account changes, not on an edit that keeps them", async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/salons/SAL001', headers: { cookie: admin }, payload })
    const owner = await ownerCookie(t)
    const signedIn = async () =>
      (await t.app.inject({ url: '/api/session', headers: { cookie: owner } })).json().isAuthenticated

    expect(
      (await patch({ name: 'Salon Lumière', authorizedGoogleEmail: 'salon.lumiere.demo@gmail.com' })).statusCode,
    ).toBe(200)
    expect(await signedIn()).toBe(true)

    const moved = await patch({ country: 'CH' })
    expect(moved.json()).toMatchObject({ country: 'CH', timeZone: 'Europe/Zurich', currency: 'CHF' })
    expect(await signedIn()).toBe(true)

    expect((await patch({ isActive: false })).json().isActive).toBe(false)
    expect(await signedIn()).toBe(false)
    await patch({ isActive: true, country: 'FR' })
  })

  it('shows a salon with its services and booking figures', async () => {
    const res = (await t.app.inject({ url: '/api/admin/salons/SAL001', headers: { cookie: admin } })).json()
    expect(res.salon.salonId).toBe('SAL001')
    expect(res.services).toHaveLength(7)
    expect(res.stats).toEqual({ totalBookings: 1, upcomingBookings: 1, bookingsToday: 1 })
  })
})
