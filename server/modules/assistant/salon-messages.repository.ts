import type { Executor } from '@server/db/client'
import { customerIdentities, type SalonMessageRow, salonMessages } from '@server/db/schema'
import { and, asc, eq, gte, sql } from 'drizzle-orm'

/** The salon's messages to its customers' web chats. The only code that touches that table. */

/** Whether the customer wrote to the salon from a web chat (a browser holds their web identity). */
export async function hasWebIdentity(db: Executor, salonId: string, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(customerIdentities)
    .where(
      and(
        eq(customerIdentities.salonId, salonId),
        eq(customerIdentities.customerId, customerId),
        eq(customerIdentities.channel, 'web'),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Stores one message; a second one for the same booking event is ignored (a retried job). */
export async function insertSalonMessage(
  db: Executor,
  values: Pick<SalonMessageRow, 'salonId' | 'customerId' | 'bookingEventId' | 'text' | 'sentAt'>,
): Promise<void> {
  await db.insert(salonMessages).values(values).onConflictDoNothing()
}

/** The customer's messages sent at or after `since`, oldest first, at most `limit`. */
export async function listSalonMessages(
  db: Executor,
  salonId: string,
  customerId: string,
  since: Date,
  limit: number,
): Promise<SalonMessageRow[]> {
  return db
    .select()
    .from(salonMessages)
    .where(
      and(
        eq(salonMessages.salonId, salonId),
        eq(salonMessages.customerId, customerId),
        gte(salonMessages.sentAt, since),
      ),
    )
    .orderBy(asc(salonMessages.sentAt), asc(salonMessages.id))
    .limit(limit)
}
