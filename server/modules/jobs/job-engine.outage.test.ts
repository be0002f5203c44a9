import { type DatabaseBehindProxy, openDatabaseBehindProxy } from '@tests/helpers/database-down'
import { drainJobs, eventually, startTestJobEngine } from '@tests/helpers/jobs'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { JobEngine, JobEngineOptions } from './job-engine'
import { TEST_QUEUES, type TestPayloads } from './test-queues.fixture'

/**
 * The job engine's side of a PostgreSQL outage (README "Errors": one line when it starts, one when
 * it ends). Its workers poll, its supervisor and its LISTEN connection keep trying while the
 * database is away: each failure is pg-boss's 'error' event, and only the first of an outage may
 * reach the log. The outage is played with a TCP proxy between the engine and the server.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the job engine during a PostgreSQL outage', () => {
  let behind: DatabaseBehindProxy
  let engine: JobEngine<TestPayloads>
  let lines: { level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg: string }[]

  beforeEach(async () => {
    behind = await openDatabaseBehindProxy()
    lines = []
    const log: JobEngineOptions['log'] = {
      info: (obj, msg) => void lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
      warn: (obj, msg) => void lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
      error: (obj, msg) => void lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
    }
    engine = await startTestJobEngine<TestPayloads>(behind.proxied, TEST_QUEUES, { log })
    await engine.work({ 'test.echo': async () => {}, 'test.keyed': async () => {} })
  })
  afterEach(async () => {
    await engine.stop({ graceful: false })
    await behind.close()
  })

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('logs one line when its database becomes unreachable and one when it is back, then works again', async () => {
    await behind.proxy.refuse()
    await pause(4000)
    // Workers polled every half second, the supervisor every second: one line for all of it.
    expect(lines).toEqual([
      {
        level: 'error',
        obj: expect.objectContaining({ database: 'unreachable', reason: expect.any(String) }),
        msg: 'job engine: database unreachable, jobs wait until it is back',
      },
    ])
    await behind.proxy.accept()
    const back = await eventually(() => lines.find((line) => line.obj.database === 'reachable'), 10_000)
    expect(back).toMatchObject({ level: 'info', obj: { outageSeconds: expect.any(Number) } })
    expect(back.msg).toMatch(/^job engine: database reachable again after \d+ s$/)
    await engine.send(behind.proxied.db, 'test.echo', { n: 1 })
    await drainJobs(behind.database, ['test.echo'])
    expect(lines).toHaveLength(2)
  })

  it('still logs the errors that are not about reaching the database', async () => {
    await behind.database.db.execute(sql`drop schema pgboss cascade`)
    await eventually(() => (lines.length > 0 ? true : undefined), 10_000)
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'job engine error', obj: { err: expect.any(String) } })
    expect(lines.some((line) => line.obj.database !== undefined)).toBe(false)
  })
})
