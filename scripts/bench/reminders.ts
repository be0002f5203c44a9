import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { manualClock } from '@server/clock'
import { loadConfig } from '@server/config'
import { JobEngine } from '@server/modules/jobs/job-engine'
import type { QueueSettings } from '@server/modules/jobs/queues'
import { remindersQueues } from '@server/modules/reminders/reminders.queues'
import type { ReminderKind } from '@server/modules/reminders/reminders.repository'
import { plugIn } from '@server/plug-ins'
import { seedDemoData } from '@server/seed'
import { productWorkers } from '@server/workers'
import { startFakeTwilio } from '@tests/fakes/twilio'
import { openTestDatabase } from '@tests/helpers/database'
import { sql } from 'drizzle-orm'
import type { OtherActivity } from './activity'
import { runOnEachDriver } from './driver-runs'
import type { ProfileSummary } from './profile'
import { benchPoolSize, type Driver } from './protocol'
import { dueAt, PLANNED_AT, type RemindersFixture, seedRemindersFixture } from './reminders-fixture'
import { runRound } from './reminders-round'
import { describeMachine, type Machine } from './report'
import type { Summary } from './stats'

/**
 * `npm run bench -- --only=reminders` (issue 15): 10,000 reminders due in the same minute are all
 * sent, to the fake Twilio, none twice — and how long that takes on each database. In this process,
 * as a server runs it: a fresh database with the demo data and the fixture (reminders-fixture.ts),
 * the product's JobEngine started as server/main.ts starts it (production queues and timings:
 * QUEUES, 2-second polling, LISTEN/NOTIFY, 30-second supervision) with every product worker, the
 * server's PostgreSQL pool, and real HTTP to the fake Twilio (tests/fakes/twilio.ts, on Twilio's
 * paths, also in this process). The clock is set to the due minute, the workers start, and the
 * minute's `reminders.dispatch` job is sent as pg-boss's cron sends it; the measure ends when every
 * reminder due is settled (reminders-round.ts). Then everything is checked: each customer got one SMS, no reminder went
 * twice, none is left behind, no job failed. Written to its own section of docs/PERFORMANCE.md
 * (reminders-report.ts).
 */

export const REMINDERS_DUE = 10_000

export interface Sample {
  /** Seconds since the dispatch job was sent. */
  at: number
  statuses: Record<string, number>
}

export interface RoundChecks {
  /** Messages the fake Twilio accepted in the round, and their distinct recipients. */
  messages: number
  distinctRecipients: number
  /** Customers of the fixture who got nothing, and recipients that are not customers of the fixture. */
  missing: number
  unexpected: number
  /** Reminders of the round with more than one attempt, or more than one `sent` attempt. */
  remindersTriedTwice: number
  remindersSentTwice: number
  /** Final statuses of the round's kind; and of the other kind (none of which was due). */
  statuses: Record<string, number>
  otherKind: Record<string, number>
  /** Attempts that failed (the reminder then went back to the queue for a retry), by what they recorded. */
  failedAttempts: { detail: string; count: number }[]
  /** pg-boss's `reminders.send` jobs by state, and their retries. */
  jobs: Record<string, number>
  retries: number
  /** Dispatch runs (the one sent, and any the cron sent meanwhile). */
  dispatchRuns: number
  /** What the issue asks that did not hold: each SMS once, to every customer, nothing left behind. */
  problems: string[]
  /** What held but not on the first try: retries, failed attempts. */
  warnings: string[]
}

export interface RoundResult {
  kind: ReminderKind
  dueAt: string
  due: number
  /** Settled (nothing planned, queued or sending) before the limit. */
  settled: boolean
  sent: number
  /** From sending the dispatch job to its handler starting, and the handler's own time. */
  dispatchPickupMs: number
  dispatchSeconds: number
  /** Every dispatch run of the round, in seconds from the job sent: its start and its length. */
  dispatchRuns: { at: number; seconds: number }[]
  /** `reminders.send` jobs in pg-boss once the dispatch was over. */
  jobsEnqueued: number
  /** Seconds from the dispatch job: first SMS accepted, last, and every reminder settled. */
  firstSmsSeconds: number
  lastSmsSeconds: number
  settledSeconds: number
  /** Seconds from the dispatch job to each SMS's arrival at the fake. */
  smsDelay: Summary
  /** Seconds at which 10, 50, 90 and 100 % of the due reminders had reached the fake. */
  milestones: { percent: number; seconds: number }[]
  remindersPerSecond: number
  /** SMS accepted while the dispatch was still handing reminders to jobs, and after it, with the time of each phase. */
  phases: { duringDispatch: { sent: number; seconds: number }; afterDispatch: { sent: number; seconds: number } }
  /** Between 10 % and 90 % of the SMS: the rate once the run is under way. */
  steadyPerSecond: number
  /** Reminders in `sending` (claimed by a job, not finished), mean and max over the samples of the sending phase. */
  inFlight: { mean: number; max: number }
  /** Most reminders `queued` (handed to jobs, not claimed yet) at a sample. */
  maxQueued: number
  /** This process (workers, fake Twilio, drivers; PGlite too) over the round: CPU in % of one core, event loop busy. */
  processCpuPercent: number
  eventLoopBusy: number
  /**
   * Turns of the event loop, seen by a 20-ms timer: the longest gap between two ticks, and the time
   * spent in gaps over a second (when no timer fired and no socket was read).
   */
  eventLoopStall: { maxMs: number; overSecondMs: number }
  /** PostgreSQL's processes over the round, in % of one core (postgres driver). */
  databaseCpuPercent?: number
  samples: Sample[]
  checks: RoundChecks
  profileFile?: string
  profile?: ProfileSummary
}

export interface RemindersDriverResult {
  driver: Driver
  databaseVersion: string
  poolSize: number
  fixture: Omit<RemindersFixture, 'recipients'>
  rounds: RoundResult[]
}

export interface RemindersBenchReport {
  date: Date
  command: string
  machine: Machine
  totalSeconds: number
  stealPercent?: number
  otherActivity?: OtherActivity
  results: RemindersDriverResult[]
  skipped: { driver: string; reason: string }[]
}

export interface RemindersBenchOptions {
  command: string
  drivers: { driver: Driver; databaseUrl?: string; skipped?: string }[]
  /** Bookings whose reminders are due together (REMINDERS_DUE unless a trial asks for fewer). */
  reminders?: number
  /** When given, a second round (the 2-hour reminders) runs under the CPU profiler. */
  profileDir?: string
  log: (line: string) => void
}

export async function runRemindersBenchmark(options: RemindersBenchOptions): Promise<RemindersBenchReport> {
  const { log } = options
  const report: RemindersBenchReport = {
    date: new Date(),
    command: options.command,
    machine: describeMachine(),
    totalSeconds: 0,
    results: [],
    skipped: [],
  }
  return runOnEachDriver(report, options.drivers, log, async (driver, databaseUrl) => {
    if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl
    report.results.push(await runDriver(driver, options))
  })
}

async function runDriver(driver: Driver, options: RemindersBenchOptions): Promise<RemindersDriverResult> {
  const { log } = options
  const poolSize = benchPoolSize()
  // The pool a server opens (server/main.ts), so the figures are those of `npm start`.
  const database = await openTestDatabase(driver, { poolSize })
  if (driver === 'postgres') {
    // Dropping the throw-away database `with (force)` may cut a pooled connection: not a crash.
    const pool = (database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client
    pool.on('error', () => {})
  }
  const twilio = await startFakeTwilio()
  // The bookings are made and planned two days before; the rounds move the clock to each due minute.
  const clock = manualClock(PLANNED_AT)
  let engine: JobEngine | undefined
  try {
    await seedDemoData(database.db, clock)
    // As server/main.ts starts it: only a log, so every queue and timing is production's.
    plugIn()
    const jobs = await JobEngine.start(database, {
      log: {
        warn: (obj, msg) => process.stderr.write(`job engine: ${msg} ${JSON.stringify(obj)}\n`),
        error: (obj, msg) => process.stderr.write(`job engine: ${msg} ${JSON.stringify(obj)}\n`),
      },
    })
    engine = jobs
    const count = options.reminders ?? REMINDERS_DUE
    log(`Reminders on ${driver}: ${count.toLocaleString('en-US')} bookings at the same instant …`)
    const { recipients, ...fixture } = await seedRemindersFixture(database.db, count, {
      planConcurrency: poolSize,
      log,
    })
    log(
      `  ${driver}: fixture in ${fixture.fixtureSeconds.toFixed(1)} s, ${fixture.planned.reminders} reminders planned in ${fixture.planned.seconds.toFixed(1)} s`,
    )
    // A database as autovacuum keeps a live one, rather than vacuuming the new rows mid-run.
    await database.db.execute(sql`vacuum analyze`)
    const version = await database.db.execute<{ version: string }>(sql`select version() as version`)
    const databaseVersion = (version as unknown as { rows: { version: string }[] }).rows[0]?.version ?? 'unknown'

    const config = loadConfig({
      NODE_ENV: 'test',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      DATA_DIR: '/nonexistent',
      PUBLIC_URL: 'https://book.example.com',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_BASE_URL: twilio.baseUrl,
    })
    // Every product worker, as a server runs them; the dispatch handler is the product's, timed.
    const dispatches: { started: number; ended: number }[] = []
    const workers = productWorkers({ db: database.db, clock, config, jobs })
    const dispatch = workers['reminders.dispatch']
    if (!dispatch) throw new Error('productWorkers has no reminders.dispatch')
    workers['reminders.dispatch'] = async (data, job) => {
      const run = { started: performance.now(), ended: 0 }
      dispatches.push(run)
      await dispatch(data, job)
      run.ended = performance.now()
    }

    const rounds: RoundResult[] = []
    const round = (kind: ReminderKind, profileFile?: string) =>
      runRound({
        driver,
        database: database.db,
        engine: jobs,
        twilio,
        clock,
        recipients,
        dispatches,
        kind,
        profileFile,
        log,
      })
    clock.set(dueAt('day_before'))
    log(`  ${driver}: workers started, the minute's dispatch sent at ${dueAt('day_before').toISOString()} …`)
    await jobs.work(workers)
    rounds.push(await round('day_before'))
    if (options.profileDir) {
      log(`  ${driver}: again under the CPU profiler, with the 2-hour reminders of the same bookings …`)
      clock.set(dueAt('two_hours'))
      rounds.push(await round('two_hours', join(options.profileDir, `reminders-${driver}.cpuprofile`)))
    }
    return { driver, databaseVersion, poolSize, fixture, rounds }
  } finally {
    await engine?.stop({ graceful: false }).catch(() => {})
    await twilio.close()
    await database.close()
  }
}

/** The production settings of the queues measured, for the report. */
export const SEND_QUEUE = remindersQueues['reminders.send'] as QueueSettings
