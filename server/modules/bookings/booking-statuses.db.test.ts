import { manualClock } from '@server/clock'
import { PG_CHECK_VIOLATION, PG_EXCLUSION_VIOLATION, sqlState } from '@server/db/client'
import { bookings, customers, type SalonRow, teamMembers } from '@server/db/schema'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { seedDemoData } from '@server/seed'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The statuses of the booking desk under the exclusion constraint, on each driver: a no-show or a
 * completed appointment keeps occupying its member's time (only a cancelled one frees it), and the
 * status check accepts exactly the five statuses.
 */
describe.each(testDrivers())('booking statuses on %s', (driver) => {
  let database: TestDatabase
  let salon: SalonRow
  let memberId: string
  let customerId: string

  beforeAll(async () => {
    database = await openTestDatabase(driver)
    await seedDemoData(database.db, manualClock('2026-12-01T08:30:00+01:00'))
    salon = (await findSalonByPublicId(database.db, 'SAL001')) as SalonRow
    const [member] = await database.db.select().from(teamMembers).where(eq(teamMembers.salonId, salon.id)).limit(1)
    memberId = member?.id ?? ''
    const [customer] = await database.db
      .insert(customers)
      .values({ salonId: salon.id, name: 'Camille', language: 'fr' })
      .returning()
    customerId = customer?.id ?? ''
  }, 180_000)
  afterAll(() => database.close())

  const insert = (start: string, status: (typeof bookings.$inferInsert)['status'] = 'confirmed') =>
    database.db
      .insert(bookings)
      .values({
        salonId: salon.id,
        customerId,
        memberId,
        serviceName: 'Coupe',
        durationMinutes: 60,
        priceMinor: 3000,
        currency: 'EUR',
        startsAt: new Date(start),
        endsAt: new Date(new Date(start).getTime() + 3_600_000),
        status,
        channel: 'dashboard',
      })
      .returning()
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work
      return 'accepted'
    } catch (error) {
      return sqlState(error) ?? String(error)
    }
  }

  it.each(['no_show', 'completed'] as const)('a %s booking keeps its time; cancelled frees it', async (status) => {
    const day = status === 'no_show' ? '2027-03-02' : '2027-03-03'
    const [held] = await insert(`${day}T10:00:00Z`, status)
    expect(await refusal(insert(`${day}T10:30:00Z`))).toBe(PG_EXCLUSION_VIOLATION)
    await database.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, held?.id ?? ''))
    expect(await refusal(insert(`${day}T10:30:00Z`))).toBe('accepted')
    // Back from cancelled onto a taken time: the constraint refuses it too.
    expect(
      await refusal(
        database.db
          .update(bookings)
          .set({ status })
          .where(eq(bookings.id, held?.id ?? '')),
      ),
    ).toBe(PG_EXCLUSION_VIOLATION)
  })

  it('refuses a status outside the five', async () => {
    expect(await refusal(insert('2027-03-04T10:00:00Z', 'gone' as 'confirmed'))).toBe(PG_CHECK_VIOLATION)
  })
})
