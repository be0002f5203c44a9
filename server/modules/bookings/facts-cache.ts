import type { Executor } from '@server/db/client'
import type { ScheduleFacts } from './availability.repository'

/**
 * The schedule facts each salon's availability was last read from, per database and range, under
 * the schedule version they were read at (schedule_versions, moved at commit by every write that
 * changes what availability reads). A request that finds the version it just read here answers
 * from memory; any other reads the database again. Correct on every instance at once, since the
 * version lives in the database: an instance never answers from facts older than the last
 * committed change it could see. Bounded, least recently used first out.
 */
const MAX_RANGES = 2_000

interface Kept {
  version: number
  facts: ScheduleFacts
}

const perDatabase = new WeakMap<Executor, Map<string, Kept>>()

function keptFor(db: Executor): Map<string, Kept> {
  let kept = perDatabase.get(db)
  if (!kept) {
    kept = new Map()
    perDatabase.set(db, kept)
  }
  return kept
}

const keyOf = (salonId: string, range: { from: Date; to: Date }) =>
  `${salonId}|${range.from.getTime()}|${range.to.getTime()}`

/** The facts kept for this salon and range if they were read at this version. */
export function keptFacts(
  db: Executor,
  salonId: string,
  range: { from: Date; to: Date },
  version: number,
): ScheduleFacts | undefined {
  const kept = keptFor(db)
  const key = keyOf(salonId, range)
  const found = kept.get(key)
  if (!found || found.version !== version) return undefined
  // Most recently used last, so the first key is the one to drop.
  kept.delete(key)
  kept.set(key, found)
  return found.facts
}

/** Keeps facts read at a version (frozen: every caller shares them). */
export function keepFacts(
  db: Executor,
  salonId: string,
  range: { from: Date; to: Date },
  version: number,
  facts: ScheduleFacts,
): void {
  const kept = keptFor(db)
  const key = keyOf(salonId, range)
  kept.delete(key)
  if (kept.size >= MAX_RANGES) {
    const oldest = kept.keys().next().value
    if (oldest !== undefined) kept.delete(oldest)
  }
  kept.set(key, { version, facts: freeze(facts) })
}

function freeze(facts: ScheduleFacts): ScheduleFacts {
  for (const busy of facts.busy) Object.freeze(busy)
  for (const member of facts.members) Object.freeze(member)
  Object.freeze(facts.busy)
  Object.freeze(facts.members)
  Object.freeze(facts.hours)
  return Object.freeze(facts)
}
