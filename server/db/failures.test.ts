import { createServer } from 'node:net'
import { Writable } from 'node:stream'
import { PGlite } from '@electric-sql/pglite'
import { manualClock } from '@server/clock'
import { registerErrorHandling } from '@server/errors'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { expectServiceUnavailable } from '@tests/helpers/database-down'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import Fastify from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './client'
import { databaseFailure } from './failures'
import { DatabaseHealth } from './health'

/**
 * How the error handler reads the database's failures, on errors provoked for real on PGlite and
 * on the PostgreSQL server: a value the database cannot take is the client's 400, an unreachable
 * database a 503 with Retry-After (logged once), anything else a 500 that says nothing more.
 */

async function failureOf(db: Database, query: SQL): Promise<unknown> {
  try {
    await db.execute(query)
  } catch (error) {
    return error
  }
  throw new Error('the query succeeded')
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** An app whose routes run queries against `db`, with the log it writes. */
function appOn(db: Database) {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const app = Fastify({ logger: { stream, level: 'info' } })
  const health = new DatabaseHealth({ db, clock: manualClock('2026-12-01T08:30:00Z'), log: app.log })
  registerErrorHandling(app, health)
  return { app, lines, health }
}

const VALUE_FAILURES: [string, SQL, string][] = [
  ['a NUL byte in a text', sql`select ${'Camille\u0000Martin'}::text`, '22021'],
  ['the year 0', sql`select ${'0000-01-01T10:00:00Z'}::timestamptz`, '22008'],
  ['a year past the range of timestamps', sql`select ${'294277-01-01T00:00:00Z'}::timestamptz`, '22008'],
  ['the 45th of the 13th month', sql`select ${'2026-13-45'}::date`, '22008'],
  ['a date that is no date', sql`select ${'someday'}::date`, '22007'],
  ['an id that is not a uuid', sql`select ${'not-a-uuid'}::uuid`, '22P02'],
  ['a number too large for an integer', sql`select ${'99999999999'}::int`, '22003'],
]

describe.each(testDrivers())('database failures on %s', (driver) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await openTestDatabase(driver)
  })
  afterAll(() => database.close())

  it.each(VALUE_FAILURES)('reads %s as an invalid value', async (_, query, state) => {
    const error = await failureOf(database.db, query)
    expect((error as { cause?: { code?: string } }).cause?.code).toBe(state)
    expect(databaseFailure(error)).toBe('invalid_value')
  })

  it('does not read a broken rule or a bug as the database being down or the value being wrong', async () => {
    await database.db.execute(sql`insert into rate_limits values ('twice', 1, now())`)
    const duplicate = await failureOf(database.db, sql`insert into rate_limits values ('twice', 1, now())`)
    expect(databaseFailure(duplicate)).toBeUndefined()
    expect(databaseFailure(await failureOf(database.db, sql`select * from no_such_table`))).toBeUndefined()
    expect(databaseFailure(await failureOf(database.db, sql`select 1 / 0`))).toBeUndefined()
    expect(databaseFailure(new Error('something else'))).toBeUndefined()
  })

  it('answers an invalid value with 400 and a readable message, never the SQL, the value or the driver’s words', async () => {
    const { app, lines } = appOn(database.db)
    app.get('/value', async () => database.db.execute(sql`select ${'Camille\u0000Martin'}::text`))
    const res = await app.inject({ url: '/value' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'request.invalid_value', message: expect.stringMatching(/cannot be stored/) })
    expect(res.body).not.toMatch(/select|Camille|0x00|UTF8|encoding/i)
    // A warning: validation has a gap. The SQL and the state, not the value.
    const warning = lines.find((line) => line.level === 40)
    expect(warning).toMatchObject({ sqlState: '22021', query: 'select $1::text', route: '/value' })
    expect(JSON.stringify(lines)).not.toMatch(/Camille/)
  })

  it('answers any other failure with a bare 500', async () => {
    const { app } = appOn(database.db)
    app.get('/bug', async () => database.db.execute(sql`select * from no_such_table where name = ${'Camille'}`))
    const res = await app.inject({ url: '/bug' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ code: 'internal', message: 'Internal error', requestId: expect.any(String) })
    expect(res.body).not.toMatch(/no_such_table|Camille|select|relation/i)
  })
})

describe('an unreachable database', () => {
  it('is read from PGlite once closed', async () => {
    const client = await PGlite.create()
    const db = drizzlePglite(client) as unknown as Database
    await client.close()
    expect(databaseFailure(await failureOf(db, sql`select 1`))).toBe('unavailable')
  })

  it('is read from node-postgres when the connection is refused', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'nobody', database: 'none' })
    const db = drizzleNodePg(pool) as unknown as Database
    try {
      const error = await failureOf(db, sql`select 1`)
      expect(JSON.stringify((error as { cause?: { code?: string } }).cause?.code)).toMatch(/ECONNREFUSED/)
      expect(databaseFailure(error)).toBe('unavailable')
    } finally {
      await pool.end()
    }
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is read from node-postgres when the server ends the connection (an administrator, a restart)',
    async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      client.on('error', () => {}) // the termination arrives as an event too
      await client.connect()
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await other.connect()
      try {
        await other.query('select pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID])
        const db = drizzleNodePg(client) as unknown as Database
        expect(databaseFailure(await failureOf(db, sql`select 1`))).toBe('unavailable')
      } finally {
        await other.end()
        await client.end().catch(() => {})
      }
    },
  )

  it('answers 503 with Retry-After on every request, and logs it once', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'nobody', database: 'none' })
    const db = drizzleNodePg(pool) as unknown as Database
    const { app, lines } = appOn(db)
    app.get('/down', async () => db.execute(sql`select ${'Camille'}::text`))
    try {
      for (let i = 0; i < 5; i++) {
        expectServiceUnavailable(await app.inject({ url: '/down' }))
      }
      const problems = lines.filter((line) => Number(line.level) >= 40)
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatchObject({ database: 'unreachable', reason: expect.stringMatching(/ECONNREFUSED/) })
      expect(JSON.stringify(problems[0])).not.toMatch(/stack|Camille|select/)
    } finally {
      await pool.end()
    }
  })
})
