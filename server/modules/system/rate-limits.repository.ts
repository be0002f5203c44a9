import type { Executor } from '@server/db/client'
import { preparedPerDatabase } from '@server/db/prepared'
import { rateLimits } from '@server/db/schema'
import { and, eq, gt, lte, sql } from 'drizzle-orm'

/**
 * Rate-limit counters, shared by every instance on the database. The only code that reads or
 * writes the rate_limits table. A counter is a fixed window: the first hit opens it until
 * `resets_at`; hits after that instant start a new window at 1.
 */

// One statement per hit (the chat makes two or three a message): prepared once per database.
const hitCounter = preparedPerDatabase((db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), hits: 1, resetsAt: sql`${sql.placeholder('resetsAt')}::timestamptz` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetsAt} <= ${sql.placeholder('now')}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
        resetsAt: sql`case when ${rateLimits.resetsAt} <= ${sql.placeholder('now')}::timestamptz then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetsAt: rateLimits.resetsAt })
    .prepare('rate_limit_hit'),
)

/** Counts one hit on `key` at `now`; a new window lasts `windowMs`. The count and the window's end. */
export async function countHit(
  db: Executor,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ hits: number; resetsAt: Date }> {
  const [row] = await hitCounter(db).execute({
    key,
    now: now.toISOString(),
    resetsAt: new Date(now.getTime() + windowMs).toISOString(),
  })
  if (!row) throw new Error('the rate-limit upsert returned no row')
  return row
}

/** Takes one hit back from `key`'s current window, if it is still open. */
export async function uncountHit(db: Executor, key: string, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.hits, 0), gt(rateLimits.resetsAt, now)))
}

/** Forgets the counters whose window has ended (they would restart at 1 anyway). */
export async function deleteEndedCounters(db: Executor, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetsAt, now))
}
