import { bookingNotes, bookings, conversations, customerIdentities, customers, type SalonRow } from '@server/db/schema'
import { createBooking, tellSalonLate } from '@server/modules/bookings/bookings.usecases'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { ownerCookie } from '@tests/helpers/sign-in'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The salon's customers in the dashboard: list and search, a customer's file and private note, and
 * what answers a GDPR request — the export of everything held, and the erasure that keeps the
 * bookings (anonymised) in the salon's figures.
 */
let t: TestApp
let salon: SalonRow
let cookie: string
let otherCookie: string
let other: SalonRow
let serviceId: string
const deps = () => ({ db: t.database.db, clock: t.clock, jobs: t.jobs })
const base = '/api/salons/SAL001/customers'

async function bookForOwner(local: string, name: string, phone?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    headers: { cookie },
    payload: { serviceId, startsAt: local, customer: { name, phone } },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

async function customerIdOf(bookingId: string) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId))
  return row?.customerId as string
}

const get = (url: string, as = cookie) => t.app.inject({ url, headers: { cookie: as } })
const search = async (q: string) =>
  (await get(`${base}?q=${encodeURIComponent(q)}`)).json().customers.map((c: { name: string }) => c.name)
const totalBookings = async () => (await get('/api/salons/SAL001/dashboard')).json().stats.totalBookings as number

let lea: string
let leaBookings: string[]
let chatCustomer: string

beforeAll(async () => {
  t = await startTestApp()
  salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
  cookie = await ownerCookie(t, 'SAL001')
  other = await createSalon(t.database.db, {
    name: 'Autre salon',
    contactEmail: 'autre@example.com',
    authorizedGoogleEmail: 'autre@example.com',
    address: '3 rue C',
    country: 'FR',
  })
  otherCookie = await ownerCookie(t, other.publicId)
  const services = (await get('/api/salons/SAL001/services')).json()
  serviceId = services.find((s: { name: string }) => s.name === 'Brushing').id

  leaBookings = [
    await bookForOwner('2026-12-02T10:00', 'Léa Dupont', '+33 6 12 34 56 78'),
    await bookForOwner('2026-12-03T10:00', 'Léa Dupont', '+33 6 12 34 56 78'),
  ]
  lea = await customerIdOf(leaBookings[0] as string)
  await bookForOwner('2026-12-02T11:00', 'ÉLOÏSE Martin', '07 98 76 54 32')
  await bookForOwner('2026-12-02T12:00', 'Zoé 100%_sûre')
  // A chat customer: a channel identity, a conversation with its messages, a note about being late.
  const { booking } = await createBooking(deps(), salon, {
    serviceId,
    startsAt: new Date('2026-12-01T15:00:00+01:00'),
    customer: { name: 'Léa Dupont', phone: '+33 6 12 34 56 78' },
    channel: 'web',
    identity: { channel: 'web', externalId: 'user-web-lea-4242' },
  })
  chatCustomer = await customerIdOf(booking.id)
  await tellSalonLate(deps(), booking.id, { minutes: 10 }, { salonId: salon.id, customerId: chatCustomer })
  await t.database.db.insert(conversations).values({
    salonId: salon.id,
    channel: 'web',
    chatId: 'web-session-SAL001-lea',
    customerId: chatCustomer,
    language: 'fr',
    messageCount: 2,
    state: {
      draft: {},
      history: [
        { role: 'user', content: 'Je serai en retard de 10 minutes' },
        { role: 'assistant', content: "C'est noté, le salon est prévenu." },
      ],
    },
  })
})
afterAll(() => t.close())

describe('the customer list', () => {
  it('lists the salon’s customers by name, with their visits, bookings and no-shows', async () => {
    const res = await get(base)
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list.total).toBe(4)
    expect(list.page).toBe(1)
    expect(list.customers.map((c: { name: string }) => c.name)).toEqual([
      'ÉLOÏSE Martin',
      'Léa Dupont',
      'Léa Dupont',
      'Zoé 100%_sûre',
    ])
    const dashboardLea = list.customers.find((c: { id: string }) => c.id === lea)
    expect(dashboardLea).toEqual({
      id: lea,
      name: 'Léa Dupont',
      phone: '+33 6 12 34 56 78',
      lastVisit: null,
      nextVisit: { startsAt: '2026-12-02T09:00:00.000Z', localDate: '2026-12-02', localTime: '10:00' },
      bookingCount: 2,
      noShowCount: 0,
    })
  })

  it('finds a name whatever its case and accents, and a phone number whatever its spaces and +', async () => {
    expect(await search('eloise')).toEqual(['ÉLOÏSE Martin'])
    expect(await search('ÉLOÏSE')).toEqual(['ÉLOÏSE Martin'])
    expect(await search('lea dup')).toEqual(['Léa Dupont', 'Léa Dupont'])
    expect(await search('0798765432')).toEqual(['ÉLOÏSE Martin'])
    expect(await search('+33612345678')).toEqual(['Léa Dupont', 'Léa Dupont'])
    // The national form of an international number.
    expect(await search('06 12 34')).toEqual(['Léa Dupont', 'Léa Dupont'])
    // LIKE's wildcards are plain characters in a search.
    expect(await search('100%_')).toEqual(['Zoé 100%_sûre'])
    expect(await search('%')).toEqual(['Zoé 100%_sûre'])
    expect(await search('nobody')).toEqual([])
  })

  it('pages through the list', async () => {
    const second = (await get(`${base}?page=2`)).json()
    expect(second).toMatchObject({ customers: [], total: 4, page: 2, pageSize: 20 })
  })

  it.each([
    ['a NUL byte', 'a%00b'],
    ['a search too long', 'x'.repeat(101)],
  ])('refuses %s in the search with a readable 400', async (_, q) => {
    const res = await get(`${base}?q=${q}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('request.invalid')
    expect(res.json().message).toMatch(/not allowed|at most 100/)
  })

  it.each([
    ['an encoded lone surrogate', 'a%ED%A0%80b'],
    ['broken UTF-8', '%C3'],
    ['a broken escape', '%E0%A4%A'],
    ['the search given twice', 'a&q=b'],
  ])('answers %s without a server error', async (_, q) => {
    const res = await get(`${base}?q=${q}`)
    expect(res.statusCode).toBeLessThan(500)
  })

  it.each(['0', '-1', 'abc', '1.5', '99999999'])('refuses page=%s with a 400', async (page) => {
    const res = await get(`${base}?page=${page}`)
    expect(res.statusCode).toBe(400)
  })

  it('shows another salon nothing of this one’s customers', async () => {
    const theirs = await get(`/api/salons/${other.publicId}/customers`, otherCookie)
    expect(theirs.json()).toMatchObject({ customers: [], total: 0 })
    expect((await get(base, otherCookie)).statusCode).toBe(403)
    expect((await get(`${base}/${lea}`, otherCookie)).statusCode).toBe(403)
  })
})

describe('a customer’s file', () => {
  it('holds the bookings with the customer’s notes, the channel identities and the no-shows', async () => {
    const res = await get(`${base}/${chatCustomer}`)
    expect(res.statusCode).toBe(200)
    const file = res.json()
    expect(file).toMatchObject({ id: chatCustomer, name: 'Léa Dupont', noShowCount: 0, notes: null, language: 'fr' })
    expect(file.identities).toEqual([{ channel: 'web', shortId: '…lea-4242', createdAt: expect.any(String) }])
    expect(file.bookings).toHaveLength(1)
    expect(file.bookings[0]).toMatchObject({
      localDate: '2026-12-01',
      localTime: '15:00',
      service: 'Brushing',
      status: 'confirmed',
      channel: 'web',
      notes: [{ kind: 'late', minutes: 10 }],
    })
  })

  it('is "not found" for an unknown id and for another salon’s customer, and 400 for a malformed id', async () => {
    expect((await get(`${base}/00000000-0000-4000-8000-000000000000`)).json()).toEqual({
      code: 'customers.not_found',
      message: 'This customer does not exist.',
    })
    const [foreign] = await t.database.db.insert(customers).values({ salonId: other.id, name: 'Autre' }).returning()
    const asOwner = await get(`${base}/${foreign?.id}`)
    expect(asOwner.statusCode).toBe(404)
    expect(asOwner.json().code).toBe('customers.not_found')
    await t.database.db.delete(customers).where(eq(customers.id, foreign?.id as string))
    expect((await get(`${base}/not-an-id`)).statusCode).toBe(400)
  })

  it('keeps the salon’s private note, and clears it when emptied', async () => {
    const patch = (notes: unknown) =>
      t.app.inject({ method: 'PATCH', url: `${base}/${lea}`, headers: { cookie }, payload: { notes } })
    const saved = await patch('  Préfère Marie. Allergie à l’ammoniaque.  ')
    expect(saved.statusCode).toBe(200)
    expect(saved.json().notes).toBe('Préfère Marie. Allergie à l’ammoniaque.')
    expect((await get(`${base}/${lea}`)).json().notes).toBe('Préfère Marie. Allergie à l’ammoniaque.')
    expect((await patch('')).json().notes).toBeNull()
    expect((await patch('x'.repeat(2001))).statusCode).toBe(400)
    expect((await patch('a\u0000')).statusCode).toBe(400)
    expect((await patch('a\uD800')).statusCode).toBe(400)
    expect((await patch(42)).statusCode).toBe(400)
    await patch('Préfère Marie.')
  })
})

describe('export (GDPR access)', () => {
  it('downloads everything held about the customer as a JSON file, without any secret', async () => {
    const res = await get(`${base}/${chatCustomer}/export`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="client-${chatCustomer.slice(0, 8)}-2026-12-01.json"`,
    )
    const data = res.json()
    expect(data).toMatchObject({
      format: 'salonia.customer-export/1',
      salon: { id: 'SAL001', name: 'Salon Lumière' },
      customer: { id: chatCustomer, name: 'Léa Dupont', phone: '+33 6 12 34 56 78', erasedAt: null },
      channelIdentities: [{ channel: 'web', externalId: 'user-web-lea-4242' }],
      bookings: [
        {
          localStart: '2026-12-01T15:00',
          service: 'Brushing',
          status: 'confirmed',
          customerNotes: [{ kind: 'late', minutes: 10 }],
        },
      ],
      conversations: [
        {
          channel: 'web',
          messageCount: 2,
          messages: [
            { role: 'user', content: 'Je serai en retard de 10 minutes' },
            { role: 'assistant', content: "C'est noté, le salon est prévenu." },
          ],
        },
      ],
    })
    // Nothing of the salon's secrets or other people.
    for (const secret of [salon.hash, salon.id, salon.contactEmail, 'token', 'ÉLOÏSE'])
      expect(res.body).not.toContain(secret)
  })

  it('includes the salon’s private note', async () => {
    const data = (await get(`${base}/${lea}/export`)).json()
    expect(data.customer.salonNotes).toBe('Préfère Marie.')
    expect(data.bookings).toHaveLength(2)
  })
})

describe('erasure (GDPR)', () => {
  const erase = (id: string, as = cookie) =>
    t.app.inject({ method: 'POST', url: `${base}/${id}/erase`, headers: { cookie: as }, payload: {} })

  it('is refused while appointments are to come, naming them; nothing changes', async () => {
    const res = await erase(lea)
    expect(res.statusCode).toBe(409)
    const body = res.json()
    expect(body.code).toBe('customers.has_upcoming_bookings')
    expect(body.upcoming).toEqual([
      { id: leaBookings[0], localDate: '2026-12-02', localTime: '10:00', service: 'Brushing' },
      { id: leaBookings[1], localDate: '2026-12-03', localTime: '10:00', service: 'Brushing' },
    ])
    expect(body.message).toContain('2026-12-02 10:00 Brushing')
    expect((await get(`${base}/${lea}`)).json().name).toBe('Léa Dupont')
  })

  it('anonymises the customer and deletes identities, chats and notes; the bookings stay in the figures', async () => {
    // Their appointment of 15:00 is over.
    t.clock.set('2026-12-01T17:00:00+01:00')
    const before = await totalBookings()
    const weekBefore = (await get('/api/salons/SAL001/dashboard')).json().stats.bookingsThisWeek
    const res = await erase(chatCustomer)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ id: chatCustomer, bookingsKept: 1 })

    const db = t.database.db
    const [row] = await db.select().from(customers).where(eq(customers.id, chatCustomer))
    expect(row).toMatchObject({ name: 'Client anonymisé', phone: null, notes: null })
    expect(row?.erasedAt).toBeInstanceOf(Date)
    expect(await db.select().from(customerIdentities).where(eq(customerIdentities.customerId, chatCustomer))).toEqual(
      [],
    )
    expect(await db.select().from(conversations).where(eq(conversations.customerId, chatCustomer))).toEqual([])
    const kept = await db.select().from(bookings).where(eq(bookings.customerId, chatCustomer))
    expect(kept).toHaveLength(1)
    expect(
      await db
        .select()
        .from(bookingNotes)
        .where(eq(bookingNotes.bookingId, kept[0]?.id as string)),
    ).toEqual([])

    // The salon's figures are unchanged; its bookings list shows the anonymised name.
    expect(await totalBookings()).toBe(before)
    expect((await get('/api/salons/SAL001/dashboard')).json().stats.bookingsThisWeek).toBe(weekBefore)
    const listed = (await get('/api/salons/SAL001/bookings?from=2026-12-01&to=2026-12-02')).json()
    expect(listed.find((b: { id: string }) => b.id === kept[0]?.id)?.clientName).toBe('Client anonymisé')

    // Gone from the customer list and from search; their file and export are "not found".
    expect(await search('Léa')).toEqual(['Léa Dupont'])
    expect((await get(base)).json().total).toBe(3)
    expect((await get(`${base}/${chatCustomer}`)).statusCode).toBe(404)
    expect((await get(`${base}/${chatCustomer}/export`)).statusCode).toBe(404)
    expect((await erase(chatCustomer)).json().code).toBe('customers.already_erased')
    t.clock.set(DEMO_NOW)
  })

  it('a chat identity once erased books as a new customer', async () => {
    const { booking } = await createBooking(deps(), salon, {
      serviceId,
      startsAt: new Date('2026-12-04T15:00:00+01:00'),
      customer: { name: 'Léa' },
      channel: 'web',
      identity: { channel: 'web', externalId: 'user-web-lea-4242' },
    })
    expect(await customerIdOf(booking.id)).not.toBe(chatCustomer)
  })

  it('erases once the appointments are past, and another salon cannot erase', async () => {
    expect((await erase(lea, otherCookie)).statusCode).toBe(403)
    t.clock.set('2026-12-04T09:00:00+01:00')
    try {
      const before = await totalBookings()
      const res = await erase(lea)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().bookingsKept).toBe(2)
      expect(await totalBookings()).toBe(before)
    } finally {
      t.clock.set(DEMO_NOW)
    }
  })

  it('counts no-shows through one query, valid before the status exists', async () => {
    const { countNoShows } = await import('./customers.repository')
    expect((await countNoShows(t.database.db, [lea, chatCustomer])).size).toBe(0)
    expect((await countNoShows(t.database.db, [])).size).toBe(0)
  })
})

describe('the search key of a name', () => {
  it('drops case and accents the way the database does', async () => {
    const { nameKey } = await import('./customers.repository')
    expect(nameKey('ÉLOÏSE Øster')).toBe('eloise oster')
    expect(nameKey('Zoë')).toBe(nameKey('Zoe\u0308'))
    expect(nameKey('Ștefan')).toBe('stefan')
  })
})
