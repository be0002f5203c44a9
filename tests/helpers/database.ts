import { randomBytes } from 'node:crypto'
import { type DatabaseHandle, openDatabase } from '@server/db/client'
import pg from 'pg'

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
 * TEST_DATABASE_URL that is dropped again on close. The pool is larger than a server's by default,
 * for the tests that send dozens of bookings at once; the benchmarks ask for a server's.
 */
export async function openTestDatabase(driver: Driver, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (driver === 'pglite') return openDatabase({ driver: 'pglite' })
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `salonia_test_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: options.poolSize ?? 20 })
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close()
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
    },
  }
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
