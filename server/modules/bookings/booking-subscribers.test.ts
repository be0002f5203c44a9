import type { BookingEventKind } from '@common/schemas/booking'
import { bookingEvents, bookingReminders, bookings, type SalonRow } from '@server/db/schema'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { plugIn } from '@server/plug-ins'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { testDrivers } from '@tests/helpers/database'
import { ownerCookie } from '@tests/helpers/sign-in'
import { asc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setBookingSalonNote, setBookingStatus } from './booking-desk.usecases'
import { bookingSubscribers, subscribeToBookings } from './booking-subscribers'
import { cancelBooking, createBooking, rescheduleBooking, tellSalonLate } from './bookings.usecases'

/**
 * The booking's events are the core's one way out: every change is recorded once, and whoever is
 * plugged in (reminders, the calendar, the customer's notice…) is handed it inside the change's
 * transaction — the core names none of them.
 */
describe.each(testDrivers())('booking events and their subscribers, on %s', (driver) => {
  let t: TestApp
  let salon: SalonRow
  let serviceId: string
  const unplug: (() => void)[] = []
  const deps = () => ({ db: t.database.db, clock: t.clock, jobs: t.jobs })
  const salonSide = { actor: 'salon', channel: 'dashboard' } as const

  beforeAll(async () => {
    t = await startTestApp({ driver })
    salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
    const cookie = await ownerCookie(t)
    const services = (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json()
    serviceId = services.find((s: { name: string }) => s.name === 'Brushing').id
  })
  afterEach(() => {
    for (const off of unplug.splice(0)) off()
    plugIn()
  })
  afterAll(() => t.close())

  const book = (local: string, externalId: string) =>
    createBooking(deps(), salon, {
      serviceId,
      startsAt: new Date(`${local}:00+01:00`),
      customer: { name: 'Léa' },
      channel: 'web',
      identity: { channel: 'web', externalId },
    })
  const customerOf = async (bookingId: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]?.customerId as string
  const historyOf = async (bookingId: string) =>
    t.database.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.seq))

  it('hands every change to every subscriber, once, with the event the history recorded', async () => {
    const seen: { kind: BookingEventKind; id: string; actor: string }[] = []
    unplug.push(
      subscribeToBookings({
        name: 'test-recorder',
        async onBookingEvent(_db, _jobs, event) {
          seen.push({ kind: event.kind, id: event.id, actor: event.actor })
        },
      }),
    )
    t.clock.set('2026-12-07T08:00:00+01:00')
    const { booking } = await book('2026-12-09T10:00', 'subscribers-1')
    const customerId = await customerOf(booking.id)
    await rescheduleBooking(deps(), booking.id, { startsAt: new Date('2026-12-09T11:00:00+01:00') }, salonSide)
    await setBookingSalonNote(deps(), booking.id, 'Prefers the quiet chair', salonSide)
    await tellSalonLate(deps(), booking.id, { minutes: 10 }, { salonId: salon.id, customerId })
    await cancelBooking(deps(), booking.id, salonSide)

    expect(seen.map((e) => e.kind)).toEqual(['created', 'moved', 'note', 'late', 'cancelled'])
    const history = await historyOf(booking.id)
    expect(seen.map((e) => e.id)).toEqual(history.map((e) => e.id))
    expect(history.find((e) => e.kind === 'late')?.actor).toBe('customer')
  })

  it('plugs in reminders, the calendar, the customer notice, the waiting list and payments, in that order', () => {
    expect(bookingSubscribers().map((s) => s.name)).toEqual([
      'reminders',
      'calendar-sync',
      'customer-notices',
      'waiting-list',
      'payments',
    ])
  })

  it('undoes the whole change when a subscriber fails: no move, no history, no re-planned reminder', async () => {
    t.clock.set('2026-12-07T08:00:00+01:00')
    const { booking } = await book('2026-12-10T10:00', 'subscribers-2')
    const remindersBefore = await t.database.db
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, booking.id))
    unplug.push(
      subscribeToBookings({
        name: 'test-failing',
        async onBookingEvent(_db, _jobs, event) {
          if (event.kind === 'moved') throw new Error('subscriber down')
        },
      }),
    )
    await expect(
      rescheduleBooking(deps(), booking.id, { startsAt: new Date('2026-12-10T14:00:00+01:00') }, salonSide),
    ).rejects.toThrow('subscriber down')

    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row?.startsAt.toISOString()).toBe('2026-12-10T09:00:00.000Z')
    expect((await historyOf(booking.id)).map((e) => e.kind)).toEqual(['created'])
    const remindersAfter = await t.database.db
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, booking.id))
    expect(remindersAfter).toEqual(remindersBefore)
  })

  it('still books, records and changes status with nobody plugged in', async () => {
    // Each unplugged at once (afterEach plugs the product's back in).
    for (const subscriber of [...bookingSubscribers()]) subscribeToBookings(subscriber)()
    expect(bookingSubscribers()).toEqual([])
    t.clock.set('2026-12-07T08:00:00+01:00')
    const { booking } = await book('2026-12-11T10:00', 'subscribers-3')
    t.clock.set('2026-12-11T10:30:00+01:00')
    await setBookingStatus(deps(), booking.id, 'completed', salonSide)

    expect((await historyOf(booking.id)).map((e) => e.kind)).toEqual(['created', 'status'])
    const reminders = await t.database.db
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, booking.id))
    expect(reminders).toEqual([])
  })
})
