import { apiRequest } from '@app/lib/api'
import type { ChatContext, ChatReply, IcsData, SalonMessage } from '@common/schemas/chat'

/** MCP mode (the default) or the legacy assistant, chosen by the link (spec §2). */
export type ChatMode = 'mcp' | 'legacy'

/**
 * CHAT_MESSAGE_MAX_LENGTH of common/schemas/chat.ts (a test keeps them equal): importing it would
 * bring zod into the chat's first load.
 */
export const MESSAGE_MAX_LENGTH = 2000

const ENDPOINTS: Record<ChatMode, string> = { mcp: '/api/mcp/chat', legacy: '/api/ai/chat' }

const isIcsData = (value: unknown): value is IcsData =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as IcsData).content === 'string' &&
  typeof (value as IcsData).filename === 'string'

/** The customer's own booking page: an address of our server's (http or https), nothing else is made a link. */
export const isBookingLink = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/[^\s/]+\/r\/[\w-]+$/.test(value)

/**
 * Sends one message and answers the assistant's reply. Checked by hand rather than with the zod
 * schema so the chat's first load does not carry zod.
 */
export async function sendChatMessage(mode: ChatMode, message: string, context: ChatContext): Promise<ChatReply> {
  const response = await apiRequest('POST', ENDPOINTS[mode], { message, context })
  const body: unknown = await response.json()
  const reply = body as Partial<ChatReply> | null
  if (typeof reply?.response !== 'string') throw new Error('The assistant answered without a reply')
  const suggestions = suggestionsOf(reply.suggestions)
  return {
    response: reply.response,
    ...(isIcsData(reply.icsData) ? { icsData: reply.icsData } : {}),
    ...(isBookingLink(reply.bookingLink) ? { bookingLink: reply.bookingLink } : {}),
    ...(suggestions ? { suggestions } : {}),
  }
}

export type Suggestion = NonNullable<ChatReply['suggestions']>[number]

/** The answers a reply offers to tap, kept only when well formed (a few short strings). */
export function suggestionsOf(value: unknown): Suggestion[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > 13) return undefined
  const valid = value.every((s) => {
    const o = s as Partial<Suggestion> | null
    return typeof o?.label === 'string' && typeof o.says === 'string' && o.label.length <= 120 && o.says.length <= 200
  })
  return valid ? (value as Suggestion[]) : undefined
}

const isSalonMessage = (value: unknown): value is SalonMessage => {
  const m = value as Partial<SalonMessage> | null
  return typeof m?.id === 'string' && typeof m.text === 'string' && typeof m.sentAt === 'string'
}

/** What the salon told this customer since `since`, that instant included (moves, cancellations), oldest first. */
export async function fetchSalonMessages(salonId: string, userId: string, since?: string): Promise<SalonMessage[]> {
  const query = new URLSearchParams({ salonId, userId, ...(since ? { since } : {}) })
  const response = await apiRequest('GET', `/api/chat/salon-messages?${query}`)
  const body = (await response.json()) as { messages?: unknown } | null
  return Array.isArray(body?.messages) ? body.messages.filter(isSalonMessage) : []
}

/**
 * Hands the calendar file to the server, which sends it back as a download, and saves it under its
 * name. A failure is only logged (spec §8).
 */
export async function downloadIcs(ics: IcsData): Promise<void> {
  try {
    const response = await apiRequest('POST', '/api/ics/download', { icsContent: ics.content, filename: ics.filename })
    const url = URL.createObjectURL(await response.blob())
    const link = document.createElement('a')
    link.href = url
    link.download = ics.filename
    link.hidden = true
    document.body.append(link)
    link.click()
    link.remove()
    // Some browsers read the blob after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  } catch (error) {
    console.error('The calendar file could not be downloaded', error)
  }
}

/** The query of the salon a chat link names (public ID or hash): the server fills it in its render. */
export function salonChatQueryKey(salonId: string): [string, string] {
  return ['/api/salon', encodeURIComponent(salonId)]
}
