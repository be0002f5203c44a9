import { minutesOfDay } from '@common/time'
import { manualClock } from '@server/clock'
import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { listServices } from '@server/modules/catalog/catalog.repository'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { replaceOpeningHours } from '@server/modules/schedule/schedule.repository'
import { soloSalon } from '@server/modules/team/team.test-helpers'
import { seedDemoData } from '@server/seed'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { startTestJobEngine } from '@tests/helpers/jobs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDeps } from './bookings.usecases'
import { bookConsecutive, checkConsecutive, freeConsecutiveStarts } from './consecutive'

/**
 * A visit of several services where the clock is awkward: the night Paris moves to summer time
 * (Sunday 29 March 2026, 02:00 → 03:00; the salon opens on Sunday for the test, at night too) and
 * the end of the booking horizon, on every database driver.
 */
const hours = (weekday: number, opens: string, closes: string) => ({
  weekday,
  opensMinute: minutesOfDay(opens),
  closesMinute: minutesOfDay(closes),
})
const HOURS_WITH_SUNDAY = [
  hours(1, '09:00', '19:00'),
  hours(2, '09:00', '19:00'),
  hours(3, '09:00', '19:00'),
  hours(4, '09:00', '19:00'),
  hours(5, '09:00', '17:00'),
  hours(6, '01:00', '05:00'),
  hours(6, '09:00', '18:00'),
]

describe.each(testDrivers())('a visit of several services at the edges of time on %s', (driver) => {
  let database: TestDatabase
  let jobs: JobEngine
  let salon: SalonRow
  let deps: BookingDeps
  let visit: string[]
  const clock = manualClock('2026-03-25T10:00:00+01:00')
  const customer = (externalId: string) => ({
    customer: { name: 'Noé', language: 'fr' as const },
    identity: { channel: 'web' as const, externalId },
    channel: 'web' as const,
  })
  const refusal = (error: unknown) =>
    error instanceof AppError ? { code: error.code, ...error.details } : { unexpected: String(error) }

  beforeAll(async () => {
    database = await openTestDatabase(driver)
    await seedDemoData(database.db, clock)
    jobs = await startTestJobEngine(database)
    salon = (await findSalonByPublicId(database.db, 'SAL001')) as SalonRow
    // One chair: these tests are about chaining services; a team's visit has its own test.
    await soloSalon(database.db, salon.id)
    deps = { db: database.db, clock, jobs }
    const id = Object.fromEntries((await listServices(database.db, salon.id)).map((s) => [s.name, s.id]))
    // Two 30-minute services: a visit of one hour.
    visit = [id.Brushing, id['Coupe homme']] as string[]
    await replaceOpeningHours(database.db, salon.id, HOURS_WITH_SUNDAY)
  })
  afterAll(async () => {
    await jobs.stop()
    await database.close()
  })

  it('offers the right starts on the day the clocks go forward, counting real minutes', async () => {
    clock.set('2026-03-25T10:00:00+01:00')
    const starts = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2026-03-29' })
    // The night opening lasts three real hours (01:00 CET to 05:00 CEST): 02:00–02:59 never happens.
    const night = starts.filter((s) => s < '2026-03-29T06:00').map((s) => s.slice(11))
    expect(night).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30', '03:45', '04:00'])
    const day = starts.filter((s) => s >= '2026-03-29T06:00')
    expect(day[0]).toBe('2026-03-29T09:00')
    expect(day.at(-1)).toBe('2026-03-29T17:00')
    expect(day).toHaveLength(33)
    // Over several days, the change day is one of them like any other.
    const around = await freeConsecutiveStarts(deps, {
      salon,
      serviceIds: visit,
      date: '2026-03-28',
      until: '2026-03-30',
    })
    expect(around.filter((s) => s.startsWith('2026-03-28'))).toHaveLength(29)
    expect(around.filter((s) => s.startsWith('2026-03-29'))).toEqual(starts)
    expect(around.filter((s) => s.startsWith('2026-03-30'))).toEqual([])
  })

  it('books a visit across the jump: the second service starts an hour of wall clock later', async () => {
    clock.set('2026-03-25T10:00:00+01:00')
    const booked = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2026-03-29T01:45',
      ...customer('dst'),
    })
    expect(booked.map((b) => [b.localTime, b.appointmentDate, b.endDate])).toEqual([
      ['01:45', '2026-03-29T00:45:00.000Z', '2026-03-29T01:15:00.000Z'],
      ['03:15', '2026-03-29T01:15:00.000Z', '2026-03-29T01:45:00.000Z'],
    ])
    // At 04:15 the brushing ends at 04:45 and the cut would end after 05:00.
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2026-03-29T04:15' })).toEqual({
      free: false,
      failedAt: 1,
      reason: 'ends_after_closing',
    })
    const starts = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2026-03-29' })
    expect(starts.filter((s) => s < '2026-03-29T06:00').map((s) => s.slice(11))).toEqual(['03:45', '04:00'])
  })

  it('holds each appointment of the visit to the booking horizon, not only the first', async () => {
    // 90 days ahead of Thursday 3 December 2026 12:10 is Wednesday 3 March 2027 12:10.
    clock.set('2026-12-03T12:10:00+01:00')
    expect(salon.horizonDays).toBe(90)
    const starts = await freeConsecutiveStarts(deps, { salon, serviceIds: visit, date: '2027-03-03' })
    // From 11:30 the cut starts at 12:00; from 11:45 it would start at 12:15, past the horizon.
    expect(starts.at(-1)).toBe('2027-03-03T11:30')
    expect(await checkConsecutive(deps, { salon, serviceIds: visit, start: '2027-03-03T11:45' })).toEqual({
      free: false,
      failedAt: 1,
      reason: 'beyond_horizon',
    })
    const error = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2027-03-03T11:45',
      ...customer('horizon'),
    }).catch(refusal)
    expect(error).toEqual({ code: 'bookings.slot_unavailable', reason: 'beyond_horizon', failedAt: 1 })
    const booked = await bookConsecutive(deps, {
      salon,
      serviceIds: visit,
      start: '2027-03-03T11:30',
      ...customer('horizon'),
    })
    expect(booked.map((b) => b.localTime)).toEqual(['11:30', '12:00'])
    expect(booked[1]?.appointmentDate).toBe(resolvePointInTime('2027-03-03T12:00', salon.timeZone).toISOString())
  })
})
