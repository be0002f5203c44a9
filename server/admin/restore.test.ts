import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { lockFileOf } from '@server/db/data-dir-lock'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { AdminCommandError } from './admin-commands'
import { restoreDataDir } from './restore'

const root = mkdtempSync(join(tmpdir(), 'salonia-restore-'))
const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url))

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

/** The migrations of the previous version: all but the latest. */
function previousMigrations(): { folder: string; count: number } {
  const folder = join(root, 'previous-migrations')
  cpSync(MIGRATIONS, folder, { recursive: true })
  const journalFile = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const latest = journal.entries.pop()
  writeFileSync(journalFile, JSON.stringify(journal))
  rmSync(join(folder, `${latest?.tag}.sql`))
  return { folder, count: journal.entries.length }
}

describe('restore', () => {
  it('brings a backup taken by the previous version up to date, and says the app secret is missing', async () => {
    const previous = previousMigrations()
    const old = await PGlite.create({ extensions: { btree_gist } })
    await migrate(drizzle(old), { migrationsFolder: previous.folder })
    const backup = join(root, 'previous.tar.gz')
    writeFileSync(backup, Buffer.from(await (await old.dumpDataDir('gzip')).arrayBuffer()))
    await old.close()

    const dataDir = join(root, 'restored')
    const report = await restoreDataDir({ dataDir, file: backup, secretFromEnv: false })
    expect(report).toContain(`Restored ${backup} into ${join(dataDir, 'pglite')}: 0 salon(s), 0 booking(s).`)
    expect(report).toContain(
      `No app secret yet: put the backed-up server's app-secret in ${join(dataDir, 'app-secret')}`,
    )
    expect(existsSync(lockFileOf(dataDir))).toBe(false)

    const restored = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { btree_gist } })
    try {
      const { rows } = await restored.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
      expect(rows[0]?.n).toBe(previous.count + 1)
    } finally {
      await restored.close()
    }
  })

  it('refuses a file that is not a backup, and leaves the directory as it was after a damaged one', async () => {
    const dataDir = join(root, 'untouched')
    const notBackup = join(root, 'notes.txt')
    writeFileSync(notBackup, 'not a backup\n')
    await expect(restoreDataDir({ dataDir, file: notBackup, secretFromEnv: true })).rejects.toThrow(
      `${notBackup} is not a Salonia backup`,
    )

    const damaged = join(root, 'damaged.tar.gz')
    writeFileSync(damaged, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8]))
    const refusal = await restoreDataDir({ dataDir, file: damaged, secretFromEnv: true }).catch((e) => e)
    expect(refusal).toBeInstanceOf(AdminCommandError)
    expect(refusal.message).toContain(`Could not restore ${damaged}`)
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false)
    expect(existsSync(lockFileOf(dataDir))).toBe(false)
  })
})
