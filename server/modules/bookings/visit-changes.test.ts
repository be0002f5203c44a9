import { localDaysRange } from '@common/time'
import { manualClock } from '@server/clock'
import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { listServices } from '@server/modules/catalog/catalog.repository'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { soloSalon } from '@server/modules/team/team.test-helpers'
import { seedDemoData } from '@server/seed'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { startTestJobEngine } from '@tests/helpers/jobs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BookingDeps, cancelBooking, createBooking, listSalonBookingsOfDay } from './bookings.usecases'
import { bookConsecutive } from './consecutive'
import { cancelVisit, rescheduleVisit } from './visit-changes'

/**
 * A visit (a cut, then a blow-dry, back to back) moved or cancelled as a whole: the demo salon, Paris, Tuesday
 * 1 December 2026 08:30, every database driver. Each test uses days of its own.
 */
describe.each(testDrivers())('changing a visit as a whole on %s', (driver) => {
  let database: TestDatabase
  let jobs: JobEngine
  let salon: SalonRow
  let deps: BookingDeps
  let id: Record<string, string>
  const clock = manualClock('2026-12-01T08:30:00+01:00')
  const by = { actor: 'customer' as const, channel: 'web' as const }
  const book = (start: string, externalId = 'v1') =>
    bookConsecutive(deps, {
      salon,
      serviceIds: [id['Coupe femme'] as string, id.Brushing as string],
      start,
      customer: { name: 'Nadia', language: 'fr' },
      identity: { channel: 'web', externalId },
      channel: 'web',
    })
  const day = async (date: string) =>
    (await listSalonBookingsOfDay(database.db, salon, localDaysRange(date, 1, salon.timeZone)))
      .filter((b) => b.status !== 'cancelled')
      .map((b) => `${b.localTime} ${b.service} ${b.member.name}`)

  beforeAll(async () => {
    database = await openTestDatabase(driver)
    await seedDemoData(database.db, clock)
    jobs = await startTestJobEngine(database)
    salon = (await findSalonByPublicId(database.db, 'SAL001')) as SalonRow
    deps = { db: database.db, clock, jobs }
    id = Object.fromEntries((await listServices(database.db, salon.id)).map((s) => [s.name, s.id]))
  })
  afterAll(async () => {
    await jobs.stop()
    await database.close()
  })

  it('moves every appointment of the visit, back to back and in order, with its member', async () => {
    const visit = await book('2026-12-02T10:00')
    const member = visit[0]?.member.name
    const moved = await rescheduleVisit(
      deps,
      visit.map((b) => b.id),
      '2026-12-04T14:00',
      by,
    )
    expect(moved.map((b) => `${b.localDate} ${b.localTime} ${b.service} ${b.member.name}`)).toEqual([
      `2026-12-04 14:00 Coupe femme ${member}`,
      `2026-12-04 14:45 Brushing ${member}`,
    ])
    expect(await day('2026-12-02')).toEqual([])
  })

  it('moves a visit by less than its own length, later and earlier, without tripping over itself', async () => {
    const visit = await book('2026-12-15T10:00', 'v2')
    const ids = visit.map((b) => b.id)
    const member = visit[0]?.member.name
    await rescheduleVisit(deps, ids, '2026-12-15T10:30', by)
    expect(await day('2026-12-15')).toEqual([`10:30 Coupe femme ${member}`, `11:15 Brushing ${member}`])
    await rescheduleVisit(deps, ids, '2026-12-15T10:15', by)
    expect(await day('2026-12-15')).toEqual([`10:15 Coupe femme ${member}`, `11:00 Brushing ${member}`])
  })

  it('refuses, changing nothing, when the second appointment would not fit', async () => {
    const restoreTeam = await soloSalon(database.db, salon.id)
    try {
      const visit = await book('2026-12-08T10:00', 'v3')
      await createBooking(deps, salon, {
        serviceId: id.Brushing as string,
        startsAt: resolvePointInTime('2026-12-08T15:45', salon.timeZone),
        customer: { name: 'Other' },
        channel: 'api',
      })
      const error = await rescheduleVisit(
        deps,
        visit.map((b) => b.id),
        '2026-12-08T15:00',
        by,
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AppError)
      expect({ code: (error as AppError).code, failedAt: (error as AppError).details?.failedAt }).toEqual({
        code: 'bookings.slot_taken',
        failedAt: 1,
      })
      expect(await day('2026-12-08')).toEqual(['10:00 Coupe femme Léa', '10:45 Brushing Léa', '15:45 Brushing Léa'])
    } finally {
      await restoreTeam()
    }
  })

  it("touches only the customer's own appointments", async () => {
    const mine = await book('2026-12-09T10:00', 'v4')
    const theirs = await book('2026-12-09T14:00', 'v5')
    const scope = { salonId: salon.id, customerId: mine[0]?.customerId as string }
    const error = await rescheduleVisit(deps, [mine[0]?.id as string, theirs[0]?.id as string], '2026-12-10T10:00', {
      ...by,
      scope,
    }).catch((e: unknown) => e)
    expect((error as AppError).code).toBe('bookings.not_found')
    expect(await day('2026-12-10')).toEqual([])
  })

  it('cancels every appointment of the visit, or none when one of them cannot be', async () => {
    const visit = await book('2026-12-16T10:00', 'v6')
    const cancelled = await cancelVisit(
      deps,
      visit.map((b) => b.id),
      by,
    )
    expect(cancelled.map((b) => `${b.localTime} ${b.status}`)).toEqual(['10:00 cancelled', '10:45 cancelled'])
    expect(await day('2026-12-16')).toEqual([])

    const other = await book('2026-12-17T10:00', 'v7')
    await cancelBooking(deps, other[1]?.id as string, by)
    const error = await cancelVisit(
      deps,
      other.map((b) => b.id),
      by,
    ).catch((e: unknown) => e)
    expect((error as AppError).code).toBe('bookings.already_cancelled')
    expect((await day('2026-12-17')).length).toBe(1)
  })
})
