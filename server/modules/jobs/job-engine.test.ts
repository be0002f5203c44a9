import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '@server/db/client'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { drainJobs, eventually, startTestJobEngine } from '@tests/helpers/jobs'
import { instanceRoutes, openInstanceDatabase } from '@tests/helpers/pgbouncer'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { JobEngine } from './job-engine'
import { listFailedJobs } from './jobs.repository'
import { TEST_QUEUES, type TestPayloads } from './test-queues.fixture'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

async function engineOn(database: TestDatabase | Awaited<ReturnType<typeof openDatabase>>) {
  const engine = await startTestJobEngine<TestPayloads>(database, TEST_QUEUES)
  cleanups.push(() => engine.stop({ graceful: false }))
  return engine
}

async function freshDatabase(driver: 'pglite' | 'postgres') {
  const database = await openTestDatabase(driver)
  cleanups.push(() => database.close())
  return database
}

describe.each(testDrivers())('the job engine on %s', (driver) => {
  it('keeps a job sent inside a transaction only if the transaction commits', async () => {
    const database = await freshDatabase(driver)
    const engine = await engineOn(database)
    await database.db.transaction(async (tx) => {
      await engine.send(tx, 'test.echo', { n: 1 })
    })
    await database.db
      .transaction(async (tx) => {
        await engine.send(tx, 'test.echo', { n: 2 })
        throw new Error('the change failed')
      })
      .catch(() => {})
    const seen: number[] = []
    await engine.work({ 'test.echo': async ({ n }) => void seen.push(n) })
    await drainJobs(database, ['test.echo'])
    expect(seen).toEqual([1])
  })

  it('keeps a batch sent inside a transaction only if the transaction commits, each job run once', async () => {
    const database = await freshDatabase(driver)
    const engine = await engineOn(database)
    await database.db.transaction((tx) => engine.sendMany(tx, 'test.echo', [{ n: 1 }, { n: 2 }, { n: 3 }]))
    await database.db
      .transaction(async (tx) => {
        await engine.sendMany(tx, 'test.echo', [{ n: 4 }, { n: 5 }])
        throw new Error('the change failed')
      })
      .catch(() => {})
    await engine.sendMany(database.db, 'test.echo', [])
    const seen: number[] = []
    await engine.work({ 'test.echo': async ({ n }) => void seen.push(n) })
    await drainJobs(database, ['test.echo'])
    expect(seen.sort()).toEqual([1, 2, 3])
  })

  it('retries a failing job with growing delays, keeps it failed for good after its limit, and runs it again on retry', async () => {
    const database = await freshDatabase(driver)
    const engine = await engineOn(database)
    const attempts: number[] = []
    let healthy = false
    await engine.work({
      'test.flaky': async () => {
        attempts.push(Date.now())
        if (!healthy) throw new Error('Google answered 503')
      },
    })
    const id = await engine.send(database.db, 'test.flaky', { n: 1 })
    await drainJobs(database, ['test.flaky'], 20_000)
    // retryLimit 2: three attempts, each retry waiting at least the base delay (1 s, then more).
    expect(attempts).toHaveLength(3)
    const gaps = attempts.slice(1).map((at, i) => at - (attempts[i] ?? at))
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900)

    const failed = await listFailedJobs(database.db, 10)
    expect(failed).toMatchObject([
      { id, name: 'test.flaky', retryCount: 2, output: { message: 'Google answered 503' } },
    ])

    healthy = true
    expect(await engine.retry('test.flaky', id ?? '')).toBe(true)
    await drainJobs(database, ['test.flaky'])
    expect(attempts).toHaveLength(4)
    expect(await listFailedJobs(database.db, 10)).toEqual([])
  })

  it("creates the product's queues with their own timings when none are overridden, as a server does", async () => {
    const database = await freshDatabase(driver)
    const engine = await startTestJobEngine(database, undefined, { timing: undefined })
    cleanups.push(() => engine.stop({ graceful: false }))
    const { rows } = (await database.db.execute(
      sql`select name, retry_limit as "retryLimit", heartbeat_seconds as "heartbeatSeconds" from pgboss.queue where name like 'calendar.%' order by name`,
    )) as unknown as { rows: { name: string; retryLimit: number; heartbeatSeconds: number }[] }
    expect(rows).toEqual([
      { name: 'calendar.maintain', retryLimit: 0, heartbeatSeconds: 30 },
      { name: 'calendar.push-booking', retryLimit: 10, heartbeatSeconds: 30 },
      { name: 'calendar.release', retryLimit: 10, heartbeatSeconds: 30 },
      { name: 'calendar.sync-calendar', retryLimit: 10, heartbeatSeconds: 30 },
      { name: 'calendar.sync-salon', retryLimit: 10, heartbeatSeconds: 30 },
    ])
  })

  it('runs a job due at an instant no earlier than that instant', async () => {
    const database = await freshDatabase(driver)
    const engine = await engineOn(database)
    const ranAt: number[] = []
    await engine.work({ 'test.echo': async () => void ranAt.push(Date.now()) })
    const due = new Date(Date.now() + 1500)
    await engine.send(database.db, 'test.echo', { n: 1 }, { startAfter: due })
    await eventually(() => (ranAt.length ? true : undefined), 10_000)
    expect(ranAt[0]).toBeGreaterThanOrEqual(due.getTime())
  })

  it('folds a change into the job already waiting for the same key (one waiting and one running per key)', async () => {
    const database = await freshDatabase(driver)
    const engine = await engineOn(database)
    const first = await engine.send(database.db, 'test.keyed', { n: 1 }, { singletonKey: 'booking-1' })
    const second = await engine.send(database.db, 'test.keyed', { n: 2 }, { singletonKey: 'booking-1' })
    const other = await engine.send(database.db, 'test.keyed', { n: 3 }, { singletonKey: 'booking-2' })
    expect(first).toBeTruthy()
    expect(second).toBeNull()
    expect(other).toBeTruthy()
  })

  it('runs the jobs left waiting when the server stopped once it is back', async () => {
    const database = await freshDatabase(driver)
    const before = await startTestJobEngine<TestPayloads>(database, TEST_QUEUES)
    for (let n = 0; n < 5; n++) await before.send(database.db, 'test.echo', { n })
    await before.stop()

    const after = await engineOn(database)
    const seen: number[] = []
    await after.work({ 'test.echo': async ({ n }) => void seen.push(n) })
    await drainJobs(database, ['test.echo'])
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4])
  })
})

// A second time through PgBouncer in transaction mode when TEST_PGBOUNCER_URL is set.
describe.each(instanceRoutes())('two instances sharing one PostgreSQL queue (%s)', (route) => {
  it('runs each job exactly once, and never two jobs of one key at the same time', async () => {
    const database = await freshDatabase('postgres')
    // Each instance with its own pools on the database, as another process would have.
    const instance = async () => {
      const own = await openInstanceDatabase(database, route, { poolSize: 4 })
      cleanups.push(() => own.close())
      return { db: own.db, engine: await engineOn(own) }
    }
    const [one, two] = [await instance(), await instance()]
    // Jobs are sent by one instance or the other, each through its own connections.
    const by = (n: number) => (n % 2 === 0 ? one : two)
    const engines: JobEngine<TestPayloads>[] = [one.engine, two.engine]
    const runs = new Map<number, number>()
    const runningPerKey = new Map<string, number>()
    let overlap = false
    for (const engine of engines) {
      await engine.work({
        'test.echo': async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1)
          await new Promise((resolve) => setTimeout(resolve, 5))
        },
        'test.keyed': async ({ n }) => {
          const key = `k${n % 3}`
          const running = (runningPerKey.get(key) ?? 0) + 1
          runningPerKey.set(key, running)
          if (running > 1) overlap = true
          await new Promise((resolve) => setTimeout(resolve, 30))
          runningPerKey.set(key, (runningPerKey.get(key) ?? 1) - 1)
        },
      })
    }
    for (let n = 0; n < 100; n++) await by(n).engine.send(by(n).db, 'test.echo', { n })
    for (let n = 0; n < 30; n++) {
      await by(n).engine.send(by(n).db, 'test.keyed', { n }, { singletonKey: `k${n % 3}` })
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await drainJobs(database, ['test.echo', 'test.keyed'], 60_000)
    expect(runs.size).toBe(100)
    expect([...runs.values()].every((count) => count === 1)).toBe(true)
    expect(overlap).toBe(false)
  }, 90_000)
})

const CHILD = fileURLToPath(new URL('./job-engine.child.fixture.ts', import.meta.url))

/** Starts a worker process that takes a job and hangs in it; resolves once it has the job. */
function startDoomedWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('working')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before taking the job: ${output}`)))
  })
}

describe.each(testDrivers())('a worker killed in the middle of a job, on %s', (driver) => {
  it('leaves the job to be retried by the next server (kill -9)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'salonia-jobs-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    const postgres = driver === 'postgres' ? await freshDatabase('postgres') : undefined
    const open = () =>
      postgres ? Promise.resolve(postgres) : openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'pglite') })

    // The job is sent by one process, taken by a second that dies with it (SIGKILL: no clean-up).
    const first = await open()
    const sender = await startTestJobEngine<TestPayloads>(first, TEST_QUEUES)
    const id = await sender.send(first.db, 'test.slow', { n: 7 })
    await sender.stop()
    if (!postgres) await first.close()
    const worker = await startDoomedWorker(
      postgres?.url ? { CHILD_DATABASE_URL: postgres.url } : { CHILD_DATA_DIR: dataDir },
    )
    worker.kill('SIGKILL')
    await new Promise((resolve) => worker.once('exit', resolve))

    const database = await open()
    if (!postgres) cleanups.push(() => database.close())
    const state = await database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`)
    expect((state as unknown as { rows: { state: string }[] }).rows[0]?.state).toBe('active')
    const engine = await engineOn(database)
    const done: number[] = []
    await engine.work({ 'test.slow': async ({ n }) => void done.push(n) })
    // The dead worker's heartbeat (10 s) lapses; supervision puts the job back; it runs here.
    await eventually(() => (done.length ? true : undefined), 45_000)
    expect(done).toEqual([7])
  }, 90_000)
})
