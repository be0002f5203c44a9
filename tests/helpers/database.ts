import { type DatabaseHandle, openDatabase } from '@server/db/client'
import { createServerDatabase } from './postgres-server'
import { pgliteTemplate, templateDatabases } from './template-database'

export type Driver = 'pglite' | 'postgres'

/** The drivers the data-layer suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDrivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export interface TestDatabase extends DatabaseHandle {
  /** Connection string of the throw-away PostgreSQL database (postgres driver only). */
  url?: string
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL that is dropped again on close. Both are copies of the run's template
 * (tests/helpers/template-database.ts) when Vitest's global setup made one, and migrated from
 * nothing otherwise. The pool is larger than a server's by default, for the tests that send dozens
 * of bookings at once; the benchmarks ask for a server's.
 */
export async function openTestDatabase(driver: Driver, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const template = pgliteTemplate()
    return openDatabase(template ? { driver: 'pglite', loadDataDir: template } : { driver: 'pglite' })
  }
  const created = await createServerDatabase({ template: templateDatabases()?.postgresTemplate })
  const handle = await openDatabase({ driver: 'postgres', url: created.url, poolSize: options.poolSize ?? 20 })
  return {
    ...handle,
    url: created.url,
    close: async () => {
      await handle.close()
      await created.drop()
    },
  }
}
