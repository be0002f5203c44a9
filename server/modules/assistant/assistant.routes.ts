import type { FastifyRequest } from 'fastify'
import { chatReplySchema, chatRequestSchema } from '../../../common/schemas/chat'
import type { App, AppDeps } from '../../http/types'
import { handleChatMessage } from './assistant.usecases'

/** Messages one chat may send per minute: a fast typist, not a script. */
export const CHAT_MESSAGES_PER_MINUTE = 30

/**
 * Each chat has its own allowance (salon + chat id, read once the body is parsed), so customers
 * behind one shared address (a shop's Wi-Fi, a carrier's NAT) do not slow each other down; a body
 * without a readable context counts against its client's address.
 */
function chatKey(request: FastifyRequest): string {
  const context = (request.body as { context?: { salonId?: unknown; chatId?: unknown } } | undefined)?.context
  return typeof context?.salonId === 'string' && typeof context.chatId === 'string'
    ? `chat:${context.salonId.toUpperCase()}:${context.chatId}`
    : `ip:${request.ip}`
}

/**
 * The web chat (DESIGN.md "Contracts"). `/api/mcp/chat` is the chat screen's default mode and
 * `/api/ai/chat` the legacy one; both reach the same assistant.
 */
export function assistantRoutes(app: App, deps: AppDeps): void {
  for (const url of ['/api/mcp/chat', '/api/ai/chat']) {
    app.post(
      url,
      {
        config: {
          access: 'public',
          rateLimit: {
            max: CHAT_MESSAGES_PER_MINUTE,
            timeWindow: '1 minute',
            hook: 'preValidation',
            keyGenerator: chatKey,
          },
        },
        schema: { body: chatRequestSchema, response: { 200: chatReplySchema } },
      },
      async (request) =>
        handleChatMessage({ ...deps, log: request.log }, 'web', request.body.message, request.body.context),
    )
  }
}
