import type { Booking } from '@common/schemas/booking'
import { listOutboxEmails } from '@server/modules/outbox/outbox.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { demoServices } from '@tests/helpers/demo'
import { drainJobs } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The salon's changes told to the customer name the service as the customer knows it (issue 39,
 * point 7): in their language, the owner's name winning over the glossary's.
 */
let t: TestApp
let cookie: string
let services: Awaited<ReturnType<typeof demoServices>>
beforeAll(async () => {
  t = await startTestApp({ workers: true })
  cookie = await ownerCookie(t, 'SAL001')
  services = await demoServices(t.app, cookie)
})
afterAll(() => t.close())

const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } })

async function book(service: string, startsAt: string, name: string, language: string): Promise<Booking> {
  const res = await call('POST', '/api/salons/SAL001/bookings', {
    serviceId: services[service]?.id,
    startsAt,
    customer: { name, email: `${name.toLowerCase()}@example.com`, language },
    channel: 'dashboard',
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}
const mailsTo = async (name: string) =>
  (await listOutboxEmails(t.database.db)).filter((m) => m.to === `${name.toLowerCase()}@example.com`)

describe('what the salon changed, told in the customer’s language', () => {
  it('names the service moved in the customer’s language, and the owner’s name over the glossary’s', async () => {
    const booking = await book('Coupe femme', '2026-12-09T10:00', 'Greta', 'de')
    const moved = await call('POST', `/api/bookings/${booking.id}/reschedule`, {
      startsAt: '2026-12-09T15:00',
      memberId: booking.member.id,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    await drainJobs(t.database, ['bookings.tell-customer'])
    const [mail] = await mailsTo('Greta')
    expect(mail?.text).toContain('Damenhaarschnitt')
    expect(mail?.text).not.toContain('Coupe femme')

    const renamed = await call('PATCH', `/api/salons/SAL001/services/${services['Coupe femme']?.id}`, {
      translations: { de: 'Damenschnitt' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await call('POST', `/api/bookings/${booking.id}/cancel`, {})).statusCode).toBe(200)
    await drainJobs(t.database, ['bookings.tell-customer'])
    const cancelled = (await mailsTo('Greta')).find((m) => m.text !== mail?.text)
    expect(cancelled?.text).toContain('Damenschnitt')
  })

  it('keeps the salon’s name for a customer of the salon’s language', async () => {
    const booking = await book('Coupe homme', '2026-12-10T10:00', 'Gaspard', 'fr')
    expect((await call('POST', `/api/bookings/${booking.id}/cancel`, {})).statusCode).toBe(200)
    await drainJobs(t.database, ['bookings.tell-customer'])
    const [mail] = await mailsTo('Gaspard')
    expect(mail?.text).toContain('Coupe homme')
  })
})
