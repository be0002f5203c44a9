import { type FakeTwilio, startFakeTwilio, twilioEnv } from '@tests/fakes/twilio'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { demoServices } from '@tests/helpers/demo'
import { eventually } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listRemindersOfBookings } from './reminders.repository'
import { dispatchDueReminders } from './send-reminder'

/**
 * Each salon chooses the order reminders try the channels in (issue 38, point 3): shown in its
 * reminders settings, the channel the customer booked on first until it chooses, and followed by
 * every reminder.
 */
let t: TestApp
let twilio: FakeTwilio
let cookie: string
let coupe: string

beforeAll(async () => {
  twilio = await startFakeTwilio()
  t = await startTestApp({ workers: true, env: { ...twilioEnv(twilio), PUBLIC_URL: 'https://book.example.com' } })
  cookie = await ownerCookie(t, 'SAL001')
  coupe = (await demoServices(t.app, cookie))['Coupe femme']?.id ?? ''
})
afterAll(async () => {
  await t.close()
  await twilio.close()
})
beforeEach(() => t.clock.set(DEMO_NOW))

const salon = async () => (await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })).json()
const patch = (payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload, headers: { cookie } })
const dispatch = () => dispatchDueReminders({ db: t.database.db, clock: t.clock, jobs: t.jobs })

async function book(startsAt: string, customer: { name: string; phone: string; email: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    payload: { serviceId: coupe, startsAt, customer, channel: 'dashboard' },
    headers: { cookie },
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { id: string }).id
}

const sentBy = (bookingId: string) =>
  eventually(async () => {
    const [reminder] = (await listRemindersOfBookings(t.database.db, [bookingId])).filter(
      (r) => r.kind === 'day_before' && r.status !== 'cancelled',
    )
    return reminder && !['planned', 'queued', 'sending'].includes(reminder.status) ? reminder : undefined
  })

describe('the order reminders try the channels in, per salon', () => {
  it('shows the default: the channel the customer booked on, then those this server has', async () => {
    // This server has SMS (Twilio) and e-mail; no Telegram bot, no Instagram app.
    expect((await salon()).reminderChannels).toEqual(['booked', 'sms', 'email'])
  })

  it('sends by e-mail first once the salon put e-mail before SMS, and shows its order', async () => {
    const chosen = await patch({ reminderChannels: ['email', 'sms', 'booked'] })
    expect(chosen.statusCode, chosen.body).toBe(200)
    expect(chosen.json().reminderChannels).toEqual(['email', 'sms', 'booked'])
    try {
      const id = await book('2026-12-04T10:00', {
        name: 'Elsa Ordre',
        phone: '06 11 22 44 01',
        email: 'elsa.ordre@example.com',
      })
      t.clock.set('2026-12-03T10:00:00+01:00')
      await dispatch()
      expect(await sentBy(id)).toMatchObject({ status: 'sent', channel: 'email' })
      expect(twilio.messages.filter((m) => m.to === '+33611224401')).toEqual([])
    } finally {
      await patch({ reminderChannels: ['booked', 'sms', 'email'] })
    }
  })

  it('refuses a channel this server does not know, and keeps the order it had', async () => {
    const refused = await patch({ reminderChannels: ['signal', 'email'] })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().code).toBe('reminders.unknown_channel')
    const twice = await patch({ reminderChannels: ['email', 'email'] })
    expect(twice.statusCode).toBe(400)
    expect((await salon()).reminderChannels).toEqual(['booked', 'sms', 'email'])
  })
})
