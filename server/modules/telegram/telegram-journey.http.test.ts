import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { eventually } from '@tests/helpers/jobs'
import {
  ask,
  buttonsOf,
  messagesOf,
  press,
  rowsOf,
  startTelegramApp,
  type TelegramTestApp,
} from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A customer books from the salon's Telegram link, in each language: the greeting, the times
 * offered as buttons, a proposal with yes / another time, the booking with its calendar file —
 * and the salon's agenda shows it with its channel — then moves it and cancels it by writing. By long polling, as on a laptop.
 */

let t: TelegramTestApp
let hash: string

beforeAll(async () => {
  t = await startTelegramApp()
  const salon = await findSalonByPublicId(t.database.db, 'SAL001')
  if (!salon) throw new Error('no demo salon')
  hash = salon.hash
})
afterAll(() => t.close())

const JOURNEYS = [
  {
    language: 'fr',
    name: 'Camille',
    ask: 'une coupe femme vendredi',
    yes: 'Oui',
    booked: /réservé/i,
    greeting: /Bonjour/,
    move: 'je voudrais déplacer mon rendez-vous à jeudi 16h',
    cancel: 'je voudrais annuler mon rendez-vous',
    cancelYes: 'Oui, annuler',
  },
  {
    language: 'de',
    name: 'Jonas',
    ask: 'Damenhaarschnitt am Freitag',
    yes: 'Ja',
    booked: /gebucht/i,
    greeting: /Hallo/,
    move: 'Ich möchte meinen Termin auf Donnerstag um 16 Uhr verschieben',
    cancel: 'Ich möchte meinen Termin absagen',
    cancelYes: 'Ja, absagen',
  },
  {
    language: 'it',
    name: 'Giulia',
    ask: 'taglio donna venerdì',
    yes: 'Sì',
    booked: /prenotato/i,
    greeting: /Buongiorno! Sta scrivendo a/,
    move: 'vorrei spostare il mio appuntamento a giovedì alle 16',
    cancel: 'vorrei annullare il mio appuntamento',
    cancelYes: 'Sì, lo annullo',
  },
  {
    language: 'en',
    name: 'Emma',
    ask: "women's haircut on Friday",
    yes: 'Yes',
    booked: /booked/i,
    greeting: /Hello/,
    move: 'I would like to move my appointment to Thursday at 4pm',
    cancel: 'I would like to cancel my appointment',
    cancelYes: 'Yes, cancel',
  },
] as const

describe('booking on Telegram', () => {
  it.each(JOURNEYS)(
    'books, moves and cancels in $language, from the deep link to the calendar files',
    async (journey) => {
      const user = t.fake.user({ firstName: journey.name, lastName: 'Test', languageCode: journey.language })
      await user.start(hash)
      const [greeting] = await messagesOf(user, 1)
      expect(greeting?.text).toMatch(journey.greeting)
      expect(greeting?.text).toContain('Salon Lumière')

      const offer = await ask(user, journey.ask)
      const times = buttonsOf(offer).flat()
      expect(times.length).toBeGreaterThan(1)
      expect(times.every((time) => /^\d{2}:\d{2}$/.test(time))).toBe(true)

      const proposal = await press(user, times[1] as string)
      expect(proposal.text).toContain(times[1]?.replace(/^0/, ''))
      expect(buttonsOf(proposal).flat()[0]).toBe(journey.yes)

      // The booking's words, its calendar file, then the offer to share a number for reminders.
      const before = user.messages().length
      await user.tap(journey.yes)
      const after = await messagesOf(user, before + 2)
      expect(after[before]?.text).toMatch(journey.booked)
      const [ics] = await eventually(() => (user.documents().length > 0 ? user.documents() : undefined))
      expect(ics?.filename).toMatch(/\.ics$/)
      expect(ics?.content.toString()).toContain('BEGIN:VCALENDAR')
      expect(ics?.content.toString()).toContain(`DTSTART`)
      expect(JSON.stringify(after[before + 1]?.replyMarkup)).toContain('request_contact')

      // The salon's agenda has it, from Telegram, in the customer's name.
      const rows = await rowsOf<{ channel: string; name: string }>(
        t,
        sql`select b.channel, c.name from bookings b join customers c on c.id = b.customer_id where c.name = ${`${journey.name} Test`}`,
      )
      expect(rows).toEqual([{ channel: 'telegram', name: `${journey.name} Test` }])

      // Moved to Thursday 16:00 by writing, with its new calendar file; then cancelled.
      const move = await ask(user, journey.move)
      expect(move.text).toContain('16:00')
      // The moved words, then (still no number) the offer to share one.
      await press(user, journey.yes, 2)
      const moved = await eventually(() => (user.documents().length === 2 ? user.documents()[1] : undefined))
      expect(moved?.content.toString()).toContain('DTSTART:20261203T150000Z')
      const cancel = await ask(user, journey.cancel)
      expect(buttonsOf(cancel).flat()[0]).toBe(journey.cancelYes)
      await press(user, journey.cancelYes)
      const statuses = await rowsOf<{ status: string; starts: string }>(
        t,
        sql`select b.status, to_char(b.starts_at at time zone 'Europe/Paris', 'YYYY-MM-DD HH24:MI') as starts
          from bookings b join customers c on c.id = b.customer_id where c.name = ${`${journey.name} Test`}`,
      )
      expect(statuses).toEqual([{ status: 'cancelled', starts: '2026-12-03 16:00' }])
    },
  )
})
