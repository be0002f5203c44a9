import type { SalonMessage } from '@common/schemas/chat'
import type { Clock } from '@server/clock'
import type { Executor } from '@server/db/client'
import type { SalonMessageRow, SalonRow } from '@server/db/schema'
import { findCustomerByIdentity } from '@server/modules/customers/customers.usecases'
import type { ChatChannel } from './assistant.usecases'
import { readState, withHistory } from './conversation/state'
import * as repo from './conversations.repository'
import * as messages from './salon-messages.repository'

/** How long a message from the salon waits for the customer to open the chat (the profile cookie's life). */
export const SALON_MESSAGES_KEPT_DAYS = 30
/** The most a chat fetches at once: a customer is told of a handful of changes, not pages of them. */
export const SALON_MESSAGES_PER_FETCH = 20

/**
 * A message from the salon to a customer who uses the web chat ("your appointment has been
 * moved…"): kept for their web identity, so the next chat they open at the salon shows it, and
 * written into the history of their chats still open, so the assistant knows it said it. Returns
 * whether it was left (a customer who never wrote from the web chat has no chat to find it in).
 */
export async function leaveSalonMessage(
  db: Executor,
  message: { salonId: string; customerId: string; bookingEventId: string; text: string; sentAt: Date },
): Promise<boolean> {
  if (!(await messages.hasWebIdentity(db, message.salonId, message.customerId))) return false
  await messages.insertSalonMessage(db, message)
  await rememberSalonMessage(db, message, 'web')
  return true
}

/** Writes the salon's message into the customer's chats of a channel, so the assistant knows it was said. */
export async function rememberSalonMessage(
  db: Executor,
  message: { salonId: string; customerId: string; text: string },
  channel: ChatChannel,
): Promise<void> {
  const chats = await repo.lockCustomerConversations(db, message.salonId, message.customerId, channel)
  for (const chat of chats) {
    await repo.replaceConversationState(
      db,
      chat.id,
      withHistory(readState(chat.state), { role: 'assistant', content: message.text }),
    )
  }
}

/**
 * The salon's messages for the customer behind this web chat's userId, sent at or after `since`
 * and within the kept days, oldest first. An unknown userId or an erased customer has none.
 */
export async function salonMessagesForChat(
  deps: { db: Executor; clock: Clock },
  salon: SalonRow,
  userId: string,
  since: Date | undefined,
): Promise<SalonMessageRow[]> {
  const customer = await findCustomerByIdentity(deps.db, salon.id, { channel: 'web', externalId: userId })
  if (!customer || customer.erasedAt) return []
  const oldest = new Date(deps.clock.now().getTime() - SALON_MESSAGES_KEPT_DAYS * 86_400_000)
  const from = since && since > oldest ? since : oldest
  return messages.listSalonMessages(deps.db, salon.id, customer.id, from, SALON_MESSAGES_PER_FETCH)
}

export const presentSalonMessage = (row: SalonMessageRow): SalonMessage => ({
  id: row.id,
  text: row.text,
  sentAt: row.sentAt.toISOString(),
})
