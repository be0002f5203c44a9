import type { ChatReply } from '@common/schemas/chat'
import { bookings, salons } from '@server/db/schema'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat, type TestChat } from '@tests/helpers/chat'
import { testDrivers } from '@tests/helpers/database'
import { ownerCookie } from '@tests/helpers/sign-in'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * What a chat reply says and what happened are one fact: a reply never claims a booking that was
 * not made, and a booking made is never answered as an error. Against the demo salon on Tuesday
 * 1 December 2026, 08:30 in Paris.
 */
describe.each(testDrivers())('chat replies and bookings agree on %s', (driver) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ driver })
  })
  afterAll(() => t.close())

  const newChat = () => newTestChat('fr', 'Alex', `consistency-${driver}`)
  const activeBookingsAt = async (local: string) =>
    (
      await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.startsAt, new Date(`${local}:00+01:00`)))
    ).filter((b) => b.status !== 'cancelled')

  async function say(chat: TestChat, message: string): Promise<ChatReply> {
    const res = await postChat(t.app, chat, message)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  it('refuses a confirmation carrying a broken character before anything happens; the next "oui" books', async () => {
    const chat = newChat()
    expect((await say(chat, 'Je voudrais une coupe femme jeudi à 10h')).response).toMatch(/10:00/)
    const broken = await postChat(t.app, chat, 'oui \ud800')
    expect(broken.statusCode).toBe(400)
    expect(broken.json().code).toBe('request.invalid')
    expect(await activeBookingsAt('2026-12-03T10:00')).toHaveLength(0)

    const booked = await say(chat, 'oui')
    expect(booked.icsData).toBeDefined()
    expect(booked.response).not.toMatch(/vient d'être pris/)
    expect(await activeBookingsAt('2026-12-03T10:00')).toHaveLength(1)
  })

  it('books nothing when the conversation cannot be stored, and the same "oui" books once it can', async () => {
    const chat = newChat()
    expect((await say(chat, 'Je voudrais une coupe homme jeudi à 11h')).response).toMatch(/11:00/)
    // The database refuses to store any conversation, as a full disk or a broken row would.
    await t.database.db.execute(sql`
      create or replace function refuse_conversations() returns trigger language plpgsql as
      $$ begin raise exception 'conversation storage refused (test)'; end $$`)
    await t.database.db.execute(sql`
      create trigger refuse_conversations before insert or update on conversations
      for each row execute function refuse_conversations()`)
    try {
      const failed = await postChat(t.app, chat, 'oui')
      expect(failed.statusCode).toBe(500)
      expect(failed.json()).toEqual({ code: 'internal', message: 'Internal error', requestId: expect.any(String) })
      expect(await activeBookingsAt('2026-12-03T11:00')).toHaveLength(0)
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_conversations on conversations`)
      await t.database.db.execute(sql`drop function refuse_conversations()`)
    }
    // The proposal was never consumed: "oui" again books it, and says so.
    const booked = await say(chat, 'oui')
    expect(booked.icsData).toBeDefined()
    expect(await activeBookingsAt('2026-12-03T11:00')).toHaveLength(1)
  })

  it('answers two "oui" of one chat sent at once one after the other: one booking, no "just taken"', async () => {
    const chat = newChat()
    expect((await say(chat, 'Je voudrais un brushing jeudi à 12h')).response).toMatch(/12:00/)
    const replies = await Promise.all([say(chat, 'oui'), say(chat, 'oui')])
    expect(await activeBookingsAt('2026-12-03T12:00')).toHaveLength(1)
    expect(replies.filter((r) => r.icsData)).toHaveLength(1)
    for (const reply of replies) expect(reply.response).not.toMatch(/vient d'être pris/)
  })
})

describe('a deactivated salon takes no bookings', () => {
  let t: TestApp
  let serviceId: string
  beforeAll(async () => {
    t = await startTestApp()
    const cookie = await ownerCookie(t)
    serviceId = (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json()[0].id
    await t.database.db.update(salons).set({ isActive: false }).where(eq(salons.publicId, 'SAL001'))
  })
  afterAll(() => t.close())

  it.each([
    ['fr', 'Je voudrais une coupe femme jeudi à 10h', 'oui', /ne prend pas de rendez-vous en ligne/],
    ['de', 'Ich möchte einen Damenhaarschnitt am Donnerstag um 10 Uhr', 'ja', /nimmt zurzeit keine Online-Termine an/],
    ['it', 'Vorrei una piega giovedì alle 10', 'sì', /non accetta prenotazioni online/],
    ['en', 'I would like a beard trim on Thursday at 10am', 'yes', /is not taking online bookings/],
  ] as const)(
    'its chat says plainly in %s that online booking is closed, and books nothing',
    async (language, message, yes, closed) => {
      const chat = newTestChat(language, 'Alex', 'inactive')
      for (const text of [message, yes]) {
        const res = await postChat(t.app, chat, text)
        expect(res.statusCode).toBe(200)
        expect(res.json().response).toMatch(closed)
        expect(res.json().icsData).toBeUndefined()
      }
      expect(await t.database.db.select().from(bookings)).toEqual([])
    },
  )

  it('offers no slot, and says why', async () => {
    const res = await t.app.inject({ url: `/api/salons/SAL001/availability?serviceId=${serviceId}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ slots: [], closedReason: 'salon_inactive' })
  })
})
