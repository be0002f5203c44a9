import { bookingEvents, bookings, customerIdentities, telegramChats, telegramOutbox } from '@server/db/schema'
import { listRemindersOfBookings } from '@server/modules/reminders/reminders.repository'
import { dispatchDueReminders } from '@server/modules/reminders/send-reminder'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import type { FakeTelegramUser } from '@tests/fakes/telegram'
import { DEMO_NOW } from '@tests/helpers/app'
import { drainJobs, eventually } from '@tests/helpers/jobs'
import { adminCookie, ownerCookie } from '@tests/helpers/sign-in'
import { ask, messagesOf, press, startTelegramApp, type TelegramTestApp } from '@tests/helpers/telegram'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

/**
 * A salon's customers on Telegram after they booked there: they move and cancel by writing, the
 * salon's own changes and the reminders reach them on Telegram (and nothing does once they blocked
 * the bot), the salon's link to the bot, and the figures that count them. One app for the file,
 * each test with its own customer; the clock goes back to the demo's Tuesday after each test.
 */

let t: TelegramTestApp
let hash: string
let owner: string

beforeAll(async () => {
  t = await startTelegramApp()
  const salon = await findSalonByPublicId(t.database.db, 'SAL001')
  if (!salon) throw new Error('no demo salon')
  hash = salon.hash
  owner = await ownerCookie(t)
})
afterAll(() => t.close())
afterEach(() => t.clock.set(DEMO_NOW))

/** A new customer who opened the salon's link and booked what they asked for, by the "Oui" button. */
async function bookOnTelegram(firstName: string, request: string) {
  const user = t.fake.user({ firstName, lastName: 'Telegram', languageCode: 'fr' })
  await user.start(hash)
  await messagesOf(user, 1)
  const proposal = await ask(user, request)
  expect(proposal.text).toMatch(/Voulez-vous que je réserve/)
  // The booked words, then the offer to share a number (the calendar file comes between them).
  const asked = await press(user, 'Oui', 2)
  expect(asked.text).toMatch(/partager votre numéro/)
  await eventually(() => (user.documents().length === 1 ? true : undefined))
  const [booking] = await bookingsOf(user)
  if (!booking) throw new Error(`${firstName} has no booking`)
  return { user, bookingId: booking.id }
}

/** The customer's bookings at the salon, found by their Telegram identity. */
function bookingsOf(user: FakeTelegramUser) {
  return t.database.db
    .select({ id: bookings.id, startsAt: bookings.startsAt, status: bookings.status, channel: bookings.channel })
    .from(bookings)
    .innerJoin(customerIdentities, eq(customerIdentities.customerId, bookings.customerId))
    .where(and(eq(customerIdentities.channel, 'telegram'), eq(customerIdentities.externalId, String(user.id))))
}

const dtstart = (ics: string | undefined) => /^DTSTART:(\S+)$/m.exec(ics ?? '')?.[1]

/** The salon moves a booking from its desk. */
async function moveFromDesk(bookingId: string, startsAt: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/reschedule`,
    headers: { cookie: owner },
    payload: { startsAt },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** The booking's history as the desk's booking panel reads it. */
async function historyOf(bookingId: string): Promise<{ kind: string; toldBy: string[] }[]> {
  const res = await t.app.inject({ url: `/api/bookings/${bookingId}`, headers: { cookie: owner } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().history
}

/** Every sendMessage the bot tried to this chat, taken by Telegram or not. */
const sendMessagesTo = (user: FakeTelegramUser) =>
  t.fake.calls.filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === user.id).length

/** The customer blocked the bot, and the bot knows it. */
async function blockBot(user: FakeTelegramUser) {
  await user.block()
  await eventually(async () => {
    const [chat] = await t.database.db.select().from(telegramChats).where(eq(telegramChats.chatId, user.id))
    return chat?.blockedAt ? chat : undefined
  })
}

const dispatch = () => dispatchDueReminders({ db: t.database.db, clock: t.clock, jobs: t.jobs })
const settledReminder = (bookingId: string, kind: 'day_before' | 'two_hours') =>
  eventually(async () => {
    const reminder = (await listRemindersOfBookings(t.database.db, [bookingId])).find((r) => r.kind === kind)
    return reminder && !['planned', 'queued', 'sending'].includes(reminder.status) ? reminder : undefined
  })

describe('a Telegram customer changes their appointment by writing', () => {
  it('moves it, confirmed with "Oui", and gets the calendar file of the new time', async () => {
    const { user, bookingId } = await bookOnTelegram('Inès', 'une coupe femme jeudi à 15h')
    expect(dtstart(user.documents()[0]?.content.toString())).toBe('20261203T140000Z')

    const proposal = await ask(user, 'je voudrais décaler mon rendez-vous à vendredi 10h')
    expect(proposal.text).toContain('vendredi 4 décembre à 10:00')
    await press(user, 'Oui', 2)
    const moved = user.messages().find((m) => /déplacé au vendredi 4 décembre à 10:00/.test(m.text))
    expect(moved).toBeDefined()

    const [, ics] = await eventually(() => (user.documents().length === 2 ? user.documents() : undefined))
    expect(ics?.filename).toMatch(/\.ics$/)
    expect(dtstart(ics?.content.toString())).toBe('20261204T090000Z')
    expect(await bookingsOf(user)).toEqual([
      { id: bookingId, startsAt: new Date('2026-12-04T10:00:00+01:00'), status: 'confirmed', channel: 'telegram' },
    ])
  })

  it('cancels it, confirmed with "Oui, annuler"', async () => {
    const { user, bookingId } = await bookOnTelegram('Rose', 'une coupe femme jeudi à 16h')
    await ask(user, 'je voudrais annuler mon rendez-vous')
    const done = await press(user, 'Oui, annuler')
    expect(done.text).toMatch(/est annulé/)
    expect(await bookingsOf(user)).toMatchObject([{ id: bookingId, status: 'cancelled' }])
    // The calendar file that takes it out of the customer's agenda.
    const [, ics] = await eventually(() => (user.documents().length === 2 ? user.documents() : undefined))
    expect(ics?.content.toString()).toContain('METHOD:CANCEL')
  })
})

describe("a Telegram customer's erasure", () => {
  it('makes the bot forget the number they shared and what they wrote', async () => {
    const { user, bookingId } = await bookOnTelegram('Ines', 'une coupe femme jeudi à 17h')
    await user.shareContact('33612345678')
    // Greeting, proposal, booked, the offer to share a number, and the thanks for it.
    await messagesOf(user, 5)
    await ask(user, 'je voudrais annuler mon rendez-vous')
    await press(user, 'Oui, annuler')
    const [customer] = await t.database.db
      .select({ id: bookings.customerId })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/salons/SAL001/customers/${customer?.id}/erase`,
      headers: { cookie: owner },
    })
    expect(erased.statusCode, erased.body).toBe(200)
    const [chat] = await t.database.db.select().from(telegramChats).where(eq(telegramChats.chatId, user.id))
    expect(chat).toMatchObject({ phone: null, firstName: null, lastName: null })
    const kept = await t.database.db.select().from(telegramOutbox).where(eq(telegramOutbox.chatId, user.id))
    expect(kept.filter((message) => message.status !== 'queued')).toEqual([])
  })
})

describe("the salon's changes on Telegram", () => {
  it('tells a move made at the desk once, and the history says Telegram told it', async () => {
    const { user, bookingId } = await bookOnTelegram('Maëlle', 'une coupe femme jeudi à 10h')
    const before = user.messages().length
    await moveFromDesk(bookingId, '2026-12-04T14:00')

    const [told] = await messagesOf(user, before + 1).then((all) => all.slice(before))
    expect(told?.text).toContain('Salon Lumière a déplacé votre rendez-vous')
    expect(told?.text).toContain('au vendredi 4 décembre, 14:00')
    await eventually(async () => {
      const moved = (await historyOf(bookingId)).find((e) => e.kind === 'moved')
      return moved?.toldBy.includes('telegram') ? moved : undefined
    })
    await drainJobs(t.database, ['bookings.tell-customer', 'telegram.deliver'])
    expect(user.messages().filter((m) => m.text.includes('a déplacé votre rendez-vous'))).toHaveLength(1)
    expect((await historyOf(bookingId)).find((e) => e.kind === 'moved')?.toldBy).toEqual(['telegram'])
  })

  it('writes nothing to a customer who blocked the bot', async () => {
    const { user, bookingId } = await bookOnTelegram('Lou', 'une coupe femme jeudi à 11h')
    await blockBot(user)
    const tries = sendMessagesTo(user)
    await moveFromDesk(bookingId, '2026-12-04T15:00')

    const [event] = await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(bookingEvents)
        .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.kind, 'moved')))
      return rows[0]?.toldAt ? rows : undefined
    })
    await drainJobs(t.database, ['bookings.tell-customer', 'telegram.deliver'])
    // Nothing for the chat left the outbox: either nothing was queued, or it stays blocked.
    const outbox = await t.database.db
      .select({ status: telegramOutbox.status })
      .from(telegramOutbox)
      .where(eq(telegramOutbox.bookingEventId, event?.id ?? ''))
    expect(outbox.filter((m) => m.status !== 'blocked')).toEqual([])
    expect(sendMessagesTo(user)).toBe(tries)
    expect((await historyOf(bookingId)).find((e) => e.kind === 'moved')?.toldBy).not.toContain('telegram')
  })
})

describe('reminders on Telegram', () => {
  it('reminds a Telegram customer on Telegram, once', async () => {
    const { user, bookingId } = await bookOnTelegram('Nora', 'une coupe femme jeudi à 15h')
    const before = user.messages().length
    t.clock.set('2026-12-02T15:00:00+01:00')
    await dispatch()
    expect(await settledReminder(bookingId, 'day_before')).toMatchObject({ status: 'sent', channel: 'telegram' })

    const [reminder, ...more] = (await messagesOf(user, before + 1)).slice(before)
    expect(reminder?.text).toContain('Salon Lumière')
    expect(reminder?.text).toContain('15:00')
    expect(more).toEqual([])
    // Dispatched again: nothing more goes out.
    expect(await dispatch()).toBe(0)
    await drainJobs(t.database, ['reminders.send'])
    expect(user.messages()).toHaveLength(before + 1)
  })

  it('skips the reminder of a customer who blocked the bot and left no other contact', async () => {
    const { user, bookingId } = await bookOnTelegram('Jade', 'une coupe femme jeudi à 12h')
    await blockBot(user)
    const tries = sendMessagesTo(user)
    t.clock.set('2026-12-02T12:00:00+01:00')
    await dispatch()
    expect(await settledReminder(bookingId, 'day_before')).toMatchObject({
      status: 'skipped',
      reason: 'no_contact',
      channel: null,
    })
    expect(sendMessagesTo(user)).toBe(tries)
  })
})

describe("the salon's Telegram link", () => {
  it('is the bot’s deep link with the salon’s hash, never given for its public ID', async () => {
    const link = `https://t.me/${t.fake.username}?start=${hash}`
    const desk = await t.app.inject({ url: '/api/salon-hash/SAL001', headers: { cookie: owner } })
    expect(desk.statusCode).toBe(200)
    expect(desk.json()).toEqual({ hash, telegramLink: link })
    expect((await t.app.inject({ url: `/api/salon/${hash}` })).json()).toMatchObject({
      salonId: 'SAL001',
      telegramLink: link,
    })
    expect((await t.app.inject({ url: '/api/salon/SAL001' })).json()).toMatchObject({
      salonId: 'SAL001',
      telegramLink: null,
    })
  })
})

describe('figures', () => {
  it('counts Telegram conversations and bookings in the admin overview and the salon dashboard', async () => {
    const admin = await adminCookie(t)
    const overview = async () => (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: admin } })).json()
    const dashboard = async () =>
      (await t.app.inject({ url: '/api/salons/SAL001/dashboard', headers: { cookie: owner } })).json()
    const [adminBefore, salonBefore] = [await overview(), await dashboard()]

    await bookOnTelegram('Alma', 'une coupe femme jeudi à 9h')
    await bookOnTelegram('Yasmine', 'une coupe femme jeudi à 17h')

    const adminAfter = await overview()
    expect(adminAfter.botUsers).toBe(adminBefore.botUsers + 2)
    expect(adminAfter.conversationsLast30Days).toBe(adminBefore.conversationsLast30Days + 2)
    expect(adminAfter.successRate).toBeGreaterThan(0)
    const salonAfter = await dashboard()
    expect(salonAfter.stats.totalBookings).toBe(salonBefore.stats.totalBookings + 2)
    expect(salonAfter.stats.bookingsThisWeek).toBe(salonBefore.stats.bookingsThisWeek + 2)
    const recent = salonAfter.recentBookings as { clientName: string; channel: string }[]
    expect(recent.filter((b) => ['Alma Telegram', 'Yasmine Telegram'].includes(b.clientName))).toEqual([
      expect.objectContaining({ channel: 'telegram' }),
      expect.objectContaining({ channel: 'telegram' }),
    ])
  })
})
