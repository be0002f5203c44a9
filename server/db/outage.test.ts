import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import {
  type DatabaseBehindProxy,
  expectServiceUnavailable,
  openDatabaseBehindProxy,
} from '@tests/helpers/database-down'
import { eventually } from '@tests/helpers/jobs'
import { capturedLog, WARN } from '@tests/helpers/log'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

/** Keeps what is written to stderr (still writing it), until `vi.restoreAllMocks()`. */
function capturedStderr(): string[] {
  const lines: string[] = []
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean
  vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    lines.push(String(chunk))
    return write(chunk, ...rest)
  }) as typeof process.stderr.write)
  return lines
}

/**
 * A PostgreSQL outage, played with a TCP proxy between the app and the server: while the proxy
 * refuses connections, every request answers 503 `service.unavailable` with Retry-After and the
 * health check says the database is unreachable; the log has one line for the outage and one for
 * its end; once the proxy forwards again, the same app answers normally, without a restart.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL outage', () => {
  let behind: DatabaseBehindProxy
  let t: TestApp
  const log = capturedLog()

  beforeAll(async () => {
    behind = await openDatabaseBehindProxy()
    t = await startTestApp({ database: { ...behind.proxied }, logger: log.logger })
  })
  afterAll(async () => {
    await t.close()
    await behind.close()
  })

  const salonPage = () => t.app.inject({ url: '/api/salon/SAL001' })
  const health = () => t.app.inject({ url: '/api/health' })
  const problems = () => log.lines.filter((line) => Number(line.level) >= WARN)

  it('answers 503 with Retry-After during the outage, logs it once, and recovers by itself', async () => {
    expect((await salonPage()).statusCode).toBe(200)
    expect((await health()).json()).toEqual({ ok: true })

    await behind.proxy.refuse()
    const chat = newTestChat('fr', 'Alex', 'outage')
    for (let i = 0; i < 4; i++) {
      for (const res of [await salonPage(), await postChat(t.app, chat, 'Bonjour')]) expectServiceUnavailable(res)
      const unhealthy = await health()
      expect(unhealthy.statusCode).toBe(503)
      expect(unhealthy.json()).toEqual({ ok: false, database: 'unreachable' })
      t.clock.advance(2000)
    }
    // One line for the whole outage: no stack, no line per request.
    expect(problems()).toHaveLength(1)
    expect(problems()[0]).toMatchObject({
      level: 50,
      database: 'unreachable',
      reason: expect.stringMatching(/ECONNREFUSED|Connection terminated/),
    })
    expect(JSON.stringify(log.lines)).not.toMatch(/"stack"|request failed/)

    await behind.proxy.accept()
    expect((await salonPage()).statusCode).toBe(200)
    expect((await postChat(t.app, chat, 'Bonjour')).statusCode).toBe(200)
    expect((await health()).json()).toEqual({ ok: true })
    expect(problems()).toHaveLength(1)
    const recovered = log.lines.filter((line) => line.database === 'reachable')
    expect(recovered).toEqual([expect.objectContaining({ level: 30, outageSeconds: 8 })])
    expect(recovered[0]?.msg).toBe('database reachable again after 8 s')
  })

  it('fails fast when connections hang: the pool gives up after its connect timeout', async () => {
    await behind.proxy.silence()
    const started = Date.now()
    const res = await salonPage()
    expect(res.statusCode).toBe(503)
    expect(Date.now() - started).toBeLessThan(5000)
    expect((await health()).json()).toEqual({ ok: false, database: 'unreachable' })
    await behind.proxy.accept()
    t.clock.advance(1000)
    expect((await salonPage()).statusCode).toBe(200)
  })
})

/**
 * The app's own pool during an outage: each idle connection it holds dies with the server's side
 * (node-postgres then emits 'error' on the pool, once per connection). That is the same outage as
 * the requests': one line when it starts, one when it ends — however many connections were open,
 * and even if no request comes to notice either.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("a PostgreSQL outage that drops the pool's idle connections", () => {
  const POOL_SIZE = 8
  let behind: DatabaseBehindProxy
  let t: TestApp
  let log: ReturnType<typeof capturedLog>
  let stderr: string[]

  beforeEach(async () => {
    // Named, to tell the app's connections from the test's and the job engine's.
    behind = await openDatabaseBehindProxy({ poolSize: POOL_SIZE, applicationName: 'salonia-app' })
    log = capturedLog()
    t = await startTestApp({ database: { ...behind.proxied }, logger: log.logger })
    stderr = capturedStderr()
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await t.close()
    await behind.close()
  })

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const problems = () => log.lines.filter((line) => Number(line.level) >= WARN)
  const poolLines = () => stderr.filter((line) => /PostgreSQL|connection/i.test(line))

  it('is one line when it starts and one when it ends, however many pooled connections it drops', async () => {
    // Every connection of the pool open at once, then idle in it.
    await Promise.all(Array.from({ length: POOL_SIZE }, () => behind.proxied.db.execute(sql`select pg_sleep(0.2)`)))
    const pool = (behind.proxied.db as unknown as { $client: pg.Pool }).$client
    expect(pool.idleCount).toBe(POOL_SIZE)

    await behind.proxy.refuse()
    await eventually(() => (pool.idleCount === 0 ? true : undefined), 5000)
    await pause(1500)
    // No request came: the pool's lost connections alone told of the outage, once.
    expect(poolLines()).toEqual([])
    expect(problems()).toEqual([
      expect.objectContaining({
        level: 50,
        database: 'unreachable',
        msg: 'database unreachable: requests answer 503 until it is back',
      }),
    ])

    await behind.proxy.accept()
    // Still no request: the app notices by itself that the database is back.
    const back = await eventually(() => log.lines.find((line) => line.database === 'reachable'), 10_000)
    expect(back).toMatchObject({ level: 30, msg: expect.stringMatching(/^database reachable again after \d+ s$/) })
    expect((await t.app.inject({ url: '/api/salon/SAL001' })).statusCode).toBe(200)
    expect(problems()).toHaveLength(1)
    expect(log.lines.filter((line) => line.database !== undefined)).toHaveLength(2)
    expect(poolLines()).toEqual([])
  })

  it('logs nothing when a pooled connection is dropped but the database still answers', async () => {
    await Promise.all(Array.from({ length: 3 }, () => behind.proxied.db.execute(sql`select pg_sleep(0.2)`)))
    // As an administrator's pg_terminate_backend, or a firewall's idle timeout, would.
    await behind.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'salonia-app' and datname = current_database()`,
    )
    await pause(1500)
    expect((await t.app.inject({ url: '/api/salon/SAL001' })).statusCode).toBe(200)
    expect(problems()).toEqual([])
    expect(log.lines.filter((line) => line.database !== undefined)).toEqual([])
    expect(poolLines()).toEqual([])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('a pool without an app to tell (a script, an admin command)', () => {
  it('writes one line for the connections an outage drops, and one more only after it connected again', async () => {
    const behind = await openDatabaseBehindProxy({ poolSize: 5 })
    const { proxy, proxied } = behind
    const stderr = capturedStderr()
    const pool = (proxied.db as unknown as { $client: pg.Pool }).$client
    const fill = () => Promise.all(Array.from({ length: 5 }, () => proxied.db.execute(sql`select pg_sleep(0.2)`)))
    try {
      await fill()
      await proxy.refuse()
      await eventually(() => (pool.idleCount === 0 ? true : undefined), 5000)
      expect(stderr.filter((line) => line.includes('PostgreSQL'))).toEqual([
        expect.stringMatching(/^PostgreSQL connection lost: .+\n$/),
      ])
      await proxy.accept()
      await fill()
      await proxy.refuse()
      await eventually(() => (pool.idleCount === 0 ? true : undefined), 5000)
      expect(stderr.filter((line) => line.includes('PostgreSQL'))).toHaveLength(2)
    } finally {
      vi.restoreAllMocks()
      await behind.close()
    }
  })
})
