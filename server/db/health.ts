import { statfs } from 'node:fs/promises'
import type { Clock } from '@server/clock'
import type { FastifyBaseLogger } from 'fastify'
import { type Database, onConnectionLost, ping } from './client'

/**
 * Whether the database can be used, shared by the error handler and GET /api/health, so an outage
 * is logged once when it starts and once when it ends — not once per failed request nor per lost
 * connection:
 *  - unreachable: a request failed to reach the database, or the health probe did, or the pool lost
 *    an idle connection and a probe then found the database gone (a connection lost while the
 *    database answers is no outage: the pool replaces it); it ends when a probe (`select 1`)
 *    answers. While it lasts the tracker probes every second by itself, so the end is logged when
 *    it happens, with or without requests; requests also trigger at most one probe a second;
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
/** During an outage, requests probe the database at most this often. */
const PROBE_INTERVAL_MS = 1000

export interface DatabaseHealthOptions {
  db: Database
  clock: Clock
  log: Pick<FastifyBaseLogger, 'error' | 'info'>
  /** PGlite's data directory, whose free space is checked; absent for a PostgreSQL server. */
  dataDir?: string | undefined
}

export class DatabaseHealth {
  private unreachableSince: Date | undefined
  private lastProbeAt = Number.NEGATIVE_INFINITY
  private diskFullSince: Date | undefined
  private lastDiskFullAt: Date | undefined
  private lowSpaceLogged = false
  /** The probe under way, which whoever asks meanwhile waits for rather than sending another. */
  private probing: Promise<void> | undefined
  /** After the pool lost a connection: the new connection being tried, whose answer the next losses share. */
  private connecting: Promise<void> | undefined
  /** During an outage: the probe every PROBE_INTERVAL_MS that notices its end. */
  private watch: NodeJS.Timeout | undefined
  private closed = false
  private readonly stopHearing: () => void

  constructor(private readonly options: DatabaseHealthOptions) {
    this.stopHearing = onConnectionLost(options.db, (connects) => this.connectionLost(connects))
  }

  /** Stops probing and listening to the pool (the app is closing). */
  close(): void {
    this.closed = true
    this.stopHearing()
    clearInterval(this.watch)
    this.watch = undefined
  }

  /** A request failed because the database is unreachable or its disk is full. */
  failed(failure: 'unavailable' | 'storage_full', error: unknown): void {
    const now = this.options.clock.now()
    if (failure === 'unavailable') {
      if (this.unreachableSince) return
      this.unreachableSince = now
      this.options.log.error(
        { database: 'unreachable', reason: reasonOf(error) },
        'database unreachable: requests answer 503 until it is back',
      )
      if (!this.closed) {
        this.watch = setInterval(() => void this.probe().catch(() => {}), PROBE_INTERVAL_MS)
        this.watch.unref()
      }
      return
    }
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
  async recoverIfDue(): Promise<void> {
    if (!this.unreachableSince) return
    const now = this.options.clock.now().getTime()
    if (now - this.lastProbeAt < PROBE_INTERVAL_MS) return
    this.lastProbeAt = now
    await this.probe().catch(() => {})
  }

  /** GET /api/health: probes the database, then says what holds it back, if anything. */
  async check(): Promise<DatabaseState> {
    try {
      await this.probe()
    } catch (error) {
      this.failed('unavailable', error)
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
    if (this.unreachableSince || this.connecting) return
    this.connecting = answerWithin(connects(), PROBE_TIMEOUT_MS)
      .catch((failure: unknown) => this.failed('unavailable', failure))
      .finally(() => {
        this.connecting = undefined
      })
  }

  private probe(): Promise<void> {
    this.probing ??= this.probeNow().finally(() => {
      this.probing = undefined
    })
    return this.probing
  }

  private async probeNow(): Promise<void> {
    await answerWithin(ping(this.options.db), PROBE_TIMEOUT_MS)
    if (this.unreachableSince) {
      const seconds = Math.round((this.options.clock.now().getTime() - this.unreachableSince.getTime()) / 1000)
      this.unreachableSince = undefined
      clearInterval(this.watch)
      this.watch = undefined
      this.options.log.info(
        { database: 'reachable', outageSeconds: seconds },
        `database reachable again after ${seconds} s`,
      )
    }
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

/** The driver's own words (no stack, no query, no parameters): "connect ECONNREFUSED 127.0.0.1:5432". */
function reasonOf(error: unknown): string {
  let current: unknown = error
  for (let depth = 0; depth < 4; depth++) {
    const cause = (current as { cause?: unknown } | undefined)?.cause
    if (!cause) break
    current = cause
  }
  if (current instanceof AggregateError && current.errors[0] instanceof Error) current = current.errors[0]
  if (!(current instanceof Error)) return String(current)
  const code = (current as { code?: unknown }).code
  return typeof code === 'string' && !current.message.includes(code) ? `${code}: ${current.message}` : current.message
}
