import type { Language } from '@common/languages'
import { drainJobs } from '@tests/helpers/jobs'
import {
  connectStripe,
  latestBookingId,
  newTestChat,
  ofBooking,
  openPaymentPage,
  PAYMENT_QUEUES,
  payLinkIn,
  paymentOf,
  releaseDue,
  type StripeTestApp,
  say,
  setPolicy,
  settle,
  startStripeApp,
} from '@tests/helpers/stripe'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A customer books a balayage in the web chat of a salon that asks a 30 € deposit (refunded up to
 * 48 hours before): told before saying yes, held while paying from the link, confirmed once Stripe
 * says so — or released after 15 minutes unpaid; refunded when cancelled in time, kept when late.
 * Each journey in the four languages, on one app (each customer books a day of their own).
 */

let t: StripeTestApp
beforeAll(async () => {
  t = await startStripeApp()
  await connectStripe(t)
  await setPolicy(t, 'Balayage', {
    kind: 'deposit',
    deposit: { type: 'fixed', amountMinor: 3000 },
    freeCancelHours: 48,
  })
})
afterAll(() => t.close())

const WORDS: Record<
  Language,
  {
    book: (day: string) => string
    yes: string
    cancel: string
    deposit: RegExp
    held: RegExp
    paid: RegExp
    released: RegExp
    refunded: RegExp
    kept: RegExp
  }
> = {
  fr: {
    book: (day) => `Bonjour, je voudrais un balayage ${day} à 10h`,
    yes: 'oui',
    cancel: "J'aimerais annuler mon rendez-vous",
    deposit: /acompte de 30\s€.*remboursé si vous annulez jusqu'à 48\sh avant/,
    held: /Je vous garde ce créneau jusqu'à \d\d:\d\d : pour le confirmer, réglez l'acompte de 30\s€ ici/,
    paid: /C'est confirmé.*acompte de 30\s€.*\nAnnulation gratuite jusqu'au \w+ \d+ décembre, 10:00 ; ensuite, l'acompte est conservé/s,
    released: /n'est pas arrivé à temps/,
    refunded: /acompte de 30\s€.*vous est remboursé/,
    kept: /acompte de 30\s€.*est conservé/,
  },
  de: {
    book: (day) => `Hallo, ich möchte eine Balayage am ${day} um 10 Uhr`,
    yes: 'ja',
    cancel: 'Ich möchte meinen Termin absagen',
    deposit: /Anzahlung von 30\s€.*erstattet, wenn Sie bis 48 Stunden vor dem Termin absagen/,
    held: /Ich halte Ihnen diese Zeit bis \d\d:\d\d Uhr frei: Zahlen Sie zur Bestätigung die Anzahlung von 30\s€ hier/,
    paid: /Bestätigt.*Anzahlung von 30\s€.*\nKostenlose Absage bis \w+, \d+\. Dezember, 10:00 Uhr; danach wird die Anzahlung einbehalten/s,
    released: /nicht rechtzeitig eingegangen/,
    refunded: /Anzahlung von 30\s€.*erstattet/,
    kept: /Anzahlung von 30\s€.*einbehalten/,
  },
  it: {
    book: (day) => `Buongiorno, vorrei un balayage ${day} alle 10`,
    yes: 'sì',
    cancel: 'Vorrei annullare il mio appuntamento',
    deposit: /acconto di 30\s€.*rimborsato se annulla fino a 48 ore prima/,
    held: /Le tengo questo orario fino alle \d\d:\d\d: per confermarlo, versi l'acconto di 30\s€ qui/,
    paid: /Confermato.*acconto di 30\s€.*\nAnnullamento gratuito fino a \S+ \d+ dicembre, 10:00; dopo, l'acconto viene trattenuto/s,
    released: /non è arrivato in tempo/,
    refunded: /acconto di 30\s€.*rimborsato/,
    kept: /acconto di 30\s€.*trattenuto/,
  },
  en: {
    book: (day) => `Hello, I'd like a balayage on ${day} at 10am`,
    yes: 'yes',
    cancel: 'I would like to cancel my appointment',
    deposit: /deposit of €30.*refunded if you cancel up to 48 hours before/,
    held: /I am holding this time for you until \d\d:\d\d: to confirm it, pay the deposit of €30 here/,
    paid: /Confirmed.*deposit of €30.*\nFree cancellation until \w+ \d+ December, 10:00; after that, the deposit is kept/s,
    released: /did not arrive in time/,
    refunded: /deposit of €30.*refunded/,
    kept: /deposit of €30.*kept/,
  },
}

/** Next week's days, one per journey and language (the demo clock is Tuesday 1 December). */
const DAYS: Record<Language, Record<'pay' | 'late' | 'cancel', string>> = {
  fr: { pay: 'mardi 8 décembre', late: 'mercredi 9 décembre', cancel: 'jeudi 10 décembre' },
  de: { pay: 'Dienstag, 8. Dezember', late: 'Mittwoch, 9. Dezember', cancel: 'Donnerstag, 10. Dezember' },
  it: { pay: 'venerdì 11 dicembre', late: 'sabato 12 dicembre', cancel: 'martedì 15 dicembre' },
  en: { pay: 'Friday 11 December', late: 'Saturday 12 December', cancel: 'Tuesday 15 December' },
}

/** What the salon last left in this customer's web chat (a payment's news). */
async function lastSalonMessage(bookingId: string): Promise<string> {
  const [row] = await rowsOf<{ text: string }>(
    t,
    sql`select m.text from salon_messages m join booking_events e on e.id = m.booking_event_id
      where e.booking_id = ${bookingId} order by e.seq desc limit 1`,
  )
  return row?.text ?? ''
}

/** Proposed with its terms, then held with the link to pay. */
async function bookHeld(language: Language, day: string) {
  const words = WORDS[language]
  const chat = newTestChat(language, 'Zoé')
  const proposal = await say(t, chat, words.book(day))
  expect(proposal).toMatch(words.deposit)
  const held = await say(t, chat, words.yes)
  expect(held).toMatch(words.held)
  const bookingId = await latestBookingId(t)
  expect(await paymentOf(t, bookingId)).toEqual({ status: 'held', state: 'awaiting' })
  return { chat, bookingId, link: payLinkIn(held) }
}

describe.each(['fr', 'de', 'it', 'en'] as const)('a deposit in %s', (language) => {
  const words = WORDS[language]

  it('is asked before the yes, paid from the link, and the booking is confirmed and told', async () => {
    const { bookingId, link } = await bookHeld(language, DAYS[language].pay)
    const session = await openPaymentPage(t, link)
    t.fake.pay(session)
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'confirmed', state: 'paid' })
    expect(await lastSalonMessage(bookingId)).toMatch(words.paid)
    // Charged once, on the salon's own account.
    const account = t.fake.accounts()[0]?.id
    expect(ofBooking(t.fake.charges(account), bookingId)).toHaveLength(1)
  })

  it('not paid within 15 minutes: the page closes, the time is free again and the customer is told', async () => {
    const { bookingId, link } = await bookHeld(language, DAYS[language].late)
    const session = await openPaymentPage(t, link)
    t.clock.advance(16 * 60_000)
    await releaseDue(t)
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'cancelled', state: 'expired' })
    expect(t.fake.sessions().find((s) => s.id === session)?.status).toBe('expired')
    expect(await lastSalonMessage(bookingId)).toMatch(words.released)
    // Another customer takes that time.
    const other = newTestChat(language, 'Max')
    await say(t, other, words.book(DAYS[language].late))
    await say(t, other, words.yes)
    expect((await paymentOf(t, await latestBookingId(t)))?.status).toBe('held')
  })

  it('cancelled by the customer more than 48 hours before: the deposit is refunded in full', async () => {
    const { chat, bookingId, link } = await bookHeld(language, DAYS[language].cancel)
    t.fake.pay(await openPaymentPage(t, link))
    await settle(t)
    await say(t, chat, words.cancel, words.yes)
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'cancelled', state: 'refunded' })
    const refunds = ofBooking(t.fake.refunds(), bookingId)
    expect(refunds.map((r) => r.amount)).toEqual([3000])
    expect(await lastSalonMessage(bookingId)).toMatch(words.refunded)
  })
})

describe('a late cancellation', () => {
  it.each(['fr', 'de', 'it', 'en'] as const)('keeps the deposit (%s)', async (language) => {
    // Tomorrow: inside the 48 hours from the start.
    const asked = {
      fr: 'Bonjour, je voudrais un balayage demain à 9h',
      de: 'Hallo, ich möchte eine Balayage morgen um 11 Uhr',
      it: 'Buongiorno, vorrei un balayage domani alle 14',
      en: "Hello, I'd like a balayage tomorrow at 4pm",
    }[language]
    const words = WORDS[language]
    const chat = newTestChat(language, 'Léo')
    const proposal = await say(t, chat, asked)
    expect(proposal).toMatch(words.deposit)
    const held = await say(t, chat, words.yes)
    const bookingId = await latestBookingId(t)
    t.fake.pay(await openPaymentPage(t, payLinkIn(held)))
    await settle(t)
    await say(t, chat, words.cancel, words.yes)
    await settle(t)
    await drainJobs(t.database, PAYMENT_QUEUES)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'cancelled', state: 'kept' })
    expect(ofBooking(t.fake.refunds(), bookingId)).toEqual([])
    expect(await lastSalonMessage(bookingId)).toMatch(words.kept)
  })
})
