import { startTestApp, type TestApp } from '@tests/helpers/app'
import { adminCookie, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

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
      expect(res.json()).toEqual({
        salonId: 'SAL001',
        name: 'Salon Lumière',
        address: '12 rue des Lilas, 75011 Paris',
        telegramLink: null,
      })
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

describe('public phone and practical information', () => {
  const patch = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload, headers: { cookie } })

  it('shows the demo salon’s phone and practical information to its owner', async () => {
    const salon = (await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })).json()
    expect(salon.publicPhone).toBe('01 43 55 20 20')
    expect(salon.practicalInfo).toMatch(/^Paiement par carte bancaire ou en espèces\. Parking public à 50 m/)
  })

  it('saves a phone as written and a text over several lines, and an empty value clears either', async () => {
    const saved = await patch({
      publicPhone: ' +41 (0)22 310 20 20 ',
      practicalInfo: 'Twint ou espèces.\r\nParking derrière le salon.\n\nAccès par la cour.',
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({
      publicPhone: '+41 (0)22 310 20 20',
      practicalInfo: 'Twint ou espèces.\nParking derrière le salon.\n\nAccès par la cour.',
    })
    const again = (await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })).json()
    expect(again.practicalInfo).toBe('Twint ou espèces.\nParking derrière le salon.\n\nAccès par la cour.')

    const cleared = await patch({ publicPhone: '', practicalInfo: '   ' })
    expect(cleared.json()).toMatchObject({ publicPhone: null, practicalInfo: null })
    expect((await patch({ publicPhone: null, practicalInfo: null })).statusCode).toBe(200)

    await patch({
      publicPhone: '01 43 55 20 20',
      practicalInfo:
        'Paiement par carte bancaire ou en espèces. Parking public à 50 m, rue des Lilas. Salon de plain-pied, accessible en fauteuil roulant.',
    })
  })

  it.each(['01 43 55 20 20', '06.12.34.56.78', '030/1234567', '+39 02-1234-5678', '(0)1 43 55 20 20', '123456'])(
    'takes %s as a phone number',
    async (phone) => {
      const res = await patch({ publicPhone: phone })
      expect(res.statusCode).toBe(200)
      expect(res.json().publicPhone).toBe(phone)
    },
  )

  it.each([
    ['letters', 'Appelez-nous', /digits, spaces and \+ \. - \/ \( \) only/],
    ['an extension written in words', '01 43 55 20 20 poste 3', /digits, spaces/],
    ['too few digits', '12 34', /6 to 15 digits/],
    ['too many digits', '+33 1 43 55 20 20 12 34 56 7', /6 to 15 digits/],
    ['a plus inside the number', '01 43 +55 20 20', /may only open the number/],
    ['more than 30 characters', '0 1 4 3 5 5 2 0 2 0 . . . . . . .', /at most 30 characters/],
    ['a NUL byte', '01 43 55\u0000 20 20', /character that is not allowed/],
    ['a number', 143552020, /publicPhone/],
  ])('refuses a phone with %s, naming the field', async (_label, publicPhone, message) => {
    const res = await patch({ publicPhone })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('request.invalid')
    expect(res.json().issues[0].path).toBe('body.publicPhone')
    expect(res.json().message).toMatch(message)
  })

  it.each([
    ['more than 600 characters', 'x'.repeat(601), /at most 600 characters/],
    ['a control character', 'Parking\u0007 rue des Lilas', /control character/],
    ['a lone surrogate', 'Parking \ud800', /character that is not allowed/],
  ])('refuses practical information with %s', async (_label, practicalInfo, message) => {
    const res = await patch({ practicalInfo })
    expect(res.statusCode).toBe(400)
    expect(res.json().issues[0].path).toBe('body.practicalInfo')
    expect(res.json().message).toMatch(message)
  })

  it('takes 600 characters of practical information, accents and emoji included', async () => {
    const text = `${'é'.repeat(590)} 🅿️ ok`.slice(0, 600)
    const res = await patch({ practicalInfo: text })
    expect(res.statusCode).toBe(200)
    expect(res.json().practicalInfo).toBe(text.trim())
    await patch({ practicalInfo: 'Paiement par carte bancaire ou en espèces.' })
  })

  it('lets an administrator see and edit them, and give them to a new salon', async () => {
    await patch({ publicPhone: '01 43 55 20 20' })
    const viewed = (await t.app.inject({ url: '/api/admin/salons/SAL001', headers: { cookie: admin } })).json()
    expect(viewed.salon.publicPhone).toBe('01 43 55 20 20')
    const edited = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/salons/SAL001',
      headers: { cookie: admin },
      payload: { publicPhone: '01 43 55 20 21', practicalInfo: 'Carte uniquement.' },
    })
    expect(edited.json()).toMatchObject({ publicPhone: '01 43 55 20 21', practicalInfo: 'Carte uniquement.' })
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/salons/SAL001',
      headers: { cookie: admin },
      payload: { publicPhone: 'ABC' },
    })
    expect(refused.statusCode).toBe(400)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/salons',
      headers: { cookie: admin },
      payload: {
        name: 'Salone Aurora',
        address: 'Via Roma 1, Milano',
        country: 'IT',
        contactEmail: 'aurora@example.com',
        publicPhone: '+39 02 1234 5678',
      },
    })
    expect(created.json()).toMatchObject({ publicPhone: '+39 02 1234 5678', practicalInfo: null })
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/salons/SAL001',
      headers: { cookie: admin },
      payload: { publicPhone: '01 43 55 20 20' },
    })
  })
})
