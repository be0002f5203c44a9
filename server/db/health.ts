import { statfs } from 'node:fs/promises'
import type { Clock } from '@server/clock'
import { type Database, onConnectionLost, ping } from './client'
import { messageOf } from './failures'

/**
 * Whether the database can be used, shared by the error handler and GET /api/health, so an outage
 * is logged once when it starts and once when it ends — not once per failed request nor per lost
 * connection:
 *  - unreachable: a request failed to reach the database, or the health probe did, or the pool lost
 *    an idle connection and a probe then found the database gone (a connection lost while the
 *    database answers is no outage: the pool replaces it); it ends when a probe (`select 1`)
 *    answers (a `DatabaseOutage`, below). While it lasts the tracker probes every second by itself,
 *    so the end is logged when it happens, with or without requests; requests also trigger at most
 *    one probe a second;
 *  - disk_full: a write failed for lack of disk (53100, ENOSPC) and no write request has succeeded
 *    since, for at most DISK_FULL_MEMORY_MS (then a write may try again); or, on PGlite, the data
 *    directory's file system has less than LOW_SPACE_BYTES free.
 */
export type DatabaseState = 'ok' | 'unreachable' | 'disk_full'

/** Below this free space under PGlite's data directory, writes are about to fail (a WAL segment is 16 MiB). */
export const LOW_SPACE_BYTES = 32 * 1024 * 1024
/** How long a disk-full error keeps the health check unhealthy without a successful write since. */
export const DISK_FULL_MEMORY_MS = 60_000
/** A probe that takes longer than this counts as "unreachable". */
const PROBE_TIMEOUT_MS = 2000
/** During an outage, the tracker probes this often by itself, and requests at most this often. */
const PROBE_INTERVAL_MS = 1000

/** Where an outage is told: an error line when it starts, an info line when it ends. */
export interface OutageLog {
  error(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export interface DatabaseOutageOptions {
  /** One round trip to the database (`select 1`): its answer ends the outage. */
  probe: () => Promise<unknown>
  clock: Clock
  log: OutageLog
  /** The line that starts the outage, and the one that ends it after `seconds`. */
  messages: { unreachable: string; reachable: (seconds: number) => string }
}

/**
 * An outage of the database as one of its users sees it — the app's requests (DatabaseHealth), the
 * job engine's workers (server/modules/jobs/job-engine.ts) — logged once when it starts and once,
 * with its duration, when it ends: not once per failed request, poll or connection. While it lasts
 * the tracker probes every PROBE_INTERVAL_MS by itself, so its end is logged when it comes.
 */
export class DatabaseOutage {
  private since: Date | undefined
  private lastProbeAt = Number.NEGATIVE_INFINITY
  /** The probe under way, which whoever asks meanwhile waits for rather than sending another. */
  private probing: Promise<void> | undefined
  /** During an outage: the probe every PROBE_INTERVAL_MS that notices its end. */
  private watch: NodeJS.Timeout | undefined
  private closed = false

  constructor(private readonly options: DatabaseOutageOptions) {}

  get unreachable(): boolean {
    return this.since !== undefined
  }

  /** Something failed to reach the database: the outage starts, unless it is already under way. */
  failed(error: unknown): void {
    if (this.since) return
    this.since = this.options.clock.now()
    this.options.log.error({ database: 'unreachable', reason: reasonOf(error) }, this.options.messages.unreachable)
    if (this.closed) return
    this.watch = setInterval(() => void this.probe().catch(() => {}), PROBE_INTERVAL_MS)
    this.watch.unref()
  }

  /** Asks the database now (or waits for the probe under way); fails if it does not answer. */
  probe(): Promise<void> {
    this.probing ??= this.probeNow().finally(() => {
      this.probing = undefined
    })
    return this.probing
  }

  /** During an outage, probes unless this was asked less than a second ago (by the clock). */
  async probeIfDue(): Promise<void> {
    if (!this.since) return
    const now = this.options.clock.now().getTime()
    if (now - this.lastProbeAt < PROBE_INTERVAL_MS) return
    this.lastProbeAt = now
    await this.probe().catch(() => {})
  }

  /** Stops probing (its user is closing). */
  close(): void {
    this.closed = true
    this.stopWatching()
  }

  private async probeNow(): Promise<void> {
    await answerWithin(this.options.probe(), PROBE_TIMEOUT_MS)
    if (!this.since) return
    const seconds = Math.round((this.options.clock.now().getTime() - this.since.getTime()) / 1000)
    this.since = undefined
    this.stopWatching()
    this.options.log.info({ database: 'reachable', outageSeconds: seconds }, this.options.messages.reachable(seconds))
  }

  private stopWatching(): void {
    clearInterval(this.watch)
    this.watch = undefined
  }
}

export interface DatabaseHealthOptions {
  db: Database
  clock: Clock
  log: OutageLog
  /** PGlite's data directory, whose free space is checked; absent for a PostgreSQL server. */
  dataDir?: string | undefined
}

export class DatabaseHealth {
  private readonly outage: DatabaseOutage
  private diskFullSince: Date | undefined
  private lastDiskFullAt: Date | undefined
  private lowSpaceLogged = false
  /** After the pool lost a connection: the new connection being tried, whose answer the next losses share. */
  private connecting: Promise<void> | undefined
  private readonly stopHearing: () => void

  constructor(private readonly options: DatabaseHealthOptions) {
    this.outage = new DatabaseOutage({
      probe: () => ping(options.db),
      clock: options.clock,
      log: options.log,
      messages: {
        unreachable: 'database unreachable: requests answer 503 until it is back',
        reachable: (seconds) => `database reachable again after ${seconds} s`,
      },
    })
    this.stopHearing = onConnectionLost(options.db, (connects) => this.connectionLost(connects))
  }

  /** Stops probing and listening to the pool (the app is closing). */
  close(): void {
    this.stopHearing()
    this.outage.close()
  }

  /** A request failed because the database is unreachable or its disk is full. */
  failed(failure: 'unavailable' | 'storage_full', error: unknown): void {
    if (failure === 'unavailable') {
      this.outage.failed(error)
      return
    }
    const now = this.options.clock.now()
    this.lastDiskFullAt = now
    if (this.diskFullSince) return
    this.diskFullSince = now
    this.options.log.error(
      { database: 'disk_full', reason: reasonOf(error) },
      'database disk full: writes answer 503 until there is room',
    )
  }

  /** A write request succeeded: the disk has room again. */
  wrote(): void {
    if (this.diskFullSince) this.endDiskFull('database writes succeed again')
  }

  /** Before a request during an outage: probe (at most once a second) so recovery is noticed. */
  recoverIfDue(): Promise<void> {
    return this.outage.probeIfDue()
  }

  /** GET /api/health: probes the database, then says what holds it back, if anything. */
  async check(): Promise<DatabaseState> {
    try {
      await this.outage.probe()
    } catch (error) {
      this.outage.failed(error)
      return 'unreachable'
    }
    if (await this.lowOnSpace()) return 'disk_full'
    if (this.diskFullSince && this.lastDiskFullAt) {
      const since = this.options.clock.now().getTime() - this.lastDiskFullAt.getTime()
      if (since < DISK_FULL_MEMORY_MS) return 'disk_full'
      this.endDiskFull('no disk-full error for a minute: writes may try again')
    }
    return 'ok'
  }

  /**
   * The pool lost an idle connection (each one of an outage says so, and so do the ones an
   * administrator or a firewall ends while the database is fine). Whether the database is gone is
   * the answer of one new connection — not of the pool's, whose other connections may be dying
   * too; the outage, if it is one, starts as any other.
   */
  private connectionLost(connects: () => Promise<void>): void {
    if (this.outage.unreachable || this.connecting) return
    this.connecting = answerWithin(connects(), PROBE_TIMEOUT_MS)
      .catch((failure: unknown) => this.outage.failed(failure))
      .finally(() => {
        this.connecting = undefined
      })
  }

  private async lowOnSpace(): Promise<boolean> {
    if (!this.options.dataDir) return false
    let free: number
    try {
      const stats = await statfs(this.options.dataDir)
      free = stats.bavail * stats.bsize
    } catch {
      return false // no such directory (an in-memory database): nothing to measure
    }
    const low = free < LOW_SPACE_BYTES
    if (low && !this.lowSpaceLogged) {
      this.options.log.error(
        { database: 'disk_full', freeBytes: free },
        `database disk almost full: ${Math.floor(free / 1024)} KiB free under the data directory`,
      )
    } else if (!low && this.lowSpaceLogged) {
      this.options.log.info({ database: 'ok', freeBytes: free }, 'database disk has room again')
    }
    this.lowSpaceLogged = low
    return low
  }

  private endDiskFull(what: string): void {
    const since = this.diskFullSince
    this.diskFullSince = undefined
    this.lastDiskFullAt = undefined
    if (!since) return
    const seconds = Math.round((this.options.clock.now().getTime() - since.getTime()) / 1000)
    this.options.log.info({ database: 'ok', diskFullSeconds: seconds }, `${what} (disk full for ${seconds} s)`)
  }
}

/** `answer`, or a failure if it takes longer than `ms`. */
async function answerWithin(answer: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    await Promise.race([answer, timeout])
  } finally {
    clearTimeout(timer)
    answer.catch(() => {}) // a late failure after the timeout has nobody left to tell
  }
}

/**
 * The driver's own words (no stack, no query, no parameters): "connect ECONNREFUSED 127.0.0.1:5432",
 * from the innermost error — also from the copies pg-boss reports (`{...error, message}`, no Error).
 */
function reasonOf(error: unknown): string {
  let current: unknown = error
  for (let depth = 0; depth < 4; depth++) {
    const cause = (current as { cause?: unknown } | undefined)?.cause
    if (!cause) break
    current = cause
  }
  if (current instanceof AggregateError && current.errors[0] instanceof Error) current = current.errors[0]
  const message = messageOf(current)
  const code = (current as { code?: unknown } | null | undefined)?.code
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message
}
