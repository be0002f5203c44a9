import { type Language, languageOfCountry } from '@common/languages'
import { CHAT_MESSAGE_MAX_LENGTH, type ChatContext } from '@common/schemas/chat'
import type { Executor } from '@server/db/client'
import type { SalonRow, TelegramChatRow } from '@server/db/schema'
import { consumeLimit } from '@server/http/rate-limits'
import { handleChatMessage } from '@server/modules/assistant/assistant.usecases'
import { PER_CHAT, withModelBudget } from '@server/modules/assistant/chat-budgets'
import { readState } from '@server/modules/assistant/conversation/state-storage'
import { findConversation } from '@server/modules/assistant/conversations.repository'
import { PHRASES } from '@server/modules/assistant/phrases'
import { findCustomerByIdentity, keepChatContact } from '@server/modules/customers/customers.usecases'
import { findSalonById, findSalonByPublicIdOrHash } from '@server/modules/salons/salons.repository'
import type { CallbackQuery, Chat, Message, Update, User } from 'grammy/types'
import * as repo from './telegram.repository'
import { queueMessages, type TelegramDeps, textPart } from './telegram-deps'
import { decodeButton, replyParts, type TelegramPart, tapAsMessage } from './telegram-parts'
import { languageOfTelegram, TELEGRAM_TEXTS } from './telegram-texts'

/**
 * Job `telegram.chat`: answers a chat's pending updates, oldest first. Each update ends in the
 * transaction that queues its answer (the assistant's, for a message to a salon), so a crash
 * before it commits answers it again from the start, and after it never twice.
 */

/** Tries at one update before the customer is asked to write again: one bad update never blocks a chat. */
export const UPDATE_ATTEMPTS = 5

const TYPING_EVERY_MS = 4000

export async function answerChat(deps: TelegramDeps, chatId: number): Promise<void> {
  for (;;) {
    const row = await repo.nextPendingUpdate(deps.db, chatId)
    if (!row) return
    const attempts = await repo.countAttempt(deps.db, row.updateId)
    if (attempts > UPDATE_ATTEMPTS) {
      deps.log.warn(
        { chatId, updateId: row.updateId },
        'a Telegram update failed every try; the customer is asked to write again',
      )
      const chat = await repo.findChat(deps.db, chatId)
      await finish(deps, row.updateId, chatId, [textPart(TELEGRAM_TEXTS[botLanguage(chat)].failed)], 'failed')
      continue
    }
    await answerUpdate(deps, row.updateId, row.update as Update)
  }
}

/**
 * One update, whatever shape the Bot API gives it: every optional field may be missing (a
 * profile without a first name, a message without text or sender, a tap without its message).
 * Nothing here throws for want of a field: the update is answered or dropped, and finished.
 */
async function answerUpdate(deps: TelegramDeps, updateId: number, update: Update): Promise<void> {
  if (update.my_chat_member) return memberChanged(deps, updateId, update.my_chat_member)
  if (update.callback_query) return answerCallback(deps, updateId, update.callback_query)
  const message = update.message
  const chat = message?.chat
  if (!message || !chat) return finish(deps, updateId, 0, [])
  if (chat.type !== 'private') {
    // Groups and channels never reach the assistant: customers' bookings are private.
    await bestEffort(deps, deps.api.leaveChat(chat.id))
    return finish(deps, updateId, chat.id, [])
  }
  // In a private chat the sender is the chat's user (`from` is only documented absent in channels).
  const from = message.from ?? userOfChat(chat)
  if (from.is_bot || from.id !== chat.id) return finish(deps, updateId, chat.id, [])
  const row = await repo.keepChat(deps.db, chatOf(from), deps.clock.now())
  const texts = TELEGRAM_TEXTS[botLanguage(row)]

  if (message.contact) return keepPhone(deps, updateId, row, from, message.contact)
  const text = typeof message.text === 'string' ? message.text : undefined
  const command = /^\/([a-z]+)(?:@\w+)?(?:\s+(.*))?$/is.exec(text ?? '')
  if (command) {
    const name = command[1]?.toLowerCase()
    if (name === 'start') return start(deps, updateId, row, command[2]?.trim())
    if (name === 'phone') return finish(deps, updateId, chat.id, [askPhone(texts)])
    return finish(deps, updateId, chat.id, [textPart(texts.help)])
  }
  if (!text) return finish(deps, updateId, chat.id, [textPart(texts.textOnly)])
  return converse(deps, updateId, row, from, text)
}

/**
 * A button pressed. The bot sends buttons in private chats only, whose id is their user's: a tap
 * whose message Telegram no longer gives (too old) is placed in the presser's private chat. A tap
 * on a message of another chat, on an inline-mode message (the bot has none) or from a bot is
 * answered — the customer's spinner stops — and dropped.
 */
async function answerCallback(deps: TelegramDeps, updateId: number, callback: CallbackQuery): Promise<void> {
  const from = callback.from as User | undefined
  const message = callback.message
  // The tap's chat: its message's, else the presser's private chat (none for an inline-mode message).
  const chat: Pick<Chat, 'id' | 'type'> | undefined = message
    ? message.chat
    : from && !callback.inline_message_id
      ? { id: from.id, type: 'private' }
      : undefined
  if (!from || from.is_bot || chat?.type !== 'private' || chat.id !== from.id) {
    await bestEffort(deps, deps.api.answerCallbackQuery(callback.id))
    if (chat && chat.type !== 'private') await bestEffort(deps, deps.api.leaveChat(chat.id))
    return finish(deps, updateId, chat?.id ?? 0, [])
  }
  const row = await repo.keepChat(deps.db, chatOf(from), deps.clock.now())
  // An inaccessible message (date 0) cannot be edited any more.
  if (message && message.date !== 0) {
    await bestEffort(deps, deps.api.editMessageReplyMarkup(chat.id, message.message_id))
  }
  return answerTap(deps, updateId, row, from, callback.id, callback.data)
}

/** `/start <salon>` from a salon's link: the chat talks to that salon from now on. */
async function start(deps: TelegramDeps, updateId: number, chat: TelegramChatRow, payload: string | undefined) {
  const texts = TELEGRAM_TEXTS[botLanguage(chat)]
  if (!payload) return finish(deps, updateId, chat.chatId, [textPart(texts.noSalon)])
  const salon = await findSalonByPublicIdOrHash(deps.db, payload.slice(0, 64))
  if (!salon) return finish(deps, updateId, chat.chatId, [textPart(texts.unknownSalon)])
  const language = botLanguage(chat, salon)
  if (!salon.isActive) {
    return finish(deps, updateId, chat.chatId, [textPart(PHRASES[language].bookingClosed(salon.name))])
  }
  await deps.db.transaction(async (tx) => {
    await repo.updateChat(tx, chat.chatId, { salonId: salon.id }, deps.clock.now())
    await finishIn(deps, tx, updateId, chat.chatId, [textPart(TELEGRAM_TEXTS[language].greeting(salon.name))])
  })
}

/** A button pressed: said on the customer's behalf if the conversation still asks what it answers. */
async function answerTap(
  deps: TelegramDeps,
  updateId: number,
  chat: TelegramChatRow,
  from: User,
  callbackId: string,
  data: string | undefined,
) {
  const salon = await salonOf(deps, chat)
  const payload = decodeButton(data)
  const conversation = salon
    ? await findConversation(deps.db, { salonId: salon.id, channel: 'telegram', chatId: String(chat.chatId) })
    : undefined
  const state = readState(conversation?.state)
  const language = state.language ?? botLanguage(chat, salon)
  const said = salon && payload ? tapAsMessage(payload, state, language) : undefined
  await bestEffort(
    deps,
    deps.api.answerCallbackQuery(callbackId, said ? {} : { text: TELEGRAM_TEXTS[language].expired }),
  )
  if (!said) return finish(deps, updateId, chat.chatId, [])
  return converse(deps, updateId, chat, from, said)
}

/** A message to the chat's salon, answered by the same assistant as the web chat. */
async function converse(deps: TelegramDeps, updateId: number, chat: TelegramChatRow, from: User, text: string) {
  const salon = await salonOf(deps, chat)
  const texts = TELEGRAM_TEXTS[botLanguage(chat, salon)]
  if (!salon) return finish(deps, updateId, chat.chatId, [textPart(texts.noSalon)])
  const budget = await consumeLimit(deps, PER_CHAT, `${salon.id}:telegram:${chat.chatId}`)
  if (budget.exceeded) {
    // Said once; past that, silence until the minute renews.
    return finish(deps, updateId, chat.chatId, budget.hits === PER_CHAT.max + 1 ? [textPart(texts.tooFast)] : [])
  }
  const cut = text.length > CHAT_MESSAGE_MAX_LENGTH
  const message = cut ? text.slice(0, CHAT_MESSAGE_MAX_LENGTH) : text
  const context: ChatContext = {
    userId: String(from.id),
    chatId: String(chat.chatId),
    clientName: nameOf(chat),
    clientPhone: chat.phone ?? undefined,
    clientEmail: undefined,
    language: botLanguage(chat, salon),
    salonId: salon.publicId,
  }
  // "typing…" lasts 5 seconds in Telegram: said again while a language model thinks.
  const typing = () => void bestEffort(deps, deps.api.sendChatAction(chat.chatId, 'typing'))
  typing()
  const typingAgain = setInterval(typing, TYPING_EVERY_MS)
  const assistant = await withModelBudget(deps, salon)
  let recorded = false
  const reply = await handleChatMessage(assistant, salon, 'telegram', message, context, {
    record: async (tx, result, language) => {
      recorded = true
      const parts = replyParts(result, language, {
        linkButtons: deps.config.publicUrl.startsWith('https://'),
        askPhone: result.booked === true && !chat.phone,
      })
      const notice = cut ? [textPart(TELEGRAM_TEXTS[language].cut(CHAT_MESSAGE_MAX_LENGTH))] : []
      await finishIn(deps, tx, updateId, chat.chatId, [...notice, ...parts])
    },
  }).finally(() => clearInterval(typingAgain))
  // A closed salon's answer comes without the dialogue (nothing to record with it).
  if (!recorded) await finish(deps, updateId, chat.chatId, [textPart(reply.response)])
}

/** The number shared with the "share my number" button: the customer's own only. */
async function keepPhone(
  deps: TelegramDeps,
  updateId: number,
  chat: TelegramChatRow,
  from: User,
  contact: NonNullable<Message['contact']>,
) {
  const salon = await salonOf(deps, chat)
  const texts = TELEGRAM_TEXTS[botLanguage(chat, salon)]
  if (contact.user_id !== from.id) return finish(deps, updateId, chat.chatId, [askPhone(texts, texts.phoneNotYours)])
  const phone = `+${contact.phone_number.replace(/\D/g, '')}`.slice(0, 20)
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await repo.updateChat(tx, chat.chatId, { phone }, now)
    const customer = salon
      ? await findCustomerByIdentity(tx, salon.id, { channel: 'telegram', externalId: String(from.id) })
      : undefined
    if (customer) await keepChatContact(tx, customer, { phone }, now)
    await finishIn(deps, tx, updateId, chat.chatId, [{ kind: 'text', text: texts.phoneThanks, removeKeyboard: true }])
  })
}

/** The customer blocked the bot, or came back. */
async function memberChanged(deps: TelegramDeps, updateId: number, change: NonNullable<Update['my_chat_member']>) {
  const { chat, new_chat_member: member } = change
  const from = change.from as User | undefined
  if (chat.type !== 'private') {
    // Added to a group or a channel: say where the bot answers, then leave.
    if (member?.status === 'member' || member?.status === 'administrator') {
      const bot = await repo.findBot(deps.db)
      const language = languageOfTelegram(from?.language_code) ?? 'en'
      if (bot)
        await bestEffort(deps, deps.api.sendMessage(chat.id, TELEGRAM_TEXTS[language].groupsOnlyPrivate(bot.username)))
      await bestEffort(deps, deps.api.leaveChat(chat.id))
    }
    return finish(deps, updateId, chat.id, [])
  }
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await repo.keepChat(tx, chatOf(from ?? userOfChat(chat)), now)
    if (member?.status === 'kicked') await repo.markBlocked(tx, chat.id, now)
    await repo.finishUpdate(tx, updateId, 'done')
  })
}

/** Queues the parts and closes the update, in one transaction. */
async function finish(
  deps: TelegramDeps,
  updateId: number,
  chatId: number,
  parts: TelegramPart[],
  status: 'done' | 'failed' = 'done',
): Promise<void> {
  await deps.db.transaction((tx) => finishIn(deps, tx, updateId, chatId, parts, status))
}

async function finishIn(
  deps: TelegramDeps,
  tx: Executor,
  updateId: number,
  chatId: number,
  parts: TelegramPart[],
  status: 'done' | 'failed' = 'done',
): Promise<void> {
  await queueMessages(deps, tx, chatId, parts)
  await repo.finishUpdate(tx, updateId, status)
}

async function salonOf(deps: TelegramDeps, chat: TelegramChatRow): Promise<SalonRow | undefined> {
  return chat.salonId ? findSalonById(deps.db, chat.salonId) : undefined
}

/** The bot's own words: in the customer's Telegram language, else the salon's, else English. */
function botLanguage(chat: Pick<TelegramChatRow, 'languageCode'> | undefined, salon?: SalonRow): Language {
  return languageOfTelegram(chat?.languageCode) ?? (salon ? languageOfCountry(salon.country) : 'en')
}

/**
 * The chat row of a user's private chat (same id). The Bot API documents `first_name` as always
 * there, but an update without it is kept all the same (nameOf then says "Telegram").
 */
function chatOf(from: User): Pick<TelegramChatRow, 'chatId' | 'firstName' | 'lastName' | 'languageCode'> {
  return {
    chatId: from.id,
    firstName: textOf(from.first_name, 64) || null,
    lastName: textOf(from.last_name, 64),
    languageCode: textOf(from.language_code, 16),
  }
}

/** The user of a private chat, from the chat itself (whose id is theirs). */
function userOfChat(chat: Chat): User {
  const names = chat as Partial<Chat.PrivateChat>
  return {
    id: chat.id,
    is_bot: false,
    first_name: textOf(names.first_name, 64) ?? '',
    ...(names.last_name ? { last_name: names.last_name } : {}),
  }
}

const textOf = (value: unknown, max: number): string | null => (typeof value === 'string' ? value.slice(0, max) : null)

/** The customer's name as Telegram gives it, for the salon's agenda. */
function nameOf(chat: TelegramChatRow): string {
  const name = [chat.firstName, chat.lastName].filter(Boolean).join(' ').trim()
  return (name || 'Telegram').slice(0, 100)
}

function askPhone(texts: (typeof TELEGRAM_TEXTS)[Language], text = texts.phonePrompt): TelegramPart {
  return { kind: 'text', text, askContact: texts.sharePhone }
}

/** A call whose failure changes nothing for the customer (a typing action, a spinner stopped). */
async function bestEffort(deps: TelegramDeps, call: Promise<unknown>): Promise<void> {
  await call.catch((error: unknown) =>
    deps.log.info({ err: error instanceof Error ? error.name : 'error' }, 'a Telegram courtesy call failed'),
  )
}
