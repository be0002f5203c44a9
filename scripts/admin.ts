/**
 * Administration from the command line, on the database of the configuration (DATABASE_URL or
 * the embedded one under DATA_DIR) — for the first access code, before any administrator has
 * signed in:
 *
 *   npm run admin -- create-access-code [--label "Équipe Lyon"]
 *   npm run admin -- list-access-codes
 *   npm run admin -- revoke-access-code <id>
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { systemClock } from '../server/clock'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import {
  createAccessCode,
  listAccessCodes,
  revokeAccessCode,
} from '../server/modules/ambassadors/access-codes.usecases'

const USAGE = `Usage:
  npm run admin -- create-access-code [--label <text>]
  npm run admin -- list-access-codes
  npm run admin -- revoke-access-code <id>`

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { label: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  const [command, argument] = positionals
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`)
    return command || values.help ? 0 : 1
  }
  const config = loadConfig()
  const database = config.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: config.databaseUrl })
    : await openDatabase({ driver: 'pglite', dataDir: join(config.dataDir, 'pglite') })
  const clock = systemClock(config.appNow)
  try {
    switch (command) {
      case 'create-access-code': {
        const { accessCode, code } = await createAccessCode(database.db, clock, {
          label: values.label?.trim() || `Created on ${clock.now().toISOString().slice(0, 10)}`,
        })
        process.stdout.write(
          `New ambassador access code (${accessCode.label}): ${code}\nIt is stored hashed and will not be shown again.\n`,
        )
        return 0
      }
      case 'list-access-codes': {
        for (const c of await listAccessCodes(database.db)) {
          process.stdout.write(
            `${c.id}  …${c.hint}  ${c.label}  created ${c.createdAt.slice(0, 10)}  ${c.revokedAt ? `revoked ${c.revokedAt.slice(0, 10)}` : 'active'}  ${c.uses} ambassador(s)\n`,
          )
        }
        return 0
      }
      case 'revoke-access-code': {
        if (!argument) throw new Error('Which code? npm run admin -- revoke-access-code <id>')
        const revoked = await revokeAccessCode(database.db, clock, argument)
        process.stdout.write(`Revoked: …${revoked.hint} (${revoked.label})\n`)
        return 0
      }
      default:
        process.stderr.write(`Unknown command "${command}".\n${USAGE}\n`)
        return 1
    }
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  },
)
