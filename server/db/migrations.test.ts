import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

/**
 * Drizzle's migrator applies only the migrations whose journal time (`when`) is later than the last
 * one a database has applied: a migration written with an earlier time than its predecessor (two
 * branches merged, a renumbered file) would be skipped silently on every upgraded database.
 */
it('keeps the journal in increasing time order, so an upgraded database applies every new migration', () => {
  const journal = JSON.parse(
    readFileSync(join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { idx: number; tag: string; when: number }[]
  }
  const outOfOrder = journal.entries
    .slice(1)
    .filter((entry, i) => entry.when <= (journal.entries[i]?.when ?? 0))
    .map((entry) => entry.tag)
  expect(outOfOrder).toEqual([])
  expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i))
})
