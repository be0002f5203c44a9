import type { ChatReply } from '@common/schemas/chat'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The salon's practical information in the customer's language: the owner's translation when
 * there is one, else the salon's own words, said to be so.
 */
let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
})
afterAll(() => t.close())

const patch = (payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload, headers: { cookie } })

async function ask(language: 'fr' | 'de' | 'it' | 'en', message: string): Promise<string> {
  const res = await postChat(t.app, newTestChat(language, 'Kim', `practical-${language}`), message)
  expect(res.statusCode).toBe(200)
  return res.json<ChatReply>().response
}

describe('practical information in the customer’s language', () => {
  it('keeps the owner’s translations: those sent replace, an empty one clears, the others stay', async () => {
    const before = (await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })).json()
    expect(Object.keys(before.practicalInfoTranslations).sort()).toEqual(['de', 'en', 'it'])

    const saved = await patch({ practicalInfoTranslations: { en: ' Card or cash.\r\nParking 50 m away. ', it: '' } })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().practicalInfoTranslations).toEqual({
      de: before.practicalInfoTranslations.de,
      en: 'Card or cash.\nParking 50 m away.',
    })
    const again = (await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })).json()
    expect(again.practicalInfoTranslations).toEqual(saved.json().practicalInfoTranslations)
  })

  it('refuses a language it does not know, or a translation too long, with a clear 400', async () => {
    const unknown = await patch({ practicalInfoTranslations: { es: 'Tarjeta o efectivo.' } })
    expect(unknown.statusCode).toBe(400)
    const long = await patch({ practicalInfoTranslations: { de: 'x'.repeat(601) } })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toMatch(/at most 600/)
  })

  it('quotes the translation to a customer of that language, and the salon’s own words, said to be so, otherwise', async () => {
    expect(await ask('en', 'is there parking nearby?')).toContain('“Card or cash.\nParking 50 m away.”')
    expect(await ask('de', 'Gibt es Parkplätze in der Nähe?')).toMatch(
      /Praktische Hinweise von Salon Lumière: „Zahlung/,
    )
    const italian = await ask('it', 'si può pagare con la carta?')
    expect(italian).toMatch(/con le parole del salone: «Paiement par carte/)
    const french = await ask('fr', 'vous prenez la carte ?')
    expect(french).toMatch(/Infos pratiques de Salon Lumière\s: «\sPaiement/)
    expect(french).not.toMatch(/mots du salon/)
  })
})
