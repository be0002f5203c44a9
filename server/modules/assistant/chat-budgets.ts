import type { SalonRow } from '@server/db/schema'
import { consumeLimit, type Limit, type LimitDeps } from '@server/http/rate-limits'
import type { AssistantDeps } from './assistant.usecases'

/** How much a chat, a client and a salon's model may write: the same for the web chat and Telegram. */

/** Messages one chat may send per minute: a fast typist, not a script. */
export const CHAT_MESSAGES_PER_MINUTE = 30

/**
 * Messages one client address may send per minute across all its web chats, so new chat ids buy
 * no new allowance. A shop's Wi-Fi or a carrier's NAT puts many customers behind one address: 120
 * a minute is two a second, sustained — two dozen people chatting at once at a brisk typing pace
 * stay below; a script opening chat after chat does not.
 */
export const CHAT_MESSAGES_PER_CLIENT_PER_MINUTE = 120

/**
 * Messages per salon and hour the optional language model answers; past that, the built-in
 * assistant answers (the customer is never refused for it). Every model message costs money: this
 * caps what a flood of chats can cost a salon, far above what a busy salon's customers write.
 */
export const MODEL_MESSAGES_PER_SALON_PER_HOUR = 600

export const PER_CHAT: Limit = { name: 'chat', max: CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000 }

/** Exported for tests, which spend it without a model's worth of messages. */
export const MODEL_PER_SALON: Limit = {
  name: 'chat-model',
  max: MODEL_MESSAGES_PER_SALON_PER_HOUR,
  windowMs: 3_600_000,
}

/**
 * The assistant's dependencies for one message to this salon: with the language model while the
 * salon's hourly model budget lasts, without it (the built-in assistant answers) past it.
 */
export async function withModelBudget(
  deps: AssistantDeps & LimitDeps & { log: NonNullable<AssistantDeps['log']> },
  salon: SalonRow,
): Promise<AssistantDeps> {
  if (!deps.config.ai) return deps
  const model = await consumeLimit(deps, MODEL_PER_SALON, salon.id)
  if (!model.exceeded) return deps
  if (model.hits === MODEL_PER_SALON.max + 1) {
    deps.log.warn(
      { salonId: salon.publicId, perHour: MODEL_PER_SALON.max },
      "the salon's language-model budget for the hour is spent; the built-in assistant answers until it renews",
    )
  }
  return { ...deps, config: { ...deps.config, ai: undefined } }
}
