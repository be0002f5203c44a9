import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { manualClock } from '@server/clock'
import { readScheduleFacts } from '@server/modules/bookings/availability.repository'
import { insertBooking } from '@server/modules/bookings/bookings.repository'
import { listServices } from '@server/modules/catalog/catalog.repository'
import { resolveCustomer } from '@server/modules/customers/customers.usecases'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { insertTimeOff } from '@server/modules/schedule/schedule.repository'
import { listMembers } from '@server/modules/team/team.repository'
import { seedDemoData } from '@server/seed'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, PG_CHECK_VIOLATION, PG_EXCLUSION_VIOLATION, sqlState } from './client'
import { bookings, type SalonRow, timeOff } from './schema'

const clock = manualClock('2026-12-01T08:30:00+01:00')
const at = (iso: string) => new Date(iso)

describe.each(testDrivers())('data layer on %s', (driver) => {
  let database: TestDatabase
  let salon: SalonRow
  let customerId: string
  let lea: string
  let hugo: string

  beforeAll(async () => {
    database = await openTestDatabase(driver)
    await seedDemoData(database.db, clock)
    salon = (await findSalonByPublicId(database.db, 'SAL001')) as SalonRow
    customerId = (await resolveCustomer(database.db, salon.id, { name: 'Inès' }, clock.now())).id
    const team = await listMembers(database.db, salon.id)
    lea = team.find((m) => m.member.isOwner)?.member.id as string
    hugo = team.find((m) => !m.member.isOwner)?.member.id as string
  })
  afterAll(() => database.close())

  const bookingAt = (
    start: string,
    end: string,
    status: 'confirmed' | 'pending' | 'cancelled' = 'confirmed',
    memberId = lea,
  ) =>
    insertBooking(database.db, {
      salonId: salon.id,
      customerId,
      memberId,
      serviceName: 'Brushing',
      durationMinutes: 30,
      priceMinor: 3000,
      currency: 'EUR',
      startsAt: at(start),
      endsAt: at(end),
      status,
      channel: 'api',
    })

  it('applies the migrations with btree_gist', async () => {
    const result = await database.db.execute(sql`select extname from pg_extension where extname = 'btree_gist'`)
    expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(1)
  })

  it('seeds the demo salon exactly as designed', async () => {
    expect(salon).toMatchObject({ publicId: 'SAL001', name: 'Salon Lumière', country: 'FR', timeZone: 'Europe/Paris' })
    expect(salon.hash).toMatch(/^[A-Za-z0-9_-]{24}$/)
    const services = await listServices(database.db, salon.id)
    expect(services.map((s) => [s.name, s.durationMinutes, s.priceMinor, s.isActive])).toEqual([
      ['Coupe femme', 45, 4500, true],
      ['Coupe homme', 30, 2500, true],
      ['Brushing', 30, 3000, true],
      ['Coloration', 90, 6500, true],
      ['Balayage', 120, 9500, true],
      ['Taille de barbe', 20, 1500, true],
      ['Permanente', 120, 8000, false],
    ])
    expect(await seedDemoData(database.db, clock)).toBe(false)
  })

  it('numbers new salons SAL002, SAL003…', async () => {
    const second = await createSalon(database.db, {
      name: 'Barber Max',
      contactEmail: 'max@example.com',
      address: 'Berlin',
      country: 'DE',
    })
    expect(second.publicId).toBe('SAL002')
    expect(second.timeZone).toBe('Europe/Berlin')
  })

  it('numbers salons past 999 without reusing an ID: SAL999, SAL1000, SAL1001', async () => {
    await database.db.execute(sql`select setval('salon_number_seq', 998)`)
    const ids: string[] = []
    for (const name of ['Neuf cent', 'Mille', 'Mille un']) {
      const salon = await createSalon(database.db, {
        name,
        contactEmail: 'n@example.com',
        address: 'Lyon',
        country: 'FR',
      })
      ids.push(salon.publicId)
    }
    expect(ids).toEqual(['SAL999', 'SAL1000', 'SAL1001'])
  })

  it('refuses two overlapping active bookings in the database itself', async () => {
    await bookingAt('2026-12-02T09:00:00Z', '2026-12-02T09:30:00Z')
    const error = await bookingAt('2026-12-02T09:15:00Z', '2026-12-02T09:45:00Z').catch((e) => e)
    expect(sqlState(error)).toBe(PG_EXCLUSION_VIOLATION)
    const pending = await bookingAt('2026-12-02T09:29:00Z', '2026-12-02T09:59:00Z', 'pending').catch((e) => e)
    expect(sqlState(pending)).toBe(PG_EXCLUSION_VIOLATION)
  })

  it('lets two members work at the same time, and never books one member twice', async () => {
    await bookingAt('2026-12-09T09:00:00Z', '2026-12-09T09:45:00Z', 'confirmed', lea)
    await expect(bookingAt('2026-12-09T09:00:00Z', '2026-12-09T09:45:00Z', 'confirmed', hugo)).resolves.toBeTruthy()
    const third = await bookingAt('2026-12-09T09:30:00Z', '2026-12-09T10:00:00Z', 'confirmed', hugo).catch((e) => e)
    expect(sqlState(third)).toBe(PG_EXCLUSION_VIOLATION)
  })

  it('lets bookings touch end to start, ignores cancelled ones, and keeps salons apart', async () => {
    await bookingAt('2026-12-02T10:00:00Z', '2026-12-02T10:30:00Z')
    await expect(bookingAt('2026-12-02T10:30:00Z', '2026-12-02T11:00:00Z')).resolves.toBeTruthy()
    await bookingAt('2026-12-02T12:00:00Z', '2026-12-02T12:30:00Z', 'cancelled')
    await expect(bookingAt('2026-12-02T12:00:00Z', '2026-12-02T12:30:00Z')).resolves.toBeTruthy()
    const other = await createSalon(database.db, {
      name: 'Other',
      contactEmail: 'o@example.com',
      address: 'Rome',
      country: 'IT',
    })
    const otherCustomer = await resolveCustomer(database.db, other.id, { name: 'Gio' }, clock.now())
    const [otherOwner] = await listMembers(database.db, other.id)
    expect(otherOwner?.member).toMatchObject({ name: 'Other', isOwner: true })
    await expect(
      insertBooking(database.db, {
        salonId: other.id,
        customerId: otherCustomer.id,
        memberId: otherOwner?.member.id as string,
        serviceName: 'Taglio',
        durationMinutes: 30,
        priceMinor: 2000,
        currency: 'EUR',
        startsAt: at('2026-12-02T10:00:00Z'),
        endsAt: at('2026-12-02T10:30:00Z'),
        channel: 'api',
      }),
    ).resolves.toBeTruthy()
  })

  it('reads hours, absences and active bookings touching a range in one query, busy time in order', async () => {
    const absence = await insertTimeOff(database.db, {
      salonId: salon.id,
      startsAt: at('2026-12-02T10:15:00Z'),
      endsAt: at('2026-12-02T10:30:00Z'),
      reason: 'dentist',
    })
    const range = { from: at('2026-12-02T00:00:00Z'), to: at('2026-12-03T00:00:00Z') }
    const facts = await readScheduleFacts(database.db, salon.id, range)
    expect(facts.busy.every(([, , kind, member]) => member === (kind === 'booking' ? lea : null))).toBe(true)
    expect(facts.members.map(([id, isOwner]) => [id, isOwner])).toEqual([
      [lea, true],
      [hugo, false],
    ])
    expect(facts.busy.map(([start, , kind]) => [kind, new Date(start).toISOString()])).toEqual([
      ['booking', '2026-12-02T09:00:00.000Z'],
      ['booking', '2026-12-02T10:00:00.000Z'],
      ['time_off', '2026-12-02T10:15:00.000Z'],
      ['booking', '2026-12-02T10:30:00.000Z'],
      ['booking', '2026-12-02T12:00:00.000Z'],
    ])
    expect(new Date(facts.busy[2]?.[1] as number).toISOString()).toBe('2026-12-02T10:30:00.000Z')
    // The demo week: Tuesday to Friday 09:00–19:00, Saturday 09:00–17:00.
    expect(facts.hours).toEqual([
      [1, 540, 1140],
      [2, 540, 1140],
      [3, 540, 1140],
      [4, 540, 1140],
      [5, 540, 1020],
    ])

    // The booking being moved is left out.
    const [moving] = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.startsAt, at('2026-12-02T10:00:00Z')))
    const withoutIt = await readScheduleFacts(database.db, salon.id, range, moving?.id)
    expect(withoutIt.busy.filter(([, , kind]) => kind === 'booking')).toHaveLength(3)
    // A salon with no hours and nothing booked reads as two empty lists.
    const empty = await readScheduleFacts(database.db, salon.id, {
      from: at('2030-01-01T00:00:00Z'),
      to: at('2030-01-02T00:00:00Z'),
    })
    expect(empty.busy).toEqual([])
    await database.db.delete(timeOff).where(eq(timeOff.id, absence.id))
  })

  it('refuses overlapping absences and impossible values', async () => {
    const overlap = await insertTimeOff(database.db, {
      salonId: salon.id,
      startsAt: at('2026-12-25T10:00:00Z'),
      endsAt: at('2026-12-28T10:00:00Z'),
      reason: null,
    }).catch((e) => e)
    expect(sqlState(overlap)).toBe(PG_EXCLUSION_VIOLATION)
    const backwards = await bookingAt('2026-12-05T10:00:00Z', '2026-12-05T09:00:00Z').catch((e) => e)
    expect(sqlState(backwards)).toBe(PG_CHECK_VIOLATION)
  })

  it('finds a returning customer by channel identity', async () => {
    const identity = { channel: 'web' as const, externalId: 'user-123' }
    const first = await resolveCustomer(database.db, salon.id, { name: 'Zoé', language: 'fr' }, clock.now(), identity)
    const again = await resolveCustomer(
      database.db,
      salon.id,
      { name: 'Zoé B.', language: 'de' },
      clock.now(),
      identity,
    )
    expect(again.id).toBe(first.id)
    expect(again).toMatchObject({ name: 'Zoé B.', language: 'de' })
  })
})

describe('embedded database on disk', () => {
  it('keeps all data across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'salonia-pglite-'))
    try {
      const first = await openDatabase({ driver: 'pglite', dataDir: dir })
      await seedDemoData(first.db, clock)
      const before = (await findSalonByPublicId(first.db, 'SAL001'))?.hash
      await first.close()
      const second = await openDatabase({ driver: 'pglite', dataDir: dir })
      expect((await findSalonByPublicId(second.db, 'SAL001'))?.hash).toBe(before)
      expect(await seedDemoData(second.db, clock)).toBe(false)
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
