import type { ChatReply } from '@common/schemas/chat'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat, type TestChat } from '@tests/helpers/chat'
import { demoServices } from '@tests/helpers/demo'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The chat speaks of the salon's services in the customer's language (issue 39, point 7): their
 * names and what they are, as the owner wrote them in the translations editor — and the calendar
 * file of a booking says the same, with the salon's own name beside it.
 */
let t: TestApp
let cookie: string
let services: Awaited<ReturnType<typeof demoServices>>
beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  services = await demoServices(t.app, cookie)
})
afterAll(() => t.close())

const edit = (name: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/salons/SAL001/services/${services[name]?.id}`,
    payload,
    headers: { cookie },
  })

async function say(chat: TestChat, message: string): Promise<ChatReply> {
  const res = await postChat(t.app, chat, message)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<ChatReply>()
}

/** A property of the file's first event, unfolded and unescaped. */
function property(ics: string, name: string): string {
  const unfolded = ics.replace(/\r\n[ \t]/g, '')
  const value = new RegExp(`^${name}:(.*)$`, 'm').exec(unfolded)?.[1] ?? ''
  return value.replace(/\\n/g, '\n').replace(/\\([,;\\])/g, '$1')
}

describe('services in the customer’s language, in the chat', () => {
  it('says what a service is in the owner’s words of the customer’s language, and nothing in another', async () => {
    expect(
      (await edit('Balayage', { descriptionTranslations: { de: 'Sonnenküsse von Hand gemalt' } })).statusCode,
    ).toBe(200)
    const german = await say(newTestChat('de', 'Lena', 'describe-de'), 'Macht ihr Balayage?')
    expect(german.response).toContain('Sonnenküsse von Hand gemalt.')
    expect(german.response).toMatch(/120 Min/)

    // In the salon's own language, its own description.
    const french = await say(newTestChat('fr', 'Léo', 'describe-fr'), 'Vous faites le balayage ?')
    expect(french.response).toContain('Éclaircissement naturel à main levée.')

    // Without a description in English, none: never the salon's French in an English sentence.
    expect((await edit('Balayage', { descriptionTranslations: { en: null } })).statusCode).toBe(200)
    const english = await say(newTestChat('en', 'Sam', 'describe-en'), 'Do you do balayage?')
    expect(english.response).toMatch(/Yes, we do Balayage: 120 min, [^.]+\. Would you like to book\?/)
    expect(english.response).not.toContain('Éclaircissement')
  })

  it('names the service in the customer’s language in the calendar file, the salon’s name beside it, with its description', async () => {
    expect(
      (
        await edit('Coupe femme', {
          translations: { de: 'Damenschnitt' },
          descriptionTranslations: { de: 'Waschen, Schneiden, Föhnen' },
        })
      ).statusCode,
    ).toBe(200)
    const chat = newTestChat('de', 'Anna', 'ics-de')
    const proposal = await say(chat, 'Ich möchte einen Damenschnitt morgen um 15 Uhr')
    expect(proposal.response).toContain('Damenschnitt')
    const booked = await say(chat, 'ja')
    const ics = booked.icsData?.content ?? ''
    expect(property(ics, 'SUMMARY')).toBe('Damenschnitt (Coupe femme) — Salon Lumière')
    expect(property(ics, 'DESCRIPTION')).toMatch(
      /^Damenschnitt \(Coupe femme\) bei Salon Lumière für Anna\.\nWaschen, Schneiden, Föhnen\nGebucht mit Salonia\./,
    )
    expect(booked.response).toContain('Damenschnitt')
  })

  it('books a service the customer names by its name in their language', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/services',
      headers: { cookie },
      payload: {
        name: 'Soin éclat',
        description: 'Masque et massage du visage',
        duration: 30,
        priceAmount: 40,
        translations: { de: 'Glow-Behandlung' },
        descriptionTranslations: { de: 'Maske und Gesichtsmassage' },
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const chat = newTestChat('de', 'Jana', 'named-de')
    const proposal = await say(chat, 'Ich möchte eine Glow-Behandlung am Freitag um 11 Uhr')
    expect(proposal.response).toContain('Glow-Behandlung')
    const booked = await say(chat, 'ja')
    expect(property(booked.icsData?.content ?? '', 'SUMMARY')).toBe('Glow-Behandlung (Soin éclat) — Salon Lumière')
  })

  it('keeps the salon’s name alone where the customer reads the salon’s language', async () => {
    const chat = newTestChat('fr', 'Camille', 'ics-fr')
    await say(chat, 'Je voudrais une coupe femme demain à 16h')
    const booked = await say(chat, 'oui')
    const ics = booked.icsData?.content ?? ''
    expect(property(ics, 'SUMMARY')).toBe('Coupe femme — Salon Lumière')
    expect(property(ics, 'DESCRIPTION')).toContain('Shampooing, coupe et coiffage')
  })
})
