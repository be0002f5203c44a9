import type { TelegramConfig } from '@server/config'
import type { Executor } from '@server/db/client'
import { rememberSalonMessage } from '@server/modules/assistant/salon-messages'
import * as repo from './telegram.repository'
import { callTelegram, telegramApi } from './telegram-api'
import { sendPart } from './telegram-deliver'
import { queueMessages, type TelegramDeps, textPart } from './telegram-deps'
import { type InlineButton, splitText } from './telegram-parts'

/**
 * Reaching a salon's customer on Telegram from elsewhere in the product (reminders, the salon's
 * changes): the chat they wrote from, and a message sent now.
 */

/** The customer's Telegram chat with the bot, if they wrote to this salon from Telegram and did not block it. */
export async function telegramChatOf(db: Executor, salonId: string, customerId: string): Promise<number | undefined> {
  const [chatId] = await repo.telegramChatsOfCustomer(db, salonId, customerId)
  return chatId
}

export { markBlocked as markTelegramBlocked } from './telegram.repository'

/**
 * A salon's change told on Telegram: queued for the customer's chat in the change's telling
 * transaction (one message per booking event), and written into their Telegram conversations
 * with the salon. The event counts as told by Telegram once the message is delivered.
 */
export async function tellOnTelegram(
  deps: Pick<TelegramDeps, 'jobs' | 'clock'>,
  db: Executor,
  message: { chatId: number; salonId: string; customerId: string; bookingEventId: string; text: string },
): Promise<void> {
  const parts = splitText(message.text).map(textPart)
  await queueMessages(deps, db, message.chatId, parts, { kind: 'salon_change', bookingEventId: message.bookingEventId })
  await rememberSalonMessage(db, message, 'telegram')
}

/** Sends one message now; throws a TelegramFailure (telegram-api.ts) when it was not taken. */
export async function sendTelegramText(
  config: TelegramConfig,
  chatId: number,
  text: string,
  buttons?: InlineButton[][],
): Promise<void> {
  const api = telegramApi(config)
  await callTelegram(config.token, () => sendPart({ api }, chatId, { kind: 'text', text, buttons }))
}

/**
 * A customer's erasure at a salon: the bot forgets what it kept of their chats — the number they
 * shared, their names, the updates and messages not yet pruned. The chat itself stays (they may
 * write again, to this or another salon), with its salon link.
 */
export async function forgetTelegramChats(db: Executor, chatIds: number[], now: Date): Promise<void> {
  const valid = chatIds.filter((id) => Number.isSafeInteger(id))
  if (valid.length > 0) await repo.forgetChats(db, valid, now)
}
