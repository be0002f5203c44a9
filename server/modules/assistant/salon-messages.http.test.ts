import type { SalonMessage } from '@common/schemas/chat'
import { bookingEvents, type SalonRow } from '@server/db/schema'
import { createBooking } from '@server/modules/bookings/bookings.usecases'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { eventually } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { leaveSalonMessage } from './salon-messages'

/**
 * The salon's messages to a web chat customer: a move or a cancellation by the salon waits for
 * the customer's web identity, and whichever chat of theirs opens next reads it — only theirs.
 */

let t: TestApp
let cookie: string
let salon: SalonRow
let brushing: string

beforeAll(async () => {
  t = await startTestApp({ workers: true })
  cookie = await ownerCookie(t, 'SAL001')
  salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
  const list = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  brushing = (list.json() as { id: string; name: string }[]).find((s) => s.name === 'Brushing')?.id ?? ''
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

const deps = () => ({ db: t.database.db, clock: t.clock, jobs: t.jobs })

const read = (query: Record<string, string>) =>
  t.app.inject({ url: `/api/chat/salon-messages?${new URLSearchParams(query)}` })

async function messagesOf(userId: string, since?: string): Promise<SalonMessage[]> {
  const res = await read({ salonId: 'SAL001', userId, ...(since ? { since } : {}) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().messages
}

/** A customer who booked from a web chat and closed it; their userId stays in their browser. */
async function webCustomer(language: 'fr' | 'de' | 'it' | 'en', name: string, start: string) {
  const chat = newTestChat(language, name, 'salon-messages')
  const { booking } = await createBooking(deps(), salon, {
    serviceId: brushing,
    startsAt: new Date(start),
    customer: { name, language },
    channel: 'web',
    identity: { channel: 'web', externalId: chat.userId },
  })
  return { chat, booking }
}

describe("the salon's messages to a web chat", () => {
  it('keeps a move by the salon for the customer, in their language, read by their next chat', async () => {
    const { chat, booking } = await webCustomer('de', 'Jonas', '2026-12-22T10:00:00+01:00')
    expect(await messagesOf(chat.userId)).toEqual([])
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/reschedule`,
      payload: { startsAt: '2026-12-22T15:00' },
      headers: { cookie },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const [message] = await eventually(async () => {
      const found = await messagesOf(chat.userId)
      return found.length > 0 ? found : undefined
    })
    expect(message?.text).toContain('verschoben')
    expect(message?.text).toContain('15:00')
    // With the customer's own page, to cancel or move it again without writing.
    expect(message?.text).toMatch(/Absagen oder verschieben: http:\/\/localhost:\d+\/r\/[\w-]{44}$/)
    expect(message?.sentAt).toBe(new Date(DEMO_NOW).toISOString())
    // A chat that showed it asks from its instant on (which it shares with any sent at once).
    expect(await messagesOf(chat.userId, message?.sentAt ?? '')).toEqual([message])
    expect(await messagesOf(chat.userId, new Date(Date.parse(DEMO_NOW) + 1).toISOString())).toEqual([])
  })

  it('shows nothing to another chat, to an unknown one, nor after the customer was erased', async () => {
    const { chat, booking } = await webCustomer('fr', 'Inès', '2026-12-23T10:00:00+01:00')
    const stranger = newTestChat('fr', 'Inès', 'salon-messages')
    expect((await postChat(t.app, stranger, 'Bonjour')).statusCode).toBe(200)
    await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      payload: { reason: 'Dégât des eaux' },
      headers: { cookie },
    })
    const [message] = await eventually(async () => {
      const found = await messagesOf(chat.userId)
      return found.length > 0 ? found : undefined
    })
    expect(message?.text).toContain('Dégât des eaux')
    expect(await messagesOf(stranger.userId)).toEqual([])
    expect(await messagesOf('user-never-seen')).toEqual([])

    const exported = await t.app.inject({
      url: `/api/salons/SAL001/customers/${booking.customerId}/export`,
      headers: { cookie },
    })
    expect(exported.json().salonMessages).toEqual([{ text: message?.text, sentAt: message?.sentAt }])
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/salons/SAL001/customers/${booking.customerId}/erase`,
      headers: { cookie },
    })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(await messagesOf(chat.userId)).toEqual([])
  })

  it('keeps one message per event, and lets a month-old one go', async () => {
    const { chat, booking } = await webCustomer('en', 'Sam', '2026-12-16T10:00:00+01:00')
    const event = { salonId: salon.id, customerId: booking.customerId, text: 'Moved.', sentAt: new Date(DEMO_NOW) }
    const [created] = await t.database.db
      .select({ id: bookingEvents.id })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id))
    expect(await leaveSalonMessage(t.database.db, { ...event, bookingEventId: created?.id ?? '' })).toBe(true)
    expect(await leaveSalonMessage(t.database.db, { ...event, bookingEventId: created?.id ?? '' })).toBe(true)
    expect((await messagesOf(chat.userId)).map((m) => m.text)).toEqual(['Moved.'])
    t.clock.set(new Date(Date.parse(DEMO_NOW) + 31 * 86_400_000))
    expect(await messagesOf(chat.userId)).toEqual([])
  })

  it('refuses a malformed request in words', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ salonId: 'SAL001' }, /userId/],
      [{ salonId: 'SAL001', userId: 'user\u0000x' }, /.+/],
      [{ salonId: 'SAL001', userId: 'u', since: '0000-01-01T00:00:00Z' }, /2000/],
      [{ salonId: 'SAL001', userId: 'u', since: 'yesterday' }, /ISO instant/],
    ]
    for (const [query, message] of cases) {
      const res = await read(query)
      expect(res.statusCode, JSON.stringify(query)).toBe(400)
      expect(res.json().message).toMatch(message)
    }
    expect((await read({ salonId: 'SAL999', userId: 'u' })).statusCode).toBe(404)
  })
})
