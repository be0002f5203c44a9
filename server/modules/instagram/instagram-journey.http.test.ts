import type { FakeInstagramCustomer } from '@tests/fakes/instagram'
import {
  askOnInstagram,
  connectInstagram,
  type InstagramTestApp,
  instagramMessagesOf,
  SALON_ACCOUNT,
  startInstagramApp,
} from '@tests/helpers/instagram'
import { drainJobs } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A customer writes to the salon's Instagram account, in each language: listed at once, answered
 * once the owner whitelisted them — the assistant says it is automated, offers times, proposes
 * one, books it — and the salon's agenda shows the booking from Instagram in their profile's name.
 */

let t: InstagramTestApp
let cookie: string
beforeAll(async () => {
  t = await startInstagramApp()
  cookie = await ownerCookie(t)
  await connectInstagram(t, { cookie })
})
afterAll(() => t.close())

const JOURNEYS = [
  {
    language: 'fr',
    hello: 'Bonjour',
    ask: 'une coupe femme vendredi',
    yes: 'oui',
    booked: /réservé/i,
    link: /Votre rendez-vous/,
  },
  {
    language: 'de',
    hello: 'Hallo',
    ask: 'Damenhaarschnitt am Freitag',
    yes: 'ja',
    booked: /gebucht/i,
    link: /Ihr Termin/,
  },
  {
    language: 'it',
    hello: 'Ciao',
    ask: 'taglio donna venerdì',
    yes: 'sì',
    booked: /prenotato/i,
    link: /Il Suo appuntamento/,
  },
  {
    language: 'en',
    hello: 'Hello',
    ask: "women's haircut on Friday",
    yes: 'yes',
    booked: /booked/i,
    link: /Your appointment/,
  },
] as const

const DISCLOSURE = {
  fr: /assistant automatique de Salon/,
  de: /automatische Assistent von Salon/,
  it: /assistente automatico di Salon/,
  en: /automated assistant of Salon/,
} as const

describe('booking by Instagram DM', () => {
  it.each(JOURNEYS)('a whitelisted customer books in $language', async (journey) => {
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    // Not whitelisted yet: listed, counted, not answered.
    await customer.say(journey.hello)
    await drainJobs(t.database, ['instagram.chat', 'instagram.deliver'])
    expect(customer.messages()).toEqual([])
    const whitelist = await t.app.inject({
      method: 'POST',
      url: `/api/instagram/users/${customer.igsid}/whitelist`,
      headers: { cookie },
      payload: { whitelisted: true },
    })
    expect(whitelist.statusCode).toBe(200)
    expect(whitelist.json()).toMatchObject({
      userId: customer.igsid,
      messageCount: 1,
      whitelisted: true,
      status: 'active',
    })

    const [disclosure, offer] = await askOnInstagram(customer, journey.ask, 2)
    expect(disclosure).toMatch(DISCLOSURE[journey.language])
    const times = [...(offer ?? '').matchAll(/\b(\d{1,2})[:h.](\d{2})\b/g)].map((m) => `${m[1]}:${m[2]}`)
    expect(times.length).toBeGreaterThan(1)

    const [proposal] = await askOnInstagram(customer, times[1] as string)
    expect(proposal).toContain((times[1] as string).replace(/^0/, ''))
    const [booked] = await askOnInstagram(customer, journey.yes)
    expect(booked).toMatch(journey.booked)
    expect(booked).toMatch(journey.link)
    expect(booked).toMatch(/\/r\/[\w-]+/)
    for (const text of customer.messages()) expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(1000)

    const rows = await rowsOf<{ channel: string; name: string; identity: string }>(
      t,
      sql`select b.channel, c.name, i.channel as identity from bookings b
        join customers c on c.id = b.customer_id
        join customer_identities i on i.customer_id = c.id and i.external_id = ${customer.igsid}`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.channel).toBe('instagram')
    expect(rows[0]?.identity).toBe('instagram')
    expect(rows[0]?.name.length).toBeGreaterThan(2)
  })
})

describe('tapping instead of typing on Instagram', () => {
  it('offers the times and yes/no as quick replies; a tap reads as the words it carries, and books', async () => {
    const customer = await whitelistedCustomer('Bonjour')
    await askOnInstagram(customer, 'une coupe homme samedi', 2)
    const times = customer.quickReplies()
    expect(times.length).toBeGreaterThan(1)
    for (const button of times) {
      expect(button.title).toMatch(/^\d{1,2}:\d{2}$/)
      expect(button.payload).toBe(button.title)
    }
    // Sent under the last part only (the disclosure before it carries none).
    const sent = t.fake.sent.filter((s) => s.recipientId === customer.igsid)
    expect(sent.at(-2)?.quickReplies).toBeUndefined()
    expect(sent.at(-1)?.quickReplies).toEqual(times)

    const chosen = times[1] as { title: string }
    const [proposal] = await tapOnInstagram(customer, chosen.title)
    expect(proposal).toContain(chosen.title)
    expect(customer.quickReplies().map((q) => q.title)).toEqual(['oui', 'non'])
    const [booked] = await tapOnInstagram(customer, 'oui')
    expect(booked).toMatch(/réservé/i)
    // A booked reply asks nothing more: no buttons.
    expect(customer.quickReplies()).toEqual([])

    const [question] = await askOnInstagram(customer, 'je voudrais annuler mon rendez-vous')
    expect(question).toMatch(/annuler/)
    expect(customer.quickReplies().map((q) => q.title)).toEqual(['oui', 'non'])
    const [cancelled] = await tapOnInstagram(customer, 'oui')
    expect(cancelled).toMatch(/annulé/)
    const rows = await rowsOf<{ status: string }>(
      t,
      sql`select b.status from bookings b join customer_identities i
        on i.customer_id = b.customer_id and i.external_id = ${customer.igsid}`,
    )
    expect(rows.map((r) => r.status)).toEqual(['cancelled'])
  })

  it("offers the services to choose from in the customer's language", async () => {
    const customer = await whitelistedCustomer('Hello')
    await askOnInstagram(customer, "Hi, I'd like a haircut please", 2)
    const services = customer.quickReplies()
    expect(services.map((q) => q.payload)).toEqual(["Women's haircut", "Men's haircut"])
    const [offer] = await tapOnInstagram(customer, "Men's haircut")
    expect(offer).toMatch(/Men's haircut/)
    for (const button of customer.quickReplies()) expect(Array.from(button.title).length).toBeLessThanOrEqual(20)
  })
})

/** A customer who said hello and whom the owner whitelisted: the assistant answers them. */
async function whitelistedCustomer(hello: string): Promise<FakeInstagramCustomer> {
  const customer = t.fake.customer(SALON_ACCOUNT.userId)
  await customer.say(hello)
  await drainJobs(t.database, ['instagram.chat', 'instagram.deliver'])
  const whitelist = await t.app.inject({
    method: 'POST',
    url: `/api/instagram/users/${customer.igsid}/whitelist`,
    headers: { cookie },
    payload: { whitelisted: true },
  })
  expect(whitelist.statusCode).toBe(200)
  return customer
}

/** Taps a quick reply and waits for the assistant's answers. */
async function tapOnInstagram(customer: FakeInstagramCustomer, title: string, answers = 1): Promise<string[]> {
  const before = customer.messages().length
  const sent = await customer.tap(title)
  if (sent.status !== 200) throw new Error(`the webhook answered ${sent.status}`)
  return (await instagramMessagesOf(customer, before + answers)).slice(before)
}
