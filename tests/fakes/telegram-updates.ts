import { randomInt } from 'node:crypto'
import type { FakeDocument, FakeSentMessage, FakeTelegramUser } from './telegram'

/**
 * The updates the fake Telegram (telegram.ts) creates, and the people who cause them: customers
 * who write, tap buttons, share their number, block the bot; groups the bot is added to. Objects
 * in the Bot API's own shapes (https://core.telegram.org/bots/api): User, Chat, Message,
 * CallbackQuery, ChatMemberUpdated; snake_case, optional fields left out (never null), as Telegram does.
 */

export type Json = Record<string, unknown>

/** A person on Telegram, as the fake knows them (a customer, a group member). */
export interface Person {
  id: number
  firstName: string
  lastName?: string
  username?: string
  languageCode?: string
}

/** Unix seconds: every `date` in the Bot API. */
export const unixNow = (): number => Math.floor(Date.now() / 1000)

/** A random string of digits, as Telegram's callback query ids and chat instances are. */
export const digits = (length: number): string =>
  Array.from({ length }, (_, i) => String(randomInt(i === 0 ? 1 : 0, 10))).join('')

export function userJson(person: Person): Json {
  return {
    id: person.id,
    is_bot: false,
    first_name: person.firstName,
    ...(person.lastName ? { last_name: person.lastName } : {}),
    ...(person.username ? { username: person.username } : {}),
    ...(person.languageCode ? { language_code: person.languageCode } : {}),
  }
}

export function privateChatJson(person: Person): Json {
  return {
    id: person.id,
    type: 'private',
    first_name: person.firstName,
    ...(person.lastName ? { last_name: person.lastName } : {}),
    ...(person.username ? { username: person.username } : {}),
  }
}

export function groupChatJson(id: number, title: string): Json {
  return { id, type: 'group', title, all_members_are_administrators: true }
}

/**
 * The text and its entities as a Telegram client sends them: a leading "/command" (or
 * "/command@bot") is a bot_command entity, which is how bots tell commands from words.
 */
export function textFields(text: string): Json {
  const command = /^\/[A-Za-z0-9_]{1,32}(@[A-Za-z0-9_]{5,32})?/.exec(text)
  return {
    text,
    ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
  }
}

/** A Message as it travels in an update or an answer: id, sender, chat, date, then its content. */
export function messageJson(messageId: number, from: Json, chat: Json, content: Json, date = unixNow()): Json {
  return { message_id: messageId, from, chat, date, ...content }
}

/** Only inline keyboards come back in a Message; reply keyboards are the client's business. */
export function inlineMarkup(markup: Json | undefined): Json | undefined {
  const rows = markup?.inline_keyboard
  return Array.isArray(rows) && rows.some((row) => Array.isArray(row) && row.length > 0) ? markup : undefined
}

/** The inline keyboard's buttons, row after row. */
export function inlineButtons(markup: Json | undefined): Json[] {
  const rows = inlineMarkup(markup)?.inline_keyboard as unknown[][] | undefined
  return (rows ?? []).flat().filter((button): button is Json => typeof button === 'object' && button !== null)
}

/** The bot's own status in a chat changed (blocked, unblocked, added to or removed from a group). */
export function chatMemberJson(chat: Json, from: Json, bot: Json, before: string, after: string): Json {
  const member = (status: string) => ({ user: bot, status, ...(status === 'kicked' ? { until_date: 0 } : {}) })
  return { chat, from, date: unixNow(), old_chat_member: member(before), new_chat_member: member(after) }
}

/** The kind of an update: its one field besides update_id (what allowed_updates filters on). */
export function updateKind(update: Json): string {
  return Object.keys(update).find((key) => key !== 'update_id') ?? ''
}

/** Telegram's default when allowed_updates is empty or never given: all but these. */
export const NOT_BY_DEFAULT = ['chat_member', 'message_reaction', 'message_reaction_count']

/** A chat as the fake knows it. */
export interface ChatState {
  json: Json
  /** A private chat opens when the user first writes; before, the bot may not write to them. */
  started: boolean
  blocked: boolean
  left: boolean
  /** Message ids count up per chat, the user's and the bot's alike. */
  lastMessageId: number
  /** callback_query.chat_instance: one per chat. */
  instance: string
}

/** What the simulated people need from the fake. */
export interface World {
  bot: Json
  chats: Map<number, ChatState>
  people: Map<number, Person>
  /** Callback query ids created by taps, which answerCallbackQuery accepts once. */
  callbackIds: Set<string>
  sent: FakeSentMessage[]
  documents: FakeDocument[]
  /** Numbers the update, queues it for delivery (unless `deliver` is false), returns its update_id. */
  emit(body: Json, deliver?: boolean): number
}

export function openChat(world: World, id: number, json: Json): ChatState {
  const known = world.chats.get(id)
  if (known) return known
  const chat = { json, started: false, blocked: false, left: false, lastMessageId: 0, instance: `-${digits(18)}` }
  world.chats.set(id, chat)
  return chat
}

/** What a message the bot sent carries, as Telegram echoes it (text, entities, inline keyboard). */
export function sentContent(message: FakeSentMessage): Json {
  const markup = inlineMarkup(message.replyMarkup)
  return { ...textFields(message.text), ...(markup ? { reply_markup: markup } : {}) }
}

export function simulatedUser(world: World, given: Partial<Person>): FakeTelegramUser {
  const fresh = () => randomInt(100_000_000, 2_000_000_000)
  let id = given.id ?? fresh()
  while (given.id === undefined && world.chats.has(id)) id = fresh()
  const person: Person = { firstName: 'Camille', ...given, id }
  world.people.set(id, person)
  const from = userJson(person)
  const chat = openChat(world, id, privateChatJson(person))
  const member = (before: string, after: string) =>
    world.emit({ my_chat_member: chatMemberJson(chat.json, from, world.bot, before, after) })
  const write = (content: Json): number => {
    if (chat.blocked) throw new Error(`User ${id} blocked the bot: unblock() or start() first.`)
    chat.started = true
    return world.emit({ message: messageJson(++chat.lastMessageId, from, chat.json, content) })
  }
  const user: FakeTelegramUser = {
    ...person,
    start: async (payload) => {
      if (chat.blocked) await user.unblock()
      return write(textFields(payload ? `/start ${payload}` : '/start'))
    },
    say: async (text) => write(textFields(text)),
    shareContact: async (phone, of = id) => {
      const firstName = world.people.get(of)?.firstName ?? 'Contact'
      return write({ contact: { phone_number: phone, first_name: firstName, user_id: of } })
    },
    tap: async (label, on) => {
      if (chat.blocked) throw new Error(`User ${id} blocked the bot: unblock() first.`)
      const target = on ?? user.messages().findLast((m) => inlineMarkup(m.replyMarkup))
      if (!target) throw new Error(`No message with an inline keyboard was sent to user ${id}.`)
      const buttons = inlineButtons(target.replyMarkup)
      const button = buttons.find((b) => b.text === label) ?? buttons.find((b) => b.callback_data === label)
      if (typeof button?.callback_data !== 'string') {
        const names = buttons.map((b) => JSON.stringify(b.text)).join(', ') || 'none'
        throw new Error(`No callback button "${label}" on message ${target.messageId}; its buttons: ${names}.`)
      }
      const queryId = digits(19)
      world.callbackIds.add(queryId)
      const where = world.chats.get(target.chatId) ?? chat
      const message = messageJson(target.messageId, world.bot, where.json, sentContent(target), target.date)
      const query = { id: queryId, from, message, chat_instance: where.instance, data: button.callback_data }
      return world.emit({ callback_query: query })
    },
    block: async () => {
      chat.blocked = true
      return member('member', 'kicked')
    },
    unblock: async () => {
      chat.blocked = false
      return member('kicked', 'member')
    },
    messages: () => world.sent.filter((m) => m.chatId === id),
    documents: () => world.documents.filter((d) => d.chatId === id),
  }
  return user
}

/** A group the bot was just added to (my_chat_member 'left' → 'member', from the member who added it). */
export function simulatedGroup(
  world: World,
  given: { id?: number; title?: string; member?: FakeTelegramUser },
): { id: number; say(text: string): Promise<number> } {
  const member = given.member ?? simulatedUser(world, { firstName: 'Gabriel' })
  const from = userJson(world.people.get(member.id) ?? member)
  const id = given.id ?? -randomInt(4_000_000_000, 4_999_999_999)
  const chat = openChat(world, id, groupChatJson(id, given.title ?? 'Les amies du salon'))
  chat.started = true
  world.emit({ my_chat_member: chatMemberJson(chat.json, from, world.bot, 'left', 'member') })
  return {
    id,
    // Once the bot has left, members still talk, but no update reaches the bot.
    say: async (text) =>
      world.emit({ message: messageJson(++chat.lastMessageId, from, chat.json, textFields(text)) }, !chat.left),
  }
}
