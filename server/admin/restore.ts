import { existsSync, openAsBlob, readdirSync, rmSync, statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { openDatabase } from '@server/db/client'
import { countAllBookings } from '@server/modules/bookings/bookings.repository'
import { countSalons } from '@server/modules/salons/salons.repository'
import { AdminCommandError } from './admin-commands'
import { ownDataDir, pgliteDirOf } from './data-dir-owner'

/**
 * `npm run admin -- restore <file>`: a backup (see the backup command) into a DATA_DIR that holds no
 * database yet, with no process on it. The dump is loaded, then migrated like any database, so a
 * backup taken by an older version comes up to date.
 *
 * The app secret is not in the backup, on purpose: it decrypts the stored Google tokens, and a
 * backup copied off the machine should not carry its own key. It is kept apart (APP_SECRET, or
 * DATA_DIR/app-secret), and the restore says where it stands.
 */
export async function restoreDataDir(options: {
  dataDir: string
  file: string
  /** APP_SECRET is set in the environment. */
  secretFromEnv: boolean
}): Promise<string> {
  const source = resolve(options.file)
  if (!existsSync(source) || !statSync(source).isFile()) throw new AdminCommandError(`No such backup file: ${source}`)
  if (!(await looksLikeBackup(source))) {
    throw new AdminCommandError(`${source} is not a Salonia backup (a .tar.gz written by npm run admin -- backup).`)
  }
  const secretFile = join(options.dataDir, 'app-secret')
  const secretWasThere = existsSync(secretFile)

  const owner = await ownDataDir(options.dataDir, 'admin')
  const pgliteDir = pgliteDirOf(options.dataDir)
  try {
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
      throw new AdminCommandError(
        `${options.dataDir} already holds a database (${pgliteDir}). A restore goes only into a DATA_DIR ` +
          'without one: point DATA_DIR to a new directory, or move this one aside first.',
        409,
      )
    }
    let counts: { salons: number; bookings: number }
    try {
      const database = await openDatabase({
        driver: 'pglite',
        dataDir: pgliteDir,
        loadDataDir: await openAsBlob(source),
      })
      try {
        counts = { salons: await countSalons(database.db), bookings: await countAllBookings(database.db) }
      } finally {
        await database.close()
      }
    } catch (error) {
      // Leave the directory as empty as it was, so the restore can simply be tried again.
      rmSync(pgliteDir, { recursive: true, force: true })
      throw new AdminCommandError(
        `Could not restore ${source}: ${error instanceof Error ? error.message : String(error)}`,
        422,
      )
    }
    return [
      `Restored ${source} into ${pgliteDir}: ${counts.salons} salon(s), ${counts.bookings} booking(s).`,
      options.secretFromEnv
        ? 'APP_SECRET is set: it must be the one the backed-up server used (Google tokens are encrypted with it, MCP tokens derive from it).'
        : secretWasThere
          ? `${secretFile} is there: it must be the one the backed-up server used (Google tokens are encrypted with it, MCP tokens derive from it).`
          : `No app secret yet: put the backed-up server's app-secret in ${secretFile} (or set APP_SECRET) before starting, ` +
            'or salons will have to connect Google again and get new MCP tokens.',
      'Start the server on this DATA_DIR to serve it.',
      '',
    ].join('\n')
  } finally {
    await owner.release()
  }
}

/** A gzip stream, or a plain tar ("ustar" at byte 257), as PGlite's dump writes and loads. */
async function looksLikeBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(262)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return true
    return bytesRead >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar'
  } finally {
    await handle.close()
  }
}
