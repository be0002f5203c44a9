/**
 * Administration from the command line — the first access code before any administrator has
 * signed in, backups and restores:
 *
 *   npm run admin -- create-access-code [--label "Équipe Lyon"]
 *   npm run admin -- list-access-codes
 *   npm run admin -- revoke-access-code <id>
 *   npm run admin -- backup <file>
 *   npm run admin -- restore <file>
 *
 * Where a command runs: with DATABASE_URL, on that PostgreSQL server directly. On the embedded
 * database, in the server that owns DATA_DIR if one runs (asked through its control socket: no
 * second process may open that database), else here, holding DATA_DIR's lock meanwhile. The
 * commands themselves are in server/admin/admin-commands.ts.
 */
import { accessSync, constants, existsSync } from 'node:fs'
import { open, rename, unlink } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  type AdminCommand,
  AdminCommandError,
  type AdminOutput,
  adminUsage,
  findAdminCommand,
  parseAdminArgs,
  runAdminCommand,
} from '@server/admin/admin-commands'
import { type ControlAnswer, sendControlCommand } from '@server/admin/control-socket'
import { ownDataDir, pgliteDirOf } from '@server/admin/data-dir-owner'
import { restoreDataDir } from '@server/admin/restore'
import { systemClock } from '@server/clock'
import { type Config, dataDirFrom, loadConfig } from '@server/config'
import { openDatabase } from '@server/db/client'
import { currentHolder, DataDirLockedError, type LockHolder } from '@server/db/data-dir-lock'

const USAGE = adminUsage([
  `  npm run admin -- ${'restore <file>'.padEnd(44)} a backup into a DATA_DIR without a database, no server running`,
])

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return name ? 0 : 1
  }
  if (name === 'restore') return restore(rest)
  const command = usageChecked(() => findAdminCommand(name))
  const args = usageChecked(() => parseAdminArgs(command, rest)) // a usage mistake is told before anything is opened
  const target = command.fileArgument === undefined ? undefined : args.positionals[command.fileArgument]
  if (target) checkWritableFolder(resolve(target))
  const config = loadConfig()
  const answer = config.databaseUrl
    ? await runHere(config, command, name, rest)
    : await runOnEmbedded(config, command, name, rest)
  await print(answer)
  return 0
}

function usageChecked<T>(check: () => T): T {
  try {
    return check()
  } catch (error) {
    if (error instanceof AdminCommandError) throw new AdminCommandError(`${error.message}\n${USAGE}`)
    throw error
  }
}

/** The server if it owns DATA_DIR, else here under the lock (a server starting meanwhile wins). */
async function runOnEmbedded(config: Config, command: AdminCommand, name: string, argv: string[]) {
  for (let attempt = 0; ; attempt++) {
    const holder = await currentHolder(config.dataDir)
    if (holder) return viaControlSocket(holder, config.dataDir, name, argv)
    let owner: Awaited<ReturnType<typeof ownDataDir>>
    try {
      owner = await ownDataDir(config.dataDir, 'admin')
    } catch (error) {
      if (error instanceof DataDirLockedError && attempt < 3) continue
      throw error
    }
    try {
      return await runHere(config, command, name, argv)
    } finally {
      await owner.release()
    }
  }
}

async function runHere(config: Config, command: AdminCommand, name: string, argv: string[]): Promise<ControlAnswer> {
  const pgliteDir = pgliteDirOf(config.dataDir)
  if (!config.databaseUrl && command.leavesDatabaseAsIs && !existsSync(resolve(pgliteDir, 'PG_VERSION'))) {
    throw new AdminCommandError(`No embedded database in ${pgliteDir}: nothing to ${name}.`)
  }
  const database = config.databaseUrl
    ? await openDatabase({
        driver: 'postgres',
        url: config.databaseUrl,
        poolSize: 2,
        transactionPooling: config.databaseTransactionPooling,
      })
    : await openDatabase({ driver: 'pglite', dataDir: pgliteDir, migrate: !command.leavesDatabaseAsIs })
  try {
    return fromOutput(await runAdminCommand({ database, clock: systemClock(config.appNow), config }, name, argv))
  } finally {
    await database.close()
  }
}

function fromOutput(output: AdminOutput): ControlAnswer {
  if (output.kind === 'text') return output
  return {
    kind: 'file',
    path: output.path,
    message: output.message,
    length: output.data.size,
    body: Readable.fromWeb(output.data.stream() as never),
  }
}

/** Asks the process owning DATA_DIR; one still starting (socket not yet there, or 503) is given a few seconds. */
async function viaControlSocket(
  holder: LockHolder,
  dataDir: string,
  name: string,
  argv: string[],
): Promise<ControlAnswer> {
  if (!holder.controlSocket) {
    throw new AdminCommandError(`${dataDir} is held by pid ${holder.pid}, which has no control socket to ask.`, 409)
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendControlCommand(holder.controlSocket, name, argv)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EACCES') {
        throw new AdminCommandError(
          `Cannot reach the server's control socket ${holder.controlSocket} (permission denied): ` +
            'run the admin command as the user the server runs as.',
        )
      }
      const starting =
        code === 'ENOENT' || code === 'ECONNREFUSED' || (error instanceof AdminCommandError && error.status === 503)
      if (!starting || attempt >= 40) throw error
      await sleep(250)
    }
  }
}

async function print(answer: ControlAnswer): Promise<void> {
  if (answer.kind === 'text') {
    process.stdout.write(answer.text)
    return
  }
  const target = resolve(answer.path)
  const bytes = await writeAtomically(target, answer.body, answer.length)
  process.stdout.write(`Wrote ${target} (${formatBytes(bytes)}).\n${answer.message}`)
}

/**
 * The file appears whole or not at all: written beside its name, flushed to disk, checked against
 * the announced length, then renamed over. Owner-only, since it holds customers' data.
 */
async function writeAtomically(target: string, body: Readable, expectedLength: number): Promise<number> {
  const partial = `${target}.partial-${process.pid}`
  const handle = await open(partial, 'w', 0o600)
  let written = 0
  try {
    for await (const chunk of body) {
      const bytes = chunk as Buffer
      await handle.write(bytes)
      written += bytes.length
    }
    if (Number.isFinite(expectedLength) && written !== expectedLength) {
      throw new Error(`the copy was cut short (${written} of ${expectedLength} bytes); nothing was written`)
    }
    await handle.sync()
    await handle.close()
    await rename(partial, target)
    return written
  } catch (error) {
    await handle.close().catch(() => {})
    await unlink(partial).catch(() => {})
    throw error
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** A file's folder must exist and take writes before a command spends its time producing it. */
function checkWritableFolder(target: string): void {
  try {
    accessSync(dirname(target), constants.W_OK)
  } catch {
    throw new AdminCommandError(`Cannot write ${target}: its folder does not exist or is not writable.`)
  }
}

async function restore(argv: string[]): Promise<number> {
  const [file, ...extra] = argv
  if (!file || extra.length > 0) throw new AdminCommandError('Which backup? npm run admin -- restore <file>')
  if (process.env.DATABASE_URL?.trim()) {
    throw new AdminCommandError(
      'restore loads a backup of the embedded database; this configuration uses a PostgreSQL server (DATABASE_URL). ' +
        'Restore a pg_dump with pg_restore (or psql for a plain SQL dump).',
    )
  }
  const report = await restoreDataDir({
    dataDir: dataDirFrom(),
    file,
    secretFromEnv: Boolean(process.env.APP_SECRET?.trim()),
  })
  process.stdout.write(report)
  return 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
