import { ownerCookie } from '@tests/helpers/sign-in'
import { rowsOf } from '@tests/helpers/telegram'
import {
  askOnWhatsApp,
  connectWhatsApp,
  SALON_NUMBER,
  startWhatsAppApp,
  tapOnWhatsApp,
  type WhatsAppTestApp,
  wordsOf,
} from '@tests/helpers/whatsapp'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A customer writes to the salon's WhatsApp number, in each language, and books by tapping: the
 * assistant says it is automated, lists the times, proposes one with yes/no buttons, books it,
 * sends the calendar file as a document and asks once whether reminders are welcome there. The
 * booking is the customer's with the number they wrote from.
 */

let t: WhatsAppTestApp
let cookie: string
beforeAll(async () => {
  t = await startWhatsAppApp()
  cookie = await ownerCookie(t)
  await connectWhatsApp(t, { cookie })
})
afterAll(() => t.close())

const JOURNEYS = [
  {
    language: 'fr',
    ask: 'Bonjour, une coupe femme vendredi',
    yes: /Oui/,
    booked: /réservé/i,
    disclosure: /assistant automatique/,
  },
  {
    language: 'de',
    ask: 'Hallo, einen Damenhaarschnitt am Freitag',
    yes: /Ja/,
    booked: /gebucht/i,
    disclosure: /automatische Assistent/,
  },
  {
    language: 'it',
    ask: 'Ciao, un taglio donna venerdì',
    yes: /Sì/,
    booked: /prenotato/i,
    disclosure: /assistente automatico/,
  },
  {
    language: 'en',
    ask: "Hello, a women's haircut on Friday",
    yes: /Yes/,
    booked: /booked/i,
    disclosure: /automated assistant/,
  },
] as const

describe('booking on WhatsApp', () => {
  it.each(JOURNEYS)('a customer books by tapping in $language', async (journey) => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const [disclosure, offer] = await askOnWhatsApp(customer, journey.ask, 2)
    expect(wordsOf(disclosure)).toMatch(journey.disclosure)
    const times = offer?.list?.sections.flatMap((s) => s.rows) ?? offer?.buttons ?? []
    expect(times.length).toBeGreaterThan(1)
    for (const row of times) expect(Array.from(row.title).length).toBeLessThanOrEqual(24)

    const [proposal] = await tapOnWhatsApp(customer, (options) => options[1])
    expect(proposal?.type).toBe('interactive')
    expect(proposal?.buttons?.length).toBe(2)
    const sent = await tapOnWhatsApp(customer, (options) => options.find((o) => journey.yes.test(o.title)), 3)
    const [booked, file, question] = sent
    expect(wordsOf(booked)).toMatch(journey.booked)
    expect(wordsOf(booked)).toMatch(/\/r\/[\w-]+/)
    expect(file?.type).toBe('document')
    expect(file?.document?.filename).toMatch(/\.ics$/)
    expect(file?.document?.content.toString('utf8')).toContain('BEGIN:VCALENDAR')
    expect(question?.buttons?.length).toBe(2)

    const [thanks] = await tapOnWhatsApp(customer, (options) => options[0])
    expect(wordsOf(thanks)).toMatch(/24/)

    const rows = await rowsOf<{ channel: string; phone: string | null; identity: string; reminders: string }>(
      t,
      sql`select b.channel, c.phone, i.channel as identity, w.reminders from bookings b
        join customers c on c.id = b.customer_id
        join customer_identities i on i.customer_id = c.id and i.external_id = ${customer.waId}
        join whatsapp_contacts w on w.wa_id = ${customer.waId}`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      channel: 'whatsapp',
      phone: `+${customer.waId}`,
      identity: 'whatsapp',
      reminders: 'yes',
    })
    // Every message respected WhatsApp's limits, and "typing…" showed while the assistant thought.
    for (const message of customer.messages()) {
      for (const button of message.buttons ?? []) expect(Array.from(button.title).length).toBeLessThanOrEqual(20)
    }
    expect(t.fake.typing().length).toBeGreaterThan(0)
  })
})
