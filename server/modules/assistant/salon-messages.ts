import type { Executor } from '../../db/client'
import { readState, withHistory } from './conversation/state'
import * as repo from './conversations.repository'

/**
 * A message from the salon, written by its assistant into the customer's web chat(s) with that
 * salon ("your appointment has been moved…"): it is part of the conversation the next time they
 * open it, and the assistant knows it said it. Returns whether any chat received it (a customer
 * who never used the web chat, or whose chat is not linked to them, has none).
 */
export async function postSalonMessageToWebChats(
  db: Executor,
  salonId: string,
  customerId: string,
  text: string,
): Promise<boolean> {
  const chats = await repo.lockCustomerConversations(db, salonId, customerId, 'web')
  for (const chat of chats) {
    await repo.replaceConversationState(
      db,
      chat.id,
      withHistory(readState(chat.state), { role: 'assistant', content: text }),
    )
  }
  return chats.length > 0
}
