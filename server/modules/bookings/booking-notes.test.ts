import { bookingNotes, bookings, type SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { testDrivers } from '@tests/helpers/database'
import { ownerCookie } from '@tests/helpers/sign-in'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBooking, rescheduleBooking, tellSalonLate } from './bookings.usecases'

/** "I'll be 10 minutes late": the customer's word reaches the salon as a note on the booking. */
describe.each(testDrivers())('a customer running late, on %s', (driver) => {
  let t: TestApp
  let salon: SalonRow
  let cookie: string
  let serviceId: string
  const deps = () => ({ db: t.database.db, clock: t.clock, jobs: t.jobs })

  beforeAll(async () => {
    t = await startTestApp({ driver })
    salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
    cookie = await ownerCookie(t)
    const services = (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json()
    serviceId = services.find((s: { name: string }) => s.name === 'Brushing').id
  })
  afterAll(() => t.close())

  /** A booking of a chat customer (their own chat id), and who they are for the salon. */
  async function bookAsChatCustomer(local: string, chatUser: string) {
    const { booking } = await createBooking(deps(), salon, {
      serviceId,
      startsAt: new Date(`${local}:00+01:00`),
      customer: { name: 'Léa' },
      channel: 'web',
      identity: { channel: 'web', externalId: chatUser },
    })
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id))
    return { bookingId: booking.id, customerId: row?.customerId as string }
  }

  const salonBookings = async () =>
    (
      await t.app.inject({ url: '/api/salons/SAL001/bookings?from=2026-12-01&to=2026-12-31', headers: { cookie } })
    ).json() as { id: string; notes: unknown[] }[]
  const dashboard = async () =>
    (await t.app.inject({ url: '/api/salons/SAL001/dashboard', headers: { cookie } })).json() as {
      day: { bookings: { id: string; notes: unknown[] }[] }
      recentBookings: { id: string; notes: unknown[] }[]
    }
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    )

  it('shows the owner how late and when it was said, in the bookings list, the day and the recent bookings', async () => {
    t.clock.set('2026-12-01T08:30:00+01:00')
    const { bookingId, customerId } = await bookAsChatCustomer('2026-12-01T15:00', 'late-1')
    t.clock.set('2026-12-01T14:42:00+01:00')
    const { booking, note } = await tellSalonLate(deps(), bookingId, { minutes: 10 }, { salonId: salon.id, customerId })
    const expected = {
      kind: 'late',
      minutes: 10,
      createdAt: '2026-12-01T13:42:00.000Z',
      localDate: '2026-12-01',
      localTime: '14:42',
    }
    expect(note).toEqual(expected)
    expect(booking.notes).toEqual([expected])
    expect((await salonBookings()).find((b) => b.id === bookingId)?.notes).toEqual([expected])
    const day = await dashboard()
    expect(day.day.bookings.find((b) => b.id === bookingId)?.notes).toEqual([expected])
    expect(day.recentBookings.find((b) => b.id === bookingId)?.notes).toEqual([expected])
    // Bookings nobody was late for carry none.
    expect((await salonBookings()).filter((b) => b.id !== bookingId).every((b) => b.notes.length === 0)).toBe(true)
  })

  it('keeps only the latest word: "finally 20 minutes" replaces "10 minutes", and "late" alone has no minutes', async () => {
    t.clock.set('2026-12-01T08:30:00+01:00')
    const { bookingId, customerId } = await bookAsChatCustomer('2026-12-02T11:00', 'late-2')
    const scope = { salonId: salon.id, customerId }
    await tellSalonLate(deps(), bookingId, { minutes: 10 }, scope)
    t.clock.set('2026-12-02T10:50:00+01:00')
    await tellSalonLate(deps(), bookingId, { minutes: 20 }, scope)
    const notes = (await salonBookings()).find((b) => b.id === bookingId)?.notes
    expect(notes).toEqual([expect.objectContaining({ minutes: 20, localTime: '10:50' })])
    const { note } = await tellSalonLate(deps(), bookingId, {}, scope)
    expect(note).toMatchObject({ kind: 'late', minutes: null, localTime: '10:50' })
    expect(await t.database.db.select().from(bookingNotes).where(eq(bookingNotes.bookingId, bookingId))).toHaveLength(1)
  })

  it('accepts today’s appointment even once it has started, and refuses an earlier day’s or a cancelled one', async () => {
    t.clock.set('2026-12-01T08:30:00+01:00')
    const today = await bookAsChatCustomer('2026-12-03T09:00', 'late-3')
    const cancelled = await bookAsChatCustomer('2026-12-03T11:00', 'late-3')
    await t.app.inject({ method: 'POST', url: `/api/bookings/${cancelled.bookingId}/cancel`, headers: { cookie } })
    const scope = { salonId: salon.id, customerId: today.customerId }

    t.clock.set('2026-12-03T09:20:00+01:00')
    expect(await codeOf(tellSalonLate(deps(), today.bookingId, { minutes: 15 }, scope))).toBe('accepted')
    expect(await codeOf(tellSalonLate(deps(), cancelled.bookingId, { minutes: 5 }, scope))).toBe(
      'bookings.already_cancelled',
    )
    t.clock.set('2026-12-04T00:05:00+01:00')
    expect(await codeOf(tellSalonLate(deps(), today.bookingId, { minutes: 5 }, scope))).toBe(
      'bookings.appointment_past',
    )
  })

  it("refuses another customer's booking exactly as an unknown one", async () => {
    t.clock.set('2026-12-01T08:30:00+01:00')
    const mine = await bookAsChatCustomer('2026-12-04T10:00', 'late-4')
    const theirs = await bookAsChatCustomer('2026-12-04T11:00', 'late-5')
    const scope = { salonId: salon.id, customerId: mine.customerId }
    expect(await codeOf(tellSalonLate(deps(), theirs.bookingId, { minutes: 5 }, scope))).toBe('bookings.not_found')
    expect(await codeOf(tellSalonLate(deps(), '00000000-0000-4000-8000-000000000000', { minutes: 5 }, scope))).toBe(
      'bookings.not_found',
    )
    const otherSalon = { salonId: '00000000-0000-4000-8000-000000000001', customerId: mine.customerId }
    expect(await codeOf(tellSalonLate(deps(), mine.bookingId, { minutes: 5 }, otherSalon))).toBe('bookings.not_found')
    expect((await salonBookings()).find((b) => b.id === theirs.bookingId)?.notes).toEqual([])
  })

  it('drops the note once the booking moves: it was about the old time', async () => {
    t.clock.set('2026-12-01T08:30:00+01:00')
    const { bookingId, customerId } = await bookAsChatCustomer('2026-12-05T10:00', 'late-6')
    await tellSalonLate(deps(), bookingId, { minutes: 10 }, { salonId: salon.id, customerId })
    const moved = await rescheduleBooking(
      deps(),
      bookingId,
      { startsAt: '2026-12-05T14:00' },
      { actor: 'salon', channel: 'dashboard', scope: { salonId: salon.id } },
    )
    expect(moved.notes).toEqual([])
    expect((await salonBookings()).find((b) => b.id === bookingId)?.notes).toEqual([])
  })
})
