import type { Executor } from '@server/db/client'
import { type OutboxEmailRow, outboxEmails } from '@server/db/schema'
import { desc, eq } from 'drizzle-orm'

/** The outbox: every e-mail the product sends. The only code that touches the table. */

export async function insertOutboxEmail(
  db: Executor,
  email: Pick<OutboxEmailRow, 'to' | 'subject' | 'text' | 'kind' | 'createdAt'>,
): Promise<OutboxEmailRow> {
  const [row] = await db.insert(outboxEmails).values(email).returning()
  if (!row) throw new Error('insert returned no e-mail')
  return row
}

export async function markOutboxEmail(
  db: Executor,
  id: string,
  outcome: { sentAt: Date; error?: undefined } | { error: string; sentAt?: undefined },
): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ sentAt: outcome.sentAt ?? null, error: outcome.error ?? null })
    .where(eq(outboxEmails.id, id))
}

export async function findOutboxEmail(db: Executor, id: string): Promise<OutboxEmailRow | undefined> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id)).limit(1)
  return row
}

export async function listOutboxEmails(db: Executor, limit = 50): Promise<OutboxEmailRow[]> {
  return db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit)
}
