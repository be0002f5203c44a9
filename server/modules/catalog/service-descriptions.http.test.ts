import { UNSTORABLE_TEXT_MESSAGE } from '@common/schemas/primitives'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { adminCookie, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A service's description in the customer's languages (issue 39, point 7): the owner writes it
 * for each language beside the salon's own; nothing suggests one (no glossary of descriptions), and
 * what the owner wrote stays until they change or clear it.
 */
let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
})
afterAll(() => t.close())

type Listed = {
  id: string
  name: string
  description: string
  descriptionTranslations: Record<string, string>
  translations: Record<string, string>
  ownerTranslations: Record<string, string>
}
const list = async () =>
  (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json() as Listed[]
const byName = async (name: string) => (await list()).find((s) => s.name === name) as Listed
const edit = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/salons/SAL001/services/${id}`, payload, headers: { cookie } })

describe('descriptions in other languages', () => {
  it('keeps what the owner writes for each language, replaces it, and removes one cleared', async () => {
    const coupe = await byName('Coupe homme')
    const saved = await edit(coupe.id, {
      descriptionTranslations: { de: '  Schnitt mit der Schere\r\noder der Maschine ', en: 'Scissors or clippers' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().descriptionTranslations).toMatchObject({
      de: 'Schnitt mit der Schere\r\noder der Maschine',
      en: 'Scissors or clippers',
    })
    // Listed so, beside the salon's own description, which does not change.
    const listed = await byName('Coupe homme')
    expect(listed.description).toBe(coupe.description)
    expect(listed.descriptionTranslations).toEqual(saved.json().descriptionTranslations)

    const changed = await edit(coupe.id, {
      descriptionTranslations: { en: 'Scissor or clipper cut', it: null, de: '' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().descriptionTranslations).toEqual({ en: 'Scissor or clipper cut' })
  })

  it('saves a new service with its descriptions, and leaves the names to the glossary', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/services',
      headers: { cookie },
      payload: {
        name: 'Coupe enfant',
        description: 'Pour les moins de 12 ans',
        duration: 20,
        priceAmount: 15,
        descriptionTranslations: { de: 'Für Kinder unter 12 Jahren', it: 'Per i minori di 12 anni' },
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      descriptionTranslations: { de: 'Für Kinder unter 12 Jahren', it: 'Per i minori di 12 anni' },
      translations: { de: 'Kinderhaarschnitt', it: 'Taglio bambino', en: "Children's haircut" },
      ownerTranslations: {},
    })
  })

  it('leaves out a description in the salon’s own language: that is the description itself', async () => {
    const brushing = await byName('Brushing')
    const res = await edit(brushing.id, { descriptionTranslations: { fr: 'Autre texte', en: 'Blow-dry styling' } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().description).toBe(brushing.description)
    expect(res.json().descriptionTranslations).not.toHaveProperty('fr')
    expect(res.json().descriptionTranslations.en).toBe('Blow-dry styling')
  })

  it('keeps both of two languages saved at once from two screens', async () => {
    const coloration = await byName('Coloration')
    const [german, italian] = await Promise.all([
      edit(coloration.id, { descriptionTranslations: { de: 'Ansatz und Längen' } }),
      edit(coloration.id, { descriptionTranslations: { it: 'Radici e lunghezze' } }),
    ])
    expect([german.statusCode, italian.statusCode]).toEqual([200, 200])
    expect((await byName('Coloration')).descriptionTranslations).toMatchObject({
      de: 'Ansatz und Längen',
      it: 'Radici e lunghezze',
    })
  })

  it.each([
    ['too long', { de: 'x'.repeat(501) }, /longer than 500 characters/],
    ['with a NUL byte', { de: 'Farbe\u0000' }, UNSTORABLE_TEXT_MESSAGE],
    ['with a lone surrogate', { en: 'Colour \ud800' }, UNSTORABLE_TEXT_MESSAGE],
    ['in a language the product does not speak', { es: 'Color' }, /Unrecognized key: "es"/],
    ['that is not text', { de: 42 }, /expected string/],
  ])('refuses a description %s with a 400 that says why, and saves nothing', async (_label, given, message) => {
    const balayage = await byName('Balayage')
    const res = await edit(balayage.id, { descriptionTranslations: given })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().code).toBe('request.invalid')
    // The message names the field and the reason, for the form and for whoever calls the API.
    const said: string = res.json().message
    expect(said).toContain('descriptionTranslations')
    if (typeof message === 'string') expect(said).toContain(message)
    else expect(said).toMatch(message)
    expect(res.json().issues[0].path).toMatch(/^body\.descriptionTranslations/)
    expect((await byName('Balayage')).descriptionTranslations).toEqual(balayage.descriptionTranslations)
  })

  it('shows the descriptions to administrators too', async () => {
    const admin = await adminCookie(t)
    const all = (await t.app.inject({ url: '/api/services', headers: { cookie: admin } })).json() as Listed[]
    expect(all.find((s) => s.name === 'Coupe homme')?.descriptionTranslations).toEqual({ en: 'Scissor or clipper cut' })
  })
})
