import { openDatabase } from '@server/db/client'
import type { TestDatabase } from './database'

/**
 * Large installations put PgBouncer in transaction mode between their instances and PostgreSQL
 * (README, "Several instances for scale"). With TEST_PGBOUNCER_URL set — CI starts one with
 * scripts/ci/pgbouncer.sh, postgres://postgres@127.0.0.1:6432/test — the tests that run several
 * instances on one database run them a second time through it. The test database itself is still
 * created (and migrated) directly on TEST_DATABASE_URL's server; PgBouncer's `[databases] *`
 * reaches it under the same name.
 */

export type Route = 'direct' | 'pgbouncer'

/**
 * How instances reach the test database: directly, and through PgBouncer when TEST_PGBOUNCER_URL is
 * set; none without TEST_DATABASE_URL (several instances need a PostgreSQL server).
 */
export function instanceRoutes(): Route[] {
  if (!process.env.TEST_DATABASE_URL) return []
  return process.env.TEST_PGBOUNCER_URL ? ['direct', 'pgbouncer'] : ['direct']
}

/** A database of TEST_DATABASE_URL's server, reached through the PgBouncer of TEST_PGBOUNCER_URL. */
export function pooledUrl(directUrl: string): string {
  const pooler = process.env.TEST_PGBOUNCER_URL
  if (!pooler) throw new Error('TEST_PGBOUNCER_URL is not set')
  const url = new URL(pooler)
  url.pathname = new URL(directUrl).pathname
  return url.toString()
}

/** The URL an instance is given for the database at `directUrl`, by this route. */
export function instanceUrl(directUrl: string, route: Route): string {
  return route === 'pgbouncer' ? pooledUrl(directUrl) : directUrl
}

/**
 * One more instance's connections to a test database, as another server process opens them: its
 * own pool (and the job engine's), migrated on opening, directly or through PgBouncer (then with
 * DATABASE_TRANSACTION_POOLING's settings). The caller closes it; the database stays.
 */
export async function openInstanceDatabase(
  database: { url?: string },
  route: Route,
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  if (!database.url) throw new Error('several instances need a PostgreSQL test database')
  const url = instanceUrl(database.url, route)
  const handle = await openDatabase({
    driver: 'postgres',
    url,
    poolSize: options.poolSize ?? 20,
    transactionPooling: route === 'pgbouncer',
  })
  return { ...handle, url }
}
