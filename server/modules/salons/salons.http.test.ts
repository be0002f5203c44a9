import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../tests/helpers/app'
import { adminCookie, ownerCookie } from '../../../tests/helpers/sign-in'

let t: TestApp
// A professional of SAL001, and an administrator (for the list of salons). The chat header and the
// lookup before sign-in are public: they are asked without a session.
let cookie: string
let admin: string
beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  admin = await adminCookie(t)
})
afterAll(() => t.close())

describe('salon details', () => {
  it('gives the chat header by public ID or by secure hash, and nothing private', async () => {
    const hash = (await t.app.inject({ url: '/api/salon-hash/SAL001', headers: { cookie } })).json().hash as string
    expect(hash).toMatch(/^[A-Za-z0-9_-]{24}$/)
    for (const key of ['SAL001', 'sal001', hash]) {
      const res = await t.app.inject({ url: `/api/salon/${key}` })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ salonId: 'SAL001', name: 'Salon Lumière', address: '12 rue des Lilas, 75011 Paris' })
    }
    expect((await t.app.inject({ url: '/api/salon/not-a-salon' })).statusCode).toBe(404)
  })

  it('looks a salon up by ID before sign-in with only what the connect screen needs', async () => {
    const res = await t.app.inject({ url: '/api/salons/by-id/SAL001' })
    expect(res.json()).toEqual({
      salonId: 'SAL001',
      name: 'Salon Lumière',
      isActive: true,
      isGoogleCalendarConnected: false,
    })
    expect((await t.app.inject({ url: '/api/salons/by-id/SAL404' })).json().code).toBe('salons.not_found')
  })

  it('never sends a token or the hash in the full salon view', async () => {
    const salon = (await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })).json()
    expect(salon).toMatchObject({ salonId: 'SAL001', country: 'FR', timeZone: 'Europe/Paris', currency: 'EUR' })
    expect(JSON.stringify(salon)).not.toMatch(/token|hash/i)
  })

  it('lists salons for administrators', async () => {
    const res = await t.app.inject({ url: '/api/salons', headers: { cookie: admin } })
    expect(res.json().map((s: { salonId: string }) => s.salonId)).toEqual(['SAL001'])
  })

  it('edits name, address and country; a new country brings its time zone and currency', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/salons/SAL001',
      headers: { cookie },
      payload: { name: '  Salon Lumière Genève ', address: 'Rue du Rhône 1, Genève', country: 'ch' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Salon Lumière Genève',
      country: 'CH',
      timeZone: 'Europe/Zurich',
      currency: 'CHF',
    })
    const back = await t.app.inject({
      method: 'PATCH',
      url: '/api/salons/SAL001',
      headers: { cookie },
      payload: { country: 'FR', name: 'Salon Lumière' },
    })
    expect(back.json()).toMatchObject({ timeZone: 'Europe/Paris', currency: 'EUR' })
  })

  it('stores a time zone under its canonical name', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/salons/SAL001',
      headers: { cookie },
      payload: { timeZone: 'europe/paris' },
    })
    expect(res.json().timeZone).toBe('Europe/Paris')
  })

  it.each([
    ['an empty name', { name: '   ' }, /name is required/],
    ['an empty address', { address: '' }, /address is required/],
    ['an unknown country', { country: 'ZZ' }, /country/],
    ['a one-letter country', { country: 'F' }, /country/],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, /time zone/],
    ['nothing to change', {}, /Nothing to update/],
    ['an unknown field', { hash: 'mine' }, /hash|Unrecognized/i],
    ['a wrong type', { name: 42 }, /name/],
  ])('refuses %s with a clear 400', async (_label, payload, message) => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload, headers: { cookie } })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(message)
  })
})
