import { bookings, customerIdentities, instagramUsers } from '@server/db/schema'
import { listRemindersOfBookings } from '@server/modules/reminders/reminders.repository'
import { dispatchDueReminders } from '@server/modules/reminders/send-reminder'
import type { FakeInstagramCustomer } from '@tests/fakes/instagram'
import { DEMO_NOW } from '@tests/helpers/app'
import {
  askOnInstagram,
  connectInstagram,
  type InstagramTestApp,
  instagramMessagesOf,
  SALON_ACCOUNT,
  startInstagramApp,
} from '@tests/helpers/instagram'
import { drainJobs, eventually } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { rowsOf } from '@tests/helpers/telegram'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

/**
 * A salon's customers on Instagram after they booked there: the salon's own changes and the
 * reminders reach them on Instagram while Meta's 24 hours are open (the next channel after), and
 * their erasure makes the account forget them. One app for the file, a customer per test.
 */

let t: InstagramTestApp
let owner: string
beforeAll(async () => {
  t = await startInstagramApp()
  owner = await ownerCookie(t)
  await connectInstagram(t, { cookie: owner })
})
afterAll(() => t.close())
afterEach(() => t.clock.set(DEMO_NOW))

/** A whitelisted customer who booked what they asked for. */
async function bookOnInstagram(request: string) {
  const customer = t.fake.customer(SALON_ACCOUNT.userId)
  await customer.say('Bonjour')
  await drainJobs(t.database, ['instagram.chat'])
  await t.app.inject({
    method: 'POST',
    url: `/api/instagram/users/${customer.igsid}/whitelist`,
    headers: { cookie: owner },
    payload: { whitelisted: true },
  })
  const [, proposal] = await askOnInstagram(customer, request, 2)
  expect(proposal).toMatch(/Voulez-vous que je réserve/)
  const [booked] = await askOnInstagram(customer, 'oui')
  expect(booked).toMatch(/réservé/)
  const [booking] = await bookingsOf(customer)
  if (!booking) throw new Error('no booking')
  await t.fake.settle()
  await drainJobs(t.database, ['instagram.chat', 'instagram.deliver'])
  return { customer, bookingId: booking.id, customerId: booking.customerId }
}

function bookingsOf(customer: FakeInstagramCustomer) {
  return t.database.db
    .select({ id: bookings.id, customerId: bookings.customerId })
    .from(bookings)
    .innerJoin(customerIdentities, eq(customerIdentities.customerId, bookings.customerId))
    .where(and(eq(customerIdentities.channel, 'instagram'), eq(customerIdentities.externalId, customer.igsid)))
}

async function historyOf(bookingId: string): Promise<{ kind: string; toldBy: string[] }[]> {
  return (await t.app.inject({ url: `/api/bookings/${bookingId}`, headers: { cookie: owner } })).json().history
}

const dispatch = () => dispatchDueReminders({ db: t.database.db, clock: t.clock, jobs: t.jobs })
const settledReminder = (bookingId: string, kind: 'day_before' | 'two_hours') =>
  eventually(async () => {
    const reminder = (await listRemindersOfBookings(t.database.db, [bookingId])).find((r) => r.kind === kind)
    return reminder && !['planned', 'queued', 'sending'].includes(reminder.status) ? reminder : undefined
  })

describe("the salon's changes on Instagram", () => {
  it('tells a move made at the desk once, inside the 24 hours, and the history says Instagram told it', async () => {
    const { customer, bookingId } = await bookOnInstagram('une coupe femme jeudi à 10h')
    const before = customer.messages().length
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/reschedule`,
      headers: { cookie: owner },
      payload: { startsAt: '2026-12-04T14:00' },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const [told] = (await instagramMessagesOf(customer, before + 1)).slice(before)
    expect(told).toContain('Salon Lumière a déplacé votre rendez-vous')
    await eventually(async () => {
      const event = (await historyOf(bookingId)).find((e) => e.kind === 'moved')
      return event?.toldBy.includes('instagram') ? event : undefined
    })
    await t.fake.settle()
    await drainJobs(t.database, ['bookings.tell-customer', 'instagram.deliver', 'instagram.chat'])
    expect(customer.messages().filter((m) => m.includes('a déplacé'))).toHaveLength(1)
    // The salon's message came back as an echo of ours: the assistant is not paused by it.
    const [user] = await t.database.db
      .select({ pausedUntil: instagramUsers.pausedUntil })
      .from(instagramUsers)
      .where(eq(instagramUsers.userId, customer.igsid))
    expect(user?.pausedUntil).toBeNull()
  })
})

describe('reminders on Instagram', () => {
  it('reminds on Instagram while the 24 hours are open, once', async () => {
    const { customer, bookingId } = await bookOnInstagram('une coupe femme mercredi à 18h')
    const before = customer.messages().length
    // The day-before reminder is due Tuesday 18:00: within a day of the customer's last message.
    t.clock.set('2026-12-01T18:00:00+01:00')
    await dispatch()
    expect(await settledReminder(bookingId, 'day_before')).toMatchObject({ status: 'sent', channel: 'instagram' })
    const [reminder, ...more] = (await instagramMessagesOf(customer, before + 1)).slice(before)
    expect(reminder).toContain('Salon Lumière')
    expect(reminder).toContain('18:00')
    expect(more).toEqual([])
    expect(await dispatch()).toBe(0)
    await drainJobs(t.database, ['reminders.send'])
    expect(customer.messages()).toHaveLength(before + 1)
  })

  it('goes to the next channel once the 24 hours have passed (none here: skipped, nothing sent)', async () => {
    const { customer, bookingId } = await bookOnInstagram('une coupe femme vendredi à 16h')
    const before = customer.messages().length
    t.clock.set('2026-12-03T16:00:00+01:00')
    await dispatch()
    expect(await settledReminder(bookingId, 'day_before')).toMatchObject({ status: 'skipped', reason: 'no_contact' })
    expect(customer.messages()).toHaveLength(before)
  })
})

describe("an Instagram customer's erasure", () => {
  it('makes the account forget their name and what they wrote, and keeps the counts', async () => {
    const { customer, bookingId, customerId } = await bookOnInstagram('une coupe femme jeudi à 16h')
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      headers: { cookie: owner },
      payload: {},
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    await drainJobs(t.database, ['bookings.tell-customer', 'instagram.deliver'])
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/salons/SAL001/customers/${customerId}/erase`,
      headers: { cookie: owner },
    })
    expect(erased.statusCode, erased.body).toBe(200)
    const [user] = await rowsOf<{ name: string | null; username: string | null; message_count: number }>(
      t,
      sql`select name, username, message_count from instagram_users where user_id = ${customer.igsid}`,
    )
    expect(user).toMatchObject({ name: null, username: null })
    expect(user?.message_count).toBeGreaterThan(0)
    const left = await rowsOf<{ text: string | null }>(
      t,
      sql`select text from instagram_events where user_id = ${customer.igsid} and status <> 'pending'`,
    )
    expect(left).toEqual([])
  })
})
