import { CHAT_MESSAGE_MAX_LENGTH, chatContextSchema } from '@common/schemas/chat'
import { describe, expect, it } from 'vitest'
import { MESSAGE_MAX_LENGTH } from './chat-api'
import { NAME_MAX_LENGTH, newChatId, newSessionId, PHONE_MAX_LENGTH } from './profile'

describe("the chat's limits", () => {
  it('are those of the chat contract', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(CHAT_MESSAGE_MAX_LENGTH)
    const now = new Date('2026-12-01T08:30:00+01:00')
    const context = {
      userId: newSessionId(now),
      chatId: newChatId('SAL001', now),
      clientName: 'M'.repeat(NAME_MAX_LENGTH),
      clientPhone: '6'.repeat(PHONE_MAX_LENGTH),
      language: 'fr',
      salonId: 'SAL001',
    }
    expect(chatContextSchema.safeParse(context).success).toBe(true)
    expect(chatContextSchema.safeParse({ ...context, clientName: `${context.clientName}a` }).success).toBe(false)
    expect(chatContextSchema.safeParse({ ...context, clientPhone: `${context.clientPhone}6` }).success).toBe(false)
    expect(context.chatId).toMatch(new RegExp(`^web-session-SAL001-${now.getTime()}-[a-z0-9]+$`))
  })
})
