import { localDaysRange } from '@common/time'
import { manualClock } from '@server/clock'
import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { listServices } from '@server/modules/catalog/catalog.repository'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { listMembers } from '@server/modules/team/team.repository'
import { seedDemoData } from '@server/seed'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { startTestJobEngine } from '@tests/helpers/jobs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BookingDeps, cancelBooking, createBooking, listSalonBookingsOfDay } from './bookings.usecases'
import { bookTogether, checkTogether, freeTogetherStarts } from './together'

/**
 * Several people at once on the demo salon of two (Léa and Hugo, both perform every service;
 * Paris, 15-minute step, clock Tuesday 1 December 2026 08:30): every service at one start, each
 * with a member of its own, on every database driver. Each test uses days of its own.
 */
describe.each(testDrivers())('several people at once on %s', (driver) => {
  let database: TestDatabase
  let jobs: JobEngine
  let salon: SalonRow
  let deps: BookingDeps
  let id: Record<string, string>
  let members: string[]
  const clock = manualClock('2026-12-01T08:30:00+01:00')
  const group = (externalId: string) => ({
    customer: { name: 'Sandrine', phone: '+33 6 11 22 33 44', language: 'fr' as const },
    identity: { channel: 'web' as const, externalId },
    channel: 'web' as const,
  })
  const at = (local: string) => resolvePointInTime(local, salon.timeZone)
  const busy = (memberId: string, local: string, service = 'Coupe femme') =>
    createBooking(deps, salon, {
      serviceId: id[service] as string,
      startsAt: at(local),
      memberId,
      channel: 'dashboard',
      customer: { name: 'Autre', language: 'fr' },
    })
  const SALON = { actor: 'salon' as const, channel: 'dashboard' as const }
  const refusal = (error: unknown) => (error instanceof AppError ? error.code : String(error))

  beforeAll(async () => {
    database = await openTestDatabase(driver)
    await seedDemoData(database.db, clock)
    jobs = await startTestJobEngine(database)
    salon = (await findSalonByPublicId(database.db, 'SAL001')) as SalonRow
    deps = { db: database.db, clock, jobs }
    id = Object.fromEntries((await listServices(database.db, salon.id)).map((s) => [s.name, s.id]))
    members = (await listMembers(database.db, salon.id)).filter((m) => m.member.isActive).map((m) => m.member.id)
    expect(members).toHaveLength(2)
  })
  afterAll(async () => {
    await jobs.stop()
    await database.close()
  })

  it('books each person with a member of their own at the same start, and offers a start only when both are free', async () => {
    const two = [id['Coupe femme'], id['Coupe femme']] as string[]
    await busy(members[0] as string, '2026-12-02T10:00')
    const starts = await freeTogetherStarts(deps, { salon, serviceIds: two, date: '2026-12-02' })
    expect(starts).toContain('2026-12-02T09:00')
    // Léa is busy 10:00–10:45: nobody for a second cut that overlaps it.
    expect(starts).not.toContain('2026-12-02T09:30')
    expect(starts).not.toContain('2026-12-02T10:00')
    expect(starts).toContain('2026-12-02T10:45')
    expect(await checkTogether(deps, { salon, serviceIds: two, start: '2026-12-02T10:00' })).toEqual({
      free: false,
      reason: 'taken',
    })

    const booked = await bookTogether(deps, { salon, serviceIds: two, start: '2026-12-02T11:00', ...group('t1') })
    expect(booked.map((b) => [b.service, b.localTime, b.duration])).toEqual([
      ['Coupe femme', '11:00', 45],
      ['Coupe femme', '11:00', 45],
    ])
    expect(new Set(booked.map((b) => b.member.id)).size).toBe(2)
    expect(new Set(booked.map((b) => b.clientName))).toEqual(new Set(['Sandrine']))
    await expect(
      bookTogether(deps, { salon, serviceIds: two, start: '2026-12-02T10:00', ...group('t2') }).catch(refusal),
    ).resolves.toBe('bookings.slot_taken')
  })

  it('refuses three people at once with two members, and two services of different lengths end each on its own', async () => {
    const three = [id['Coupe homme'], id['Coupe homme'], id['Coupe homme']] as string[]
    expect(await freeTogetherStarts(deps, { salon, serviceIds: three, date: '2026-12-03' })).toEqual([])
    const mixed = [id.Coloration, id['Coupe homme']] as string[]
    const booked = await bookTogether(deps, { salon, serviceIds: mixed, start: '2026-12-03T14:00', ...group('t3') })
    expect(booked.map((b) => [b.service, b.localTime, b.duration])).toEqual([
      ['Coloration', '14:00', 90],
      ['Coupe homme', '14:00', 30],
    ])
  })

  it('two groups asking the same start at the same moment: one gets it, the other is told it is taken', async () => {
    const two = [id.Brushing, id.Brushing] as string[]
    const results = await Promise.allSettled([
      bookTogether(deps, { salon, serviceIds: two, start: '2026-12-04T15:00', ...group('race1') }),
      bookTogether(deps, { salon, serviceIds: two, start: '2026-12-04T15:00', ...group('race2') }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refusal(lost.reason)).toBe('bookings.slot_taken')
    const day = await listSalonBookingsOfDay(database.db, salon, localDaysRange('2026-12-04', 1, salon.timeZone))
    expect(day.filter((b) => b.localTime === '15:00')).toHaveLength(2)
  })

  it('offers a start if and only if it can be booked, whatever the day already holds', async () => {
    const services = ['Coupe femme', 'Coupe homme', 'Brushing', 'Coloration', 'Taille de barbe']
    const grid = Array.from({ length: 40 }, (_, i) => {
      const minutes = 9 * 60 + i * 15
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
    })
    let round = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ member: fc.nat(1), time: fc.constantFrom(...grid), service: fc.constantFrom(...services) }),
          {
            maxLength: 5,
          },
        ),
        fc.tuple(fc.constantFrom(...services), fc.constantFrom(...services)),
        fc.constantFrom(...grid),
        async (existing, pair, wanted) => {
          round += 1
          // A day of its own each round: Wednesdays and Thursdays of 2027.
          const date = new Date(Date.UTC(2027, 0, 6 + 7 * Math.floor(round / 2) + (round % 2)))
            .toISOString()
            .slice(0, 10)
          const made = []
          for (const b of existing) {
            made.push(await busy(members[b.member] as string, `${date}T${b.time}`, b.service).catch(() => undefined))
          }
          const serviceIds = pair.map((name) => id[name] as string)
          const offered = await freeTogetherStarts(deps, { salon, serviceIds, date })
          const start = `${date}T${wanted}`
          const verdict = await checkTogether(deps, { salon, serviceIds, start })
          expect(verdict.free).toBe(offered.includes(start))
          if (verdict.free) {
            const booked = await bookTogether(deps, { salon, serviceIds, start, ...group(`p${round}`) })
            expect(new Set(booked.map((b) => b.member.id)).size).toBe(2)
            for (const b of booked) await cancelBooking(deps, b.id, SALON)
          } else {
            await expect(bookTogether(deps, { salon, serviceIds, start, ...group(`p${round}`) })).rejects.toThrow()
          }
          for (const b of made) if (b) await cancelBooking(deps, b.booking.id, SALON)
        },
      ),
      { numRuns: 25 },
    )
  })
})
