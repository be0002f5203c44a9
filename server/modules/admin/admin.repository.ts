import type { Executor } from '@server/db/client'
import { conversations, salons } from '@server/db/schema'
import { and, count, countDistinct, eq, gte, isNotNull, sql } from 'drizzle-orm'

/** Read-only figures across salons for the administration panel. */

export async function countActiveSalons(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(salons).where(eq(salons.isActive, true))
  return row?.n ?? 0
}

/** Conversations started since `since`, and how many of them booked an appointment. */
export async function conversationOutcomesSince(db: Executor, since: Date): Promise<{ total: number; booked: number }> {
  const [total] = await db.select({ n: count() }).from(conversations).where(gte(conversations.createdAt, since))
  const [booked] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(gte(conversations.createdAt, since), isNotNull(conversations.bookedAt)))
  return { total: total?.n ?? 0, booked: booked?.n ?? 0 }
}

/**
 * Distinct people who ever wrote to an assistant: a known customer counts once across their chats;
 * someone who never gave the assistant enough to become a customer counts by their chat.
 */
export async function countBotUsers(db: Executor): Promise<number> {
  const [row] = await db
    .select({
      n: countDistinct(
        sql`coalesce(${conversations.customerId}::text, ${conversations.channel} || ':' || ${conversations.chatId})`,
      ),
    })
    .from(conversations)
  return row?.n ?? 0
}
