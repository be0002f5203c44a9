import { calendarSyncQueues } from '@server/modules/calendar-sync/calendar-sync.queues'
import { JobEngine } from '@server/modules/jobs/job-engine'
import { countUnfinishedJobs } from '@server/modules/jobs/jobs.repository'
import type { QueueSettings } from '@server/modules/jobs/queues'
import { type Driver, openTestDatabase, type TestDatabase } from '@tests/helpers/database'

/**
 * Throughput of the job engine itself (pg-boss through JobEngine), with a no-op handler so only
 * the engine's own work counts: enqueueing inside transactions (one job per transaction, as a
 * booking enqueues its calendar push), then draining a backlog with the production polling
 * settings (JobEngine's defaults: 2-second polling, LISTEN/NOTIFY on). The queue has the settings
 * of `calendar.push-booking` (stately, one job per key), the busiest product queue.
 */

export interface EnqueueResult {
  /** Transactions in flight at once. */
  concurrency: number
  jobs: number
  seconds: number
  jobsPerSecond: number
}

export interface DrainResult {
  /** Jobs of the queue run at once in this process (`localConcurrency`). */
  concurrency: number
  pollingIntervalSeconds: number
  /** Jobs in the backlog. */
  backlog: number
  /** Jobs run: all of them, or those run before the time limit. */
  jobs: number
  /** From work() to the last job's handler, or to the time limit. */
  seconds: number
  jobsPerSecond: number
}

export interface JobsResult {
  driver: Driver
  enqueue: EnqueueResult[]
  drain: DrainResult[]
}

export interface JobsOptions {
  driver: Driver
  jobs: number
  log: (line: string) => void
}

type BenchPayloads = Record<string, { n: number }>

/** The product's push queue settings, under bench names so several worker counts can be measured apart. */
const PUSH = calendarSyncQueues['calendar.push-booking'] as QueueSettings
const ENQUEUE_CONCURRENCY = [1, 10]
/**
 * Production's push queue first (4 at once, 2-second polling), then more workers, then the
 * shortest polling pg-boss allows: how the rate follows workers ÷ polling interval.
 */
const DRAIN_CASES: { concurrency: number; pollingIntervalSeconds?: number }[] = [
  { concurrency: PUSH.concurrency ?? 1 },
  { concurrency: 16 },
  { concurrency: PUSH.concurrency ?? 1, pollingIntervalSeconds: 0.5 },
]
/** A drain stops after this long and reports the rate so far (at 2 jobs/s, 2,000 jobs would take 17 minutes). */
const DRAIN_LIMIT_MS = 15_000
const PRODUCTION_POLLING_SECONDS = 2
const quietLog = { warn: () => {}, error: () => {} }

function queueName(kind: string, concurrency: number): string {
  return `bench.${kind}-${concurrency}`
}

export async function runJobsBenchmark(options: JobsOptions): Promise<JobsResult> {
  const database = await openTestDatabase(options.driver)
  try {
    const enqueue: EnqueueResult[] = []
    for (const concurrency of ENQUEUE_CONCURRENCY) {
      options.log(`  ${options.driver}: enqueueing ${options.jobs} jobs, ${concurrency} transaction(s) at once`)
      enqueue.push(await measureEnqueue(database, options.jobs, concurrency))
    }
    const drain: DrainResult[] = []
    for (const { concurrency, pollingIntervalSeconds } of DRAIN_CASES) {
      options.log(`  ${options.driver}: draining ${options.jobs} jobs, ${concurrency} at once`)
      drain.push(await measureDrain(database, options.jobs, concurrency, pollingIntervalSeconds))
    }
    return { driver: options.driver, enqueue, drain }
  } finally {
    await database.close()
  }
}

async function startEngine(
  database: TestDatabase,
  queues: Record<string, QueueSettings>,
  pollingIntervalSeconds?: number,
): Promise<JobEngine<BenchPayloads>> {
  // Production timings: only the log is given (the polling interval only when a case asks).
  return JobEngine.start<BenchPayloads>(
    database,
    { log: quietLog, ...(pollingIntervalSeconds ? { pollingIntervalSeconds } : {}) },
    queues,
  )
}

/** Each job in its own transaction, as a booking sends its push; `concurrency` transactions at once. */
async function measureEnqueue(database: TestDatabase, jobs: number, concurrency: number): Promise<EnqueueResult> {
  const name = queueName('enqueue', concurrency)
  const engine = await startEngine(database, { [name]: PUSH })
  try {
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let n = next++; n < jobs; n = next++) {
          await database.db.transaction(async (tx) => {
            await engine.send(tx, name, { n }, { singletonKey: `job-${n}` })
          })
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const waiting = await countUnfinishedJobs(database.db, [name])
    if (waiting !== jobs) throw new Error(`${waiting} jobs waiting in ${name}, ${jobs} sent`)
    return { concurrency, jobs, seconds, jobsPerSecond: jobs / seconds }
  } finally {
    await engine.stop({ graceful: false })
  }
}

/** A backlog of `jobs` enqueued first, then workers started: how fast they empty it. */
async function measureDrain(
  database: TestDatabase,
  jobs: number,
  concurrency: number,
  pollingIntervalSeconds?: number,
): Promise<DrainResult> {
  const name = queueName(`drain${pollingIntervalSeconds ? `-p${pollingIntervalSeconds}` : ''}`, concurrency)
  const engine = await startEngine(database, { [name]: { ...PUSH, concurrency } }, pollingIntervalSeconds)
  try {
    for (let n = 0; n < jobs; n += 500) {
      await database.db.transaction(async (tx) => {
        for (let i = n; i < Math.min(jobs, n + 500); i++)
          await engine.send(tx, name, { n: i }, { singletonKey: `job-${i}` })
      })
    }
    let done = 0
    let finish: () => void = () => {}
    const finished = new Promise<void>((resolve) => {
      finish = resolve
    })
    const started = performance.now()
    await engine.work({
      [name]: async () => {
        if (++done === jobs) finish()
      },
    })
    const timer = setTimeout(finish, DRAIN_LIMIT_MS)
    await finished
    const seconds = (performance.now() - started) / 1000
    const ran = done
    clearTimeout(timer)
    return {
      concurrency,
      pollingIntervalSeconds: pollingIntervalSeconds ?? PRODUCTION_POLLING_SECONDS,
      backlog: jobs,
      jobs: ran,
      seconds,
      jobsPerSecond: ran / seconds,
    }
  } finally {
    await engine.stop({ graceful: false })
  }
}
