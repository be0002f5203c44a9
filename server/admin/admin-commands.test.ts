import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { manualClock } from '@server/clock'
import { loadConfig } from '@server/config'
import { type DatabaseHandle, openDatabase } from '@server/db/client'
import { ambassadorAccessCodes } from '@server/db/schema'
import { mcpTokenFor, salonForMcpToken } from '@server/modules/mcp/mcp-token'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { seedDemoData } from '@server/seed'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminCommandError, type AdminContext, runAdminCommand } from './admin-commands'

const config = loadConfig({ NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0000' })
const clock = manualClock('2026-12-01T08:30:00+01:00')
let database: DatabaseHandle
let context: AdminContext

beforeAll(async () => {
  database = await openDatabase({ driver: 'pglite' })
  context = { database, clock, config }
})

afterAll(async () => {
  await database.close()
})

describe('the admin commands', () => {
  it('refuse unknown commands and options in words', async () => {
    await expect(runAdminCommand(context, 'drop-everything', [])).rejects.toThrow('Unknown command "drop-everything".')
    await expect(runAdminCommand(context, 'list-access-codes', ['--force'])).rejects.toBeInstanceOf(AdminCommandError)
    await expect(runAdminCommand(context, 'revoke-access-code', ['nope'])).rejects.toThrow(
      'No access code has the id nope (see list-access-codes).',
    )
  })

  it("rotate a salon's MCP token (printed once, the old one refused) and revoke it", async () => {
    await seedDemoData(database.db, clock)
    const seeded = await findSalonByPublicId(database.db, 'SAL001')
    if (!seeded) throw new Error('no demo salon')
    const before = mcpTokenFor(config.appSecret, seeded)
    const rotated = await runAdminCommand(context, 'rotate-mcp-token', ['sal001'])
    const token = rotated.kind === 'text' ? rotated.text.match(/^(SAL001\.\S+)$/m)?.[1] : undefined
    expect(token).toBeDefined()
    expect(token).not.toBe(before)
    const bearer = (value: string | undefined) => salonForMcpToken(database.db, config.appSecret, `Bearer ${value}`)
    expect(await bearer(before)).toBeUndefined()
    expect((await bearer(token))?.publicId).toBe('SAL001')

    await runAdminCommand(context, 'revoke-mcp-token', ['SAL001'])
    expect(await bearer(token)).toBeUndefined()
    await expect(runAdminCommand(context, 'revoke-mcp-token', [])).rejects.toThrow(/Which salon\?/)
    await expect(runAdminCommand(context, 'rotate-mcp-token', ['SAL404'])).rejects.toThrow(/SAL404/)
  })

  it('send a PostgreSQL server to pg_dump and WAL archiving for backups', async () => {
    const server: DatabaseHandle = {
      db: database.db,
      driver: 'postgres',
      close: async () => {},
      jobsConnection: { driver: 'postgres', url: 'postgres://unused' },
    }
    const refusal = await runAdminCommand({ ...context, database: server }, 'backup', ['x.tar.gz']).catch((e) => e)
    expect(refusal).toBeInstanceOf(AdminCommandError)
    expect(refusal.message).toContain('pg_dump')
    expect(refusal.message).toContain('WAL')
  })

  it('back up after a transaction open at that moment, with what it commits', async () => {
    let finish!: () => void
    const held = new Promise<void>((resolve) => {
      finish = resolve
    })
    let inserted!: () => void
    const afterInsert = new Promise<void>((resolve) => {
      inserted = resolve
    })
    // A transaction that has written but not yet committed when the backup is asked for.
    const transaction = database.db.transaction(async (tx) => {
      await tx
        .insert(ambassadorAccessCodes)
        .values({ label: 'In flight', codeHash: 'in-flight-hash', hint: 'FLGT', createdAt: clock.now() })
      inserted()
      await held
    })
    await afterInsert
    const backup = runAdminCommand(context, 'backup', ['nightly.tar.gz'])
    await new Promise((resolve) => setTimeout(resolve, 50))
    finish()
    await transaction
    const output = await backup
    if (output.kind !== 'file') throw new Error('expected a file')
    expect(output.path).toBe('nightly.tar.gz')

    const copy = await PGlite.create({ loadDataDir: output.data, extensions: { btree_gist } })
    try {
      const { rows } = await copy.query<{ label: string }>(
        "select label from ambassador_access_codes where code_hash = 'in-flight-hash'",
      )
      expect(rows).toEqual([{ label: 'In flight' }])
    } finally {
      await copy.close()
    }
  })
})
