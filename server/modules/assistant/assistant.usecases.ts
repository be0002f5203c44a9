import type { Language } from '@common/languages'
import type { ChatContext, ChatReply } from '@common/schemas/chat'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { ConversationRow, SalonRow } from '@server/db/schema'
import { withoutQueryParameters } from '@server/errors'
import { bookingLinkUrl } from '@server/modules/booking-page/booking-link'
import { findCustomerByIdentity, keepChatContact } from '@server/modules/customers/customers.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { converse, type DialogueReply } from './conversation/converse'
import { readState, withHistory } from './conversation/state'
import * as repo from './conversations.repository'
import { llmConverse } from './llm-assistant'
import { PHRASES } from './phrases'
import type { ToolScope } from './tools'
import { replyLanguage } from './understanding/language'

export interface AssistantDeps {
  db: Database
  clock: Clock
  jobs: Jobs
  config: Pick<Config, 'ai' | 'publicUrl' | 'appSecret'>
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }
}

export type ChatChannel = ConversationRow['channel']

/**
 * Keeps what the reply is to do (a channel's messages to send) with the reply itself: inside the
 * built-in assistant's transaction, so the booking, the new state and the message to send commit
 * together, and a retry never answers the same message twice.
 */
export type RecordReply = (db: Executor, result: DialogueReply, language: Language) => Promise<void>

/**
 * One customer message to a salon's assistant, from any channel: the channel found the salon (the
 * web chat by public ID or secure hash, which its limits count on), this binds the tools to it and to the writer's identity, runs the dialogue with the
 * remembered state, and stores the new state. The salon and the customer come from the request's
 * context on the server, never from the message text.
 *
 * What the reply says and what happened are one fact: the built-in assistant's booking, move or
 * cancellation and the conversation's new state commit in one transaction, with the conversation
 * row locked so two messages of one chat (a double-tapped "oui") are answered one after the other.
 * A language model's tools commit as it calls them (its reply is written after seeing their
 * results), so a failure to store its state afterwards is logged, never answered as an error.
 */
export async function handleChatMessage(
  deps: AssistantDeps,
  salon: SalonRow,
  channel: ChatChannel,
  message: string,
  context: ChatContext,
  options: { record?: RecordReply } = {},
): Promise<ChatReply> {
  const { db, config, log } = deps
  const key = { salonId: salon.id, channel, chatId: context.chatId }
  if (!salon.isActive) {
    return { response: PHRASES[replyLanguage(message, {}, context.language)].bookingClosed(salon.name) }
  }

  if (config.ai) {
    const state = readState((await repo.findConversation(db, key))?.state)
    const language = replyLanguage(message, state, context.language)
    const result = await llmConverse(
      config.ai,
      toolScope(deps, db, salon, context, channel, language),
      state,
      message,
      language,
    ).catch((error: unknown) => {
      // The provider failed or took too long: the built-in assistant answers instead.
      log?.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'language model failed; built-in assistant used',
      )
      return undefined
    })
    if (result) {
      await remember(deps, db, key, message, result, language, context).catch((error: unknown) =>
        log?.error(
          { err: error instanceof Error ? withoutQueryParameters(error) : String(error) },
          'chat state not stored',
        ),
      )
      await options.record?.(db, result, language)
      return toReply(result)
    }
  }

  return db.transaction(async (tx) => {
    const state = readState((await repo.findConversation(tx, key, { lock: true }))?.state)
    // One language for the reply, the calendar file and the stored chat.
    const language = replyLanguage(message, state, context.language)
    const result = await converse(toolScope(deps, tx, salon, context, channel, language), state, message, language)
    await remember(deps, tx, key, message, result, language, context)
    await options.record?.(tx, result, language)
    return toReply(result)
  })
}

function toolScope(
  deps: AssistantDeps,
  db: Executor,
  salon: SalonRow,
  context: ChatContext,
  channel: ChatChannel,
  language: Language,
): ToolScope {
  return {
    // Inside the chat's transaction every read and write goes through it (PGlite has one connection).
    db: db as Database,
    clock: deps.clock,
    jobs: deps.jobs,
    salon,
    customer: {
      identity: { channel, externalId: context.userId },
      name: context.clientName,
      phone: context.clientPhone,
      email: context.clientEmail,
      language,
    },
    log: deps.log,
    bookingLink: (bookingId) => bookingLinkUrl(deps.config.publicUrl, deps.config.appSecret, bookingId),
    holdConfig: deps.config,
  }
}

/** Stores the conversation's new state and its last two turns. */
async function remember(
  deps: AssistantDeps,
  db: Executor,
  key: repo.ConversationKey,
  message: string,
  result: DialogueReply,
  language: Language,
  context: ChatContext,
): Promise<void> {
  const customer = await findCustomerByIdentity(db, key.salonId, { channel: key.channel, externalId: context.userId })
  // The profile's phone or e-mail, added since the customer booked, reaches the customer we know.
  if (customer) {
    const contact = { phone: context.clientPhone, email: context.clientEmail }
    await keepChatContact(db, customer, contact, deps.clock.now())
  }
  await repo.saveConversation(db, key, {
    customerId: customer?.id ?? null,
    language,
    state: withHistory(result.state, { role: 'user', content: message }, { role: 'assistant', content: result.text }),
    booked: result.booked === true,
    now: deps.clock.now(),
  })
}

function toReply(result: DialogueReply): ChatReply {
  return {
    response: result.text,
    ...(result.icsData ? { icsData: result.icsData } : {}),
    ...(result.bookingLink ? { bookingLink: result.bookingLink } : {}),
    ...(result.suggestions ? { suggestions: result.suggestions } : {}),
  }
}
