import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, readlinkSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { hostname, uptime } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * One owner per embedded data directory. PGlite has no guard of its own: two processes on one
 * DATA_DIR both write the same files, and acknowledged bookings vanish. Whoever opens PGlite on a
 * directory (the server, the admin CLI with no server running) first takes DATA_DIR/salonia.lock.
 *
 * The lock file appears whole or not at all (written aside, then hard-linked into place, which
 * fails if it exists) and says who holds it. A crash leaves it behind, so a lock is only honoured
 * while its holder can be shown alive:
 * - on this kernel (same boot id), the holder's control socket answers, or — in the same PID
 *   namespace — its process still runs (pid and start time, so a reused pid is not mistaken for it);
 *   a holder in another container is only seen through its socket, after a few seconds' grace
 *   for one that is still starting;
 * - from an earlier boot of this host: stale;
 * - from another host (a shared disk): honoured, since nothing here can tell; the message says so.
 * A stale lock is replaced under a second exclusive file (the takeover guard), after checking again
 * that it is still the stale one, so two processes taking over at once cannot both win.
 */

export type LockRole = 'server' | 'admin'

export interface LockHolder {
  pid: number
  hostname: string
  /** Linux's boot id: the same id means the same running kernel, whatever the container. */
  bootId: string | null
  /** The holder's PID namespace (Linux): a pid means something only within the same one. */
  pidNamespace: string | null
  /** The holder's start time in clock ticks since boot (Linux): tells a reused pid apart. */
  processStart: string | null
  startedAt: string
  role: LockRole
  /** The server's (or an admin command's) control socket, which answers as long as it lives. */
  controlSocket: string | null
  /** Unique per acquisition, so a release never removes someone else's lock. */
  token: string
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    const who = holder.role === 'admin' ? 'an admin command' : 'a Salonia server'
    const where = sameHost(holder) ? '' : ` on host ${holder.hostname}`
    super(
      [
        `The data directory ${dataDir} is in use by ${who} (pid ${holder.pid}${where}, since ${holder.startedAt}).`,
        'One embedded database has one owner: stop that process first, or give this one another DATA_DIR.',
        ...(sameHost(holder)
          ? []
          : [`If no Salonia runs on ${holder.hostname} any more, delete ${lockFile} and start again.`]),
      ].join('\n'),
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DataDirLock {
  readonly file: string
  readonly holder: LockHolder
  /** Removes the lock file, if it is still ours. Idempotent. */
  release(): void
}

export interface AcquireOptions {
  role: LockRole
  controlSocket?: string
  /** Tests only: called where two takeovers may interleave, so a test can make them do so. */
  hooks?: { beforeTakeover?: () => Promise<void>; whileGuarded?: () => Promise<void> }
}

export const LOCK_FILE_NAME = 'salonia.lock'
/** How long a holder that cannot be checked otherwise may take to open its control socket. */
const START_GRACE_MS = 10_000
const ATTEMPTS = 100

/** Tokens of the locks and guards this process holds: a lock naming our own pid is ours only if listed. */
const heldHere = new Set<string>()

export function lockFileOf(dataDir: string): string {
  return join(dataDir, LOCK_FILE_NAME)
}

export async function acquireDataDirLock(dataDir: string, options: AcquireOptions): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true })
  const file = lockFileOf(dataDir)
  const self = selfRecord(options)
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createExclusive(file, self)) return held(file, self)
    const current = readRaw(file)
    if (current === undefined) continue // released meanwhile
    const holder = parseHolder(current)
    if (holder && (await isHeld(holder))) throw new DataDirLockedError(dataDir, holder, file)
    // Stale (or unreadable, which a lock written aside and linked whole never is unless damaged).
    await options.hooks?.beforeTakeover?.()
    const outcome = await takeOver(file, current, self, options.hooks)
    if (outcome === 'won') return held(file, self)
    if (outcome === 'busy') await sleep(100)
  }
  throw new Error(`Could not lock ${dataDir}: ${file} keeps changing. Is something else starting on it?`)
}

/** The current holder of a data directory's lock, if it is held (stale locks count as free). */
export async function currentHolder(dataDir: string): Promise<LockHolder | undefined> {
  const raw = readRaw(lockFileOf(dataDir))
  const holder = raw === undefined ? undefined : parseHolder(raw)
  return holder && (await isHeld(holder)) ? holder : undefined
}

/**
 * Replaces a stale lock. The guard is a second exclusive file: only its holder may replace the
 * lock, and only after reading it again unchanged — a process that read the same stale lock a
 * moment earlier finds it replaced, goes back to the start and sees a live holder.
 */
async function takeOver(
  file: string,
  staleRaw: string,
  self: LockHolder,
  hooks: AcquireOptions['hooks'],
): Promise<'won' | 'retry' | 'busy'> {
  const guard = `${file}.takeover`
  if (!createExclusive(guard, self)) {
    const guardRaw = readRaw(guard)
    if (guardRaw === undefined) return 'retry'
    const guardHolder = parseHolder(guardRaw)
    if (guardHolder && (await isHeld(guardHolder))) return 'busy'
    // The guard's holder died in the middle of a takeover (a window of microseconds): clear it.
    removeIfUnchanged(guard, guardRaw)
    return 'retry'
  }
  heldHere.add(`guard:${self.token}`)
  try {
    await hooks?.whileGuarded?.()
    if (readRaw(file) !== staleRaw) return 'retry'
    const aside = asidePath(file)
    writeFileSync(aside, serialise(self), { mode: 0o600 })
    renameSync(aside, file)
    return 'won'
  } finally {
    removeIfUnchanged(guard, serialise(self))
    heldHere.delete(`guard:${self.token}`)
  }
}

function held(file: string, self: LockHolder): DataDirLock {
  heldHere.add(self.token)
  let released = false
  const release = () => {
    if (released) return
    released = true
    heldHere.delete(self.token)
    process.off('exit', release)
    removeIfUnchanged(file, serialise(self))
  }
  // A process that ends without closing (process.exit, a fatal error) still frees the directory.
  process.on('exit', release)
  return { file, holder: self, release }
}

/** Whether the process a lock (or guard) names can be shown alive; see the file's comment. */
async function isHeld(holder: LockHolder): Promise<boolean> {
  if (!sameKernel(holder)) return !sameHost(holder)
  if (holder.controlSocket && (await socketAnswers(holder.controlSocket))) return true
  if (samePidNamespace(holder)) return processAlive(holder)
  return Date.now() - Date.parse(holder.startedAt) < START_GRACE_MS
}

function sameHost(holder: LockHolder): boolean {
  return holder.hostname === hostname()
}

function sameKernel(holder: LockHolder): boolean {
  const bootId = readBootId()
  if (holder.bootId && bootId) return holder.bootId === bootId
  // No boot id (not Linux): a lock older than this boot (a minute's leeway for the clock) is not of it.
  const bootedAt = Date.now() - uptime() * 1000
  return sameHost(holder) && Date.parse(holder.startedAt) > bootedAt - 60_000
}

function samePidNamespace(holder: LockHolder): boolean {
  const namespace = readPidNamespace()
  return !holder.pidNamespace || !namespace || holder.pidNamespace === namespace
}

function processAlive(holder: LockHolder): boolean {
  // Our own pid in a lock we do not hold: left by an earlier life of a container whose main
  // process always gets the same pid.
  if (holder.pid === process.pid) return heldHere.has(holder.token) || heldHere.has(`guard:${holder.token}`)
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
    // EPERM: a process of another user runs under that pid; its start time below decides.
  }
  const start = readProcessStart(holder.pid)
  return !holder.processStart || !start || start === holder.processStart
}

function socketAnswers(path: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path)
    const done = (answer: boolean) => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

function selfRecord(options: AcquireOptions): LockHolder {
  return {
    pid: process.pid,
    hostname: hostname(),
    bootId: readBootId(),
    pidNamespace: readPidNamespace(),
    processStart: readProcessStart(process.pid),
    startedAt: new Date().toISOString(),
    role: options.role,
    controlSocket: options.controlSocket ?? null,
    token: randomBytes(12).toString('hex'),
  }
}

/** Creates `file` with the record, whole, unless it exists: written aside, then hard-linked. */
function createExclusive(file: string, record: LockHolder): boolean {
  const aside = asidePath(file)
  writeFileSync(aside, serialise(record), { mode: 0o600 })
  try {
    linkSync(aside, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(aside)
  }
}

function removeIfUnchanged(file: string, expected: string): void {
  if (readRaw(file) !== expected) return
  try {
    unlinkSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

function asidePath(file: string): string {
  return `${file}.${process.pid}.${randomBytes(6).toString('hex')}`
}

function serialise(record: LockHolder): string {
  return `${JSON.stringify(record, null, 2)}\n`
}

function readRaw(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function parseHolder(raw: string): LockHolder | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string' || typeof value.startedAt !== 'string') {
      return undefined
    }
    return {
      pid: value.pid,
      hostname: value.hostname,
      bootId: value.bootId ?? null,
      pidNamespace: value.pidNamespace ?? null,
      processStart: value.processStart ?? null,
      startedAt: value.startedAt,
      role: value.role === 'admin' ? 'admin' : 'server',
      controlSocket: value.controlSocket ?? null,
      token: value.token ?? '',
    }
  } catch {
    return undefined
  }
}

function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null
  } catch {
    return null
  }
}

function readPidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid')
  } catch {
    return null
  }
}

/** Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces). */
function readProcessStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}
