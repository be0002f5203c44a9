import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir, uptime } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, currentHolder, DataDirLockedError, type LockHolder, lockFileOf } from './data-dir-lock'

const directories: string[] = []
const cleanups: (() => void)[] = []

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'salonia-lock-'))
  directories.push(dir)
  return dir
}

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  for (const dir of directories.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** This process's own record (boot id, namespace, start time), as a lock would hold it. */
async function selfRecord(): Promise<LockHolder> {
  const lock = await acquireDataDirLock(freshDir(), { role: 'server' })
  lock.release()
  return lock.holder
}

function writeLock(dir: string, holder: LockHolder): void {
  writeFileSync(lockFileOf(dir), JSON.stringify(holder))
}

/** A pid that belonged to a process which has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid as number
}

function longLivedProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
  cleanups.push(() => child.kill('SIGKILL'))
  return child
}

describe('the data directory lock', () => {
  it('is held by one acquisition at a time and freed on release', async () => {
    const dir = freshDir()
    const first = await acquireDataDirLock(dir, { role: 'server' })
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' })

    const refusal = await acquireDataDirLock(dir, { role: 'server' }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(DataDirLockedError)
    const message = (refusal as Error).message
    expect(message).toContain(dir)
    expect(message).toContain(`pid ${process.pid}`)
    expect(message).toContain(first.holder.startedAt)
    expect(message).toContain('stop that process first, or give this one another DATA_DIR')
    expect(await currentHolder(dir)).toMatchObject({ pid: process.pid })

    first.release()
    expect(existsSync(lockFileOf(dir))).toBe(false)
    expect(await currentHolder(dir)).toBeUndefined()
    ;(await acquireDataDirLock(dir, { role: 'admin' })).release()
  })

  it('takes over the lock of a process that has died', async () => {
    const dir = freshDir()
    writeLock(dir, { ...(await selfRecord()), pid: deadPid(), token: 'dead' })
    expect(await currentHolder(dir)).toBeUndefined()
    const lock = await acquireDataDirLock(dir, { role: 'server' })
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8')).token).toBe(lock.holder.token)
    lock.release()
  })

  it('takes over a lock from an earlier boot of this host, even if its pid runs again', async () => {
    const dir = freshDir()
    const alive = longLivedProcess()
    writeLock(dir, { ...(await selfRecord()), pid: alive.pid as number, bootId: 'an-earlier-boot', token: 'old' })
    ;(await acquireDataDirLock(dir, { role: 'server' })).release()
  })

  it('takes over a lock from before this boot where the system has no boot id', async () => {
    const dir = freshDir()
    const alive = longLivedProcess()
    const beforeBoot = new Date(Date.now() - uptime() * 1000 - 3_600_000).toISOString()
    writeLock(dir, { ...(await selfRecord()), pid: alive.pid as number, bootId: null, startedAt: beforeBoot })
    ;(await acquireDataDirLock(dir, { role: 'server' })).release()
  })

  it('takes over a lock whose pid now belongs to another process (a reused pid)', async () => {
    const dir = freshDir()
    const alive = longLivedProcess()
    const self = await selfRecord()
    writeLock(dir, { ...self, pid: alive.pid as number, processStart: '1', token: 'reused' })
    ;(await acquireDataDirLock(dir, { role: 'server' })).release()
    // With the process's real start time, the same lock is honoured.
    const stat = readFileSync(`/proc/${alive.pid}/stat`, 'utf8')
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] as string
    writeLock(dir, { ...self, pid: alive.pid as number, processStart: start, token: 'live' })
    await expect(acquireDataDirLock(dir, { role: 'server' })).rejects.toBeInstanceOf(DataDirLockedError)
  })

  it('takes over a lock naming this very pid when this process does not hold it (a restarted container)', async () => {
    const dir = freshDir()
    writeLock(dir, { ...(await selfRecord()), token: 'previous-life' })
    ;(await acquireDataDirLock(dir, { role: 'server' })).release()
  })

  it('honours a lock from another host, and says how to clear it', async () => {
    const dir = freshDir()
    writeLock(dir, { ...(await selfRecord()), hostname: 'other-host', bootId: 'other-kernel', pid: deadPid() })
    const refusal = await acquireDataDirLock(dir, { role: 'server' }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(DataDirLockedError)
    expect((refusal as Error).message).toContain('on host other-host')
    expect((refusal as Error).message).toContain(`delete ${lockFileOf(dir)}`)
  })

  it('sees a holder in another PID namespace of this kernel alive through its control socket', async () => {
    const dir = freshDir()
    const socketPath = join(dir, 'control.sock')
    const self = await selfRecord()
    const elsewhere = { ...self, pidNamespace: 'pid:[1]', pid: deadPid(), controlSocket: socketPath }
    const old = new Date(Date.now() - 60_000).toISOString()

    const server: Server = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => server.listen(socketPath, resolve))
    writeLock(dir, { ...elsewhere, startedAt: old })
    await expect(acquireDataDirLock(dir, { role: 'server' })).rejects.toBeInstanceOf(DataDirLockedError)
    await new Promise((resolve) => server.close(resolve))

    // Socket gone: a holder that started a minute ago is dead; one starting this second may not have opened it yet.
    writeLock(dir, { ...elsewhere, startedAt: new Date().toISOString() })
    await expect(acquireDataDirLock(dir, { role: 'server' })).rejects.toBeInstanceOf(DataDirLockedError)
    writeLock(dir, { ...elsewhere, startedAt: old })
    ;(await acquireDataDirLock(dir, { role: 'server' })).release()
  })

  it('lets exactly one of two takeovers of a stale lock win, whichever way they interleave', async () => {
    for (const pause of ['beforeTakeover', 'whileGuarded'] as const) {
      const dir = freshDir()
      writeLock(dir, { ...(await selfRecord()), pid: deadPid(), token: 'stale' })
      let resume!: () => void
      const paused = new Promise<void>((resolve) => {
        resume = resolve
      })
      let reached!: () => void
      const atPause = new Promise<void>((resolve) => {
        reached = resolve
      })
      // The first reads the stale lock, then stops (before its guard, or holding it) while the second runs.
      const first = acquireDataDirLock(dir, {
        role: 'server',
        hooks: {
          [pause]: async () => {
            reached()
            await paused
          },
        },
      })
      await atPause
      const second = acquireDataDirLock(dir, { role: 'server' })
      if (pause === 'whileGuarded') await new Promise((resolve) => setTimeout(resolve, 100))
      resume()
      const outcomes = await Promise.allSettled([first, second])
      const winners = outcomes.filter((o) => o.status === 'fulfilled')
      expect(winners, pause).toHaveLength(1)
      const loser = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult
      expect(loser.reason).toBeInstanceOf(DataDirLockedError)
      const winner = (winners[0] as PromiseFulfilledResult<Awaited<typeof first>>).value
      expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8')).token).toBe(winner.holder.token)
      expect(existsSync(`${lockFileOf(dir)}.takeover`)).toBe(false)
      winner.release()
    }
  })

  it('lets exactly one of several processes racing for a stale lock win', async () => {
    const dir = freshDir()
    writeLock(dir, { ...(await selfRecord()), pid: deadPid(), token: 'stale' })
    const contenders = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/lock-contender.ts', dir], {
        stdio: ['pipe', 'pipe', 'inherit'],
      })
      cleanups.push(() => child.kill('SIGKILL'))
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      const waitFor = (pattern: RegExp) =>
        new Promise<string>((resolve) => {
          const check = () => {
            const match = output.match(pattern)
            if (match) resolve(match[0])
            else setTimeout(check, 5)
          }
          check()
        })
      return { child, waitFor }
    })
    await Promise.all(contenders.map((c) => c.waitFor(/ready/)))
    for (const c of contenders) c.child.stdin.write('go\n')
    const results = await Promise.all(contenders.map((c) => c.waitFor(/won|locked|error.*/)))
    expect(results.filter((r) => r === 'won')).toHaveLength(1)
    expect(results.filter((r) => r === 'locked')).toHaveLength(3)
    for (const c of contenders) c.child.stdin.end()
  })
})
