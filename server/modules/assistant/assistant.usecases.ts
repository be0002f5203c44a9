import type { FastifyBaseLogger } from 'fastify'
import type { ChatContext, ChatReply } from '../../../common/schemas/chat'
import type { Clock } from '../../clock'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import type { ConversationRow } from '../../db/schema'
import { findCustomerByIdentity } from '../customers/customers.usecases'
import { requireSalonForChat } from '../salons/salons.usecases'
import * as repo from './conversations.repository'
import { converse, type DialogueReply } from './dialogue'
import { readState, withHistory } from './dialogue-state'
import { llmConverse } from './llm-assistant'
import type { ToolScope } from './tools'
import { replyLanguage } from './understanding/language'

export interface AssistantDeps {
  db: Database
  clock: Clock
  config: Pick<Config, 'ai'>
  log?: Pick<FastifyBaseLogger, 'warn'>
}

export type ChatChannel = ConversationRow['channel']

/**
 * One customer message to a salon's assistant, from any channel: finds the salon (public ID or
 * secure hash), binds the tools to it and to the writer's identity, runs the dialogue with the
 * remembered state, and stores the new state. The salon and the customer come from the request's
 * context on the server, never from the message text.
 */
export async function handleChatMessage(
  { db, clock, config, log }: AssistantDeps,
  channel: ChatChannel,
  message: string,
  context: ChatContext,
): Promise<ChatReply> {
  const salon = await requireSalonForChat(db, context.salonId)
  const key = { salonId: salon.id, channel, chatId: context.chatId }
  const identity = { channel, externalId: context.userId }
  const conversation = await repo.findConversation(db, key)
  const state = readState(conversation?.state)
  // One language for the reply, the calendar file and the stored chat, whichever assistant answers.
  const language = replyLanguage(message, state, context.language)
  const scope: ToolScope = {
    db,
    clock,
    salon,
    customer: { identity, name: context.clientName, phone: context.clientPhone, language },
  }

  let result: DialogueReply
  if (config.ai) {
    try {
      result = await llmConverse(config.ai, scope, state, message, language)
    } catch (error) {
      // The provider failed or took too long: the built-in assistant answers instead.
      log?.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'language model failed; built-in assistant used',
      )
      result = await converse(scope, state, message, language)
    }
  } else {
    result = await converse(scope, state, message, language)
  }

  const customer = await findCustomerByIdentity(db, salon.id, identity)
  await repo.saveConversation(db, key, {
    customerId: customer?.id ?? null,
    language,
    state: withHistory(result.state, { role: 'user', content: message }, { role: 'assistant', content: result.text }),
    booked: result.booked === true,
    now: clock.now(),
  })
  return { response: result.text, ...(result.icsData ? { icsData: result.icsData } : {}) }
}
