import type { Executor } from '@server/db/client'
import { type ConversationRow, conversations, type SalonMessageRow, salonMessages } from '@server/db/schema'
import { eq } from 'drizzle-orm'

/** What the salon told the customer through the web chat, oldest first. */
export function listCustomerSalonMessages(db: Executor, customerId: string): Promise<SalonMessageRow[]> {
  return db.select().from(salonMessages).where(eq(salonMessages.customerId, customerId)).orderBy(salonMessages.sentAt)
}

/** The customer's chats with the salon's assistant. */
export function listConversations(db: Executor, customerId: string): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(eq(conversations.customerId, customerId))
    .orderBy(conversations.createdAt)
}
