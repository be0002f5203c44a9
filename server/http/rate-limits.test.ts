import rateLimit from '@fastify/rate-limit'
import { manualClock } from '@server/clock'
import { type Database, openDatabase } from '@server/db/client'
import { registerErrorHandling } from '@server/errors'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  consumeLimit,
  databaseRateLimitStore,
  type Limit,
  routeLimit,
  SWEEP_EVERY_MS,
  tooManyRequests,
} from './rate-limits'

const FIVE_A_MINUTE: Limit = { name: 'test-five', max: 5, windowMs: 60_000 }

async function counterKeys(db: Database): Promise<string[]> {
  const result = await db.execute(sql`select key from rate_limits order by key`)
  return (result as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)
}

describe.each(testDrivers())('rate limits in the database on %s', (driver) => {
  let database: TestDatabase
  const clock = manualClock('2026-12-01T08:30:00Z')
  const deps = () => ({ db: database.db, clock })

  beforeAll(async () => {
    database = await openTestDatabase(driver)
  })
  afterAll(() => database.close())

  it('counts hits in a window that starts with the first, then starts again at 1', async () => {
    const verdicts = []
    for (let i = 0; i < 6; i++) {
      verdicts.push(await consumeLimit(deps(), FIVE_A_MINUTE, 'window'))
      clock.advance(1000)
    }
    expect(verdicts.map((v) => v.hits)).toEqual([1, 2, 3, 4, 5, 6])
    expect(verdicts.map((v) => v.exceeded)).toEqual([false, false, false, false, false, true])
    // The window opened at the first hit: 5 s later, 55 s are left.
    expect(verdicts[5]?.retryAfterSeconds).toBe(55)

    clock.advance(53_000) // 59 s after the first hit: one second short of the end
    expect((await consumeLimit(deps(), FIVE_A_MINUTE, 'window')).exceeded).toBe(true)
    clock.advance(1000)
    expect(await consumeLimit(deps(), FIVE_A_MINUTE, 'window')).toEqual({
      hits: 1,
      exceeded: false,
      retryAfterSeconds: 60,
    })
  })

  it('counts simultaneous hits exactly once each', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, () => consumeLimit(deps(), { ...FIVE_A_MINUTE, max: 30 }, 'burst')),
    )
    expect(verdicts.map((v) => v.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    expect(verdicts.filter((v) => v.exceeded)).toHaveLength(10)
  })

  it('keeps limits apart by name: the same client key under two limits has two budgets', async () => {
    for (let i = 0; i < 5; i++) await consumeLimit(deps(), FIVE_A_MINUTE, '198.51.100.1')
    expect((await consumeLimit(deps(), FIVE_A_MINUTE, '198.51.100.1')).exceeded).toBe(true)
    expect((await consumeLimit(deps(), { ...FIVE_A_MINUTE, name: 'test-other' }, '198.51.100.1')).hits).toBe(1)
  })

  it('is shared by every handle on the database (another instance counts on)', async () => {
    const other =
      driver === 'postgres' && database.url
        ? await openDatabase({ driver: 'postgres', url: database.url, poolSize: 2 })
        : { db: database.db, close: async () => {} }
    try {
      for (let i = 0; i < 3; i++) await consumeLimit(deps(), FIVE_A_MINUTE, 'shared')
      for (let i = 0; i < 2; i++) await consumeLimit({ db: other.db, clock }, FIVE_A_MINUTE, 'shared')
      expect((await consumeLimit({ db: other.db, clock }, FIVE_A_MINUTE, 'shared')).exceeded).toBe(true)
      expect((await consumeLimit(deps(), FIVE_A_MINUTE, 'shared')).hits).toBe(7)
    } finally {
      await other.close()
    }
  })

  it('deletes ended counters now and then, not on every hit', async () => {
    clock.advance(SWEEP_EVERY_MS) // every counter so far has ended; the last sweep is long past
    await consumeLimit(deps(), FIVE_A_MINUTE, 'sweeper')
    expect(await counterKeys(database.db)).toEqual(['test-five:sweeper'])

    clock.advance(2 * 60_000) // 'sweeper' has ended, but the next sweep is not due yet
    await consumeLimit(deps(), FIVE_A_MINUTE, 'later')
    expect(await counterKeys(database.db)).toEqual(['test-five:later', 'test-five:sweeper'])

    clock.advance(SWEEP_EVERY_MS)
    await consumeLimit(deps(), FIVE_A_MINUTE, 'last')
    expect(await counterKeys(database.db)).toEqual(['test-five:last'])
  })

  it("is @fastify/rate-limit's store: a limited route counts in the database and answers 429 with Retry-After", async () => {
    const app = Fastify()
    registerErrorHandling(app)
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(deps()),
      errorResponseBuilder: (_, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
    })
    const limit: Limit = { name: 'test-route', max: 2, windowMs: 60_000 }
    app.get('/a', { config: { rateLimit: routeLimit(limit) } }, async () => 'a')
    app.get('/b', { config: { rateLimit: routeLimit(limit) } }, async () => 'b')
    app.get('/c', { config: { rateLimit: routeLimit({ ...limit, name: 'test-route-c' }) } }, async () => 'c')
    const get = (url: string) => app.inject({ url, remoteAddress: '203.0.113.50' })

    expect((await get('/a')).statusCode).toBe(200)
    expect((await get('/b')).statusCode).toBe(200)
    const refused = await get('/a')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      code: 'request.rate_limited',
      message: expect.any(String),
      retryAfterSeconds: 60,
    })
    expect(refused.headers['retry-after']).toBe('60')
    // Another limit, another budget.
    expect((await get('/c')).statusCode).toBe(200)
    expect(await counterKeys(database.db)).toContain('test-route:203.0.113.50')
    await app.close()
  })

  it('refuses at start-up a limited route whose limit has no name', async () => {
    const app = Fastify()
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps()) })
    expect(() => app.get('/x', { config: { rateLimit: { max: 1, timeWindow: 1000 } } }, async () => 'x')).toThrow(
      /no name: declare it with routeLimit/,
    )
  })
})
