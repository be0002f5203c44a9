import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { instanceRoutes, openInstanceDatabase } from '@tests/helpers/pgbouncer'
import { createServerDatabase } from '@tests/helpers/postgres-server'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

/**
 * Instances starting together on an empty PostgreSQL database migrate it once: each start migrates
 * under a lock (server/db/client.ts). Directly, and through PgBouncer in transaction mode when
 * TEST_PGBOUNCER_URL is set: there a connection is the server's only for one transaction, so the
 * lock has to be a transaction's, not a session's.
 */

const JOURNAL = JSON.parse(readFileSync(join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[]
}

describe.runIf(process.env.TEST_DATABASE_URL)('instances starting together on an empty database', () => {
  it.each(instanceRoutes())(
    'migrate it once, and the next start finds it migrated (%s)',
    async (route) => {
      const empty = await createServerDatabase()
      const opened: { close(): Promise<void> }[] = []
      try {
        const starts = Array.from({ length: 3 }, () =>
          openInstanceDatabase(empty, route, { poolSize: 2 }).then((instance) => {
            opened.push(instance)
            return instance
          }),
        )
        const [first] = await Promise.all(starts)
        const applied = (await first?.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as
          | { rows: { n: number }[] }
          | undefined
        expect(applied?.rows[0]?.n).toBe(JOURNAL.entries.length)
        while (opened.length) await opened.pop()?.close()

        // A restart: nothing left locked by the starts before it.
        const next = await openInstanceDatabase(empty, route, { poolSize: 2 })
        opened.push(next)
        const again = (await next.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as {
          rows: { n: number }[]
        }
        expect(again.rows[0]?.n).toBe(JOURNAL.entries.length)
      } finally {
        for (const instance of opened) await instance.close()
        await empty.drop()
      }
    },
    30_000,
  )
})
