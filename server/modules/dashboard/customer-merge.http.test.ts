import type { Booking, BookingDetails } from '@common/schemas/booking'
import type { CustomerDetails } from '@common/schemas/customers'
import { customerIdentities, customers, type SalonRow } from '@server/db/schema'
import { createBooking } from '@server/modules/bookings/bookings.usecases'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { demoServices } from '@tests/helpers/demo'
import { otherSalonOwnerCookie, ownerCookie } from '@tests/helpers/sign-in'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Merging one person's two customer files (issue 39, point 8): bookings, identities on each
 * channel and notes join the file kept, the duplicate goes, each moved booking's history says so;
 * refused when it would break a rule.
 */

let t: TestApp
let cookie: string
let otherCookie: string
let services: Awaited<ReturnType<typeof demoServices>>

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  otherCookie = await otherSalonOwnerCookie(t)
  services = await demoServices(t.app, cookie)
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: as } })

async function book(startsAt: string, customer: object): Promise<Booking> {
  const res = await call('POST', '/api/salons/SAL001/bookings', {
    serviceId: services.Brushing?.id,
    startsAt,
    channel: 'dashboard',
    force: false,
    ...customer,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as Booking
}

const merge = (keptId: string, duplicateId: string, as = cookie) =>
  call('POST', `/api/salons/SAL001/customers/${keptId}/merge`, { duplicateId }, as)

describe('merging two customer files', () => {
  it("moves the duplicate's bookings, chat identity and note into the file kept, and the duplicate goes", async () => {
    const kept = await book('2026-12-09T10:00', { customer: { name: 'Camille Martin', phone: '+33 6 11 11 11 11' } })
    await call('PATCH', `/api/salons/SAL001/customers/${kept.customerId}`, { notes: 'Allergique à l’ammoniaque' })
    // The same person booked from the web chat under another name.
    const chat = newTestChat('fr', 'Cam', 'merge')
    const salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
    const { booking: fromChat } = await createBooking({ db: t.database.db, clock: t.clock, jobs: t.jobs }, salon, {
      serviceId: services.Brushing?.id as string,
      startsAt: new Date('2026-12-10T11:00:00+01:00'),
      customer: { name: 'Cam', language: 'fr' },
      channel: 'web',
      identity: { channel: 'web', externalId: chat.userId },
    })
    const duplicateId = fromChat.customerId
    await call('PATCH', `/api/salons/SAL001/customers/${duplicateId}`, { notes: 'Formule 6.3' })
    const duplicateFile = (await call('GET', `/api/salons/SAL001/customers/${duplicateId}`)).json() as CustomerDetails
    expect(duplicateFile.bookings).toHaveLength(1)

    const res = await merge(kept.customerId, duplicateId)
    expect(res.statusCode, res.body).toBe(200)
    const file = res.json() as CustomerDetails
    expect(file.name).toBe('Camille Martin')
    expect(file.phone).toBe('+33 6 11 11 11 11')
    expect(file.notes).toBe('Allergique à l’ammoniaque\n\nFormule 6.3')
    expect(file.bookings).toHaveLength(2)
    expect(file.identities.map((i) => i.channel)).toContain('web')
    expect((await call('GET', `/api/salons/SAL001/customers/${duplicateId}`)).statusCode).toBe(404)
    expect(await t.database.db.select().from(customers).where(eq(customers.id, duplicateId))).toEqual([])

    // The moved booking is now Camille's, and its history says the files were merged.
    const movedId = duplicateFile.bookings[0]?.id as string
    const panel = (await call('GET', `/api/bookings/${movedId}`)).json() as BookingDetails
    expect(panel.customer.name).toBe('Camille Martin')
    expect(panel.history.map((entry) => entry.kind)).toContain('merged')
    // The chat knows them as Camille now: the assistant lists both appointments as theirs.
    const list = await postChat(t.app, chat, 'Vous pouvez me rappeler mes rendez-vous ?')
    expect(list.json().response).toContain('Brushing le mercredi 9 décembre à 10:00')
    expect(list.json().response).toContain('Brushing le jeudi 10 décembre à 11:00')
    const [identity] = await t.database.db
      .select()
      .from(customerIdentities)
      .where(eq(customerIdentities.externalId, chat.userId))
    expect(identity?.customerId).toBe(kept.customerId)
  })

  it('refuses to merge appointments to come that overlap, a file into itself, and another salon’s file, changing nothing', async () => {
    const a = await book('2026-12-11T14:00', { customer: { name: 'Jeanne A' } })
    const b = await book('2026-12-11T14:15', { customer: { name: 'Jeanne B' } })
    const overlap = await merge(a.customerId, b.customerId)
    expect(overlap.statusCode).toBe(409)
    expect(overlap.json()).toMatchObject({ code: 'customers.merge_overlap' })
    expect(overlap.json().upcoming).toHaveLength(2)
    expect((await call('GET', `/api/salons/SAL001/customers/${b.customerId}`)).statusCode).toBe(200)

    expect((await merge(a.customerId, a.customerId)).json()).toMatchObject({ code: 'customers.merge_same' })
    expect((await merge(a.customerId, b.customerId, otherCookie)).statusCode).toBe(403)
    const unknown = await merge(a.customerId, '0b7c3a52-2f55-4b8e-9d0e-6a1f3c2b9e41')
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'customers.not_found'])
    expect((await merge(a.customerId, 'not-an-id')).statusCode).toBe(400)
  })

  it('refuses notes that together would be longer than a note may be', async () => {
    const a = await book('2026-12-16T10:00', { customer: { name: 'Long A' } })
    const b = await book('2026-12-17T10:00', { customer: { name: 'Long B' } })
    await call('PATCH', `/api/salons/SAL001/customers/${a.customerId}`, { notes: 'a'.repeat(1500) })
    await call('PATCH', `/api/salons/SAL001/customers/${b.customerId}`, { notes: 'b'.repeat(1500) })
    const res = await merge(a.customerId, b.customerId)
    expect([res.statusCode, res.json().code]).toEqual([422, 'customers.merge_notes_too_long'])
  })
})
