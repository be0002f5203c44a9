import { addDays } from '@common/time'
import { manualClock } from '@server/clock'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { listServices } from '@server/modules/catalog/catalog.repository'
import { createService } from '@server/modules/catalog/service-editor.usecases'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { listMembers } from '@server/modules/team/team.repository'
import { seedDemoData } from '@server/seed'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { startTestJobEngine } from '@tests/helpers/jobs'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getSalonAvailability } from './availability.usecases'
import { type BookingDeps, createBooking } from './bookings.usecases'

/**
 * Processing and clean-up times (issue 39, point 2) on the demo salon (Léa and Hugo, Paris, a
 * 15-minute step, open 09:00–19:00 Tuesday to Friday; clock Tuesday 1 December 2026 08:30): a
 * member's working time is what is booked, so a cut fits in a colour's processing, and the
 * clean-up keeps them from the next client. The database refuses any overlap of one member's
 * working times, whatever the order and the concurrency. Each test has days of its own.
 */
describe.each(testDrivers())('processing and clean-up on %s', (driver) => {
  let database: TestDatabase
  let jobs: JobEngine
  let salon: SalonRow
  let deps: BookingDeps
  let lea: string
  let hugo: string
  let id: Record<string, string>
  const clock = manualClock('2026-12-01T08:30:00+01:00')
  const at = (local: string) => resolvePointInTime(local, salon.timeZone)
  const book = (service: string, local: string, memberId?: string) =>
    createBooking(deps, salon, {
      serviceId: id[service] as string,
      startsAt: at(local),
      ...(memberId ? { memberId } : {}),
      channel: 'dashboard',
      customer: { name: 'Cliente', language: 'fr' },
    }).then(
      ({ booking }) => booking,
      (error: unknown) => (error instanceof AppError ? error.code : Promise.reject(error)),
    )
  const offered = async (service: string, day: string, memberId?: string) =>
    (
      await getSalonAvailability(database.db, clock, 'SAL001', {
        serviceId: id[service] as string,
        from: day,
        to: day,
        ...(memberId ? { memberId } : {}),
      })
    ).slots.map((slot) => slot.local.slice(11))
  const addService = async (
    name: string,
    duration: number,
    processing: { after: number; minutes: number } | null,
    cleanup: number,
  ) => {
    const service = await createService(database.db, clock, salon, {
      name,
      duration,
      priceAmount: 50,
      processing,
      cleanup,
    })
    id[name] = service.id
    return service
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver)
    await seedDemoData(database.db, clock)
    jobs = await startTestJobEngine(database)
    salon = (await findSalonByPublicId(database.db, 'SAL001')) as SalonRow
    deps = { db: database.db, clock, jobs }
    id = Object.fromEntries((await listServices(database.db, salon.id)).map((s) => [s.name, s.id]))
    const team = (await listMembers(database.db, salon.id)).map((m) => m.member)
    lea = team.find((m) => m.name === 'Léa')?.id as string
    hugo = team.find((m) => m.name === 'Hugo')?.id as string
    // A colour: 30 minutes of work, 45 of processing, 15 of work, then 10 of clean-up.
    await addService('Couleur racines', 90, { after: 30, minutes: 45 }, 10)
    await addService('Coupe express', 30, null, 15)
  })
  afterAll(async () => {
    await jobs.stop()
    await database.close()
  })

  it('slips a cut into a colour’s processing, and keeps the clean-up after each', async () => {
    const colour = await book('Couleur racines', '2026-12-08T10:00', lea)
    expect(colour).toMatchObject({ localTime: '10:00', member: { id: lea } })
    // Léa works 10:00–10:30 and 11:15–11:40 (the last 15 minutes and the clean-up).
    const times = await offered('Coupe femme', '2026-12-08', lea)
    // The cut (45 minutes) fits from 10:30, ending at 11:15 as Léa's work on the colour resumes.
    expect(times).toContain('10:30')
    expect(times).not.toContain('10:45')
    expect(times).not.toContain('10:15')
    expect(times).not.toContain('11:00')
    expect(times).not.toContain('11:30')
    expect(times).toContain('11:45')
    expect(await book('Coupe femme', '2026-12-08T10:30', lea)).toMatchObject({ localTime: '10:30' })
    expect(await book('Coupe femme', '2026-12-08T11:00', lea)).toBe('bookings.slot_taken')
    // A 30-minute cut with 15 of clean-up: the next client no sooner than 45 minutes after its start.
    expect(await book('Coupe express', '2026-12-08T14:00', hugo)).toMatchObject({ localTime: '14:00' })
    const after = await offered('Coupe homme', '2026-12-08', hugo)
    expect(after).not.toContain('14:30')
    expect(after).toContain('14:45')
    // Nor can a booking end where the clean-up of its own runs into the next client.
    expect(await book('Coupe express', '2026-12-08T13:30', hugo)).toBe('bookings.slot_taken')
    expect(await book('Coupe express', '2026-12-08T13:15', hugo)).toMatchObject({ localTime: '13:15' })
  })

  it('offers a start if and only if it can be booked, and never lets one member’s working times overlap (random phases)', async () => {
    const grid = Array.from({ length: 40 }, (_, i) => {
      const minutes = 9 * 60 + i * 15
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
    })
    const phased = fc
      .record({
        duration: fc.integer({ min: 4, max: 30 }).map((n) => n * 5),
        after: fc.integer({ min: 1, max: 12 }).map((n) => n * 5),
        minutes: fc.integer({ min: 1, max: 16 }).map((n) => n * 5),
        cleanup: fc.constantFrom(0, 5, 10, 15, 20),
      })
      .map((p) => ({ ...p, duration: Math.max(p.duration, p.after + p.minutes + 5) }))
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        phased,
        fc.array(
          fc.record({
            service: fc.constantFrom('phased', 'Couleur racines', 'Coupe femme', 'Coupe express'),
            member: fc.constantFrom('lea', 'hugo', 'anyone'),
            time: fc.constantFrom(...grid),
          }),
          { minLength: 4, maxLength: 10 },
        ),
        async (phases, attempts) => {
          run++
          // A Wednesday, Thursday or Friday of its own from 16 December on.
          const week = Math.floor((run - 1) / 3)
          const day = addDays('2026-12-16', week * 7 + ((run - 1) % 3))
          const name = `Soin ${driver} ${run}`
          await addService(name, phases.duration, { after: phases.after, minutes: phases.minutes }, phases.cleanup)
          for (const attempt of attempts) {
            const service = attempt.service === 'phased' ? name : attempt.service
            const member = attempt.member === 'lea' ? lea : attempt.member === 'hugo' ? hugo : undefined
            const free = (await offered(service, day, member)).includes(attempt.time)
            const result = await book(service, `${day}T${attempt.time}`, member)
            expect(
              typeof result !== 'string',
              `${service} at ${attempt.time} ${free ? 'offered' : 'not offered'}: ${String(result)}`,
            ).toBe(free)
          }
          expect(await overlaps(database.db)).toEqual([])
        },
      ),
      { numRuns: 12 },
    )
  })

  it('books each member’s working time once when many ask at the same moment', async () => {
    const starts = ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30']
    const results = await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        book(i % 2 ? 'Couleur racines' : 'Coupe express', `2026-12-10T${starts[i % starts.length]}`, lea),
      ),
    )
    const won = results.filter((r) => typeof r !== 'string')
    expect(won.length).toBeGreaterThan(0)
    expect(results.filter((r) => typeof r === 'string').every((r) => r === 'bookings.slot_taken')).toBe(true)
    expect(await overlaps(database.db)).toEqual([])
  })
})

/** Pairs of one member's active bookings whose working times overlap: none, ever. */
async function overlaps(db: Executor): Promise<{ a: string; b: string }[]> {
  const { rows } = (await db.execute(sql`
    select a.id as a, b.id as b from bookings a join bookings b
      on a.member_id = b.member_id and a.id < b.id and a.work_spans && b.work_spans
    where a.status <> 'cancelled' and b.status <> 'cancelled'
  `)) as unknown as { rows: { a: string; b: string }[] }
  return rows
}
