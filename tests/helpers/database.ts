import { randomBytes } from 'node:crypto'
import { type DatabaseHandle, openDatabase } from '@server/db/client'
import { databaseUrl, pgliteTemplate, templateDatabases, withAdmin } from './template-database'

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
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `salonia_test_${randomBytes(6).toString('hex')}`
  const template = templateDatabases()?.postgresTemplate
  await withAdmin(adminUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  )
  const url = databaseUrl(adminUrl, name)
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: options.poolSize ?? 20 })
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close()
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
    },
  }
}
