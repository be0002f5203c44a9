import { createSalon } from '@server/modules/salons/salons.usecases'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The services editor's calls, as the dashboard makes them: amounts of the salon's currency in, never cents. */
let t: TestApp
let cookie: string
let otherCookie: string
let otherSalonId: string
beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  const other = await createSalon(t.database.db, {
    name: 'Autre salon',
    contactEmail: 'autre@example.com',
    authorizedGoogleEmail: 'autre@example.com',
    address: '3 rue C',
    country: 'FR',
  })
  otherSalonId = other.publicId
  otherCookie = await ownerCookie(t, other.publicId)
})
afterAll(() => t.close())

type Listed = {
  id: string
  name: string
  description: string
  duration: number
  price: number
  priceAmount: string
  isActive: boolean
  position: number
  nameLanguage: string
  translations: Record<string, string>
  ownerTranslations: Record<string, string>
  suggestedTranslations: Record<string, string>
}
const list = async (salonId = 'SAL001', session = cookie) =>
  (await t.app.inject({ url: `/api/salons/${salonId}/services`, headers: { cookie: session } })).json() as Listed[]
const create = (payload: unknown, session = cookie, salonId = 'SAL001') =>
  t.app.inject({
    method: 'POST',
    url: `/api/salons/${salonId}/services`,
    payload: payload as object,
    headers: { cookie: session },
  })
const edit = (id: string, payload: unknown, session = cookie, salonId = 'SAL001') =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/salons/${salonId}/services/${id}`,
    payload: payload as object,
    headers: { cookie: session },
  })
const reorder = (serviceIds: string[]) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/salons/SAL001/services/order',
    payload: { serviceIds },
    headers: { cookie },
  })
const availability = (serviceId: string) =>
  t.app.inject({ url: `/api/salons/SAL001/availability?serviceId=${serviceId}&from=2026-12-02&to=2026-12-03` })

describe('adding a service', () => {
  it('takes the price in euros, puts the service last, and offers it for booking at once', async () => {
    const before = await list()
    const res = await create({
      name: 'Soin kératine',
      description: 'Lissage brésilien',
      duration: 75,
      priceAmount: '89,90',
    })
    expect(res.statusCode, res.body).toBe(201)
    const added = res.json() as Listed
    expect(added).toMatchObject({
      name: 'Soin kératine',
      duration: 75,
      price: 8990,
      priceAmount: '89.90',
      isActive: true,
      position: Math.max(...before.map((s) => s.position)) + 1,
      translations: {},
    })
    expect((await list()).at(-1)?.id).toBe(added.id)
    const slots = await availability(added.id)
    expect(slots.statusCode).toBe(200)
    expect(slots.json().durationMinutes).toBe(75)
    expect(slots.json().slots.length).toBeGreaterThan(0)
  })

  it('names a service the glossary knows in the other languages, and suggests those names', async () => {
    const res = await create({ name: 'Coupe enfant', duration: 20, priceAmount: 15 })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      price: 1500,
      nameLanguage: 'fr',
      translations: { de: 'Kinderhaarschnitt', it: 'Taglio bambino', en: "Children's haircut" },
      suggestedTranslations: { de: 'Kinderhaarschnitt', it: 'Taglio bambino', en: "Children's haircut" },
      ownerTranslations: {},
    })
  })

  it.each([
    ['three decimals', { priceAmount: '35,505' }, 422, 'catalog.price_too_many_decimals'],
    ['a negative price', { priceAmount: '-5' }, 422, 'catalog.price_negative'],
    ['a price in words', { priceAmount: 'trente' }, 422, 'catalog.price_invalid'],
    ['an empty price', { priceAmount: '' }, 422, 'catalog.price_empty'],
    ['a name taken (another case)', { name: 'coupe FEMME' }, 409, 'catalog.duplicate_name'],
    ['an empty name', { name: '   ' }, 400, 'request.invalid'],
    ['a NUL byte', { name: 'Soin\u0000' }, 400, 'request.invalid'],
    ['a lone surrogate', { description: 'x\ud800' }, 400, 'request.invalid'],
    ['a duration of 3 minutes', { duration: 3 }, 400, 'request.invalid'],
    ['a duration of 12.5 minutes', { duration: 12.5 }, 400, 'request.invalid'],
    ['cents in an unknown field', { price: 3500 }, 400, 'request.invalid'],
  ])('refuses %s with a readable message, adding nothing', async (_label, change, status, code) => {
    const before = await list()
    const res = await create({ name: 'Nouveau soin', duration: 30, priceAmount: '35', ...change })
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().code).toBe(code)
    expect(res.json().message).toMatch(/\w/)
    expect(await list()).toEqual(before)
  })

  it('tells which field a refused price is, for the form', async () => {
    const res = await create({ name: 'Nouveau soin', duration: 30, priceAmount: '1,999' })
    expect(res.json()).toMatchObject({ field: 'priceAmount', issues: [{ path: 'priceAmount' }] })
  })
})

describe('editing a service', () => {
  it('changes the fields given and leaves the others', async () => {
    const coupe = (await list()).find((s) => s.name === 'Coupe homme') as Listed
    const res = await edit(coupe.id, { priceAmount: '27.50', description: 'Ciseaux et tondeuse' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      name: 'Coupe homme',
      duration: 30,
      price: 2750,
      description: 'Ciseaux et tondeuse',
    })
  })

  it('deactivates a service: still listed, no longer offered; reactivated, offered again', async () => {
    const barbe = (await list()).find((s) => s.name === 'Taille de barbe') as Listed
    expect((await edit(barbe.id, { isActive: false })).json().isActive).toBe(false)
    expect((await list()).find((s) => s.id === barbe.id)?.isActive).toBe(false)
    const refused = await availability(barbe.id)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('catalog.service_inactive')
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      headers: { cookie },
      payload: { serviceId: barbe.id, startsAt: '2026-12-02T11:00', customer: { name: 'Hugo' } },
    })
    expect(booking.statusCode).toBe(422)
    expect((await edit(barbe.id, { isActive: true })).json().isActive).toBe(true)
    expect((await availability(barbe.id)).statusCode).toBe(200)
  })

  it("keeps the owner's names in other languages, and gives the glossary's back when one is cleared", async () => {
    const brushing = (await list()).find((s) => s.name === 'Brushing') as Listed
    const set = await edit(brushing.id, { translations: { de: 'Föhnfrisur', en: 'Blow-dry & style' } })
    expect(set.json()).toMatchObject({
      translations: { de: 'Föhnfrisur', it: 'Piega', en: 'Blow-dry & style' },
      ownerTranslations: { de: 'Föhnfrisur', en: 'Blow-dry & style' },
      suggestedTranslations: { de: 'Föhnen', it: 'Piega', en: 'Blow-dry' },
    })
    const cleared = await edit(brushing.id, { translations: { de: null, en: '' } })
    expect(cleared.json()).toMatchObject({
      translations: { de: 'Föhnen', it: 'Piega', en: 'Blow-dry' },
      ownerTranslations: {},
    })
    // A name in the service's own language is no translation: left out.
    expect(
      (await edit(brushing.id, { translations: { fr: 'Brushing bouclé' } })).json().translations,
    ).not.toHaveProperty('fr')
  })

  it('refuses a name another service has, an empty change, and an unknown or foreign service', async () => {
    const [first, second] = await list()
    const clash = await edit((second as Listed).id, { name: (first as Listed).name.toUpperCase() })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().code).toBe('catalog.duplicate_name')
    expect((await edit((first as Listed).id, {})).statusCode).toBe(400)
    expect((await edit('00000000-0000-4000-8000-000000000000', { isActive: false })).statusCode).toBe(404)
    expect((await edit('not-an-id', { isActive: false })).statusCode).toBe(400)
    // The other salon's owner, with SAL001's service under their own salon: not theirs, 404.
    const foreign = await edit((first as Listed).id, { isActive: false }, otherCookie, otherSalonId)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().code).toBe('catalog.service_not_found')
    // And under SAL001: not their salon, 403.
    expect((await edit((first as Listed).id, { isActive: false }, otherCookie)).statusCode).toBe(403)
    expect((await list()).find((s) => s.id === (first as Listed).id)?.isActive).toBe(true)
  })
})

describe('reordering services', () => {
  it('moves a service up, as the arrows do, and keeps the order', async () => {
    const ids = (await list()).map((s) => s.id)
    const moved = [ids[1], ids[0], ...ids.slice(2)] as string[]
    const res = await reorder(moved)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().map((s: Listed) => s.id)).toEqual(moved)
    expect((await list()).map((s) => s.position)).toEqual(moved.map((_, i) => i + 1))
  })

  it('refuses a stale list (a service missing, repeated or unknown) with 409 and changes nothing', async () => {
    const ids = (await list()).map((s) => s.id)
    for (const stale of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), '00000000-0000-4000-8000-000000000000']]) {
      const res = await reorder(stale as string[])
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('catalog.order_stale')
    }
    expect((await list()).map((s) => s.id)).toEqual(ids)
  })
})
