import { type DatabaseHandle, openDatabase } from '@server/db/client'
import { expect } from 'vitest'
import { openTestDatabase, type TestDatabase } from './database'
import { startTcpProxy, type TcpProxy } from './tcp-proxy'

/** An answer as the tests read it: status, headers, JSON body. */
interface Answer {
  statusCode: number
  headers: Record<string, unknown>
  json(): unknown
}

/** The 503 of a database that cannot be reached: wait a few seconds (also in Retry-After). */
export function expectServiceUnavailable(res: Answer): void {
  expect(res.statusCode).toBe(503)
  expect(res.headers['retry-after']).toBe('5')
  expect(res.json()).toEqual({
    code: 'service.unavailable',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  })
}

/** The 503 of a full disk: nothing can be saved; try again later (also in Retry-After). */
export function expectStorageFull(res: Answer): void {
  expect(res.statusCode).toBe(503)
  expect(res.headers['retry-after']).toBe('60')
  expect(res.json()).toEqual({
    code: 'service.storage_full',
    message: 'The service cannot save anything right now. Please try again later.',
    retryAfterSeconds: 60,
  })
}

/**
 * A fresh PostgreSQL test database and the same database opened again through a TCP proxy
 * (tests/helpers/tcp-proxy.ts) that plays the outage: what the code under test is given is
 * `proxied`, whose connections give up after a second; `database` stays reachable for the test's
 * own checks. `close()` closes the three.
 */
export interface DatabaseBehindProxy {
  database: TestDatabase
  proxy: TcpProxy
  proxied: DatabaseHandle
  close(): Promise<void>
}

export async function openDatabaseBehindProxy(
  options: {
    poolSize?: number
    /** Names the proxied connections (pg_stat_activity's application_name), to tell them apart. */
    applicationName?: string
  } = {},
): Promise<DatabaseBehindProxy> {
  const database = await openTestDatabase('postgres')
  const server = new URL(database.url as string)
  const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) })
  const url = new URL(proxy.urlFor(database.url as string))
  if (options.applicationName) url.searchParams.set('application_name', options.applicationName)
  const proxied = await openDatabase({
    driver: 'postgres',
    url: url.toString(),
    connectTimeoutMs: 1000,
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
  })
  return {
    database,
    proxy,
    proxied,
    close: async () => {
      await proxied.close()
      await proxy.close()
      await database.close()
    },
  }
}
