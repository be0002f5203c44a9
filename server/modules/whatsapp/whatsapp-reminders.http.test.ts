import { dispatchDueReminders } from '@server/modules/reminders/send-reminder'
import { drainJobs, eventually } from '@tests/helpers/jobs'
import { rowsOf } from '@tests/helpers/telegram'
import {
  bookOnWhatsApp,
  connectWhatsApp,
  SALON_NUMBER,
  startWhatsAppApp,
  type WhatsAppTestApp,
} from '@tests/helpers/whatsapp'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * Reminders and statuses on WhatsApp: by template outside the 24 hours, as plain text inside them,
 * only for a customer who said yes; delivered and read shown on the booking; undeliverable (131026)
 * and re-engagement (131047) handled as Meta reports them, by status notification after the send.
 */

let t: WhatsAppTestApp
beforeEach(async () => {
  t = await startWhatsAppApp()
  await connectWhatsApp(t)
})
afterEach(() => t.close())

const REMINDER_QUEUES = ['reminders.send', 'whatsapp.fallback', 'whatsapp.deliver', 'mail.send']

/** Moves the clock to the reminder's moment and lets it go out. */
async function remindersAt(bookingId: string, kind: 'day_before' | 'two_hours') {
  const [reminder] = await rowsOf<{ due_at: string }>(
    t,
    sql`select due_at from booking_reminders where booking_id = ${bookingId} and kind = ${kind} and status = 'planned'`,
  )
  if (!reminder) throw new Error(`no ${kind} reminder planned`)
  t.clock.set(new Date(new Date(reminder.due_at).getTime() + 1000))
  await dispatchDueReminders({ db: t.database.db, clock: t.clock, jobs: t.jobs })
  await drainJobs(t.database, REMINDER_QUEUES)
}

async function reminderOf(bookingId: string, kind: 'day_before' | 'two_hours') {
  const [row] = await rowsOf<{
    status: string
    channel: string | null
    delivered_at: string | null
    read_at: string | null
    reason: string | null
  }>(
    t,
    sql`select status, channel, delivered_at, read_at, reason from booking_reminders where booking_id = ${bookingId} and kind = ${kind}`,
  )
  return row
}

/** What each channel tried came to (the test's clock stands still, so they are sorted by name). */
async function attemptsOf(bookingId: string) {
  return rowsOf<{ channel: string; outcome: string }>(
    t,
    sql`select a.channel, a.outcome from reminder_attempts a join booking_reminders r on r.id = a.reminder_id
      where r.booking_id = ${bookingId} order by a.channel, a.outcome`,
  )
}

const giveEmail = (bookingId: string) =>
  t.database.db.execute(
    sql`update customers set email = 'zoe@example.com' where id = (select customer_id from bookings where id = ${bookingId})`,
  )

describe('reminders on WhatsApp', () => {
  it('reminds 24 h and 2 h before by template outside the window, and the booking shows them delivered and read', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'yes')
    const before = customer.messages().length

    await remindersAt(bookingId, 'day_before')
    const [dayBefore] = customer.messages().slice(before)
    expect(dayBefore?.type).toBe('template')
    expect(dayBefore?.template?.name).toBe('salonia_appointment_reminder')
    expect(dayBefore?.template?.language).toBe('fr')
    expect(dayBefore?.template?.parameters[1]).toMatch(/Rappel .*demain/)
    expect(await reminderOf(bookingId, 'day_before')).toMatchObject({
      status: 'sent',
      channel: 'whatsapp',
      delivered_at: null,
    })
    await t.fake.flushStatuses()
    const delivered = await reminderOf(bookingId, 'day_before')
    expect(delivered?.delivered_at).not.toBeNull()
    expect(delivered?.read_at).not.toBeNull()

    await remindersAt(bookingId, 'two_hours')
    const [twoHours] = customer.messages().slice(before + 1)
    expect(twoHours?.template?.parameters[1]).toMatch(/aujourd'hui/)
    await t.fake.flushStatuses()

    // The booking's panel says it in the owner's words.
    const panel = await rowsOf<{ kind: string; status: string; channel: string }>(
      t,
      sql`select kind, status, channel from booking_reminders where booking_id = ${bookingId} order by kind`,
    )
    expect(panel).toEqual([
      { kind: 'day_before', status: 'sent', channel: 'whatsapp' },
      { kind: 'two_hours', status: 'sent', channel: 'whatsapp' },
    ])
  })

  it('sends a plain message inside the 24 hours', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'yes')
    await remindersAt(bookingId, 'day_before')
    const [reminder] = await rowsOf<{ due_at: string }>(
      t,
      sql`select due_at from booking_reminders where booking_id = ${bookingId} and kind = 'two_hours'`,
    )
    // The customer writes an hour before the reminder: the window is open when it leaves.
    t.clock.set(new Date(new Date(reminder?.due_at ?? 0).getTime() - 60 * 60_000))
    await customer.say('Merci beaucoup !')
    await drainJobs(t.database, ['whatsapp.chat', 'whatsapp.deliver'])
    const before = customer.messages().length
    await remindersAt(bookingId, 'two_hours')
    const [sent] = customer.messages().slice(before)
    expect(sent?.type).toBe('text')
    expect(sent?.text).toMatch(/Rappel/)
  })

  it('uses the next channel for a customer who did not say yes to WhatsApp reminders', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'no')
    await giveEmail(bookingId)
    const before = customer.messages().length
    await remindersAt(bookingId, 'day_before')
    expect(customer.messages().slice(before)).toEqual([])
    expect(await reminderOf(bookingId, 'day_before')).toMatchObject({ status: 'sent', channel: 'email' })
    expect(await attemptsOf(bookingId)).toEqual([
      { channel: 'email', outcome: 'sent' },
      { channel: 'whatsapp', outcome: 'refused' },
    ])
  })

  it('uses the next channel outside the 24 hours while Meta has not approved the template', async () => {
    await t.fake.setTemplateStatus(SALON_NUMBER.wabaId, 'salonia_appointment_reminder', 'fr', 'PAUSED')
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'yes')
    await giveEmail(bookingId)
    const before = customer.messages().length
    await remindersAt(bookingId, 'day_before')
    expect(customer.messages().slice(before)).toEqual([])
    expect(await reminderOf(bookingId, 'day_before')).toMatchObject({ status: 'sent', channel: 'email' })
    expect(await attemptsOf(bookingId)).toEqual([
      { channel: 'email', outcome: 'sent' },
      { channel: 'whatsapp', outcome: 'refused' },
    ])
  })

  it('hands a reminder WhatsApp cannot deliver (131026) to the next channel', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'yes')
    await giveEmail(bookingId)
    customer.undeliverable = true
    await remindersAt(bookingId, 'day_before')
    expect(await reminderOf(bookingId, 'day_before')).toMatchObject({ status: 'sent', channel: 'whatsapp' })
    await t.fake.flushStatuses()
    await drainJobs(t.database, REMINDER_QUEUES)
    await eventually(async () => ((await reminderOf(bookingId, 'day_before'))?.channel === 'email' ? true : undefined))
    expect(await attemptsOf(bookingId)).toEqual([
      { channel: 'email', outcome: 'sent' },
      { channel: 'whatsapp', outcome: 'undelivered' },
    ])
  })

  it('sends the template instead when Meta says the 24 hours had closed (131047)', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'yes')
    await remindersAt(bookingId, 'day_before')
    const [reminder] = await rowsOf<{ due_at: string }>(
      t,
      sql`select due_at from booking_reminders where booking_id = ${bookingId} and kind = 'two_hours'`,
    )
    t.clock.set(new Date(new Date(reminder?.due_at ?? 0).getTime() - 60 * 60_000))
    await customer.say('Merci beaucoup !')
    await drainJobs(t.database, ['whatsapp.chat', 'whatsapp.deliver'])
    // Meta's clock is a day ahead of ours: it sees the window closed when we think it open.
    t.fake.advance(24 * 60 * 60_000)
    const before = customer.messages().length
    await remindersAt(bookingId, 'two_hours')
    expect(
      customer
        .messages()
        .slice(before)
        .map((m) => m.type),
    ).toEqual(['text'])
    await t.fake.flushStatuses()
    await drainJobs(t.database, REMINDER_QUEUES)
    expect(
      customer
        .messages()
        .slice(before)
        .map((m) => m.type),
    ).toEqual(['text', 'template'])
    await t.fake.flushStatuses()
    const sent = await reminderOf(bookingId, 'two_hours')
    expect(sent).toMatchObject({ status: 'sent', channel: 'whatsapp' })
    expect(sent?.delivered_at).not.toBeNull()
  })

  it('retries a throughput limit (130429) and a 5xx with backoff, then sends once', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const bookingId = await bookOnWhatsApp(t, customer, 'yes')
    t.fake.failNext({ code: 130429 })
    t.fake.failNext({ httpStatus: 503 })
    const before = customer.messages().length
    await remindersAt(bookingId, 'day_before')
    await eventually(
      async () => ((await reminderOf(bookingId, 'day_before'))?.status === 'sent' ? true : undefined),
      30_000,
    )
    expect(customer.messages().slice(before)).toHaveLength(1)
    expect((await attemptsOf(bookingId)).map((a) => a.outcome)).toEqual(['failed', 'failed', 'sent'])
  })
})
