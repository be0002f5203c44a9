import {
  type ChatContext,
  chatReplySchema,
  chatRequestSchema,
  salonMessagesQuerySchema,
  salonMessagesReplySchema,
} from '@common/schemas/chat'
import type { SalonRow } from '@server/db/schema'
import { clientKey, enforceLimit, isLoopback, type Limit } from '@server/http/rate-limits'
import type { App, AppDeps } from '@server/http/types'
import { requireSalonForChat } from '@server/modules/salons/salons.usecases'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import { type AssistantDeps, handleChatMessage } from './assistant.usecases'
import { CHAT_MESSAGES_PER_CLIENT_PER_MINUTE, PER_CHAT, withModelBudget } from './chat-budgets'
import { presentSalonMessage, salonMessagesForChat } from './salon-messages'

export {
  CHAT_MESSAGES_PER_CLIENT_PER_MINUTE,
  CHAT_MESSAGES_PER_MINUTE,
  MODEL_MESSAGES_PER_SALON_PER_HOUR,
  MODEL_PER_SALON,
} from './chat-budgets'

const PER_CLIENT: Limit = { name: 'chat-client', max: CHAT_MESSAGES_PER_CLIENT_PER_MINUTE, windowMs: 60_000 }
/**
 * Asks for the salon's messages per client address and minute: an open chat asks once a minute
 * and when it comes back to the screen, so a whole shop's worth of open chats stays far below.
 */
const READS_PER_CLIENT: Limit = { name: 'chat-reads', max: 240, windowMs: 60_000 }

/**
 * The chat id as the per-chat budget counts it: trimmed, case-folded and in NFC, so " Abc", "ABC"
 * and "abc" are one budget (upper then lower case folds "ß" and "SS" together as well).
 */
export function normalisedChatId(chatId: string): string {
  return chatId.trim().toUpperCase().toLowerCase().normalize('NFC')
}

/**
 * The web chat (DESIGN.md "Contracts"). `/api/mcp/chat` is the chat screen's default mode and
 * `/api/ai/chat` the legacy one; both reach the same assistant and count against the same budgets.
 */
export function assistantRoutes(app: App, deps: AppDeps): void {
  for (const url of ['/api/mcp/chat', '/api/ai/chat']) {
    app.post(
      url,
      {
        config: { access: 'public' },
        // Before the body is read: a script's flood costs one counter update per message. The
        // machine itself is not one client (see isLoopback); each chat's own budget still holds.
        onRequest: async (request, reply) => {
          if (!isLoopback(request)) await enforceLimit(deps, PER_CLIENT, clientKey(request), reply)
        },
        schema: { body: chatRequestSchema, response: { 200: chatReplySchema } },
      },
      async (request, reply) => {
        const { salon, assistant } = await admitMessage(deps, request.body.context, reply, request.log)
        return handleChatMessage(assistant, salon, 'web', request.body.message, request.body.context)
      },
    )
  }

  // The chat asks when it opens and now and then while open. The userId is the chat's own secret
  // (the same one that books in the customer's name), so it reads only that customer's messages.
  app.get(
    '/api/chat/salon-messages',
    {
      config: { access: 'public' },
      onRequest: async (request, reply) => {
        if (!isLoopback(request)) await enforceLimit(deps, READS_PER_CLIENT, clientKey(request), reply)
      },
      schema: { querystring: salonMessagesQuerySchema, response: { 200: salonMessagesReplySchema } },
    },
    async (request) => {
      const { salonId, userId, since } = request.query
      const salon = await requireSalonForChat(deps.db, salonId)
      const rows = await salonMessagesForChat(deps, salon, userId, since ? new Date(since) : undefined)
      return { messages: rows.map(presentSalonMessage) }
    },
  )
}

/**
 * The chat's own budget and the salon's model budget, counted on the salon's row (whether the
 * request named it by public ID, in any case, or by its secure hash) and the normalised chat id.
 * Returns the salon (read once, for the limits and the assistant). Refuses the message past the
 * chat's budget (429); past the model's, the built-in assistant answers (withModelBudget).
 */
async function admitMessage(
  deps: AppDeps,
  context: ChatContext,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<{ salon: SalonRow; assistant: AssistantDeps }> {
  const salon = await requireSalonForChat(deps.db, context.salonId)
  await enforceLimit(deps, PER_CHAT, `${salon.id}:${normalisedChatId(context.chatId)}`, reply)
  return { salon, assistant: await withModelBudget({ ...deps, log }, salon) }
}
