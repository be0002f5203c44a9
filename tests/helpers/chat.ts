import type { App } from '@server/http/types'
import type { LightMyRequestResponse } from 'fastify'

/** A customer's chat as the chat screen identifies it: who writes, from where, in which chat. */
export interface TestChat {
  /** Each customer writes from their own address (limits are per chat, but addresses differ). */
  ip: string
  userId: string
  chatId: string
  name: string
  phone?: string | undefined
  language: 'fr' | 'de' | 'it' | 'en'
}

let counter = 0

/** A new chat with its own ids and address. */
export function newTestChat(language: TestChat['language'] = 'fr', name = 'Alex', label = 'chat'): TestChat {
  counter += 1
  return {
    ip: `10.${Math.floor(counter / 62500) % 250}.${Math.floor(counter / 250) % 250}.${counter % 250}`,
    userId: `user-${label}-${counter}`,
    chatId: `web-session-SAL001-${label}-${counter}`,
    name,
    language,
  }
}

/** Sends one message of this chat to the chat API, as the chat screen does. */
export function postChat(
  app: App,
  chat: TestChat,
  message: unknown,
  options: {
    salonId?: string
    url?: '/api/mcp/chat' | '/api/ai/chat'
    /** Fields of the context to add or replace (a profile's e-mail, a phone added later). */
    context?: Record<string, unknown>
  } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/mcp/chat',
    remoteAddress: chat.ip,
    payload: {
      message,
      context: {
        userId: chat.userId,
        chatId: chat.chatId,
        clientName: chat.name,
        clientPhone: chat.phone,
        language: chat.language,
        salonId: options.salonId ?? 'SAL001',
        ...options.context,
      },
    },
  })
}
