import type { Booking } from '@common/schemas/booking'
import { localDaysRange, minutesOfDay } from '@common/time'
import { manualClock } from '@server/clock'
import type { Database } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { saveConnection } from '@server/modules/calendar-sync/calendar-sync.repository'
import { listServices } from '@server/modules/catalog/catalog.repository'
import { findCustomerByIdentity } from '@server/modules/customers/customers.usecases'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { countUnfinishedJobs } from '@server/modules/jobs/jobs.repository'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { replaceOpeningHours } from '@server/modules/schedule/schedule.repository'
import { explainTeamSlot } from '@server/modules/schedule/team-availability'
import { soloSalon } from '@server/modules/team/team.test-helpers'
import { seedDemoData } from '@server/seed'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { startTestJobEngine } from '@tests/helpers/jobs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTeamSchedule } from './availability.usecases'
import { type BookingDeps, createBooking, listSalonBookingsOfDay } from './bookings.usecases'
import { bookConsecutive, checkConsecutive, freeConsecutiveStarts } from './consecutive'

/**
 * A visit of several services booked back to back, on the demo salon (Paris, 15-minute step,
 * Tuesday 1 December 2026 08:30), on every database driver. Thursdays here have a lunch break,
 * and the salon's calendar is connected, so each appointment enqueues its calendar job. Each test
 * uses days of its own.
 */
const hours = (weekday: number, opens: string, closes: string) => ({
  weekday,
  opensMinute: minutesOfDay(opens),
  closesMinute: minutesOfDay(closes),
})
const HOURS_WITH_THURSDAY_LUNCH = [
  hours(1, '09:00', '19:00'),
  hours(2, '09:00', '19:00'),
  hours(3, '09:00', '12:00'),
  hours(3, '13:00', '19:00'),
  hours(4, '09:00', '19:00'),
  hours(5, '09:00', '17:00'),
]
const CALENDAR_JOB = 'calendar.push-booking'

describe.each(testDrivers())('a visit of several services on %s', (driver) => {
  let database: TestDatabase
  let jobs: JobEngine
  let salon: SalonRow
  let deps: BookingDeps
  let id: Record<string, string>
  let bringTeamBack: () => Promise<void>
  const clock = manualClock('2026-12-01T08:30:00+01:00')
  const customer = (externalId: string, name = 'Léa') => ({
    customer: { name, phone: '+33 6 11 22 33 44', language: 'fr' as const },
    identity: { channel: 'web' as const, externalId },
    channel: 'web' as const,
  })
  const dayOfBookings = async (date: string): Promise<Booking[]> =>
    listSalonBookingsOfDay(database.db, salon, localDaysRange(date, 1, salon.timeZone))
  const calendarJobs = () => countUnfinishedJobs(database.db, [CALENDAR_JOB])
  /** The database, except that its next transaction first lets `meanwhile` happen (through the real one). */
  const beforeNextTransaction = (meanwhile: () => Promise<void>): Database => {
    let pending = true
    return new Proxy(database.db, {
      get(target, property) {
        if (property === 'transaction') {
          return async (...args: Parameters<Database['transaction']>) => {
            if (pending) await meanwhile()
            pending = false
            return target.transaction(...args)
          }
        }
        const value = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver)
    await seedDemoData(database.db, clock)
    jobs = await startTestJobEngine(database)
    salon = (await findSalonByPublicId(database.db, 'SAL001')) as SalonRow
    // One chair: these tests are about chaining services; a team's visit has its own test.
    bringTeamBack = await soloSalon(database.db, salon.id)
    deps = { db: database.db, clock, jobs }
    id = Object.fromEntries((await listServices(database.db, salon.id)).map((s) => [s.name, s.id]))
    await replaceOpeningHours(database.db, salon.id, HOURS_WITH_THURSDAY_LUNCH)
    // A connected calendar: every booking change enqueues a job to push it there.
    await saveConnection(database.db, {
      salonId: salon.id,
      provider: 'google',
      account: 'salon.lumiere.demo@gmail.com',
      calendarRef: 'primary',
      calendarName: null,
      credentials: null,
      connectedAt: clock.now(),
    })
  })
  afterAll(async () => {
    await jobs.stop()
    await database.close()
  })

  const refusal = (error: unknown) =>
    error instanceof AppError ? { code: error.code, ...error.details } : { unexpected: String(error) }

  it('books two services back to back, one appointment each, with a calendar job each', async () => {
    const visit = [id['Coupe femme'], id.Brushing] as string[]
    const starts = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2026-12-02' })
    // 75 minutes from 09:00, the last one ending at 19:00 sharp.
    expect(starts[0]).toBe('2026-12-02T09:00')
    expect(starts.at(-1)).toBe('2026-12-02T17:45')
    expect(starts).toHaveLength(36)
    // One chair: the owner is the one member who can take it.
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-12-02T10:00' })).toEqual({
      free: true,
      memberIds: [expect.any(String)],
    })

    const jobsBefore = await calendarJobs()
    const booked = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-12-02T10:00',
      ...customer('w1'),
    })
    expect(booked.map((b) => [b.service, b.localTime, b.duration, b.clientName])).toEqual([
      ['Coupe femme', '10:00', 45, 'Léa'],
      ['Brushing', '10:45', 30, 'Léa'],
    ])
    expect(booked[0]?.endDate).toBe(booked[1]?.appointmentDate)
    expect(new Set(booked.map((b) => b.channel))).toEqual(new Set(['web']))
    expect(await calendarJobs()).toBe(jobsBefore + 2)
    const stored = await dayOfBookings('2026-12-02')
    expect(stored.map((b) => b.localTime)).toEqual(['10:00', '10:45'])

    // Taken now, for this visit and for anyone's; the customer's own visit does not block itself.
    const after = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2026-12-02' })
    // Nothing of 75 minutes fits before 10:00 any more; the next visit starts at 11:15.
    expect(after[0]).toBe('2026-12-02T11:15')
    expect(after).toHaveLength(starts.length - 9)
    const moving = await freeConsecutiveStarts(deps, {
      salon,
      serviceIds: visit,
      date: '2026-12-02',
      ignoreBookingIds: booked.map((b) => b.id),
    })
    expect(moving).toEqual(starts)
  })

  it('books three services back to back and offers them over several days', async () => {
    const visit = [id.Coloration, id['Coupe femme'], id.Brushing] as string[]
    const starts = await freeConsecutiveStarts(deps, {
      salon,
      serviceIds: visit,
      date: '2026-12-04',
      until: '2026-12-05',
    })
    // 165 minutes: Friday 09:00–16:15, Saturday (closing at 17:00) 09:00–14:15.
    expect(starts.filter((s) => s.startsWith('2026-12-04'))).toHaveLength(30)
    expect(starts.at(-1)).toBe('2026-12-05T14:15')
    const booked = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-12-04T14:00',
      ...customer('w2'),
    })
    expect(booked.map((b) => `${b.service} ${b.localTime}`)).toEqual([
      'Coloration 14:00',
      'Coupe femme 15:30',
      'Brushing 16:15',
    ])
    expect(booked.at(-1)?.endDate).toBe(resolvePointInTime('2026-12-04T16:45', salon.timeZone).toISOString())
  })

  it('books the same service twice (two cuts, one after the other: a single chair)', async () => {
    const visit = [id['Coupe homme'], id['Coupe homme']] as string[]
    const booked = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-12-04T09:00',
      ...customer('w3'),
    })
    expect(booked.map((b) => `${b.service} ${b.localTime}`)).toEqual(['Coupe homme 09:00', 'Coupe homme 09:30'])
  })

  it('refuses, keeping nothing, when the second service would overlap a booking', async () => {
    await createBooking(deps, salon, {
      serviceId: id.Brushing as string,
      startsAt: resolvePointInTime('2026-12-08T11:00', salon.timeZone),
      customer: { name: 'Someone else' },
      channel: 'api',
    })
    const visit = [id['Coupe femme'], id.Brushing] as string[]
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-12-08T10:15' })).toEqual({
      free: false,
      failedAt: 1,
      reason: 'taken',
    })
    const error = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-12-08T10:15',
      ...customer('w4'),
    }).catch(refusal)
    expect(error).toEqual({ code: 'bookings.slot_taken', failedAt: 1 })
    expect((await dayOfBookings('2026-12-08')).map((b) => b.clientName)).toEqual(['Someone else'])
    expect(await findCustomerByIdentity(deps.db, salon.id, customer('w4').identity)).toBeUndefined()

    const starts = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2026-12-08' })
    // 09:45 ends at 11:00, when the other booking starts; 11:30 starts when it ends.
    expect(starts.filter((s) => s < '2026-12-08T12:00').map((s) => s.slice(11))).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '11:30',
      '11:45',
    ])
  })

  it('refuses, keeping nothing, when the second service would run past closing time', async () => {
    const visit = [id['Coupe femme'], id.Brushing] as string[]
    // Saturday closes at 17:00: the cut ends at 17:00 and the brushing cannot follow.
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-12-05T16:15' })).toEqual({
      free: false,
      failedAt: 1,
      reason: 'ends_after_closing',
    })
    const error = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-12-05T16:15',
      ...customer('w5'),
    }).catch(refusal)
    expect(error).toEqual({ code: 'bookings.slot_unavailable', reason: 'ends_after_closing', failedAt: 1 })
    expect(await dayOfBookings('2026-12-05')).toEqual([])
  })

  it('refuses, keeping nothing, when the second service would cross the lunch break', async () => {
    const visit = [id['Coupe femme'], id.Brushing] as string[]
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-12-03T11:15' })).toEqual({
      free: false,
      failedAt: 1,
      reason: 'ends_after_closing',
    })
    const error = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-12-03T11:15',
      ...customer('w6'),
    }).catch(refusal)
    expect(error).toMatchObject({ code: 'bookings.slot_unavailable', failedAt: 1 })
    expect(await dayOfBookings('2026-12-03')).toEqual([])
    const starts = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2026-12-03' })
    // The morning's last visit ends at 12:00; the afternoon's first starts at 13:00.
    expect(starts.filter((s) => s < '2026-12-03T13:30').map((s) => s.slice(11))).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '13:00',
      '13:15',
    ])
  })

  it('refuses the first service as a lone booking would be refused (off the grid, too soon)', async () => {
    const visit = [id['Coupe femme'], id.Brushing] as string[]
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-12-09T10:05' })).toEqual({
      free: false,
      failedAt: 0,
      reason: 'off_grid',
    })
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-12-01T09:00' })).toEqual({
      free: false,
      failedAt: 0,
      reason: 'too_soon',
    })
    const inactive = (await listServices(deps.db, salon.id)).find((s) => !s.isActive)
    const error = await bookConsecutive(deps, {
      salon,
      serviceIds: [id['Coupe femme'] as string, inactive?.id as string],
      start: '2026-12-09T10:00',
      ...customer('w7'),
    }).catch(refusal)
    expect(error).toMatchObject({ code: 'catalog.service_inactive' })
    expect(await dayOfBookings('2026-12-09')).toEqual([])
  })

  it('chains a service that ends off the slot grid (20 minutes, then 30, with a 15-minute step)', async () => {
    const visit = [id['Taille de barbe'], id['Coupe homme']] as string[]
    // Alone, the cut could not start at 10:20: the engine keeps lone bookings on the grid.
    const team = await loadTeamSchedule(
      deps.db,
      salon,
      { from: resolvePointInTime('2026-12-22', salon.timeZone), to: resolvePointInTime('2026-12-23', salon.timeZone) },
      { serviceIds: [id['Coupe homme'] as string] },
    )
    expect(
      explainTeamSlot(
        team,
        resolvePointInTime('2026-12-22T10:20', salon.timeZone).getTime(),
        30,
        clock.now().getTime(),
      ),
    ).toBe('off_grid')
    const starts = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2026-12-22' })
    expect(starts.slice(0, 3)).toEqual(['2026-12-22T09:00', '2026-12-22T09:15', '2026-12-22T09:30'])
    // 50 minutes end by 19:00 from 18:00 at the latest (18:10 is off the grid).
    expect(starts.at(-1)).toBe('2026-12-22T18:00')
    const booked = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-12-22T10:00',
      ...customer('w8'),
    })
    expect(booked.map((b) => [b.localTime, b.duration])).toEqual([
      ['10:00', 20],
      ['10:20', 30],
    ])
    expect(booked[1]?.endDate).toBe(resolvePointInTime('2026-12-22T10:50', salon.timeZone).toISOString())

    // An appointment that starts at the off-grid end is a collision for the chained one.
    await createBooking(deps, salon, {
      serviceId: id['Coupe homme'] as string,
      startsAt: resolvePointInTime('2026-12-22T12:00', salon.timeZone),
      customer: { name: 'Someone else' },
      channel: 'api',
    })
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-12-22T11:15' })).toEqual({
      free: false,
      failedAt: 1,
      reason: 'taken',
    })
    const after = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2026-12-22' })
    expect(after.filter((s) => s >= '2026-12-22T10:45' && s <= '2026-12-22T12:30').map((s) => s.slice(11))).toEqual([
      '11:00',
      '12:30',
    ])
  })

  it('keeps nothing when another customer takes the second time between the check and the booking', async () => {
    const visit = [id['Coupe femme'], id.Brushing] as string[]
    const start = '2026-12-23T10:00'
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start })).toMatchObject({ free: true })
    const jobsBefore = await calendarJobs()
    // The other booking lands once the visit has been judged free, just before it is written.
    const racing = beforeNextTransaction(async () => {
      await createBooking(deps, salon, {
        serviceId: id.Brushing as string,
        startsAt: resolvePointInTime('2026-12-23T10:45', salon.timeZone),
        customer: { name: 'Quicker' },
        channel: 'api',
      })
    })
    const error = await bookConsecutive(
      { ...deps, db: racing },
      {
        salon,
        serviceIds: visit,
        start,
        ...customer('w9'),
      },
    ).catch(refusal)
    expect(error).toEqual({ code: 'bookings.slot_taken', failedAt: 1 })
    expect((await dayOfBookings('2026-12-23')).map((b) => `${b.clientName} ${b.localTime}`)).toEqual(['Quicker 10:45'])
    expect(await findCustomerByIdentity(deps.db, salon.id, customer('w9').identity)).toBeUndefined()
    expect(await calendarJobs()).toBe(jobsBefore + 1)
  })

  it('lets exactly one of a visit and a lone booking racing for the same time win', async () => {
    const visit = [id['Coupe femme'], id.Brushing] as string[]
    for (const [round, date] of ['2026-12-15', '2026-12-16', '2026-12-17'].entries()) {
      const results = await Promise.allSettled([
        bookConsecutive(deps, { salon, serviceIds: visit, start: `${date}T10:00`, ...customer(`r${round}`) }),
        createBooking(deps, salon, {
          serviceId: id.Brushing as string,
          startsAt: resolvePointInTime(`${date}T10:45`, salon.timeZone),
          customer: { name: 'Lone' },
          channel: 'api',
        }),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const lost = results.find((r) => r.status === 'rejected')
      expect(refusal(lost?.reason)).toMatchObject({ code: 'bookings.slot_taken' })
      const day = (await dayOfBookings(date)).map((b) => `${b.clientName} ${b.localTime}`)
      expect([['Léa 10:00', 'Léa 10:45'], ['Lone 10:45']]).toContainEqual(day)
    }
  })

  it("books a team's visit with one stylist free for all of it, the one with fewer appointments that day", async () => {
    await bringTeamBack()
    const visit = [id['Coupe femme'], id.Brushing] as string[]
    const lone = await createBooking(deps, salon, {
      serviceId: id.Brushing as string,
      startsAt: resolvePointInTime('2026-12-29T10:45', salon.timeZone),
      customer: { name: 'Lone' },
      channel: 'api',
    })
    const booked = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-12-29T10:00',
      ...customer('t1'),
    })
    expect(booked.map((b) => `${b.localTime} ${b.member.name}`)).toEqual([
      `10:00 ${otherThan(lone.booking.member.name)}`,
      `10:45 ${otherThan(lone.booking.member.name)}`,
    ])
    // Both stylists busy at 10:45: a third visit there is refused at its second service.
    const verdict = await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-12-29T10:00' })
    expect(verdict).toEqual({ free: false, failedAt: 1, reason: 'taken' })
  })
})

const otherThan = (name: string) => (name === 'Léa' ? 'Hugo' : 'Léa')
