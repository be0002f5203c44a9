import type { BookingDetails } from '@common/schemas/booking'
import type { ChatReply } from '@common/schemas/chat'
import { bookingIdOfLinkToken } from '@server/modules/booking-page/booking-link'
import { type FakeTwilio, startFakeTwilio, twilioEnv } from '@tests/fakes/twilio'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat, type TestChat } from '@tests/helpers/chat'
import { eventually } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { type LocalSmtp, readableMail, startLocalSmtp } from '@tests/helpers/smtp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listRemindersOfBookings } from './reminders.repository'
import { dispatchDueReminders } from './send-reminder'

/**
 * The "done when", as customers live it (issue 15): they book through the chat, the clock
 * runs to each reminder's moment, and what reaches them is what Twilio (the fake, on its real
 * paths) and a real local SMTP server received — then what the salon's dashboard shows.
 */

const PUBLIC_URL = 'https://book.example.com'
let t: TestApp
let twilio: FakeTwilio
let smtp: LocalSmtp

beforeAll(async () => {
  twilio = await startFakeTwilio()
  smtp = await startLocalSmtp()
  t = await startTestApp({
    workers: true,
    env: {
      ...twilioEnv(twilio),
      SMTP_URL: smtp.url,
      PUBLIC_URL,
    },
  })
})
afterAll(async () => {
  await t.close()
  await twilio.close()
  await smtp.close()
})

/** Books through the chat (a request, then the customer's yes); returns the booking and its link. */
async function bookInChat(chat: TestChat, request: string, yes: string, context: Record<string, unknown> = {}) {
  for (const message of [request, yes]) {
    const res = await postChat(t.app, chat, message, { context })
    expect(res.statusCode, res.body).toBe(200)
    if (message === yes) {
      const link = (res.json() as ChatReply).bookingLink ?? ''
      expect(link.startsWith(`${PUBLIC_URL}/r/`), res.body).toBe(true)
      const token = link.slice(`${PUBLIC_URL}/r/`.length)
      return { id: bookingIdOfLinkToken(t.config.appSecret, token) ?? '', link, token }
    }
  }
  throw new Error('unreachable')
}

/** The minute's job at this moment, then until what it handed over has gone out. */
async function minute(at: string, bookingIds: string[]) {
  t.clock.set(at)
  const handed = await dispatchDueReminders({ db: t.database.db, clock: t.clock, jobs: t.jobs })
  await eventually(async () => {
    const rows = await listRemindersOfBookings(t.database.db, bookingIds)
    return rows.some((r) => r.status === 'queued' || r.status === 'sending') ? undefined : true
  })
  return handed
}

describe('reminders, from a booking in the chat to the customer’s phone and mailbox', () => {
  it('texts a customer who gave a phone number 24 h and 2 h before, once each, in German, with a link that cancels or moves; the dashboard shows it', async () => {
    const chat: TestChat = { ...newTestChat('de', 'Jonas', 'journey'), phone: '06 55 44 33 22' }
    const booking = await bookInChat(
      chat,
      'Ich möchte einen Damenhaarschnitt am Donnerstag, 3. Dezember um 10 Uhr',
      'ja',
    )
    const texts = () => twilio.messages.filter((m) => m.to === '+33655443322').map((m) => m.body)

    expect(await minute('2026-12-02T09:59:00+01:00', [booking.id])).toBe(0)
    expect(await minute('2026-12-02T10:00:00+01:00', [booking.id])).toBe(1)
    expect(await minute('2026-12-02T10:01:00+01:00', [booking.id])).toBe(0)
    expect(texts()).toHaveLength(1)
    expect(texts()[0]).toMatch(
      /^Erinnerung Salon Lumière: Damenhaarschnitt bei \S+ morgen, Donnerstag, 3\. Dezember, um 10:00 Uhr, /,
    )
    expect(texts()[0]).toContain(`Absagen oder verschieben: ${booking.link}`)

    // The link's page answers in German and still lets them cancel or move.
    const page = await t.app.inject({ url: `/api/r/${booking.token}` })
    expect(page.json()).toMatchObject({ language: 'de', localTime: '10:00', canCancel: true, canMove: true })

    expect(await minute('2026-12-03T07:59:00+01:00', [booking.id])).toBe(0)
    expect(await minute('2026-12-03T08:00:00+01:00', [booking.id])).toBe(1)
    expect(await minute('2026-12-03T09:00:00+01:00', [booking.id])).toBe(0)
    expect(texts()).toHaveLength(2)
    expect(texts()[1]).toContain('heute um 10:00 Uhr')

    // The salon's dashboard: both sent, by SMS, at their moments.
    const cookie = await ownerCookie(t, 'SAL001')
    const details = await t.app.inject({ url: `/api/bookings/${booking.id}`, headers: { cookie } })
    expect(details.statusCode).toBe(200)
    expect((details.json() as BookingDetails).reminders).toMatchObject([
      { kind: 'day_before', status: 'sent', channel: 'sms', sentLocal: '2026-12-02T10:00' },
      { kind: 'two_hours', status: 'sent', channel: 'sms', sentLocal: '2026-12-03T08:00' },
    ])
  })

  it('e-mails a customer who gave only an address, and sends nothing more once they cancelled on their page', async () => {
    t.clock.set('2026-12-01T08:30:00+01:00')
    const chat = newTestChat('it', 'Giulia', 'journey')
    const booking = await bookInChat(chat, 'Vorrei una piega venerdì 4 dicembre alle 11', 'sì', {
      clientEmail: 'giulia@example.it',
    })
    const mails = () => smtp.mails.filter((m) => m.to.includes('giulia@example.it')).map((m) => readableMail(m.raw))

    expect(await minute('2026-12-03T11:00:00+01:00', [booking.id])).toBe(1)
    expect(mails()).toHaveLength(1)
    expect(mails()[0]).toContain('Le ricordiamo il Suo appuntamento Piega')
    expect(mails()[0]).toContain('domani, venerdì 4 dicembre, alle 11:00')
    expect(mails()[0]).toContain(booking.link)

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/r/${booking.token}/cancel`, payload: {} })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await minute('2026-12-04T09:00:00+01:00', [booking.id])).toBe(0)
    expect(mails()).toHaveLength(1)
    expect(twilio.messages.filter((m) => m.body.includes(booking.link))).toEqual([])
    const rows = await listRemindersOfBookings(t.database.db, [booking.id])
    expect(rows.map((r) => [r.kind, r.status, r.channel])).toEqual([
      ['day_before', 'sent', 'email'],
      ['two_hours', 'cancelled', null],
    ])
  })
})
