import { bookingReminders, openingHours, reminderAttempts } from '@server/db/schema'
import { bookingLinkToken } from '@server/modules/booking-page/booking-link'
import { listOutboxEmails } from '@server/modules/outbox/outbox.repository'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { type FakeTwilio, startFakeTwilio, twilioEnv } from '@tests/fakes/twilio'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { demoServices } from '@tests/helpers/demo'
import { eventually } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listRemindersOfBookings } from './reminders.repository'
import { dispatchDueReminders, sendReminder } from './send-reminder'

/**
 * Reminders go out at their instant and only then, once, through the first channel that reaches
 * the customer (issue 15, points 1, 2 and 6): SMS through Twilio (the fake, on Twilio's paths),
 * then e-mail. The dispatcher is the minute job's use case, called here after the clock moved.
 */

let t: TestApp
let twilio: FakeTwilio
let cookie: string
let coupe: string

beforeAll(async () => {
  twilio = await startFakeTwilio()
  t = await startTestApp({
    workers: true,
    env: {
      ...twilioEnv(twilio),
      PUBLIC_URL: 'https://book.example.com',
    },
  })
  cookie = await ownerCookie(t, 'SAL001')
  coupe = (await demoServices(t.app, cookie))['Coupe femme']?.id ?? ''
})
afterAll(async () => {
  await t.close()
  await twilio.close()
})
beforeEach(() => t.clock.set(DEMO_NOW))

async function book(startsAt: string, customer: { name: string; phone?: string; email?: string; language?: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    payload: { serviceId: coupe, startsAt, customer, channel: 'dashboard' },
    headers: { cookie },
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { id: string }).id
}

const dispatch = () => dispatchDueReminders({ db: t.database.db, clock: t.clock, jobs: t.jobs })
const reminders = (bookingId: string) => listRemindersOfBookings(t.database.db, [bookingId])
const settled = (bookingId: string, kind: 'day_before' | 'two_hours') =>
  eventually(async () => {
    const reminder = (await reminders(bookingId)).find((r) => r.kind === kind && r.status !== 'cancelled')
    return reminder && !['planned', 'queued', 'sending'].includes(reminder.status) ? reminder : undefined
  })
const smsTo = (phone: string) => twilio.messages.filter((m) => m.to === phone)

describe('sending reminders', () => {
  it('sends each reminder once, at its instant, by SMS in the customer’s language, with the link to cancel or move', async () => {
    const id = await book('2026-12-03T10:00', { name: 'Giulia', phone: '06 11 22 33 01', language: 'it' })
    t.clock.set('2026-12-02T09:59:00+01:00')
    expect(await dispatch()).toBe(0)
    t.clock.set('2026-12-02T10:00:00+01:00')
    expect(await dispatch()).toBe(1)
    const dayBefore = await settled(id, 'day_before')
    expect(dayBefore).toMatchObject({ status: 'sent', channel: 'sms' })
    expect(await dispatch()).toBe(0)
    const [sms] = smsTo('+33611223301')
    expect(smsTo('+33611223301')).toHaveLength(1)
    expect(sms?.body).toContain('Promemoria Salon Lumière: Taglio donna con')
    expect(sms?.body).toContain('domani, giovedì 3 dicembre, alle 10:00')
    const link = sms?.body.match(/Annullare o spostare: (https:\/\/book\.example\.com\/r\/([\w-]{44}))$/)
    expect(link?.[1]).toBe(`https://book.example.com/r/${bookingLinkToken(t.config.appSecret, id)}`)
    // The link opens the customer's own page, in their language, where they may still cancel or move.
    const page = await t.app.inject({ url: `/api/r/${link?.[2]}` })
    expect(page.json()).toMatchObject({ language: 'it', localTime: '10:00', canCancel: true, canMove: true })

    t.clock.set('2026-12-03T08:00:00+01:00')
    expect(await dispatch()).toBe(1)
    expect(await settled(id, 'two_hours')).toMatchObject({ status: 'sent', channel: 'sms' })
    expect(smsTo('+33611223301').map((m) => m.body.includes('oggi alle 10:00'))).toEqual([false, true])
  })

  it('sends 24 and 2 real hours before across the nights clocks change, with the salon’s local time in words', async () => {
    // Open on Sundays for this test only, so appointment and reminder fall on either side of a change.
    const salonId = (await findSalonByPublicId(t.database.db, 'SAL001'))?.id ?? ''
    await t.database.db.insert(openingHours).values({ salonId, weekday: 6, opensMinute: 9 * 60, closesMinute: 18 * 60 })
    try {
      const weeks = [
        // Sunday 25 October 2026 10:00 (UTC+1; clocks went back at 03:00): Saturday 11:00 (UTC+2).
        {
          now: '2026-10-20T08:30:00+02:00',
          startsAt: '2026-10-25T10:00',
          phone: '06 11 22 33 20',
          dayBefore: '2026-10-24T11:00:00+02:00',
          twoHours: '2026-10-25T08:00:00+01:00',
        },
        // Sunday 28 March 2027 10:00 (UTC+2; clocks went forward at 02:00): Saturday 09:00 (UTC+1).
        {
          now: '2027-03-22T08:30:00+01:00',
          startsAt: '2027-03-28T10:00',
          phone: '06 11 22 33 21',
          dayBefore: '2027-03-27T09:00:00+01:00',
          twoHours: '2027-03-28T08:00:00+02:00',
        },
      ]
      for (const week of weeks) {
        t.clock.set(week.now)
        // A session of that week (the demo's own has long expired by March).
        cookie = await ownerCookie(t, 'SAL001')
        const id = await book(week.startsAt, { name: 'Changement d’heure', phone: week.phone })
        for (const [kind, due] of [
          ['day_before', week.dayBefore],
          ['two_hours', week.twoHours],
        ] as const) {
          t.clock.set(new Date(new Date(due).getTime() - 60_000))
          expect(await dispatch(), `${kind} a minute early`).toBe(0)
          t.clock.set(due)
          expect(await dispatch(), `${kind} on time`).toBe(1)
          expect(await settled(id, kind)).toMatchObject({ status: 'sent', channel: 'sms' })
        }
        const phone = `+336112233${week.phone.slice(-2)}`
        expect(smsTo(phone).map((m) => /(demain, dimanche \d+ \w+,|aujourd'hui) à 10:00/.test(m.body))).toEqual([
          true,
          true,
        ])
      }
    } finally {
      t.clock.set(DEMO_NOW)
      cookie = await ownerCookie(t, 'SAL001')
      await t.database.db
        .delete(openingHours)
        .where(and(eq(openingHours.salonId, salonId), eq(openingHours.weekday, 6)))
    }
  })

  it('sends nothing for a cancelled booking', async () => {
    const id = await book('2026-12-04T11:00', { name: 'Annulée', phone: '06 11 22 33 02' })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      payload: {},
      headers: { cookie },
    })
    expect(res.statusCode).toBe(200)
    t.clock.set('2026-12-04T10:00:00+01:00')
    await dispatch()
    expect(smsTo('+33611223302')).toEqual([])
    expect((await reminders(id)).map((r) => r.status)).toEqual(['cancelled', 'cancelled'])
  })

  it('records a number Twilio refuses and reaches the customer by e-mail instead', async () => {
    const id = await book('2026-12-05T10:00', { name: 'Refusé', phone: '+1 500 555 0001', email: 'refuse@example.com' })
    t.clock.set('2026-12-04T10:00:00+01:00')
    await dispatch()
    const reminder = await settled(id, 'day_before')
    expect(reminder).toMatchObject({ status: 'sent', channel: 'email' })
    const attempts = await t.database.db
      .select()
      .from(reminderAttempts)
      .where(eq(reminderAttempts.reminderId, reminder.id))
    expect(attempts.map((a) => [a.channel, a.outcome])).toEqual([
      ['sms', 'refused'],
      ['email', 'sent'],
    ])
    expect(attempts[0]?.detail).toContain('21211')
    const mail = (await listOutboxEmails(t.database.db)).find((m) => m.to === 'refuse@example.com')
    expect(mail).toMatchObject({ kind: 'booking_reminder' })
    expect(mail?.subject).toContain('Rappel : Coupe femme chez Salon Lumière demain')
  })

  it('retries when Twilio answers 503, and sends once', async () => {
    const id = await book('2026-12-08T10:00', { name: 'Patiente', phone: '06 11 22 33 04' })
    twilio.failNext(1, 503)
    t.clock.set('2026-12-07T10:00:00+01:00')
    await dispatch()
    const reminder = await settled(id, 'day_before')
    expect(reminder).toMatchObject({ status: 'sent', channel: 'sms' })
    expect(smsTo('+33611223304')).toHaveLength(1)
    const attempts = await t.database.db
      .select()
      .from(reminderAttempts)
      .where(eq(reminderAttempts.reminderId, reminder.id))
    expect(attempts.map((a) => a.outcome)).toEqual(['failed', 'sent'])
  })

  it('hands each due reminder to one job only, however many dispatchers run at once', async () => {
    const ids = await Promise.all(
      ['05', '06', '07', '08', '09'].map((n, i) =>
        book(`2026-12-10T${String(9 + i).padStart(2, '0')}:00`, { name: `Ensemble ${n}`, phone: `06 11 22 33 ${n}` }),
      ),
    )
    t.clock.set('2026-12-10T08:00:00+01:00')
    await Promise.all([dispatch(), dispatch(), dispatch(), dispatch()])
    // Due at 08:00: every day-before reminder, and the two-hour ones of 09:00 and 10:00.
    for (const id of ids) await settled(id, 'day_before')
    for (const id of ids.slice(0, 2)) await settled(id, 'two_hours')
    expect(['05', '06', '07', '08', '09'].map((n) => smsTo(`+336112233${n}`).length)).toEqual([2, 2, 1, 1, 1])
  })

  it('never sends twice a reminder whose worker died while sending: it is marked failed', async () => {
    const id = await book('2026-12-11T10:00', { name: 'Interrompue', phone: '06 11 22 33 10' })
    const [reminder] = await reminders(id)
    await t.database.db
      .update(bookingReminders)
      .set({ status: 'sending' })
      .where(eq(bookingReminders.id, reminder?.id ?? ''))
    t.clock.set('2026-12-10T10:00:00+01:00')
    await sendReminder(
      { db: t.database.db, clock: t.clock, config: t.config, log: { info: () => {}, warn: () => {} } },
      reminder?.id ?? '',
      { id: 'job', retryCount: 1, retryLimit: 4 },
    )
    expect((await reminders(id))[0]).toMatchObject({ status: 'failed', reason: 'interrupted' })
    expect(smsTo('+33611223310')).toEqual([])
  })

  it('never resends an SMS Twilio took without answering in time, nor sends it by e-mail: failed, unconfirmed', async () => {
    const id = await book('2026-12-11T15:00', {
      name: 'Sans réponse',
      phone: '06 11 22 33 12',
      email: 'sans.reponse@example.com',
    })
    const [reminder] = await reminders(id)
    // Handed to its job (no worker of this app takes it: the job is this call).
    await t.database.db
      .update(bookingReminders)
      .set({ status: 'queued' })
      .where(eq(bookingReminders.id, reminder?.id ?? ''))
    t.clock.set('2026-12-10T15:00:00+01:00')
    const sms = t.config.sms && { ...t.config.sms, timeoutMs: 300 }
    twilio.hold(true)
    try {
      await sendReminder(
        { db: t.database.db, clock: t.clock, config: { ...t.config, sms }, log: { info: () => {}, warn: () => {} } },
        reminder?.id ?? '',
        { id: 'job', retryCount: 0, retryLimit: 4 },
      )
    } finally {
      twilio.hold(false)
    }
    expect((await reminders(id))[0]).toMatchObject({ status: 'failed', reason: 'sms_unconfirmed' })
    expect(twilio.held.filter((m) => m.to === '+33611223312')).toHaveLength(1)
    expect(smsTo('+33611223312')).toEqual([])
    const outbox = await listOutboxEmails(t.database.db)
    expect(outbox.filter((m) => m.to === 'sans.reponse@example.com')).toEqual([])
  })

  it('sends nothing the salon turned off after it was planned, and follows its SMS setting', async () => {
    const id = await book('2026-12-12T10:00', {
      name: 'Réglages',
      phone: '06 11 22 33 11',
      email: 'reglages@example.com',
    })
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload, headers: { cookie } })
    const off = await patch({ remindDayBefore: false, remindBySms: false })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().reminders).toEqual({
      dayBefore: false,
      twoHours: true,
      bySms: false,
      cancellationNoticeMinutes: 120,
    })
    try {
      t.clock.set('2026-12-11T10:00:00+01:00')
      await dispatch()
      expect(await settled(id, 'day_before')).toMatchObject({ status: 'skipped', reason: 'turned_off' })
      t.clock.set('2026-12-12T08:00:00+01:00')
      await dispatch()
      // SMS off: the two-hour reminder goes by e-mail.
      expect(await settled(id, 'two_hours')).toMatchObject({ status: 'sent', channel: 'email' })
      expect(smsTo('+33611223311')).toEqual([])
    } finally {
      t.clock.set(DEMO_NOW)
      expect((await patch({ remindDayBefore: true, remindBySms: true })).statusCode).toBe(200)
    }
  })

  it('refuses settings a salon cannot mean', async () => {
    for (const payload of [
      { cancellationNoticeMinutes: -1 },
      { cancellationNoticeMinutes: 10081 },
      { cancellationNoticeMinutes: 1.5 },
      { remindBySms: 'yes' },
    ]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload, headers: { cookie } })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
    }
  })

  it('skips a reminder for a customer the salon cannot reach', async () => {
    const id = await book('2026-12-09T10:00', { name: 'Sans contact' })
    t.clock.set('2026-12-08T10:00:00+01:00')
    await dispatch()
    expect(await settled(id, 'day_before')).toMatchObject({ status: 'skipped', reason: 'no_contact' })
  })
})
