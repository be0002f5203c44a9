import { useHydrating } from '@app/lib/hydration'
import { currentLanguage } from '@app/lib/i18n'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ChatMode, sendChatMessage } from './chat-api'
import { type ChatMessage, type Conversation, loadConversation, newMessage, saveConversation } from './conversation'
import { type CustomerProfile, newChatId } from './profile'
import { useSalonMessages } from './salon-messages'

export type Greeting = NonNullable<ChatMessage['welcome']>

const welcomeMessage = (greeting: Greeting) => newMessage({ role: 'assistant', content: '', welcome: greeting })

/**
 * The conversation with the salon's assistant: kept in the tab's session storage per salon and
 * chat, greeted once the salon and the customer are known, one message on its way at a time. The
 * typing indicator (`pending`) lasts exactly as long as the request: no simulated delay.
 */
export function useChat({
  salonId,
  mode,
  profile,
  greeting,
}: {
  /** The link's salon: public ID or secure hash, sent as is (the server accepts both). */
  salonId: string
  mode: ChatMode
  profile: CustomerProfile | null
  /** Which welcome to show, once the salon and the customer are known; null until then. */
  greeting: Greeting | null
}) {
  const { t } = useTranslation()
  // The tab's conversation is read after hydration (the server rendered none: a chat without an
  // ID stands for "not read yet"), and saved once read.
  const hydrating = useHydrating()
  const [conversation, setConversation] = useState<Conversation>(() =>
    hydrating ? { chatId: '', messages: [] } : loadConversation(salonId),
  )
  const loaded = conversation.chatId !== ''
  const [pending, setPending] = useState(false)
  // Refs answer "is a reply on its way, and for which chat" without waiting for a render.
  const pendingRef = useRef(false)
  const chatIdRef = useRef(conversation.chatId)

  useEffect(() => {
    if (loaded) return
    const stored = loadConversation(salonId)
    chatIdRef.current = stored.chatId
    setConversation(stored)
  }, [loaded, salonId])

  useEffect(() => {
    if (loaded) saveConversation(salonId, conversation)
  }, [loaded, salonId, conversation])

  useEffect(() => {
    if (!greeting || !loaded) return
    setConversation((current) =>
      current.messages.length > 0 ? current : { ...current, messages: [welcomeMessage(greeting)] },
    )
  }, [greeting, loaded])

  const append = useCallback((chatId: string, message: ChatMessage) => {
    setConversation((current) =>
      current.chatId === chatId ? { ...current, messages: [...current.messages, message] } : current,
    )
  }, [])

  // Once greeted (the salon and the customer known), what the salon wrote to this customer since
  // the device last showed it joins the conversation, whichever chat is open.
  useSalonMessages(salonId, greeting ? profile?.sessionId : undefined, (found) =>
    setConversation((current) => {
      const shown = new Set(current.messages.map((m) => m.id))
      const fresh = found
        .filter((m) => !shown.has(`salon-${m.id}`))
        .map((m) => ({
          id: `salon-${m.id}`,
          role: 'assistant' as const,
          content: m.text,
          timestamp: m.sentAt,
          fromSalon: true as const,
        }))
      return fresh.length > 0 ? { ...current, messages: [...current.messages, ...fresh] } : current
    }),
  )

  /** Sends the text unless it is blank or a reply is pending; true when it left. */
  const send = useCallback(
    (text: string): boolean => {
      const message = text.trim()
      if (!message || !profile || pendingRef.current) return false
      const chatId = chatIdRef.current
      pendingRef.current = true
      setPending(true)
      append(chatId, newMessage({ role: 'user', content: message }))
      const context = {
        userId: profile.sessionId,
        chatId,
        clientName: profile.name,
        clientPhone: profile.phone,
        clientEmail: profile.email,
        language: currentLanguage(),
        salonId,
      }
      sendChatMessage(mode, message, context)
        .then(
          (reply) =>
            newMessage({
              role: 'assistant',
              content: reply.response,
              icsData: reply.icsData,
              bookingLink: reply.bookingLink,
              suggestions: reply.suggestions,
            }),
          (error: unknown) => {
            console.error('The message could not be sent', error)
            return newMessage({ role: 'assistant', content: t('chat.errors.send'), error: true })
          },
        )
        .then((answer) => {
          // A reply to a chat that was reset since is dropped, and no longer holds the new one.
          if (chatIdRef.current !== chatId) return
          // The answer and the end of the wait land in one render: the next message can leave as soon
          // as the answer shows.
          pendingRef.current = false
          setPending(false)
          append(chatId, answer)
        })
      return true
    },
    [append, mode, profile, salonId, t],
  )

  /** An assistant message written by the screen itself (the profile confirmation). */
  const say = useCallback(
    (content: string) => append(chatIdRef.current, newMessage({ role: 'assistant', content })),
    [append],
  )

  /** A new chat: new chatId, only the welcome message — the one this tab's conversation opened with. */
  const reset = useCallback(() => {
    const chatId = newChatId(salonId, new Date())
    chatIdRef.current = chatId
    pendingRef.current = false
    setPending(false)
    setConversation((current) => {
      const welcome = current.messages.find((m) => m.welcome)?.welcome ?? greeting
      return { chatId, messages: welcome ? [welcomeMessage(welcome)] : [] }
    })
  }, [greeting, salonId])

  return { messages: conversation.messages, chatId: conversation.chatId, pending, send, say, reset }
}
