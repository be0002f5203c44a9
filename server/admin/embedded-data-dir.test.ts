import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DataDirLockedError, lockFileOf } from '@server/db/data-dir-lock'
import { demoOwnerCookie, freePort, runAdmin, type ServerProcess, spawnServer } from '@tests/helpers/processes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restoreDataDir } from './restore'

/**
 * One embedded data directory, one owner — with real processes: a second server refuses to start
 * while the first serves on; the admin CLI goes through the running server's control socket, or
 * opens the database itself when none runs; a backup taken under load restores into a fresh
 * directory with every acknowledged booking; a server killed with -9 leaves nothing stuck.
 * The steps build on each other, so they run in order on one directory.
 */

const root = mkdtempSync(join(tmpdir(), 'salonia-data-dir-'))
const dataDir = join(root, 'data')
const backupFile = join(root, 'backups', 'nightly.tar.gz')
let owner: ServerProcess
const servers: ServerProcess[] = []
let accessCode = ''

async function serve(dir: string): Promise<ServerProcess> {
  const { server, ready } = spawnServer(dir, await freePort())
  servers.push(server)
  expect(await ready, server.output()).toBe('serving')
  return server
}

beforeAll(async () => {
  mkdirSync(join(root, 'backups'))
  owner = await serve(dataDir)
})

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')))
  rmSync(root, { recursive: true, force: true })
})

describe('an embedded data directory', () => {
  it('refuses a second server on it, while the first serves on and runs admin commands for the CLI', async () => {
    const { server: second, ready } = spawnServer(dataDir, await freePort())
    servers.push(second)
    const [refusal, created] = await Promise.all([
      ready,
      runAdmin(dataDir, ['create-access-code', '--label', 'Équipe Lyon']),
    ])

    expect(refusal).toBe('exited')
    expect(await second.exited).not.toBe(0)
    const pid = owner.child.pid as number
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by a Salonia server (pid ${pid}, since`)
    expect(second.output()).toContain('stop that process first, or give this one another DATA_DIR')
    expect(second.output()).not.toMatch(/\n\s+at /) // no stack trace
    expect((await fetch(`${owner.url}/api/health`)).status).toBe(200)

    // The command ran in the server, through its control socket: the server knows the code at once.
    expect(created.stderr).toBe('')
    expect(created.code).toBe(0)
    accessCode = created.stdout.match(/AMB-[0-9A-Z-]+/)?.[0] ?? ''
    const validated = await fetch(`${owner.url}/api/ambassador/validate-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessCode }),
    })
    expect(await validated.json()).toEqual({ isValid: true })

    const listed = await runAdmin(dataDir, ['list-access-codes'])
    expect(listed.stdout).toContain(`…${accessCode.slice(-4)}  Équipe Lyon`)
  })

  it('backs up under load; the backup restores into a fresh directory with every acknowledged booking', async () => {
    const cookie = await demoOwnerCookie(owner.url)
    const services = (await (
      await fetch(`${owner.url}/api/salons/SAL001/services`, { headers: { cookie } })
    ).json()) as { id: string; name: string }[]
    const serviceId = services.find((s) => s.name === 'Coupe homme')?.id as string

    // Bookings keep coming, six at a time, from before the backup starts until it has finished.
    const slots = openSlots()
    const acknowledged: { id: string; at: number }[] = []
    const refused: number[] = []
    let stop = false
    const book = async () => {
      for (let slot = slots.shift(); slot && !stop; slot = slots.shift()) {
        const response = await fetch(`${owner.url}/api/salons/SAL001/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ serviceId, startsAt: slot, customer: { name: 'Charge Test' } }),
        })
        if (response.status === 201)
          acknowledged.push({ id: ((await response.json()) as { id: string }).id, at: Date.now() })
        else refused.push(response.status)
      }
    }
    const load = Promise.all(Array.from({ length: 6 }, book))
    while (acknowledged.length < 10 && refused.length === 0) await new Promise((resolve) => setTimeout(resolve, 10))

    const backupStartedAt = Date.now()
    const beforeBackup = acknowledged.map((b) => b.id)
    const backup = await runAdmin(dataDir, ['backup', backupFile])
    stop = true
    await load

    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain(`Wrote ${backupFile} (`)
    expect(backup.stdout).toContain('Keep APP_SECRET (or DATA_DIR/app-secret) safe')
    expect(statSync(backupFile).mode & 0o777).toBe(0o600)
    expect(readdirSync(join(root, 'backups'))).toEqual(['nightly.tar.gz']) // no partial file left
    expect(refused).toEqual([]) // serving went on during the backup
    expect(acknowledged.filter((b) => b.at > backupStartedAt).length).toBeGreaterThan(0)

    const restoredDir = join(root, 'restored')
    const occupiedDir = join(root, 'occupied')
    mkdirSync(join(occupiedDir, 'pglite'), { recursive: true })
    writeFileSync(join(occupiedDir, 'pglite', 'PG_VERSION'), '17\n')
    // Refused while a server owns the directory, and over a database.
    await expect(restoreDataDir({ dataDir, file: backupFile, secretFromEnv: true })).rejects.toBeInstanceOf(
      DataDirLockedError,
    )
    await expect(restoreDataDir({ dataDir: occupiedDir, file: backupFile, secretFromEnv: true })).rejects.toThrow(
      `${occupiedDir} already holds a database`,
    )
    const restored = await runAdmin(restoredDir, ['restore', backupFile])
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toMatch(/Restored .* 1 salon\(s\), \d+ booking\(s\)\./)
    expect(restored.stdout).toContain('APP_SECRET is set: it must be the one the backed-up server used')

    const copy = await serve(restoredDir)
    const listed = (await (await fetch(`${copy.url}/api/salons/SAL001/bookings`, { headers: { cookie } })).json()) as {
      id: string
    }[]
    const restoredIds = new Set(listed.map((b) => b.id))
    expect(beforeBackup.filter((id) => !restoredIds.has(id))).toEqual([])
    await copy.stop()
  })

  it('starts again after its owner was killed with -9 (the stale lock is taken over)', async () => {
    await owner.stop('SIGKILL')
    expect(existsSync(lockFileOf(dataDir))).toBe(true) // left behind by the killed process
    owner = await serve(dataDir)
    expect((await fetch(`${owner.url}/api/health`)).status).toBe(200)
    expect(await owner.stop('SIGTERM')).toBe(0)
    expect(existsSync(lockFileOf(dataDir))).toBe(false) // a clean stop frees the directory
  })

  it('runs the admin commands on the database itself when no server runs', async () => {
    const listed = await runAdmin(dataDir, ['list-access-codes'])
    expect(listed.stderr).toBe('')
    expect(listed.stdout).toContain(`…${accessCode.slice(-4)}  Équipe Lyon`)
    expect(existsSync(lockFileOf(dataDir))).toBe(false) // held only while the command ran
  })
})

/**
 * Distinct 30-minute starts on the demo salon's open days (Tuesday to Saturday, closed 24–27
 * December), from 2 December 2026 to 25 February 2027 — within the 90-day horizon of the clock at
 * 1 December — more than the load ever uses, so it lasts until the backup has finished.
 */
function openSlots(): string[] {
  const slots: string[] = []
  for (let day = new Date(Date.UTC(2026, 11, 2)); day <= new Date(Date.UTC(2027, 1, 25)); ) {
    const date = day.toISOString().slice(0, 10)
    const weekday = day.getUTCDay() // 0 Sunday … 6 Saturday
    day = new Date(day.getTime() + 86_400_000)
    if (weekday === 0 || weekday === 1 || (date >= '2026-12-24' && date <= '2026-12-27')) continue
    const lastStart = weekday === 6 ? 16.5 : 18.5
    for (let hour = 9; hour <= lastStart; hour += 0.5) {
      slots.push(`${date}T${String(Math.floor(hour)).padStart(2, '0')}:${hour % 1 ? '30' : '00'}`)
    }
  }
  return slots
}
