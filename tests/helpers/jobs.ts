import type { DatabaseHandle } from '@server/db/client'
import { JobEngine, type JobEngineOptions } from '@server/modules/jobs/job-engine'
import { countUnfinishedJobs } from '@server/modules/jobs/jobs.repository'
import type { JobPayloads, QueueSettings } from '@server/modules/jobs/queues'

/** Retry and heartbeat timings short enough for a test to watch a job retried or a worker die. */
export const TEST_JOB_TIMING = { retryDelay: 1, retryDelayMax: 2, heartbeatSeconds: 10 } as const

export const quietJobLog: JobEngineOptions['log'] = { warn: () => {}, error: () => {} }

/** The product's job engine on a test database, with short timings. */
export function startTestJobEngine<P extends object = JobPayloads>(
  database: DatabaseHandle,
  queues?: Record<keyof P & string, QueueSettings>,
  options: Partial<JobEngineOptions> = {},
): Promise<JobEngine<P>> {
  return JobEngine.start<P>(
    database,
    {
      log: quietJobLog,
      timing: TEST_JOB_TIMING,
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      ...options,
    },
    queues,
  )
}

/** Waits until no job of these queues is waiting, running or due for a retry. */
export async function drainJobs(database: DatabaseHandle, names: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if ((await countUnfinishedJobs(database.db, names)) === 0) return
    if (Date.now() > deadline) throw new Error(`jobs of ${names.join(', ')} still unfinished after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Polls `check` until it returns a value other than undefined. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
