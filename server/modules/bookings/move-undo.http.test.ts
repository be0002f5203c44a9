import type { Booking, BookingDetails } from '@common/schemas/booking'
import { bookingEvents } from '@server/db/schema'
import { listOutboxEmails } from '@server/modules/outbox/outbox.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { bookingRequest } from '@tests/helpers/demo'
import { drainJobs } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

/**
 * Moves the salon can take back (issue 39, point 4): "tell the customer?" on a move, the desk's
 * undo a few seconds after it (back where it was, nobody told), and every move in the history.
 */

let t: TestApp
let cookie: string
let otherCookie: string
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
  const list = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  services = Object.fromEntries((list.json() as { id: string; name: string }[]).map((s) => [s.name, s.id]))
  const team = await t.app.inject({ url: '/api/salons/SAL001/team', headers: { cookie } })
  members = Object.fromEntries((team.json().members as { id: string; name: string }[]).map((m) => [m.name, m.id]))
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

const member = (name: string) => members[name] ?? ''
const call = (method: 'GET' | 'POST', url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: as } })

async function booked(start: string, name: string, memberName = 'Léa'): Promise<Booking> {
  const res = await call('POST', '/api/salons/SAL001/bookings', {
    ...bookingRequest(services['Coupe homme'] ?? '', start, name),
    customer: { name, email: `${name.toLowerCase()}@example.com`, language: 'fr' },
    memberId: member(memberName),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}
const move = (booking: Booking, body: object) =>
  call('POST', `/api/bookings/${booking.id}/reschedule`, { memberId: booking.member.id, ...body })
const undo = (booking: Booking, as = cookie) =>
  call(
    'POST',
    `/api/bookings/${booking.id}/undo-move`,
    { startsAt: booking.appointmentDate, memberId: booking.member.id },
    as,
  )
const history = async (bookingId: string): Promise<BookingDetails['history']> =>
  ((await call('GET', `/api/bookings/${bookingId}`)).json() as BookingDetails).history
const mailsTo = async (name: string) =>
  (await listOutboxEmails(t.database.db)).filter((m) => m.to === `${name.toLowerCase()}@example.com`)

/** The undo window passes: the held-back notices become due now (as they would 30 s later). */
async function windowPasses() {
  await t.database.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'bookings.tell-customer' and state = 'created'`,
  )
  await drainJobs(t.database, ['bookings.tell-customer'])
}

describe('a move the desk may undo', () => {
  it('holds the customer’s notice back for the undo window, then tells them', async () => {
    const before = await booked('2026-12-22T09:00', 'Anouk')
    const res = await move(before, { startsAt: '2026-12-22T15:00', undoable: true })
    expect(res.statusCode, res.body).toBe(200)

    const { rows } = (await t.database.db.execute(sql`
      select extract(epoch from start_after - created_on)::int as wait from pgboss.job
      where name = 'bookings.tell-customer' and state = 'created'
    `)) as unknown as { rows: { wait: number }[] }
    expect(rows).toHaveLength(1)
    expect(rows[0]?.wait).toBeGreaterThanOrEqual(29)
    expect(await mailsTo('Anouk')).toHaveLength(0)

    await windowPasses()
    const mails = await mailsTo('Anouk')
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('15:00')
    expect((await history(before.id)).at(-1)).toMatchObject({ kind: 'moved', toldBy: ['email'], quiet: false })
  })

  it('undoes it: the booking is back at its time and member, the undo is in the history, and nobody is told', async () => {
    const before = await booked('2026-12-22T10:00', 'Basile')
    const moved = await move(before, { startsAt: '2026-12-22T16:00', memberId: member('Hugo'), undoable: true })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ localTime: '16:00', member: { name: 'Hugo' } })

    const res = await undo(before)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ localDate: '2026-12-22', localTime: '10:00', member: { name: 'Léa' } })

    await windowPasses()
    const events = (await history(before.id)).filter((e) => e.kind === 'moved')
    expect(events).toEqual([
      expect.objectContaining({
        undo: false,
        quiet: false,
        toldBy: [],
        to: expect.objectContaining({ localTime: '16:00' }),
      }),
      expect.objectContaining({
        undo: true,
        quiet: true,
        toldBy: [],
        to: expect.objectContaining({ localTime: '10:00' }),
      }),
    ])
    expect(await mailsTo('Basile')).toHaveLength(0)
    // Its old time is its own again: the slot at 16:00 with Hugo is free.
    const free = await call(
      'GET',
      `/api/salons/SAL001/availability?from=2026-12-22&to=2026-12-22&memberId=${member('Hugo')}&serviceId=${services['Coupe homme']}`,
    )
    expect(free.json().slots.map((s: { local: string }) => s.local)).toContain('2026-12-22T16:00')
  })

  it('moves without a word to the customer when the salon says so', async () => {
    const before = await booked('2026-12-22T11:00', 'Chloe')
    const res = await move(before, { startsAt: '2026-12-22T17:00', tellCustomer: false })
    expect(res.statusCode, res.body).toBe(200)
    await drainJobs(t.database, ['bookings.tell-customer'])
    expect(await mailsTo('Chloe')).toHaveLength(0)
    expect((await history(before.id)).at(-1)).toMatchObject({ kind: 'moved', quiet: true, toldBy: [] })
  })
})

describe('an undo refused', () => {
  it('once the window has passed, or for a place the booking did not come from', async () => {
    const before = await booked('2026-12-23T09:00', 'Dario')
    await move(before, { startsAt: '2026-12-23T14:00', undoable: true })
    const wrong = await call('POST', `/api/bookings/${before.id}/undo-move`, {
      startsAt: '2026-12-23T07:00:00.000Z',
      memberId: before.member.id,
    })
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json().code).toBe('bookings.undo_too_late')

    t.clock.advance(31_000)
    const late = await undo(before)
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('bookings.undo_too_late')
  })

  it('when the booking changed since, and once taken back', async () => {
    const before = await booked('2026-12-23T10:00', 'Elio')
    const first = (await move(before, { startsAt: '2026-12-23T15:00', undoable: true })).json() as Booking
    await move(first, { startsAt: '2026-12-23T16:00', undoable: true })
    expect((await undo(before)).json().code).toBe('bookings.undo_too_late')
    // The second move is the one to take back, and once taken back, there is nothing left to undo.
    expect((await undo(first)).statusCode).toBe(200)
    expect((await undo(before)).json().code).toBe('bookings.undo_too_late')
  })

  it('when someone took the old time meanwhile: the booking stays where it was moved', async () => {
    const before = await booked('2026-12-23T11:00', 'Fanny')
    await move(before, { startsAt: '2026-12-23T17:00', undoable: true })
    await booked('2026-12-23T11:00', 'Gaspard')
    const res = await undo(before)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('bookings.slot_taken')
    const events = await t.database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, before.id))
    expect(events.filter((e) => e.undoes !== null)).toHaveLength(0)
  })

  it("for another salon's professional, and with a malformed body", async () => {
    const before = await booked('2026-12-23T12:00', 'Hugo')
    await move(before, { startsAt: '2026-12-23T18:00', undoable: true })
    expect((await undo(before, otherCookie)).statusCode).toBe(404)
    const bad = await call('POST', `/api/bookings/${before.id}/undo-move`, {
      startsAt: '0000-01-01T10:00',
      memberId: 'x',
    })
    expect(bad.statusCode).toBe(400)
    expect((await undo(before)).statusCode).toBe(200)
  })
})
