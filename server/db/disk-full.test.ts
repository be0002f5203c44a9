import { randomBytes } from 'node:crypto'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { expectStorageFull } from '@tests/helpers/database-down'
import { capturedLog } from '@tests/helpers/log'
import { mountTinyDisk, type TinyDisk } from '@tests/helpers/tiny-disk'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, type DatabaseHandle, openDatabase } from './client'
import { databaseFailure } from './failures'

/**
 * A disk that is really full: the database sits on a small tmpfs (PGlite's data directory, or a
 * tablespace of the PostgreSQL server) that the test fills up. Writes then fail with SQLSTATE 53100
 * and answer 503 `service.storage_full`; the health check says `disk_full` until a write succeeds
 * again. Mounting needs root: where it is refused these tests are skipped and say why.
 */

/** Inserts into `table` until the database refuses for lack of disk; that refusal. */
async function fillUntilRefused(db: Database, table: string): Promise<unknown> {
  for (let i = 0; i < 1000; i++) {
    try {
      await db.execute(sql.raw(`insert into ${table} select repeat(md5(g::text), 64) from generate_series(1, 200) g`))
    } catch (error) {
      return error
    }
  }
  throw new Error('the disk never filled up')
}

const entry = (n: number) => ({
  salonName: `Salon plein ${n}`,
  contactEmail: `plein${n}@example.com`,
  address: '3 place du Marché, 69002 Lyon',
  country: 'FR',
})

let signUps = 0
/** Signs a new salon up, from an address of its own. */
function signUp(t: TestApp) {
  signUps += 1
  return t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    remoteAddress: `192.0.2.${signUps % 250}`,
    payload: entry(signUps),
  })
}

/** Signs salons up until one is refused; every answer before it is 201. */
async function signUpUntilRefused(t: TestApp) {
  for (let i = 0; i < 500; i++) {
    const res = await signUp(t)
    if (res.statusCode !== 201) return res
  }
  throw new Error('every sign-up was stored')
}

describe('a full disk under PGlite', () => {
  let disk: TinyDisk | string
  let handle: DatabaseHandle
  let t: TestApp
  const log = capturedLog()

  beforeAll(async () => {
    disk = mountTinyDisk(128)
    if (typeof disk === 'string') return
    handle = await openDatabase({ driver: 'pglite', dataDir: join(disk.dir, 'pglite') })
    t = await startTestApp({ database: { ...handle }, env: { DATA_DIR: disk.dir }, logger: log.logger })
  })
  afterAll(async () => {
    if (typeof disk === 'string') return
    await t.close()
    await handle.close()
    disk.unmount()
  })

  it('refuses writes with 503, says so in the health check, and recovers once there is room', async (context) => {
    if (typeof disk === 'string') return context.skip(disk)
    const health = () => t.app.inject({ url: '/api/health' })
    expect((await health()).json()).toEqual({ ok: true })

    await handle.db.execute(sql`create table filler (v text)`)
    disk.fill(256 * 1024)
    // Little room left: the health check says so before anything fails.
    expect((await health()).json()).toEqual({ ok: false, database: 'disk_full' })

    const refusal = await fillUntilRefused(handle.db, 'filler')
    expect((refusal as { cause?: { code?: string } }).cause?.code).toBe('53100')
    expect(databaseFailure(refusal)).toBe('storage_full')
    expectStorageFull(await signUpUntilRefused(t))
    expectStorageFull(await signUpUntilRefused(t))
    const diskLines = log.lines.filter((line) => line.database === 'disk_full')
    expect(diskLines.length).toBeLessThanOrEqual(2) // the free space seen low, the first refused write
    expect(diskLines.some((line) => /No space left on device/.test(String(line.reason)))).toBe(true)

    disk.empty()
    await handle.db.execute(sql`drop table filler`)
    // Room again, but the last write failed: unhealthy until one succeeds.
    expect((await health()).json()).toEqual({ ok: false, database: 'disk_full' })
    expect((await signUp(t)).statusCode).toBe(201)
    expect((await health()).json()).toEqual({ ok: true })
    expect(log.lines.filter((line) => line.database === 'disk_full')).toHaveLength(diskLines.length)
  })
})

/** Why a tablespace on a tiny disk cannot be used with TEST_DATABASE_URL's server, if it cannot. */
async function serverDataDirectory(url: string): Promise<{ uid: number; gid: number } | string> {
  const host = new URL(url).hostname
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) return 'the PostgreSQL server is not on this machine'
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ dir: string }>(`select current_setting('data_directory') as dir`)
    const stats = statSync(rows[0]?.dir as string)
    return { uid: stats.uid, gid: stats.gid }
  } catch (error) {
    return `the server's data directory cannot be read: ${error instanceof Error ? error.message : String(error)}`
  } finally {
    await client.end()
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('a full disk under a PostgreSQL server (a tablespace)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string
  const tablespace = `salonia_full_${randomBytes(4).toString('hex')}`
  let skipped: string | undefined
  let disk: TinyDisk | undefined
  let t: TestApp
  const log = capturedLog()

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(query)
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    const owner = await serverDataDirectory(adminUrl)
    if (typeof owner === 'string') {
      skipped = owner
      return
    }
    const mounted = mountTinyDisk(4)
    if (typeof mounted === 'string') {
      skipped = mounted
      return
    }
    disk = mounted
    disk.chown(owner.uid, owner.gid)
    await admin(`create tablespace ${tablespace} location '${disk.dir}'`)
    t = await startTestApp({ driver: 'postgres', logger: log.logger })
    // The waitlist's table moves onto the tiny disk; everything else stays where it was.
    await t.database.db.execute(sql.raw(`alter table referrals set tablespace ${tablespace}`))
    await t.database.db.execute(sql.raw(`create table filler (v text) tablespace ${tablespace}`))
  })
  afterAll(async () => {
    if (!disk) return
    await t?.close() // drops the test database, and with it everything in the tablespace
    await admin(`drop tablespace if exists ${tablespace}`)
    disk.unmount()
  })

  it('refuses writes with 503, says so in the health check, and recovers once a write succeeds', async (context) => {
    if (skipped) return context.skip(skipped)
    const health = () => t.app.inject({ url: '/api/health' })
    expect((await health()).json()).toEqual({ ok: true })

    const refusal = await fillUntilRefused(t.database.db, 'filler')
    expect((refusal as { cause?: { code?: string } }).cause?.code).toBe('53100')
    expect(databaseFailure(refusal)).toBe('storage_full')
    expectStorageFull(await signUpUntilRefused(t))
    expect((await health()).json()).toEqual({ ok: false, database: 'disk_full' })
    expectStorageFull(await signUpUntilRefused(t))
    expect(log.lines.filter((line) => line.database === 'disk_full')).toHaveLength(1)

    await t.database.db.execute(sql`drop table filler`)
    expect((await signUp(t)).statusCode).toBe(201)
    expect((await health()).json()).toEqual({ ok: true })
  })
})
