import type { Language } from '../../../common/languages'
import type { ChatContext, ChatReply } from '../../../common/schemas/chat'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { ConversationRow } from '../../db/schema'
import { findCustomerByIdentity } from '../customers/customers.usecases'
import { requireSalonForChat } from '../salons/salons.usecases'
import * as repo from './conversations.repository'
import { converse } from './dialogue'
import { readState } from './dialogue-state'
import type { ToolScope } from './tools'

export interface AssistantDeps {
  db: Database
  clock: Clock
}

export type ChatChannel = ConversationRow['channel']

/**
 * One customer message to a salon's assistant, from any channel: finds the salon (public ID or
 * secure hash), binds the tools to it and to the writer's identity, runs the dialogue with the
 * remembered state, and stores the new state. The salon and the customer come from the request's
 * context on the server, never from the message text.
 */
export async function handleChatMessage(
  { db, clock }: AssistantDeps,
  channel: ChatChannel,
  message: string,
  context: ChatContext,
): Promise<ChatReply> {
  const salon = await requireSalonForChat(db, context.salonId)
  const key = { salonId: salon.id, channel, chatId: context.chatId }
  const identity = { channel, externalId: context.userId }
  const conversation = await repo.findConversation(db, key)
  const scope: ToolScope = {
    db,
    clock,
    salon,
    customer: { identity, name: context.clientName, phone: context.clientPhone, language: context.language },
  }

  const result = await converse(scope, readState(conversation?.state), message, context.language)

  const customer = await findCustomerByIdentity(db, salon.id, identity)
  await repo.saveConversation(db, key, {
    customerId: customer?.id ?? null,
    language: result.language as Language,
    state: result.state,
    booked: result.booked === true,
    now: clock.now(),
  })
  return { response: result.text, ...(result.icsData ? { icsData: result.icsData } : {}) }
}
