import { listOutboxEmails } from '@server/modules/outbox/outbox.repository'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { demoMembers } from '@tests/helpers/demo'
import { fullDayOf } from '@tests/helpers/full-day'
import { drainJobs } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

/**
 * The waiting list from the chat (issue 39, point 6): a full day is met with the waiting list;
 * "liste d'attente" joins it with the request's service, day and member; when time frees up the
 * customer is told, and a "oui" in the chat takes the time.
 */

let t: TestApp
let cookie: string
let services: Record<string, string>
let members: Record<string, string>
const JOBS = ['waiting-list.review', 'waiting-list.tell', 'bookings.tell-customer', 'mail.send']

beforeAll(async () => {
  t = await startTestApp({ workers: true })
  cookie = await ownerCookie(t, 'SAL001')
  const list = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  services = Object.fromEntries((list.json() as { id: string; name: string }[]).map((s) => [s.name, s.id]))
  members = await demoMembers(t.app, cookie)
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie } })

/** Léa's day full but for 10:00, booked (tests/helpers/full-day.ts). */
const fullDayForLea = (day: string) =>
  fullDayOf(t.app, cookie, day, { memberId: members.Léa ?? '', serviceId: services['Coupe homme'] ?? '' })

describe('the waiting list in the chat', () => {
  it('offers the list for a full day, joins it, and a "oui" to the freed time books it', async () => {
    const day = '2027-01-14'
    const occupant = await fullDayForLea(day)
    const chat = newTestChat('fr', 'Nadia', 'waiting')
    const context = { clientEmail: 'nadia@example.com' }
    const say = async (message: string) => {
      const res = await postChat(t.app, chat, message, { context })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as { response: string; suggestions?: { label: string; says: string }[] }
    }

    const full = await say('Une coupe homme avec Léa le jeudi 14 janvier')
    expect(full.response).toContain("Il n'y a plus de créneau libre le jeudi 14 janvier")
    expect(full.response).toContain("liste d'attente du jeudi 14 janvier")
    const chip = full.suggestions?.find((s) => s.label === "Liste d'attente")
    expect(chip).toBeDefined()

    const joined = await say(chip?.says ?? '')
    expect(joined.response).toContain("vous êtes sur la liste d'attente pour Coupe homme le jeudi 14 janvier")
    expect(joined.response).toContain("Rien n'est réservé")
    const again = await say("liste d'attente pour jeudi 14 janvier, coupe homme avec Léa")
    expect(again.response).toContain("déjà sur la liste d'attente du jeudi 14 janvier")

    // The 10:00 customer cancels: Nadia is told by e-mail (her web chat cannot be written to).
    await call('POST', `/api/bookings/${occupant}/cancel`, {})
    await drainJobs(t.database, JOBS)
    const told = (await listOutboxEmails(t.database.db)).filter((m) => m.to === 'nadia@example.com')
    expect(told.map((m) => m.subject)).toEqual(["Salon Lumière : un créneau s'est libéré"])
    expect(told[0]?.text).toContain('jeudi 14 janvier à 10:00')

    // Back in the chat, a bare "oui" takes it.
    const yes = await say('oui')
    expect(yes.response).toMatch(/réserv/i)
    expect(yes.response).toContain('10:00')
    await drainJobs(t.database, JOBS)
    const list = await call('GET', `/api/salons/SAL001/waiting-list?from=${day}&to=${day}`)
    expect(
      list.json().entries.map((e: { customer: { name: string }; status: string }) => [e.customer.name, e.status]),
    ).toEqual([['Nadia', 'booked']])
  })

  it('asks what is missing before joining, and never claims a booking', async () => {
    const chat = newTestChat('de', 'Jonas', 'waiting')
    const res = await postChat(t.app, chat, 'Bitte auf die Warteliste')
    expect(res.statusCode).toBe(200)
    const reply = res.json().response as string
    expect(reply).not.toMatch(/Warteliste für/)
    expect(reply).not.toMatch(/gebucht(?! ist noch nichts)/i)
  })
})
