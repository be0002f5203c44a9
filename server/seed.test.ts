import { manualClock } from '@server/clock'
import { findUsableAccessCode } from '@server/modules/ambassadors/access-codes.usecases'
import { countSalons, findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { openTestDatabase, testDrivers } from '@tests/helpers/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from './db/client'
import { DEMO_ACCESS_CODE, retireDemoAccessCode, SEEDED_MCP_TOKEN_VERSION, seedDemoData } from './seed'

const clock = manualClock('2026-12-01T08:30:00+01:00')

describe.each(testDrivers())('demo data on %s', (driver) => {
  it('is seeded once when instances start together on an empty database', async () => {
    const database = await openTestDatabase(driver)
    // A second pool on the same server stands for a second instance (PGlite has one connection).
    const other = database.url ? await openDatabase({ driver: 'postgres', url: database.url }) : undefined
    try {
      const seeded = await Promise.all(
        Array.from({ length: 4 }, (_, i) => seedDemoData((i % 2 === 0 || !other ? database : other).db, clock)),
      )
      expect(seeded.filter(Boolean)).toHaveLength(1)
      expect(await countSalons(database.db)).toBe(1)
      // Its MCP token is issued, at the version the start-up printout recognises as the demo's own.
      const demo = await findSalonByPublicId(database.db, 'SAL001')
      expect(demo?.mcpTokenIssuedAt).not.toBeNull()
      expect(demo?.mcpTokenVersion).toBe(SEEDED_MCP_TOKEN_VERSION)
    } finally {
      await other?.close()
      await database.close()
    }
  })
})

describe('the demo access code on a production server', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
  })
  afterAll(() => database.close())

  it('is revoked at start when a database seeded outside production still has it', async () => {
    await seedDemoData(database.db, clock)
    expect(await findUsableAccessCode(database.db, DEMO_ACCESS_CODE)).toBeDefined()
    expect(await retireDemoAccessCode(database.db, clock)).toBe(true)
    expect(await findUsableAccessCode(database.db, DEMO_ACCESS_CODE)).toBeUndefined()
    expect(await retireDemoAccessCode(database.db, clock)).toBe(false)
  })
})
