import { listOutboxEmails } from '@server/modules/outbox/outbox.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { demoMembers, demoServices } from '@tests/helpers/demo'
import { drainJobs } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A freed time offered to a waiting customer names what they wait for in their language (issue 39,
 * point 7), as the chat and their booking page do.
 */
let t: TestApp
let cookie: string
let services: Awaited<ReturnType<typeof demoServices>>
let members: Record<string, string>

const JOBS = ['waiting-list.review', 'waiting-list.tell', 'bookings.tell-customer', 'mail.send']

beforeAll(async () => {
  t = await startTestApp({ workers: true })
  cookie = await ownerCookie(t, 'SAL001')
  services = await demoServices(t.app, cookie)
  members = await demoMembers(t.app, cookie)
})
afterAll(() => t.close())

const call = (method: 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } })

describe('the waiting list’s offer in the customer’s language', () => {
  it('names the service waited for as the customer reads it, in the message and on the offer’s page', async () => {
    const day = '2027-01-20'
    const lea = members.Léa ?? ''
    // Léa free from 10:00 to 10:30 only, and that half-hour booked: her day is full.
    for (const [startDate, endDate] of [
      [`${day}T00:00`, `${day}T10:00`],
      [`${day}T10:30`, `${day}T23:59`],
    ]) {
      const res = await call('POST', '/api/salons/SAL001/time-off', { startDate, endDate, memberId: lea })
      expect(res.statusCode, res.body).toBe(201)
    }
    const occupant = await call('POST', '/api/salons/SAL001/bookings', {
      serviceId: services['Coupe homme']?.id,
      startsAt: `${day}T10:00`,
      memberId: lea,
      customer: { name: 'Occupant', language: 'fr' },
    })
    expect(occupant.statusCode, occupant.body).toBe(201)
    const joined = await call('POST', '/api/salons/SAL001/waiting-list', {
      customer: { name: 'Hanna', email: 'hanna@example.com', language: 'de' },
      serviceIds: [services['Coupe homme']?.id],
      day,
      memberId: lea,
    })
    expect(joined.statusCode, joined.body).toBe(201)

    expect((await call('POST', `/api/bookings/${occupant.json().id}/cancel`, {})).statusCode).toBe(200)
    await drainJobs(t.database, JOBS)
    const mails = (await listOutboxEmails(t.database.db)).filter((m) => m.to === 'hanna@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('Herrenhaarschnitt')
    expect(mails[0]?.text).not.toContain('Coupe homme')
    // The page of their link, which opens in their language, names it so too.
    const token = /\/w\/([A-Za-z0-9_-]{44})/.exec(mails[0]?.text ?? '')?.[1]
    const offer = await t.app.inject({ url: `/api/waiting-list/offers/${token}` })
    expect(offer.json()).toMatchObject({ language: 'de', services: ['Herrenhaarschnitt'] })
  })
})
