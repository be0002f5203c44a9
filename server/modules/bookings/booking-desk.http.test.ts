import type { Booking, BookingDetails } from '@common/schemas/booking'
import { type BookingEventRow, bookingEvents, type SalonRow } from '@server/db/schema'
import { readState } from '@server/modules/assistant/conversation/state'
import { findConversation } from '@server/modules/assistant/conversations.repository'
import { listOutboxEmails } from '@server/modules/outbox/outbox.repository'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { bookingRequest } from '@tests/helpers/demo'
import { eventually } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cancelBooking, createBooking } from './bookings.usecases'

/**
 * The booking desk (the salon's side of one booking): its panel with the customer's contacts and
 * the history, what happened at the appointment, the private note, booking an existing customer,
 * forced times, and the customer told of the salon's moves and cancellations.
 */

let t: TestApp
let cookie: string
let otherCookie: string
let salon: SalonRow
let services: Record<string, string>
let members: Record<string, string>

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
  salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
  const list = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  services = Object.fromEntries((list.json() as { id: string; name: string }[]).map((s) => [s.name, s.id]))
  const team = await t.app.inject({ url: '/api/salons/SAL001/team', headers: { cookie } })
  members = Object.fromEntries((team.json().members as { id: string; name: string }[]).map((m) => [m.name, m.id]))
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

const deps = () => ({ db: t.database.db, clock: t.clock, jobs: t.jobs })
const service = (name: string) => services[name] ?? ''
const member = (name: string) => members[name] ?? ''

const book = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/salons/SAL001/bookings', payload: body, headers: { cookie } })
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: as } })
const details = async (bookingId: string): Promise<BookingDetails> => {
  const res = await call('GET', `/api/bookings/${bookingId}`)
  expect(res.statusCode).toBe(200)
  return res.json()
}
async function booked(start: string, extra: object = {}, name = 'Camille'): Promise<Booking> {
  const res = await book({ ...bookingRequest(service('Coupe homme'), start, name), ...extra })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

describe('the booking panel', () => {
  it("shows the booking, its customer's contacts and its history", async () => {
    const created = await booked('2026-12-09T10:00', {
      customer: { name: 'Zoé', phone: '+33 6 00 00 00 01', email: 'zoe@example.com', language: 'de' },
    })
    const panel = await details(created.id)
    expect(panel.booking).toMatchObject({ id: created.id, cancelReason: null, salonNote: null })
    expect(panel.customer).toMatchObject({ name: 'Zoé', email: 'zoe@example.com', language: 'de' })
    expect(panel.history).toEqual([
      expect.objectContaining({ kind: 'created', actor: 'salon', channel: 'api', from: null, to: null, toldBy: [] }),
    ])
    expect(panel.history[0]?.at.localDate).toBe('2026-12-01')
  })

  it('records a booking made in the chat as made by the customer', async () => {
    const { booking } = await createBooking(deps(), salon, {
      serviceId: service('Brushing'),
      startsAt: new Date('2026-12-09T13:00:00+01:00'),
      customer: { name: 'Alex' },
      channel: 'web',
      identity: { channel: 'web', externalId: 'desk-history-chat' },
    })
    expect((await details(booking.id)).history).toEqual([
      expect.objectContaining({ kind: 'created', actor: 'customer', channel: 'web' }),
    ])
  })

  it("answers another salon's professional as for no booking, and a malformed id with 400 or 404", async () => {
    const created = await booked('2026-12-09T11:00')
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/status', { status: 'completed' }],
      ['PUT', '/note', { note: 'x' }],
      ['POST', '/cancel', {}],
    ] as const) {
      const res = await call(method, `/api/bookings/${created.id}${path}`, body, otherCookie)
      expect(res.statusCode, `${method} ${path}`).toBe(404)
      expect(res.json().code).toBe('bookings.not_found')
    }
    expect((await t.app.inject({ url: `/api/bookings/${created.id}` })).statusCode).toBe(401)
    expect((await details(created.id)).booking.status).toBe('confirmed')
  })
})

describe('booking an existing customer', () => {
  it('books the customer the salon chose, with their e-mail kept', async () => {
    const first = await booked('2026-12-10T10:00', {
      customer: { name: 'Inès', email: 'ines@example.com' },
    })
    const again = await booked('2026-12-17T10:00', { customer: undefined, customerId: first.customerId })
    expect(again.customerId).toBe(first.customerId)
    expect((await details(again.id)).customer).toMatchObject({ name: 'Inès', email: 'ines@example.com' })
  })

  it('refuses neither or both, an unknown or foreign customer, and an erased one, each with its code', async () => {
    const first = await booked('2026-12-10T11:00', { customer: { name: 'Léon', phone: '+33 6 00 00 00 02' } })
    const base = { serviceId: service('Coupe homme'), startsAt: '2026-12-10T15:00' }
    const neither = await book(base)
    expect(neither.statusCode).toBe(400)
    expect(neither.json()).toMatchObject({
      code: 'bookings.customer_required',
      message: expect.stringMatching(/customerId/),
    })
    const both = await book({ ...base, customer: { name: 'X' }, customerId: first.customerId })
    expect(both.json().code).toBe('bookings.customer_required')
    const unknown = await book({ ...base, customerId: '00000000-0000-4000-8000-000000000000' })
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'customers.not_found'])
    const badEmail = await book({ ...base, customer: { name: 'X', email: 'not-an-email' } })
    expect(badEmail.statusCode).toBe(400)
    expect(badEmail.json().message).toMatch(/mail/i)

    await t.app.inject({ method: 'POST', url: `/api/bookings/${first.id}/cancel`, headers: { cookie } })
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/salons/SAL001/customers/${first.customerId}/erase`,
      headers: { cookie },
    })
    expect(erased.statusCode).toBeLessThan(300)
    const refused = await book({ ...base, customerId: first.customerId })
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'customers.erased'])
  })
})

describe('forced times', () => {
  it('books a walk-in who just sat down, before opening or off the grid, with the member named', async () => {
    t.clock.set('2026-12-02T18:52:00+01:00')
    const walkIn = await booked('2026-12-02T18:50', { force: true, memberId: member('Hugo'), channel: 'dashboard' })
    expect(walkIn).toMatchObject({ localTime: '18:50', member: { name: 'Hugo' }, channel: 'dashboard' })
    const early = await booked('2026-12-03T08:05', { force: true, memberId: member('Léa') })
    expect(early.localTime).toBe('08:05')
    const unforced = await book(bookingRequest(service('Coupe homme'), '2026-12-03T08:35'))
    expect(unforced.json().code).toBe('bookings.slot_unavailable')
  })

  it("never overlaps the member's bookings, nor their absence, nor an earlier day; needs the member", async () => {
    await booked('2026-12-11T10:00', { memberId: member('Hugo') })
    const overlapping = await book({
      ...bookingRequest(service('Coupe homme'), '2026-12-11T10:10'),
      force: true,
      memberId: member('Hugo'),
    })
    expect([overlapping.statusCode, overlapping.json().code]).toEqual([409, 'bookings.slot_taken'])
    // The other member is free then: forcing them is fine.
    await booked('2026-12-11T10:10', { force: true, memberId: member('Léa') })

    const absence = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/time-off',
      payload: { startDate: '2026-12-14T00:00', endDate: '2026-12-15T00:00', memberId: member('Hugo') },
      headers: { cookie },
    })
    expect(absence.statusCode).toBeLessThan(300)
    const absent = await book({
      ...bookingRequest(service('Coupe homme'), '2026-12-14T19:30'),
      force: true,
      memberId: member('Hugo'),
    })
    expect([absent.statusCode, absent.json().code]).toEqual([422, 'bookings.member_absent'])

    const past = await book({
      ...bookingRequest(service('Coupe homme'), '2026-11-30T10:00'),
      force: true,
      memberId: member('Hugo'),
    })
    expect([past.statusCode, past.json().code]).toEqual([422, 'bookings.appointment_past'])
    const noMember = await book({ ...bookingRequest(service('Coupe homme'), '2026-12-11T19:40'), force: true })
    expect([noMember.statusCode, noMember.json().code]).toEqual([400, 'bookings.force_needs_member'])
  })

  it('moves a booking to a forced time and records where from and where to', async () => {
    const created = await booked('2026-12-16T10:00', { memberId: member('Léa') })
    const moved = await call('POST', `/api/bookings/${created.id}/reschedule`, {
      startsAt: '2026-12-16T19:10',
      memberId: member('Hugo'),
      force: true,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ localTime: '19:10', member: { name: 'Hugo' } })
    const history = (await details(created.id)).history
    expect(history.map((e) => e.kind)).toEqual(['created', 'moved'])
    expect(history[1]).toMatchObject({
      actor: 'salon',
      channel: 'dashboard',
      from: { localDate: '2026-12-16', localTime: '10:00', member: { name: 'Léa' } },
      to: { localDate: '2026-12-16', localTime: '19:10', member: { name: 'Hugo' } },
    })
    const unforcedNoMember = await call('POST', `/api/bookings/${created.id}/reschedule`, {
      startsAt: '2026-12-16T19:20',
      force: true,
    })
    expect(unforcedNoMember.json().code).toBe('bookings.force_needs_member')
  })
})

describe('what happened at the appointment', () => {
  it('marks a no-show or done only once it has begun, undoes it, and keeps the time occupied', async () => {
    const created = await booked('2026-12-02T10:00', { memberId: member('Léa') })
    const early = await call('POST', `/api/bookings/${created.id}/status`, { status: 'no_show' })
    expect([early.statusCode, early.json().code]).toEqual([422, 'bookings.not_started'])

    t.clock.set('2026-12-02T10:20:00+01:00')
    const noShow = await call('POST', `/api/bookings/${created.id}/status`, { status: 'no_show' })
    expect([noShow.statusCode, noShow.json().status]).toEqual([200, 'no_show'])
    // A no-show still holds its time: nobody else is booked over it with that member.
    const over = await book({
      ...bookingRequest(service('Coupe homme'), '2026-12-02T10:25'),
      force: true,
      memberId: member('Léa'),
    })
    expect(over.json().code).toBe('bookings.slot_taken')
    const undone = await call('POST', `/api/bookings/${created.id}/status`, { status: 'confirmed' })
    expect(undone.json().status).toBe('confirmed')
    const done = await call('POST', `/api/bookings/${created.id}/status`, { status: 'completed' })
    expect(done.json().status).toBe('completed')
    // Done is done: it no longer moves nor is cancelled.
    const cancel = await call('POST', `/api/bookings/${created.id}/cancel`)
    expect(cancel.json().code).toBe('bookings.already_started')

    const history = (await details(created.id)).history
    expect(history.map((e) => [e.kind, e.status])).toEqual([
      ['created', null],
      ['status', 'no_show'],
      ['status', 'confirmed'],
      ['status', 'completed'],
    ])
  })

  it('refuses a cancelled booking and a bad status with a clear message', async () => {
    const created = await booked('2026-12-02T11:00')
    await call('POST', `/api/bookings/${created.id}/cancel`)
    t.clock.set('2026-12-02T12:00:00+01:00')
    const res = await call('POST', `/api/bookings/${created.id}/status`, { status: 'completed' })
    expect([res.statusCode, res.json().code]).toEqual([409, 'bookings.already_cancelled'])
    const bad = await call('POST', `/api/bookings/${created.id}/status`, { status: 'cancelled' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/status/)
  })
})

describe("the salon's note and cancellation reason", () => {
  it('keeps a private note on the booking, cleared by an empty one, with the history', async () => {
    const created = await booked('2026-12-18T10:00')
    const saved = await call('PUT', `/api/bookings/${created.id}/note`, { note: 'Allergique à l’ammoniaque' })
    expect(saved.json().salonNote).toBe('Allergique à l’ammoniaque')
    const list = await call('GET', '/api/salons/SAL001/bookings?from=2026-12-18&to=2026-12-18')
    expect(list.json().find((b: Booking) => b.id === created.id).salonNote).toBe('Allergique à l’ammoniaque')
    const cleared = await call('PUT', `/api/bookings/${created.id}/note`, { note: '' })
    expect(cleared.json().salonNote).toBeNull()
    const tooLong = await call('PUT', `/api/bookings/${created.id}/note`, { note: 'x'.repeat(2001) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toMatch(/2000/)
    expect((await details(created.id)).history.map((e) => e.kind)).toEqual(['created', 'note', 'note'])
  })

  it('cancels with a reason kept on the booking and in the history; refuses a reason too long', async () => {
    const created = await booked('2026-12-18T11:00')
    const tooLong = await call('POST', `/api/bookings/${created.id}/cancel`, { reason: 'x'.repeat(501) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toMatch(/500/)
    const res = await call('POST', `/api/bookings/${created.id}/cancel`, { reason: 'Coiffeuse malade' })
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Coiffeuse malade' })
    const history = (await details(created.id)).history
    expect(history[1]).toMatchObject({
      kind: 'cancelled',
      actor: 'salon',
      status: 'cancelled',
      reason: 'Coiffeuse malade',
    })
  })
})

describe('telling the customer', () => {
  const toldBy = (bookingId: string, kind: BookingEventRow['kind']) =>
    eventually(async () => {
      const event = (await details(bookingId)).history.find((e) => e.kind === kind)
      return event && (await isTold(bookingId, kind)) ? event.toldBy : undefined
    })

  it('e-mails a move by the salon in the customer’s language, and records it', async () => {
    const created = await booked('2026-12-22T09:00', {
      customer: { name: 'Jonas', email: 'jonas@example.com', language: 'de' },
      memberId: member('Léa'),
    })
    const moved = await call('POST', `/api/bookings/${created.id}/reschedule`, { startsAt: '2026-12-23T15:00' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await toldBy(created.id, 'moved')).toEqual(['email'])
    const mail = (await listOutboxEmails(t.database.db)).find((m) => m.to === 'jonas@example.com')
    expect(mail?.subject).toContain('verschoben')
    expect(mail?.text).toContain('Dienstag, 22. Dezember, 09:00')
    expect(mail?.text).toContain('Mittwoch, 23. Dezember, 15:00')
    // The service as the customer knows it: the salon's "Coupe homme" in German.
    expect(mail?.text).toContain('Herrenhaarschnitt')
    expect(mail?.text).toContain('Salon Lumière')
  })

  it('writes a cancellation with its reason into the customer’s web chat', async () => {
    const chat = newTestChat('en', 'Sam', 'desk')
    const { booking } = await createBooking(deps(), salon, {
      serviceId: service('Brushing'),
      startsAt: new Date('2026-12-22T10:00:00+01:00'),
      customer: { name: 'Sam', language: 'en' },
      channel: 'web',
      identity: { channel: 'web', externalId: chat.userId },
    })
    expect((await postChat(t.app, chat, 'Hello')).statusCode).toBe(200)
    const res = await call('POST', `/api/bookings/${booking.id}/cancel`, { reason: 'The salon is flooded' })
    expect(res.statusCode).toBe(200)
    expect(await toldBy(booking.id, 'cancelled')).toEqual(['web'])
    const conversation = await findConversation(t.database.db, {
      salonId: salon.id,
      channel: 'web',
      chatId: chat.chatId,
    })
    const last = readState(conversation?.state).history?.at(-1)
    expect(last?.role).toBe('assistant')
    expect(last?.content).toContain('has cancelled your appointment')
    expect(last?.content).toContain('The salon is flooded')
  })

  it('says nothing reached a customer with neither, and tells nobody of their own change', async () => {
    const created = await booked('2026-12-23T10:00', { customer: { name: 'Nobody' } })
    await call('POST', `/api/bookings/${created.id}/cancel`)
    expect(await toldBy(created.id, 'cancelled')).toEqual([])

    const { booking } = await createBooking(deps(), salon, {
      serviceId: service('Brushing'),
      startsAt: new Date('2026-12-23T11:00:00+01:00'),
      customer: { name: 'Self' },
      channel: 'telegram',
      identity: { channel: 'telegram', externalId: 'desk-self' },
    })
    const before = (await listOutboxEmails(t.database.db)).length
    await cancelBooking(deps(), booking.id, { actor: 'customer', channel: 'telegram' })
    const history = (await details(booking.id)).history
    expect(history[1]).toMatchObject({ kind: 'cancelled', actor: 'customer', channel: 'telegram', reason: null })
    expect(await isTold(booking.id, 'cancelled')).toBe(false)
    expect((await listOutboxEmails(t.database.db)).length).toBe(before)
  })
})

/** Whether the job telling the customer of this event has run. */
async function isTold(bookingId: string, kind: BookingEventRow['kind']): Promise<boolean> {
  const rows = await t.database.db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.kind, kind), isNotNull(bookingEvents.toldAt)))
  return rows.length > 0
}
