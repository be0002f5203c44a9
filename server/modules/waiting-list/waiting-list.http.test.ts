import type { Booking } from '@common/schemas/booking'
import type { WaitingEntry, WaitOffer } from '@common/schemas/waiting-list'
import { listOutboxEmails } from '@server/modules/outbox/outbox.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { demoMembers } from '@tests/helpers/demo'
import { fullDayOf } from '@tests/helpers/full-day'
import { drainJobs } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

/**
 * The waiting list for full days (issue 39, point 6): the desk puts customers on it for a day;
 * when time frees up, they are told in the order they joined, on their channel, by a job; the first
 * to take it through their link gets it, the others hear it was taken and keep their place.
 */

let t: TestApp
let cookie: string
let otherCookie: string
let services: Record<string, string>
let members: Record<string, string>

const JOBS = ['waiting-list.review', 'waiting-list.tell', 'bookings.tell-customer', 'mail.send']

beforeAll(async () => {
  t = await startTestApp({ workers: true })
  cookie = await ownerCookie(t, 'SAL001')
  const other = await createSalon(t.database.db, {
    name: 'Autre salon',
    contactEmail: 'autre@example.com',
    authorizedGoogleEmail: 'autre@example.com',
    address: '3 rue C',
    country: 'FR',
  })
  otherCookie = await ownerCookie(t, other.publicId)
  const list = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  services = Object.fromEntries((list.json() as { id: string; name: string }[]).map((s) => [s.name, s.id]))
  members = await demoMembers(t.app, cookie)
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: as } })
const person = (name: string, language = 'fr') => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  language,
})
const serviceId = (name: string) => services[name] ?? ''
const memberId = (name: string) => members[name] ?? ''

/** Léa's day full but for 10:00, booked (tests/helpers/full-day.ts). */
const fullDayForLea = (day: string) =>
  fullDayOf(t.app, cookie, day, { memberId: memberId('Léa'), serviceId: serviceId('Coupe homme') })

async function join(name: string, day: string, extra: object = {}) {
  return call('POST', '/api/salons/SAL001/waiting-list', {
    customer: person(name),
    serviceIds: [serviceId('Coupe homme')],
    day,
    memberId: memberId('Léa'),
    ...extra,
  })
}

const listOf = async (day: string): Promise<WaitingEntry[]> =>
  (await call('GET', `/api/salons/SAL001/waiting-list?from=${day}&to=${day}`)).json().entries
const mailsTo = async (name: string) =>
  (await listOutboxEmails(t.database.db)).filter((m) => m.to === `${name.toLowerCase()}@example.com`)
const linkIn = (text: string) => /\/w\/([A-Za-z0-9_-]{44})/.exec(text)?.[1] ?? ''

describe('the waiting list for a full day', () => {
  it('tells the waiting customers in turn when time frees up; the first to take it gets it, the other hears it was taken', async () => {
    const day = '2027-01-13'
    const occupant = await fullDayForLea(day)
    expect((await join('Ada', day)).statusCode).toBe(201)
    const second = await join('Bruno', day)
    expect(second.statusCode, second.body).toBe(201)
    await drainJobs(t.database, JOBS)
    // Nothing free yet: both wait, and nobody was written to.
    expect((await listOf(day)).map((e) => [e.customer.name, e.status, e.offeredStart])).toEqual([
      ['Ada', 'waiting', null],
      ['Bruno', 'waiting', null],
    ])
    expect(await mailsTo('Ada')).toEqual([])

    // The 10:00 customer cancels: the time is offered to both, Ada first.
    expect((await call('POST', `/api/bookings/${occupant}/cancel`, {})).statusCode).toBe(200)
    await drainJobs(t.database, JOBS)
    const listed = await listOf(day)
    expect(listed.map((e) => [e.customer.name, e.status, e.offeredStart, e.toldBy])).toEqual([
      ['Ada', 'offered', `${day}T10:00`, 'email'],
      ['Bruno', 'offered', `${day}T10:00`, 'email'],
    ])
    const [toAda] = await mailsTo('Ada')
    const [toBruno] = await mailsTo('Bruno')
    expect(toAda?.subject).toContain('un créneau s')
    expect(toAda?.text).toContain('mercredi 13 janvier à 10:00')
    expect(await mailsTo('Ada')).toHaveLength(1)

    // Bruno's link shows the offer; Ada takes it first.
    const brunoLink = linkIn(toBruno?.text ?? '')
    const shown = await call('GET', `/api/waiting-list/offers/${brunoLink}`)
    expect(shown.json()).toMatchObject({
      state: 'open',
      start: `${day}T10:00`,
      services: ['Coupe homme'],
      member: 'Léa',
    })
    const taken = await call('POST', `/api/waiting-list/offers/${linkIn(toAda?.text ?? '')}/accept`)
    expect(taken.statusCode, taken.body).toBe(200)
    const offer = taken.json() as WaitOffer
    expect([offer.state, offer.start, offer.language]).toEqual(['booked', `${day}T10:00`, 'fr'])
    expect(offer.bookingLink).toMatch(/\/r\/[A-Za-z0-9_-]{44}$/)
    await drainJobs(t.database, JOBS)

    // Bruno hears it was taken and keeps his place; his link says so, and taking it is refused.
    expect((await listOf(day)).map((e) => [e.customer.name, e.status])).toEqual([
      ['Ada', 'booked'],
      ['Bruno', 'waiting'],
    ])
    // (The outbox's times are the test's fixed clock: the two mails are compared as a set.)
    const brunoMails = await mailsTo('Bruno')
    expect(brunoMails).toHaveLength(2)
    expect(brunoMails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('un créneau s'),
        expect.stringContaining('le créneau a été pris'),
      ]),
    )
    expect((await call('GET', `/api/waiting-list/offers/${brunoLink}`)).json().state).toBe('taken')
    const late = await call('POST', `/api/waiting-list/offers/${brunoLink}/accept`)
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('waiting_list.offer_taken')

    // Ada's appointment is a real booking, in the agenda at 10:00 with Léa; a second tap answers the same.
    const day0 = await call('GET', `/api/salons/SAL001/bookings?from=${day}T00:00&to=${day}T23:59`)
    const hers = (day0.json() as Booking[]).filter((b) => b.clientName === 'Ada')
    expect(hers.map((b) => [b.localTime, b.member.name, b.channel, b.status])).toEqual([
      ['10:00', 'Léa', 'web', 'confirmed'],
    ])
    expect((await call('POST', `/api/waiting-list/offers/${linkIn(toAda?.text ?? '')}/accept`)).json().state).toBe(
      'booked',
    )
  })

  it('offers only a time in the part of the day waited for, never the same time twice', async () => {
    const day = '2027-01-20'
    const occupant = await fullDayForLea(day)
    expect((await join('Carla', day, { part: 'afternoon' })).statusCode).toBe(201)
    expect((await join('Dora', day, { part: 'morning' })).statusCode).toBe(201)
    // Inès left neither e-mail nor phone: nothing can tell her, and the list says to call her.
    expect((await join('Inès', day, { customer: { name: 'Inès' } })).statusCode).toBe(201)
    await call('POST', `/api/bookings/${occupant}/cancel`, {})
    await drainJobs(t.database, JOBS)
    expect((await listOf(day)).map((e) => [e.customer.name, e.status, e.toldBy, e.unreachable])).toEqual([
      ['Carla', 'waiting', null, false],
      ['Dora', 'offered', 'email', false],
      ['Inès', 'offered', null, true],
    ])
    expect(await mailsTo('Carla')).toEqual([])

    // Dora taps her link twice at once: one appointment, and both taps say it is hers.
    const link = linkIn((await mailsTo('Dora'))[0]?.text ?? '')
    const taps = await Promise.all([1, 2].map(() => call('POST', `/api/waiting-list/offers/${link}/accept`)))
    expect(taps.map((tap) => [tap.statusCode, tap.json().state])).toEqual([
      [200, 'booked'],
      [200, 'booked'],
    ])
    const booked = await call('GET', `/api/salons/SAL001/bookings?from=${day}T00:00&to=${day}T23:59`)
    expect(
      (booked.json() as Booking[]).filter((b) => b.clientName === 'Dora' && b.status !== 'cancelled'),
    ).toHaveLength(1)
  })

  it('offers the time an absence gave back when the salon removes it', async () => {
    const day = '2027-01-21'
    await fullDayForLea(day)
    expect((await join('Gaia', day, { part: 'afternoon' })).statusCode).toBe(201)
    await drainJobs(t.database, JOBS)
    const absences = (await call('GET', '/api/salons/SAL001/time-off')).json() as { id: string; startDate: string }[]
    // Léa's absence from 10:30 (Paris, winter: 09:30 UTC) to the end of the day.
    const afternoon = absences.find((a) => new Date(a.startDate).toISOString() === `${day}T09:30:00.000Z`)
    expect((await call('DELETE', `/api/salons/SAL001/time-off/${afternoon?.id}`)).statusCode).toBe(204)
    await drainJobs(t.database, JOBS)
    const [gaia] = await listOf(day)
    expect([gaia?.status, gaia?.offeredStart?.slice(0, 10), Number(gaia?.offeredStart?.slice(11, 13)) >= 12]).toEqual([
      'offered',
      day,
      true,
    ])
  })

  it('refuses a second place for the same day, a day gone by, and what the salon does not offer', async () => {
    const day = '2027-01-27'
    const first = (await join('Emma', day)).json() as WaitingEntry
    const twice = await join('Emma', day, { customer: undefined, customerId: first.customer.id })
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'waiting_list.already_waiting'])
    const past = await join('Emma', '2026-11-30')
    expect([past.statusCode, past.json().code]).toEqual([400, 'waiting_list.day_past'])
    const unknown = await join('Emma', day, { serviceIds: ['00000000-0000-4000-8000-000000000000'] })
    expect(unknown.statusCode).toBe(404)
    const bad = await call('POST', '/api/salons/SAL001/waiting-list', { serviceIds: [], day: '0000-01-01' })
    expect(bad.statusCode).toBe(400)
  })

  it('takes a customer off the list, and keeps each salon’s list to itself', async () => {
    const day = '2027-01-28'
    const res = await join('Flora', day)
    const entry = res.json() as WaitingEntry
    expect(entry).toMatchObject({ day, part: 'day', status: 'waiting', channel: 'dashboard' })
    expect(
      (await call('GET', `/api/salons/SAL001/waiting-list?from=${day}&to=${day}`, undefined, otherCookie)).statusCode,
    ).toBe(403)
    expect(
      (await call('DELETE', `/api/salons/SAL001/waiting-list/${entry.id}`, undefined, otherCookie)).statusCode,
    ).toBe(403)
    expect((await call('DELETE', `/api/salons/SAL001/waiting-list/${entry.id}`)).statusCode).toBe(204)
    expect(await listOf(day)).toEqual([])
    expect((await call('DELETE', `/api/salons/SAL001/waiting-list/${entry.id}`)).statusCode).toBe(404)
    // Off the list, she may join it again.
    expect((await join('Flora', day)).statusCode).toBe(201)
  })

  it('a merge of two customer files keeps their places, one per day', async () => {
    const kept = (await join('Hana', '2027-01-29')).json() as WaitingEntry
    const twin = (await join('Hanabis', '2027-01-29')).json() as WaitingEntry
    const later = (
      await join('', '2027-01-30', { customer: undefined, customerId: twin.customer.id })
    ).json() as WaitingEntry
    const merged = await call('POST', `/api/salons/SAL001/customers/${kept.customer.id}/merge`, {
      duplicateId: twin.customer.id,
    })
    expect(merged.statusCode, merged.body).toBe(200)
    const list = (await call('GET', '/api/salons/SAL001/waiting-list?from=2027-01-29&to=2027-01-30')).json()
      .entries as WaitingEntry[]
    expect(list.map((e) => [e.id, e.day, e.customer.id])).toEqual([
      [kept.id, '2027-01-29', kept.customer.id],
      [later.id, '2027-01-30', kept.customer.id],
    ])
  })

  it('a link we never gave out opens nothing', async () => {
    const res = await call('GET', `/api/waiting-list/offers/${'A'.repeat(44)}`)
    expect([res.statusCode, res.json().code]).toEqual([404, 'waiting_list.offer_not_found'])
    expect((await call('POST', '/api/waiting-list/offers/short/accept')).statusCode).toBe(404)
  })
})
