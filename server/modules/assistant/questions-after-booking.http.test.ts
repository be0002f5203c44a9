import type { ChatReply } from '@common/schemas/chat'
import type { SalonRow } from '@server/db/schema'
import { listUpcomingBookingsOfCustomer } from '@server/modules/bookings/bookings.usecases'
import { findCustomerByIdentity } from '@server/modules/customers/customers.usecases'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat, type TestChat } from '@tests/helpers/chat'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Issue 37: after a booking, a question is a question. Whatever the customer asks next — the hours
 * of a day, today's, the address, a price, the phone, payment or parking, the services, what they
 * have booked — in any of the four languages, with or without a day in it, the reply changes
 * nothing, cancels nothing, offers to change nothing, and attaches no calendar file.
 */
const BOOKING = {
  fr: 'une coupe homme vendredi 4 décembre à 10h',
  de: 'Herrenschnitt am Freitag, 4.12. um 11 Uhr',
  it: 'un taglio uomo venerdì 4 dicembre alle 12',
  en: "a men's haircut on Friday 4 December at 2pm",
} as const
const BOOKED = { fr: '2026-12-04T10:00', de: '2026-12-04T11:00', it: '2026-12-04T12:00', en: '2026-12-04T14:00' }

const QUESTIONS = {
  fr: [
    'vous fermez à quelle heure le samedi ?',
    "vous êtes ouverts aujourd'hui ?",
    'vous êtes ouverts samedi ?',
    "c'est ouvert le mercredi ?",
    'quels sont vos horaires ?',
    'vous êtes où ?',
    "c'est quoi l'adresse ?",
    'combien coûte une coupe femme ?',
    'une couleur et un brushing, ça revient à combien ?',
    'quel est votre numéro ?',
    'je peux payer par carte ?',
    'il y a un parking ?',
    'vous faites les colorations ?',
    "qu'est-ce que j'ai de réservé ?",
    'c’est quand mon rendez-vous ?',
  ],
  de: [
    'wann macht ihr samstags zu?',
    'habt ihr heute offen?',
    'habt ihr am Samstag geöffnet?',
    'was sind eure Öffnungszeiten?',
    'wo seid ihr?',
    'was ist die Adresse?',
    'was kostet ein Damenhaarschnitt?',
    'wie ist eure Telefonnummer?',
    'kann ich mit Karte zahlen?',
    'gibt es einen Parkplatz?',
    'macht ihr auch Färben?',
    'was habe ich gebucht?',
    'wann ist mein Termin?',
  ],
  it: [
    'a che ora chiudete il sabato?',
    'siete aperti oggi?',
    'siete aperti sabato?',
    'quali sono gli orari?',
    'dove siete?',
    "qual è l'indirizzo?",
    'quanto costa un taglio donna?',
    'qual è il vostro numero di telefono?',
    'posso pagare con la carta?',
    "c'è un parcheggio?",
    'fate anche il colore?',
    'cosa ho prenotato?',
    'quando è il mio appuntamento?',
  ],
  en: [
    'what time do you close on saturdays?',
    'are you open today?',
    'are you open on saturday?',
    'what are your opening hours?',
    'where are you?',
    "what's the address?",
    "how much is a women's haircut?",
    'a colour and a blow dry, how much is that?',
    "what's your phone number?",
    'can I pay by card?',
    'is there parking?',
    'do you do colour?',
    'what do I have booked?',
    'when is my appointment?',
  ],
} as const

/** What proposes, makes or confirms a change; none may appear. */
const CHANGE = {
  fr: /d[ée]placer votre|annuler votre|est d[ée]plac[ée]|est annul[ée]|que je le d[ée]place/i,
  de: /verschieben\. Soll|wirklich absagen|ist .*verschoben|ist abgesagt/i,
  it: /spostare il Suo|annullare il Suo|è spostato|è annullato|che lo sposti/i,
  en: /move your|cancel your|is moved|is cancelled|shall i move/i,
} as const

const LEAD = ['', 'ok ', 'merci, ', 'danke, ', 'grazie, ', 'thanks, ', 'et ', 'und ', 'e ', 'and ']

describe('after a booking, a question', () => {
  let t: TestApp
  let salon: SalonRow
  beforeAll(async () => {
    t = await startTestApp({ now: '2026-12-01T08:30:00+01:00' })
    salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
  })
  afterAll(() => t.close())

  async function say(chat: TestChat, message: string): Promise<ChatReply> {
    // A customer's pace, within the chat's messages per minute.
    t.clock.advance(3_000)
    const res = await postChat(t.app, chat, message)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  async function appointments(chat: TestChat): Promise<string[]> {
    const { db } = t.database
    const customer = await findCustomerByIdentity(db, salon.id, { channel: 'web', externalId: chat.userId })
    if (!customer) return []
    const upcoming = await listUpcomingBookingsOfCustomer({ db, clock: t.clock, jobs: t.jobs }, salon, customer.id)
    return upcoming.map((b) => `${b.service} ${b.localDate}T${b.localTime} ${b.status}`)
  }

  it.each(['fr', 'de', 'it', 'en'] as const)(
    'never changes, cancels or offers to change the booking (%s)',
    async (language) => {
      const chat = newTestChat(language, 'Alex', 'questions')
      await say(chat, BOOKING[language])
      const booked = await say(chat, { fr: 'oui', de: 'ja', it: 'sì', en: 'yes' }[language])
      expect(booked.icsData).toBeDefined()
      const before = await appointments(chat)
      expect(before).toEqual([`Coupe homme ${BOOKED[language]} confirmed`])

      const questions = fc
        .tuple(fc.constantFrom(...LEAD), fc.constantFrom(...QUESTIONS[language]))
        .map(([lead, question]) => `${lead}${question}`)
      await fc.assert(
        fc.asyncProperty(questions, async (question) => {
          const reply = await say(chat, question)
          expect(reply.icsData, question).toBeUndefined()
          expect(reply.response, question).not.toMatch(CHANGE[language])
          expect(await appointments(chat), question).toEqual(before)
        }),
        { numRuns: 60 },
      )
    },
    120_000,
  )
})
