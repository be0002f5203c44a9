import { openTestDatabase } from '@tests/helpers/database'
import { drainJobs } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { rowsOf } from '@tests/helpers/telegram'
import {
  askOnWhatsApp,
  bookOnWhatsApp,
  connectWhatsApp,
  SALON_NUMBER,
  startWhatsAppApp,
  startWhatsAppFake,
  tapOnWhatsApp,
  type WhatsAppTestApp,
  wordsOf,
} from '@tests/helpers/whatsapp'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * What the salon and WhatsApp do around the assistant: the salon answering by hand pauses it, the
 * salon's own changes reach the customer's chat and count as told once delivered, a revoked token
 * turns the card to "reconnect" without a job spinning, erasure forgets the messages, and a photo
 * gets the words "I read text".
 */
let t: WhatsAppTestApp
let cookie: string
beforeAll(async () => {
  t = await startWhatsAppApp()
  cookie = await ownerCookie(t)
  await connectWhatsApp(t, { cookie })
})
afterAll(() => t.close())

const CHAT = ['whatsapp.chat', 'whatsapp.deliver']

describe('the salon and WhatsApp around the assistant', () => {
  it("steps back when the salon answers by hand, for the salon's pause", async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    await askOnWhatsApp(customer, 'Bonjour, vous êtes ouverts samedi ?', 2)
    await customer.ownerReplies('Oui, de 9h à 18h ! Je vous réserve quelque chose ?')
    await drainJobs(t.database, CHAT)
    const before = customer.messages().length
    await customer.say('Oui, une coupe homme samedi')
    await drainJobs(t.database, CHAT)
    expect(customer.messages()).toHaveLength(before)
    const [salon] = await rowsOf<{ minutes: number }>(
      t,
      sql`select instagram_pause_minutes as minutes from salons where public_id = 'SAL001'`,
    )
    t.clock.advance(((salon?.minutes ?? 30) + 1) * 60_000)
    const [disclosure] = await askOnWhatsApp(customer, 'Une coupe homme samedi ?', 2)
    expect(wordsOf(disclosure)).toMatch(/assistant automatique/)
  })

  it('tells the customer of a change the salon made, and counts it told once WhatsApp delivered it', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'yes')
    const before = customer.messages().length
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      headers: { cookie },
      payload: {},
    })
    expect(cancelled.statusCode).toBe(200)
    await drainJobs(t.database, ['bookings.tell-customer', ...CHAT])
    const [notice] = customer.messages().slice(before)
    expect(notice?.type).toBe('text')
    expect(notice?.text).toMatch(/a annulé votre rendez-vous/)
    const toldBy = async () =>
      (
        await rowsOf<{ told_by: string[] }>(
          t,
          sql`select told_by from booking_events where booking_id = ${bookingId} and kind = 'cancelled'`,
        )
      )[0]?.told_by
    expect(await toldBy()).not.toContain('whatsapp')
    await t.fake.flushStatuses()
    expect(await toldBy()).toContain('whatsapp')
  })

  it('answers a photo with the words "I read text"', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    await customer.sendImage()
    await drainJobs(t.database, CHAT)
    expect(customer.messages().map(wordsOf).join('\n')).toMatch(/ne lis que les messages écrits/)
  })

  it("forgets a customer's WhatsApp messages when the salon erases them", async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'yes')
    const [who] = await rowsOf<{ id: string }>(t, sql`select customer_id as id from bookings where id = ${bookingId}`)
    const count = async () =>
      (
        await rowsOf<{ n: number }>(
          t,
          sql`select (select count(*) from whatsapp_inbox where wa_id = ${customer.waId})
            + (select count(*) from whatsapp_sent where wa_id = ${customer.waId})
            + (select count(*) from whatsapp_contacts where wa_id = ${customer.waId}) as n`,
        )
      )[0]?.n
    expect(Number(await count())).toBeGreaterThan(0)
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      headers: { cookie },
      payload: {},
    })
    expect(cancelled.statusCode).toBe(200)
    await drainJobs(t.database, ['bookings.tell-customer', ...CHAT])
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/salons/SAL001/customers/${who?.id}/erase`,
      headers: { cookie },
    })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(Number(await count())).toBe(0)
  })

  it('turns the card to "reconnect" when Meta refuses the token, and no job spins', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    t.fake.revokeTokens(SALON_NUMBER.wabaId)
    await customer.say('Bonjour, une coupe femme jeudi')
    await drainJobs(t.database, CHAT)
    expect(customer.messages()).toEqual([])
    const card = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/whatsapp', headers: { cookie } })
    expect(card.json().state).toBe('reconnect')
    // Later messages are not even tried: nothing to retry, nothing queued.
    const calls = t.fake.requests().length
    await customer.say('Allô ?')
    await drainJobs(t.database, CHAT)
    expect(t.fake.requests().length).toBe(calls)
    const [queued] = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from whatsapp_outbox where status = 'queued'`,
    )
    expect(queued?.n).toBe(0)
  })
})

describe('moving and cancelling on WhatsApp', () => {
  const WORDS = [
    {
      language: 'fr',
      book: 'Bonjour, une coupe femme vendredi',
      move: 'Je voudrais déplacer mon rendez-vous à samedi',
      cancel: 'Je voudrais annuler mon rendez-vous',
      yes: /^Oui/,
    },
    {
      language: 'de',
      book: 'Hallo, einen Damenhaarschnitt am Freitag',
      move: 'Ich möchte meinen Termin auf Samstag verschieben',
      cancel: 'Ich möchte meinen Termin absagen',
      yes: /^Ja/,
    },
    {
      language: 'it',
      book: 'Ciao, un taglio donna venerdì',
      move: 'Vorrei spostare il mio appuntamento a sabato',
      cancel: 'Vorrei annullare il mio appuntamento',
      yes: /^Sì/,
    },
    {
      language: 'en',
      book: "Hello, a women's haircut on Friday",
      move: "I'd like to move my appointment to Saturday",
      cancel: "I'd like to cancel my appointment",
      yes: /^Yes/,
    },
  ] as const
  it.each(WORDS)('a customer moves then cancels by tapping in $language', async (words) => {
    // A fresh connection: an earlier test revoked the token.
    await connectWhatsApp(t, { cookie })
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const booking = async () =>
      (
        await rowsOf<{ day: string; status: string }>(
          t,
          sql`select to_char(b.starts_at at time zone 'Europe/Paris', 'Dy') as day, b.status from bookings b
            join customer_identities i on i.customer_id = b.customer_id
            where i.channel = 'whatsapp' and i.external_id = ${customer.waId}`,
        )
      )[0]
    await askOnWhatsApp(customer, words.book, 2)
    await tapOnWhatsApp(customer, (options) => options[0])
    await tapOnWhatsApp(customer, (options) => options.find((o) => words.yes.test(o.title)), 3)
    await tapOnWhatsApp(customer, (options) => options[0])
    expect(await booking()).toEqual({ day: 'Fri', status: 'confirmed' })

    const [proposal] = await askOnWhatsApp(customer, words.move)
    expect(proposal?.buttons?.length).toBe(2)
    await tapOnWhatsApp(customer, (options) => options.find((o) => words.yes.test(o.title)))
    await drainJobs(t.database, CHAT)
    expect(await booking()).toEqual({ day: 'Sat', status: 'confirmed' })

    const [confirm] = await askOnWhatsApp(customer, words.cancel)
    expect(confirm?.buttons?.length).toBe(2)
    await tapOnWhatsApp(customer, (options) => options[0])
    await drainJobs(t.database, CHAT)
    expect((await booking())?.status).toBe('cancelled')
  })
})

describe('a restart in the middle of a conversation', () => {
  it('books on the "yes" tapped after the server restarted', async () => {
    const database = await openTestDatabase('pglite')
    const fake = await startWhatsAppFake()
    try {
      const first = await startWhatsAppApp({ database, fake })
      await connectWhatsApp(first)
      const customer = fake.customer(SALON_NUMBER.phoneNumberId)
      await askOnWhatsApp(customer, 'Bonjour, une coupe femme vendredi', 2)
      const [proposal] = await tapOnWhatsApp(customer, (options) => options[1])
      expect(proposal?.buttons?.map((b) => b.title)).toContain('Oui, je réserve')
      // The proposal is out and recorded as such: the server stops between it and the customer's yes.
      await drainJobs(first.database, CHAT)
      await first.close()

      const second = await startWhatsAppApp({ database, fake })
      try {
        const [booked] = await tapOnWhatsApp(customer, (options) => options.find((o) => /^Oui/.test(o.title)), 3)
        expect(wordsOf(booked)).toMatch(/réservé/)
        expect(customer.messages().filter((m) => m.type === 'document')).toHaveLength(1)
      } finally {
        await second.close()
      }
    } finally {
      await fake.close()
      await database.close()
    }
  })
})
