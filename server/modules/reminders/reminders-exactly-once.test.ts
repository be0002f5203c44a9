import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '@server/db/client'
import type { BookingReminderRow } from '@server/db/schema'
import { type FakeTwilio, startFakeTwilio, twilioEnv } from '@tests/fakes/twilio'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { type Driver, openTestDatabase, testDrivers } from '@tests/helpers/database'
import { demoServices } from '@tests/helpers/demo'
import { eventually } from '@tests/helpers/jobs'
import { instanceRoutes, openInstanceDatabase } from '@tests/helpers/pgbouncer'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterEach, describe, expect, it } from 'vitest'
import { listRemindersOfBookings } from './reminders.repository'
import { dispatchDueReminders } from './send-reminder'

/**
 * Each reminder goes out once across what real servers live through (issue 15, points 1 and 6): a
 * restart between handing reminders to jobs and sending them, a worker killed with SIGKILL while
 * Twilio has the message but has not answered, and two instances sharing one PostgreSQL database.
 * What matters is what the customer's phone receives: never two, and every reminder ends in a
 * state that says what happened.
 */

const TEST_SECRET = 'test-secret-test-secret-test-secret-0000'
/** Three appointments on Thursday 3 December; their day-before reminders are all due at 12:00 on the 2nd. */
const STARTS = ['2026-12-03T10:00', '2026-12-03T11:00', '2026-12-03T12:00']
const PHONES = ['06 12 00 00 01', '06 12 00 00 02', '06 12 00 00 03']
const E164 = ['+33612000001', '+33612000002', '+33612000003']
const DAY_BEFORE_DUE = '2026-12-02T12:00:00+01:00'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

async function fakeTwilio(): Promise<FakeTwilio> {
  const twilio = await startFakeTwilio()
  cleanups.push(() => twilio.close())
  return twilio
}

/** A database that outlives the servers of a test: PGlite in a directory (reopened), or PostgreSQL. */
async function lastingDatabase(driver: Driver) {
  if (driver === 'postgres') {
    const database = await openTestDatabase('postgres')
    cleanups.push(() => database.close())
    return { url: database.url, open: async () => database, close: async () => {} }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'salonia-reminders-'))
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  return {
    dataDir,
    open: () => openDatabase({ driver: 'pglite', dataDir: join(dataDir, 'pglite') }),
    close: (database: { close(): Promise<void> }) => database.close(),
  }
}

async function bookThree(t: TestApp): Promise<string[]> {
  const cookie = await ownerCookie(t, 'SAL001')
  const coupe = (await demoServices(t.app, cookie))['Coupe femme']?.id
  const ids: string[] = []
  for (const [i, startsAt] of STARTS.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      payload: {
        serviceId: coupe,
        startsAt,
        customer: { name: `Cliente ${i + 1}`, phone: PHONES[i] },
        channel: 'dashboard',
      },
      headers: { cookie },
    })
    expect(res.statusCode, res.body).toBe(201)
    ids.push((res.json() as { id: string }).id)
  }
  return ids
}

/** The day-before reminders of these bookings once none is still on its way. */
function settledDayBefore(t: TestApp, ids: string[], timeoutMs = 15_000): Promise<BookingReminderRow[]> {
  return eventually(async () => {
    const rows = (await listRemindersOfBookings(t.database.db, ids)).filter((r) => r.kind === 'day_before')
    const done = rows.every((r) => !['planned', 'queued', 'sending'].includes(r.status))
    return rows.length === ids.length && done ? rows : undefined
  }, timeoutMs)
}

const requestsTo = (twilio: FakeTwilio, phone: string) =>
  [...twilio.held, ...twilio.messages].filter((m) => m.to === phone).length

type Store = Awaited<ReturnType<typeof lastingDatabase>>

/** A first server books the three appointments, does `beforeStop`, and stops (its database closed). */
async function firstServer(store: Store, env: Record<string, string>, beforeStop?: (t: TestApp) => Promise<void>) {
  const database = await store.open()
  const first = await startTestApp({ database, env })
  const ids = await bookThree(first)
  await beforeStop?.(first)
  await first.close()
  await store.close(database)
  return ids
}

/** The next server on the same database, its workers running, at noon on the 2nd. */
async function nextServer(store: Store, env: Record<string, string>): Promise<TestApp> {
  const database = await store.open()
  const next = await startTestApp({ database, env, seed: false, workers: true, now: DAY_BEFORE_DUE })
  cleanups.push(async () => {
    await next.close()
    await store.close(database)
  })
  return next
}

describe.each(testDrivers())('reminders across a restart, on %s', (driver) => {
  it('sends once the reminders a stopped server had handed to jobs, when it is back', async () => {
    const twilio = await fakeTwilio()
    const store = await lastingDatabase(driver)
    const env = twilioEnv(twilio)

    // The first server books, and at noon on the 2nd hands the reminders to jobs — then stops
    // before any worker of its own took them.
    const ids = await firstServer(store, env, async (first) => {
      first.clock.set(DAY_BEFORE_DUE)
      expect(await dispatchDueReminders({ db: first.database.db, clock: first.clock, jobs: first.jobs })).toBe(3)
    })

    const second = await nextServer(store, env)
    const rows = await settledDayBefore(second, ids)
    // Its own minute's dispatch finds nothing more to hand over.
    expect(await dispatchDueReminders({ db: second.database.db, clock: second.clock, jobs: second.jobs })).toBe(0)
    expect(rows.map((r) => [r.status, r.channel])).toEqual(STARTS.map(() => ['sent', 'sms']))
    expect(E164.map((phone) => requestsTo(twilio, phone))).toEqual([1, 1, 1])
  }, 60_000)
})

const CHILD = fileURLToPath(new URL('./reminders.child.fixture.ts', import.meta.url))

/** Starts the reminder worker process; resolves once it has handed the due reminders to jobs. */
function startDoomedServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('dispatched')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before dispatching: ${output}`)))
  })
}

describe.each(testDrivers())('a server killed while sending reminders, on %s', (driver) => {
  it('never sends a reminder twice: those it was sending are marked failed, those waiting go out once (kill -9)', async () => {
    const twilio = await fakeTwilio()
    const store = await lastingDatabase(driver)
    const env = twilioEnv(twilio)

    const ids = await firstServer(store, env)

    // A server whose workers send the reminders while Twilio holds every request unanswered; it
    // dies (SIGKILL: no clean-up) once Twilio has at least one of them.
    twilio.hold(true)
    const doomed = await startDoomedServer({
      ...env,
      CHILD_APP_SECRET: TEST_SECRET,
      CHILD_NOW: DAY_BEFORE_DUE,
      ...(store.url ? { CHILD_DATABASE_URL: store.url } : { CHILD_DATA_DIR: store.dataDir ?? '' }),
    })
    await eventually(() => (twilio.held.length > 0 ? true : undefined))
    doomed.kill('SIGKILL')
    await new Promise((resolve) => doomed.once('exit', resolve))
    twilio.hold(false)
    const heldTo = new Set(twilio.held.map((m) => m.to))

    const next = await nextServer(store, env)
    await dispatchDueReminders({ db: next.database.db, clock: next.clock, jobs: next.jobs })
    // The dead worker's jobs come back once its heartbeat (10 s in tests) has lapsed.
    const rows = await settledDayBefore(next, ids, 45_000)
    // Never two requests for one customer. A reminder its worker had claimed when it died — Twilio
    // may have it, or the worker was about to send it — is failed: it might have gone out. One
    // still waiting for a worker goes out now, once.
    expect(E164.map((phone) => requestsTo(twilio, phone) <= 1)).toEqual([true, true, true])
    for (const [i, id] of ids.entries()) {
      const row = rows.find((r) => r.bookingId === id)
      const sentNow = twilio.messages.filter((m) => m.to === E164[i]).length
      if (row?.status === 'sent') expect(sentNow).toBe(1)
      else expect([row?.status, row?.reason, sentNow]).toEqual(['failed', 'interrupted', 0])
      if (heldTo.has(E164[i] ?? '')) expect(row?.status).toBe('failed')
    }
  }, 90_000)
})

// A second time through PgBouncer in transaction mode when TEST_PGBOUNCER_URL is set.
describe.each(instanceRoutes())('two instances sharing one PostgreSQL database (%s)', (route) => {
  it('sends each reminder once, whichever instance dispatches or works', async () => {
    const twilio = await fakeTwilio()
    const database = await openTestDatabase('postgres')
    cleanups.push(() => database.close())
    const env = twilioEnv(twilio)
    // Each instance with its own pools on the database, as another process would have.
    const instance = async (options: { seed?: boolean }) => {
      const own = await openInstanceDatabase(database, route)
      cleanups.push(() => own.close())
      const app = await startTestApp({ database: own, env, workers: true, ...options })
      cleanups.push(() => app.close())
      return app
    }
    const one = await instance({})
    const two = await instance({ seed: false })
    const ids = await bookThree(one)

    // Both instances' minute jobs run at each moment, each with its own clock: noon on the 2nd (the
    // three day-before reminders), then 09:00 and 10:00 on the 3rd (the two-hour ones, 08:00–10:00).
    const inFlight = async () =>
      (await listRemindersOfBookings(database.db, ids)).some((r) => ['queued', 'sending'].includes(r.status))
    for (const moment of [DAY_BEFORE_DUE, '2026-12-03T09:00:00+01:00', '2026-12-03T10:00:00+01:00']) {
      for (const instance of [one, two]) instance.clock.set(moment)
      await Promise.all(
        [one, two, one, two].map((i) => dispatchDueReminders({ db: i.database.db, clock: i.clock, jobs: i.jobs })),
      )
      await eventually(async () => ((await inFlight()) ? undefined : true))
    }
    const rows = await listRemindersOfBookings(database.db, ids)
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'sent'))
    expect(rows).toHaveLength(6)
    expect(E164.map((phone) => twilio.messages.filter((m) => m.to === phone).length)).toEqual([2, 2, 2])
  }, 60_000)
})
