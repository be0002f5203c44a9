import type { Executor } from '@server/db/client'
import { sql } from 'drizzle-orm'

/**
 * Reads of pg-boss's job table (schema `pgboss`, columns as pg-boss 12 documents them) that its
 * API does not offer across queues: what is still to do, and what failed for good. Writes go
 * through pg-boss itself (send, retry).
 */

export interface FailedJobRow {
  id: string
  name: string
  data: Record<string, unknown> | null
  /** What the last attempt threw, as pg-boss stored it. */
  output: { message?: string } | null
  retryCount: number
  createdOn: Date
  failedOn: Date
}

export async function listFailedJobs(db: Executor, limit: number): Promise<FailedJobRow[]> {
  const { rows } = (await db.execute(sql`
    select id, name, data, output, retry_count as "retryCount", created_on as "createdOn", completed_on as "failedOn"
    from pgboss.job
    where state = 'failed'
    order by completed_on desc, id
    limit ${limit}
  `)) as unknown as { rows: (Omit<FailedJobRow, 'createdOn' | 'failedOn'> & { createdOn: string; failedOn: string })[] }
  return rows.map((row) => ({ ...row, createdOn: new Date(row.createdOn), failedOn: new Date(row.failedOn) }))
}

export async function countFailedJobs(db: Executor): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as count from pgboss.job where state = 'failed'`,
  )) as unknown as { rows: { count: number }[] }
  return rows[0]?.count ?? 0
}

/** Jobs of these queues not finished yet: waiting, due later, running or waiting for a retry. */
export async function countUnfinishedJobs(db: Executor, names: string[]): Promise<number> {
  const { rows } = (await db.execute(sql`
    select count(*)::int as count from pgboss.job
    where name in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )}) and state in ('created', 'retry', 'active')
  `)) as unknown as { rows: { count: number }[] }
  return rows[0]?.count ?? 0
}

/** The queue a job is in, if it exists. */
export async function queueOfJob(db: Executor, id: string): Promise<string | undefined> {
  const { rows } = (await db.execute(sql`select name from pgboss.job where id = ${id}::uuid limit 1`)) as unknown as {
    rows: { name: string }[]
  }
  return rows[0]?.name
}
