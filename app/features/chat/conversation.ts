import type { ChatReply, IcsData } from '@common/schemas/chat'
import { newChatId } from './profile'

/** One message of the conversation (spec §3), as the screen keeps it. */
export interface ChatMessage {
  id: string
  role: 'user' | 'assistant'
  content: string
  /** ISO instant. */
  timestamp: string
  /** A calendar file attached to a reply that booked or moved an appointment. */
  icsData?: IcsData
  /** The customer's own page of what the reply booked or moved (cancel, move). */
  bookingLink?: string
  /** Answers to tap instead of typing (yes/no, the times offered…), shown under the newest reply only. */
  suggestions?: ChatReply['suggestions']
  /** The assistant's apology for a failed send, shown with a cross. */
  error?: true
  /** Written by the salon (a move, a cancellation), not an answer to the customer. */
  fromSalon?: true
  /**
   * The salon's greeting, written in the language of the moment rather than stored: 'returning' for a
   * customer seen here within the returning window, 'new' otherwise.
   */
  welcome?: 'new' | 'returning'
}

export interface Conversation {
  chatId: string
  messages: ChatMessage[]
}

let counter = 0
export function newMessage(fields: Omit<ChatMessage, 'id' | 'timestamp'>, now = new Date()): ChatMessage {
  counter += 1
  return { id: `${now.getTime()}-${counter}`, timestamp: now.toISOString(), ...fields }
}

/** Where the current chat of a salon is remembered, then its messages (per salon and chatId). */
const currentKey = (salonId: string) => `salonia-chat:${salonId}`
const messagesKey = (salonId: string, chatId: string) => `salonia-chat:${salonId}:${chatId}`

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false
  const m = value as Record<string, unknown>
  return (
    typeof m.id === 'string' &&
    (m.role === 'user' || m.role === 'assistant') &&
    typeof m.content === 'string' &&
    typeof m.timestamp === 'string'
  )
}

/** The salon's conversation of this browser tab (kept through a reload), or a new empty one. */
export function loadConversation(salonId: string, storage: Storage | undefined = safeSessionStorage()): Conversation {
  try {
    const chatId = storage?.getItem(currentKey(salonId))
    if (chatId) {
      const stored: unknown = JSON.parse(storage?.getItem(messagesKey(salonId, chatId)) ?? '[]')
      const messages = Array.isArray(stored) ? stored.filter(isMessage) : []
      return { chatId, messages }
    }
  } catch (error) {
    console.warn('Starting a new conversation: the stored one is unreadable', error)
  }
  return { chatId: newChatId(salonId, new Date()), messages: [] }
}

export function saveConversation(
  salonId: string,
  conversation: Conversation,
  storage: Storage | undefined = safeSessionStorage(),
): void {
  try {
    const previous = storage?.getItem(currentKey(salonId))
    if (previous && previous !== conversation.chatId) storage?.removeItem(messagesKey(salonId, previous))
    storage?.setItem(currentKey(salonId), conversation.chatId)
    storage?.setItem(messagesKey(salonId, conversation.chatId), JSON.stringify(conversation.messages))
  } catch {
    // Storage full or disabled: the conversation then lasts as long as the page.
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined // blocked by the browser's settings
  }
}
