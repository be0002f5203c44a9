import { type ParseArgsConfig, parseArgs } from 'node:util'
import { publicSalonIdSchema } from '@common/schemas/salon'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { DatabaseHandle } from '@server/db/client'
import { AppError } from '@server/errors'
import { createAccessCode, listAccessCodes, revokeAccessCode } from '@server/modules/ambassadors/access-codes.usecases'
import { issueMcpToken, revokeMcpToken } from '@server/modules/mcp/mcp-token.usecases'
import { requireSalon } from '@server/modules/salons/salons.usecases'

/**
 * The administration commands (`npm run admin -- <command>`), written once. The CLI runs them on
 * the database it opens itself (a PostgreSQL server, or PGlite when no server runs); a running
 * server runs them for the CLI on its own database, asked through its control socket. Adding a
 * command is adding one entry to ADMIN_COMMANDS.
 */

export interface AdminContext {
  database: DatabaseHandle
  clock: Clock
  config: Config
}

export interface AdminArgs {
  positionals: string[]
  values: Record<string, string | boolean | undefined>
}

/** What a command answers: text to print, or a file the CLI writes where the command says. */
export type AdminOutput = { kind: 'text'; text: string } | { kind: 'file'; path: string; data: Blob; message: string }

export interface AdminCommand {
  /** Its arguments, as the usage shows them. */
  usage: string
  summary: string
  options?: ParseArgsConfig['options']
  /**
   * The CLI opens the embedded database without migrating it, and refuses when there is none
   * (a backup copies the database exactly as it is).
   */
  leavesDatabaseAsIs?: boolean
  /** Which positional argument names the file it answers with: the CLI checks where it goes first. */
  fileArgument?: number
  run(context: AdminContext, args: AdminArgs): Promise<AdminOutput>
}

/** A refusal or a usage mistake: its message is all the person needs. */
export class AdminCommandError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message)
    this.name = 'AdminCommandError'
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const text = (value: string): AdminOutput => ({ kind: 'text', text: value })

export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'create-access-code': {
    usage: '[--label <text>]',
    summary: 'a new ambassador access code, printed once',
    options: { label: { type: 'string' } },
    async run({ database, clock }, { values }) {
      const label = typeof values.label === 'string' ? values.label.trim() : ''
      const { accessCode, code } = await createAccessCode(database.db, clock, {
        label: label || `Created on ${clock.now().toISOString().slice(0, 10)}`,
      })
      return text(
        `New ambassador access code (${accessCode.label}): ${code}\nIt is stored hashed and will not be shown again.\n`,
      )
    },
  },

  'list-access-codes': {
    usage: '',
    summary: 'the ambassador access codes',
    async run({ database }) {
      const lines = (await listAccessCodes(database.db)).map(
        (c) =>
          `${c.id}  …${c.hint}  ${c.label}  created ${c.createdAt.slice(0, 10)}  ${c.revokedAt ? `revoked ${c.revokedAt.slice(0, 10)}` : 'active'}  ${c.uses} ambassador(s)\n`,
      )
      return text(lines.join('') || 'No access code yet.\n')
    },
  },

  'revoke-access-code': {
    usage: '<id>',
    summary: 'revokes an access code (its id from list-access-codes)',
    async run({ database, clock }, { positionals }) {
      const [id] = positionals
      if (!id) throw new AdminCommandError('Which code? npm run admin -- revoke-access-code <id>')
      if (!UUID.test(id)) throw new AdminCommandError(`No access code has the id ${id} (see list-access-codes).`, 404)
      const revoked = await revokeAccessCode(database.db, clock, id)
      return text(`Revoked: …${revoked.hint} (${revoked.label})\n`)
    },
  },

  'rotate-mcp-token': {
    usage: '<salon ID>',
    summary: "a new MCP token for the salon's AI agent, printed once (the old one stops working)",
    async run({ database, clock, config }, { positionals }) {
      const salon = await salonNamed(database, positionals[0], 'rotate-mcp-token')
      const { token } = await issueMcpToken(database.db, clock, config, salon)
      return text(
        `New MCP token of ${salon.publicId} (${salon.name}) — any previous one no longer works:
${token}
` +
          `Give it to the salon's AI agent: POST ${config.publicUrl}/mcp with Authorization: Bearer <token>. It will not be shown again.
`,
      )
    },
  },

  'revoke-mcp-token': {
    usage: '<salon ID>',
    summary: "stops the salon's MCP token; the salon has none until a new one is made",
    async run({ database, clock }, { positionals }) {
      const salon = await salonNamed(database, positionals[0], 'revoke-mcp-token')
      await revokeMcpToken(database.db, clock, salon)
      return text(`The MCP token of ${salon.publicId} (${salon.name}) no longer works.
`)
    },
  },

  backup: {
    usage: '<file>',
    summary: 'a consistent copy of the embedded database, taken while the server runs',
    leavesDatabaseAsIs: true,
    fileArgument: 0,
    async run({ database }, { positionals }) {
      const [path] = positionals
      if (!path) throw new AdminCommandError('Where to? npm run admin -- backup <file>, e.g. salonia-2026-12-01.tar.gz')
      if (!database.dump) {
        throw new AdminCommandError(
          'backup copies the embedded database; this one is a PostgreSQL server (DATABASE_URL). ' +
            'Back it up with pg_dump (e.g. pg_dump -Fc -f salonia.dump "$DATABASE_URL"), ' +
            'and archive its WAL for point-in-time recovery.',
        )
      }
      return { kind: 'file', path, data: await database.dump(), message: SECRET_REMINDER }
    },
  },
}

/** The salon a command names by its public ID (SAL001), or a refusal that says what to type. */
async function salonNamed(database: DatabaseHandle, publicId: string | undefined, command: string) {
  const parsed = publicSalonIdSchema.safeParse(publicId ?? '')
  if (!parsed.success) throw new AdminCommandError(`Which salon? npm run admin -- ${command} SAL001`)
  return requireSalon(database.db, parsed.data)
}

export const SECRET_REMINDER =
  'The backup holds the database only. Keep APP_SECRET (or DATA_DIR/app-secret) safe as well, apart from ' +
  'the backups: stored Google tokens are encrypted with it and MCP tokens derive from it.\n'

export function adminUsage(extra: string[] = []): string {
  const lines = Object.entries(ADMIN_COMMANDS).map(
    ([name, command]) => `  npm run admin -- ${`${name} ${command.usage}`.trim().padEnd(44)} ${command.summary}`,
  )
  return ['Usage:', ...lines, ...extra].join('\n')
}

export function findAdminCommand(name: string): AdminCommand {
  const command = Object.hasOwn(ADMIN_COMMANDS, name) ? ADMIN_COMMANDS[name] : undefined
  if (!command) throw new AdminCommandError(`Unknown command "${name}".`)
  return command
}

/** A command's arguments, parsed the same way in the CLI and behind the control socket. */
export function parseAdminArgs(command: AdminCommand, argv: string[]): AdminArgs {
  try {
    const { positionals, values } = parseArgs({ args: argv, options: command.options ?? {}, allowPositionals: true })
    return { positionals, values: values as AdminArgs['values'] }
  } catch (error) {
    throw new AdminCommandError(error instanceof Error ? error.message : String(error))
  }
}

/** Runs a command; the use cases' refusals come back as AdminCommandErrors with their words. */
export async function runAdminCommand(context: AdminContext, name: string, argv: string[]): Promise<AdminOutput> {
  const command = findAdminCommand(name)
  const args = parseAdminArgs(command, argv)
  try {
    return await command.run(context, args)
  } catch (error) {
    if (error instanceof AppError) throw new AdminCommandError(error.message, error.status)
    throw error
  }
}
