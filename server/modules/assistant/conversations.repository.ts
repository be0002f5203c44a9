import type { Executor } from '@server/db/client'
import { type ConversationRow, conversations } from '@server/db/schema'
import { and, eq, sql } from 'drizzle-orm'

/** Conversations of the assistant. The only code that touches that table. */

export type ConversationKey = Pick<ConversationRow, 'salonId' | 'channel' | 'chatId'>

/** A chat's conversation; with `lock`, held until the caller's transaction ends (one message at a time). */
export async function findConversation(
  db: Executor,
  key: ConversationKey,
  options: { lock?: boolean } = {},
): Promise<ConversationRow | undefined> {
  const query = db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.salonId, key.salonId),
        eq(conversations.channel, key.channel),
        eq(conversations.chatId, key.chatId),
      ),
    )
    .limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** Stores the state after a message: creates the conversation on its first message. */
export async function saveConversation(
  db: Executor,
  key: ConversationKey,
  values: {
    customerId: string | null
    language: ConversationRow['language']
    state: unknown
    booked: boolean
    now: Date
  },
): Promise<void> {
  await db
    .insert(conversations)
    .values({
      ...key,
      customerId: values.customerId,
      language: values.language,
      state: values.state,
      messageCount: 1,
      bookedAt: values.booked ? values.now : null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [conversations.salonId, conversations.channel, conversations.chatId],
      set: {
        customerId: sql`coalesce(${values.customerId}::uuid, ${conversations.customerId})`,
        language: values.language,
        state: values.state,
        messageCount: sql`${conversations.messageCount} + 1`,
        bookedAt: values.booked ? values.now : sql`${conversations.bookedAt}`,
        updatedAt: values.now,
      },
    })
}

/** A customer's conversations with a salon on one channel, locked until the caller's transaction ends. */
export async function lockCustomerConversations(
  db: Executor,
  salonId: string,
  customerId: string,
  channel: ConversationRow['channel'],
): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.salonId, salonId),
        eq(conversations.customerId, customerId),
        eq(conversations.channel, channel),
      ),
    )
    .limit(20)
    .for('update')
}

/** Replaces a conversation's state (its `updatedAt` stays: the customer did not write). */
export async function replaceConversationState(db: Executor, id: string, state: unknown): Promise<void> {
  await db.update(conversations).set({ state }).where(eq(conversations.id, id))
}
