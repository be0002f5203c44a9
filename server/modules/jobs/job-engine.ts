import { systemClock } from '@server/clock'
import type { DatabaseHandle, Executor } from '@server/db/client'
import { databaseFailure, messageOf } from '@server/db/failures'
import { DatabaseOutage } from '@server/db/health'
import { sql } from 'drizzle-orm'
import { fromDrizzle, fromPglite, type Job, type JobResult, PgBoss, type SendOptions } from 'pg-boss'
import { type JobPayloads, type QueueSettings, queueSettings } from './queues'

/**
 * The background-work engine: pg-boss, in the same PostgreSQL database as the bookings (its own
 * `pgboss` schema). On a server it keeps a small pool of its own; on the embedded PGlite it shares
 * the one connection. A job is enqueued through the caller's transaction (`send(tx, …)`), so it
 * commits or rolls back with the change that caused it. Workers fetch with `FOR UPDATE SKIP
 * LOCKED`: with several instances on one database each job runs on one of them only; a job whose
 * worker died (kill -9) stops sending heartbeats and is retried by whichever instance supervises.
 */

/** Jobs a worker takes at once (each still runs and settles on its own). */
const JOBS_PER_FETCH = 5

export interface JobContext {
  id: string
  /** 0 on the first attempt. */
  retryCount: number
  /** The job's retry limit: the attempt `retryCount === retryLimit` is the last. */
  retryLimit: number
}

type Payloads = object

export type JobHandler<P extends Payloads, N extends keyof P> = (data: P[N], job: JobContext) => Promise<void>

export type JobHandlers<P extends Payloads = JobPayloads> = { [N in keyof P]?: JobHandler<P, N> }

/**
 * How one job may differ from its queue: a key (stately queues), a due instant, and its own retry
 * limit (a test that needs a job failed for good without waiting through the queue's retries).
 */
export type JobSendOptions = Pick<SendOptions, 'singletonKey' | 'startAfter' | 'retryLimit'>

/** What the rest of the server needs of the engine: enqueueing, inside a transaction or not, and retrying. */
export interface Jobs<P extends Payloads = JobPayloads> {
  /**
   * Enqueues through `db` (a transaction: the job exists only if it commits). `null` when an
   * equal job was already waiting (a queue that keeps one per key), which then covers this one.
   */
  send<N extends keyof P & string>(db: Executor, name: N, data: P[N], options?: JobSendOptions): Promise<string | null>
  /**
   * Enqueues many jobs of one queue through `db` in one statement (the queue's own settings; no
   * key): a batch, such as the reminders due in one minute, costs one round trip instead of one each.
   */
  sendMany<N extends keyof P & string>(db: Executor, name: N, data: readonly P[N][]): Promise<void>
  /** Puts a job that failed for good back in its queue; false when it is not (or no longer) failed. */
  retry(name: keyof P & string, id: string): Promise<boolean>
}

export interface JobEngineOptions {
  /** Where the engine reports; `info` (an outage's end) falls back to `warn` when absent. */
  log: {
    info?(obj: object, msg: string): void
    warn(obj: object, msg: string): void
    error(obj: object, msg: string): void
  }
  /** Overrides of every queue's retry and heartbeat timing (tests use short ones). */
  timing?: Partial<Pick<QueueSettings, 'retryDelay' | 'retryDelayMax' | 'retryLimit' | 'heartbeatSeconds'>>
  /** How often an idle worker looks for work, in seconds (notifications usually wake it first). */
  pollingIntervalSeconds?: number
  /** How often stalled jobs (a worker gone without a word) are found and retried, in seconds. */
  superviseIntervalSeconds?: number
}

export class JobEngine<P extends Payloads = JobPayloads> implements Jobs<P> {
  private constructor(
    private readonly boss: PgBoss,
    private readonly options: JobEngineOptions,
    private readonly queues: Record<keyof P & string, QueueSettings>,
    private readonly outage: DatabaseOutage,
  ) {}

  /** Installs or migrates pg-boss's schema and creates the queues; no job runs until `work()`. */
  static async start<P extends Payloads = JobPayloads>(
    database: DatabaseHandle,
    options: JobEngineOptions,
    queues: Record<keyof P & string, QueueSettings> = queueSettings() as never,
  ): Promise<JobEngine<P>> {
    const connection = database.jobsConnection
    const timing = {
      superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
      monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
      // Completed jobs are kept a week, failed ones until an administrator deals with them.
      // LISTEN holds a server connection's session: through a pooler in transaction mode the
      // registration stays on whichever connection ran it, and the notifications are lost. There
      // workers find new jobs by polling alone.
      useListenNotify: !(connection.driver === 'postgres' && connection.transactionPooling),
      // pg-boss's own registry of instances is not used: instances are stateless web servers.
      registerInstance: false,
      openTelemetry: { enabled: false },
    }
    const boss =
      connection.driver === 'pglite'
        ? new PgBoss({ db: fromPglite(connection.client), backend: 'pglite', ...timing })
        : new PgBoss({ connectionString: connection.url, max: 4, application_name: 'salonia-jobs', ...timing })
    // While the database is away every poll, supervision and reconnection fails: one line when the
    // outage starts and one when it ends (its own `select 1` every second tells), as the app's
    // requests have (server/db/health.ts). Any other error is logged as it comes.
    const outage = new DatabaseOutage({
      probe: () => boss.getDb().executeSql('select 1'),
      clock: systemClock(),
      log: {
        error: (obj, msg) => options.log.error(obj, msg),
        info: (obj, msg) => (options.log.info ?? options.log.warn).call(options.log, obj, msg),
      },
      messages: {
        unreachable: 'job engine: database unreachable, jobs wait until it is back',
        reachable: (seconds) => `job engine: database reachable again after ${seconds} s`,
      },
    })
    boss.on('error', (error: unknown) => {
      if (databaseFailure(error) === 'unavailable') outage.failed(error)
      else options.log.error({ err: messageOf(error) }, 'job engine error')
    })
    await boss.start()
    const engine = new JobEngine<P>(boss, options, queues, outage)
    if (Object.keys(queues).length === 0) throw new Error('No queue is plugged in: server/plug-ins.ts plugIn() first')
    for (const [name, settings] of Object.entries(queues) as [string, QueueSettings][]) {
      const { policy, cron: _, concurrency: __, ...rest } = engine.settingsOf(settings)
      await boss.createQueue(name, { policy, ...rest, notify: true })
      // A queue's settings may have changed since it was created (its policy cannot).
      await boss.updateQueue(name, { ...rest, notify: true })
    }
    return engine
  }

  /** A queue's settings with the engine's timing overrides (retry delays only where retries back off). */
  private settingsOf(settings: QueueSettings): QueueSettings {
    const { heartbeatSeconds, ...retries } = this.options.timing ?? {}
    return {
      ...settings,
      ...(settings.retryBackoff ? retries : {}),
      ...(heartbeatSeconds ? { heartbeatSeconds } : {}),
    }
  }

  send<N extends keyof P & string>(
    db: Executor,
    name: N,
    data: P[N],
    options: JobSendOptions = {},
  ): Promise<string | null> {
    return this.boss.send(name, data as object, { ...options, db: fromDrizzle(db as never, sql as never) })
  }

  async sendMany<N extends keyof P & string>(db: Executor, name: N, data: readonly P[N][]): Promise<void> {
    if (data.length === 0) return
    await this.boss.insert(
      name,
      data.map((d) => ({ data: d as object })),
      { db: fromDrizzle(db as never, sql as never) },
    )
  }

  /** Starts the workers of these queues in this process, and the periodic jobs' schedules. */
  async work(handlers: JobHandlers<P>): Promise<void> {
    for (const [name, handler] of Object.entries(handlers) as [keyof P & string, JobHandler<P, keyof P>][]) {
      const settings = this.queues[name]
      await this.boss.work<P[keyof P]>(
        name,
        {
          pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          // Notifications wake a worker for a new job at once, but not for one that becomes due
          // (a retry, a reminder): polling stays as frequent with them.
          notifyPollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          localConcurrency: settings.concurrency ?? 1,
          includeMetadata: true,
          // A worker takes up to this many jobs at a time and fetches again at once while batches
          // come back full: a backlog (retries after an outage, jobs left over a restart) drains
          // at the handlers' pace instead of one job per polling interval.
          batchSize: JOBS_PER_FETCH,
          burstWhenBatchFull: true,
          // Each job of a batch succeeds or fails on its own.
          perJobResults: true,
        },
        async (jobs) =>
          Promise.all(jobs.map((job) => this.run(name, handler, job as Job<P[keyof P]> & { retryLimit: number }))),
      )
      if (settings.cron) await this.boss.schedule(name, settings.cron, {}, { tz: 'UTC' })
    }
  }

  /** Runs one job; its outcome is recorded by pg-boss (a failure's message is what /admin shows). */
  private async run(
    name: string,
    handler: JobHandler<P, keyof P>,
    job: Job<P[keyof P]> & { retryCount?: number; retryLimit: number },
  ): Promise<JobResult> {
    const context = { id: job.id, retryCount: job.retryCount ?? 0, retryLimit: job.retryLimit }
    try {
      await handler(job.data, context)
      return { id: job.id, status: 'completed' }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      // Logged without the payload's details beyond ids; the error message is ours (no tokens).
      this.options.log.warn(
        { job: name, jobId: job.id, attempt: context.retryCount + 1, err: message },
        context.retryCount >= context.retryLimit ? 'job failed for good' : 'job failed, will retry',
      )
      return { id: job.id, status: 'failed', output: { message, name: (error as Error)?.name ?? 'Error' } }
    }
  }

  /** Puts a failed job back in its queue, as new. */
  async retry(name: keyof P & string, id: string): Promise<boolean> {
    const result = await this.boss.retry(name, id)
    return ((result as { affected?: number }).affected ?? 0) > 0
  }

  async stop(options: { graceful?: boolean } = {}): Promise<void> {
    this.outage.close()
    await this.boss.stop({ graceful: options.graceful ?? true, timeout: 10_000, close: true })
  }
}
