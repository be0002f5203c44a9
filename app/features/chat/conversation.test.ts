// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadConversation, newMessage, saveConversation } from './conversation'

afterEach(() => {
  sessionStorage.clear()
  vi.restoreAllMocks()
})

describe('the conversation of a tab', () => {
  it('starts empty with a new chat ID', () => {
    const conversation = loadConversation('SAL001')
    expect(conversation.messages).toEqual([])
    expect(conversation.chatId).toMatch(/^web-session-SAL001-\d+-[a-z0-9]+$/)
  })

  it('comes back after a reload, per salon', () => {
    const hello = newMessage({ role: 'user', content: 'Bonjour\nune coupe' })
    saveConversation('SAL001', { chatId: 'web-session-SAL001-1-a', messages: [hello] })
    saveConversation('SAL002', { chatId: 'web-session-SAL002-1-b', messages: [] })
    expect(loadConversation('SAL001')).toEqual({ chatId: 'web-session-SAL001-1-a', messages: [hello] })
    expect(loadConversation('SAL002')).toEqual({ chatId: 'web-session-SAL002-1-b', messages: [] })
  })

  it('forgets the previous chat when a new one starts', () => {
    saveConversation('SAL001', { chatId: 'old', messages: [newMessage({ role: 'user', content: 'a' })] })
    saveConversation('SAL001', { chatId: 'new', messages: [] })
    expect(sessionStorage.getItem('salonia-chat:SAL001:old')).toBeNull()
    expect(loadConversation('SAL001')).toEqual({ chatId: 'new', messages: [] })
  })

  it('keeps only well-formed messages, and starts anew when the storage is unreadable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ok = newMessage({ role: 'assistant', content: 'Bienvenue', welcome: 'new' })
    sessionStorage.setItem('salonia-chat:SAL001', 'chat-1')
    sessionStorage.setItem('salonia-chat:SAL001:chat-1', JSON.stringify([ok, { role: 'robot' }, null]))
    expect(loadConversation('SAL001').messages).toEqual([ok])

    sessionStorage.setItem('salonia-chat:SAL001:chat-1', '{not json')
    const fresh = loadConversation('SAL001')
    expect(fresh.messages).toEqual([])
    expect(fresh.chatId).not.toBe('chat-1')
    expect(warn).toHaveBeenCalledOnce()
  })
})
