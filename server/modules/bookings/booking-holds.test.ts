import { bookingEvents, bookingReminders, bookings, type SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { testDrivers } from '@tests/helpers/database'
import { ownerCookie } from '@tests/helpers/sign-in'
import { asc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { confirmHeldBooking, plugInBookingHold, releaseExpiredHolds } from './booking-holds'
import { cancelBooking, createBooking } from './bookings.usecases'

const MINUTE = 60_000

/**
 * The payment hook point: a step outside the core (a payment) may hold a new booking. The slot is
 * kept under the database's guarantee, nothing is reminded until the step is done, and the time
 * is freed again when it runs out.
 */
describe.each(testDrivers())('a booking held until a step outside the core, on %s', (driver) => {
  let t: TestApp
  let salon: SalonRow
  let brushing: string
  let lea: string
  let unplug: (() => void) | undefined
  const deps = () => ({ db: t.database.db, clock: t.clock, jobs: t.jobs })

  beforeAll(async () => {
    t = await startTestApp({ driver })
    salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
    const cookie = await ownerCookie(t)
    const services = (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json()
    brushing = services.find((s: { name: string }) => s.name === 'Brushing').id
    const team = (await t.app.inject({ url: '/api/salons/SAL001/team', headers: { cookie } })).json()
    lea = team.members.find((m: { name: string }) => m.name === 'Léa').id
  })
  afterEach(() => unplug?.())
  afterAll(() => t.close())

  /** A hold as payments will plug one in: 15 minutes to pay, for the brushing only. */
  const holdBrushing = () => {
    unplug = plugInBookingHold({
      name: 'test-payment',
      holdUntil: async (_db, booking, now) =>
        booking.serviceId === brushing ? new Date(now.getTime() + 15 * MINUTE) : undefined,
    })
  }
  const book = (local: string, who: string) =>
    createBooking(deps(), salon, {
      serviceId: brushing,
      startsAt: new Date(`${local}:00+01:00`),
      memberId: lea,
      customer: { name: who },
      channel: 'web',
      identity: { channel: 'web', externalId: `hold-${who}` },
    })
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    )
  const remindersOf = (bookingId: string) =>
    t.database.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, bookingId))
  const historyOf = async (bookingId: string) =>
    (
      await t.database.db
        .select()
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, bookingId))
        .orderBy(asc(bookingEvents.seq))
    ).map((e) => `${e.kind}:${e.actor}${e.status ? `:${e.status}` : ''}`)

  it('keeps the slot for the customer, reminds nobody until the step is done, then confirms it', async () => {
    holdBrushing()
    t.clock.set('2026-12-07T09:00:00+01:00')
    const { booking } = await book('2026-12-17T10:00', 'Lina')
    expect(booking.status).toBe('held')
    // Nobody else takes the time while it is held: the database refuses the overlap.
    expect(await codeOf(book('2026-12-17T10:00', 'Marc'))).toBe('bookings.slot_taken')
    expect(await remindersOf(booking.id)).toEqual([])

    await confirmHeldBooking(deps(), booking.id, { actor: 'system', channel: 'web' })
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row?.status).toBe('confirmed')
    expect(row?.heldUntil).toBeNull()
    expect((await remindersOf(booking.id)).map((r) => `${r.kind}:${r.status}`).sort()).toEqual([
      'day_before:planned',
      'two_hours:planned',
    ])
    expect(await historyOf(booking.id)).toEqual(['created:customer', 'status:system:confirmed'])
  })

  it('releases the time when the step was not done in time, and a late confirmation is refused', async () => {
    holdBrushing()
    t.clock.set('2026-12-07T09:00:00+01:00')
    const { booking } = await book('2026-12-15T10:00', 'Nora')
    t.clock.set('2026-12-07T09:14:00+01:00')
    expect(await releaseExpiredHolds(deps())).toBe(0)

    t.clock.set('2026-12-07T09:16:00+01:00')
    expect(await releaseExpiredHolds(deps())).toBe(1)
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row?.status).toBe('cancelled')
    expect(await historyOf(booking.id)).toEqual(['created:customer', 'cancelled:system:cancelled'])
    expect(await codeOf(confirmHeldBooking(deps(), booking.id, { actor: 'system', channel: 'web' }))).toBe(
      'bookings.not_held',
    )
    // The time is free again: another customer takes it.
    unplug?.()
    const again = await book('2026-12-15T10:00', 'Omar')
    expect(again.booking.status).toBe('confirmed')
  })

  it('is cancelled by its customer, or marked at the desk, like any booking: no longer held', async () => {
    holdBrushing()
    t.clock.set('2026-12-07T09:00:00+01:00')
    const cancelled = (await book('2026-12-22T10:00', 'Ana')).booking
    const marked = (await book('2026-12-22T11:00', 'Bea')).booking
    expect([cancelled.status, marked.status]).toEqual(['held', 'held'])
    const byCustomer = { actor: 'customer', channel: 'web' } as const
    expect((await cancelBooking(deps(), cancelled.id, byCustomer)).status).toBe('cancelled')
    t.clock.set('2026-12-22T11:30:00+01:00')
    const cookie = await ownerCookie(t)
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${marked.id}/status`,
      headers: { cookie },
      payload: { status: 'no_show' },
    })
    expect(answer.statusCode).toBe(200)
    const rows = await t.database.db
      .select({ status: bookings.status, heldUntil: bookings.heldUntil })
      .from(bookings)
      .where(eq(bookings.id, marked.id))
    expect(rows).toEqual([{ status: 'no_show', heldUntil: null }])
  })

  it('confirms at once when no hold asks for a step', async () => {
    t.clock.set('2026-12-07T09:00:00+01:00')
    const { booking } = await book('2026-12-16T10:00', 'Paul')
    expect(booking.status).toBe('confirmed')
    expect(await remindersOf(booking.id)).toHaveLength(2)
  })

  it('counts as still to come: the customer file shows it, erasure waits for it, an absence over it lists it', async () => {
    holdBrushing()
    t.clock.set('2026-12-07T09:00:00+01:00')
    const { booking } = await book('2026-12-18T10:00', 'Rita')
    expect(booking.status).toBe('held')
    const cookie = await ownerCookie(t)
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

    const list = (await call('GET', '/api/salons/SAL001/customers?q=Rita')).json()
    const rita = list.customers.find((c: { id: string }) => c.id === booking.customerId)
    expect(rita.nextVisit).toMatchObject({ startsAt: booking.appointmentDate })

    const erase = await call('POST', `/api/salons/SAL001/customers/${booking.customerId}/erase`)
    expect(erase.statusCode).toBe(409)
    expect(erase.json()).toMatchObject({ code: 'customers.has_upcoming_bookings' })

    const absence = await call('POST', '/api/salons/SAL001/time-off', {
      startDate: '2026-12-18',
      endDate: '2026-12-18',
      memberId: lea,
    })
    expect(absence.statusCode).toBe(409)
    expect(absence.json().bookings.map((b: { id: string }) => b.id)).toContain(booking.id)
  })
})
