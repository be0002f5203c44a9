import type { Channel, Delivery } from '@server/modules/customers/channels'
import { TelegramBlocked, TelegramFlood, TelegramOutcomeUnknown, TelegramUnavailable } from './telegram-api'
import {
  forgetTelegramChats,
  markTelegramBlocked,
  sendTelegramText,
  telegramChatOf,
  tellOnTelegram,
} from './telegram-reach'

/**
 * Telegram as a channel: a customer who wrote to the salon's bot is reached in that chat (not once
 * they blocked the bot). Notices join the chat's ordered outbox and count as told once delivered.
 */
export const telegramChannel: Channel<number> = {
  name: 'telegram',
  configured: (config) => config.telegram !== undefined,

  async reach(deps, db, { salon, customer }) {
    if (!deps.config.telegram) return undefined
    return telegramChatOf(db, salon.id, customer.id)
  },

  async sendNow(deps, chatId, message): Promise<Delivery> {
    const telegram = deps.config.telegram
    if (!telegram) return { outcome: 'failed', reason: 'telegram_unavailable', detail: 'not configured' }
    try {
      await sendTelegramText(telegram, chatId, message.text)
      return { outcome: 'sent', detail: null }
    } catch (error) {
      const detail = (error as Error).message.slice(0, 300)
      if (error instanceof TelegramBlocked) {
        await markTelegramBlocked(deps.db, chatId, deps.clock.now())
        return { outcome: 'refused', reason: 'telegram_blocked', detail }
      }
      if (error instanceof TelegramOutcomeUnknown)
        return { outcome: 'unconfirmed', reason: 'telegram_unconfirmed', detail }
      const down = error instanceof TelegramUnavailable || error instanceof TelegramFlood
      return { outcome: 'failed', reason: 'telegram_unavailable', detail, ...(down ? { retryable: error } : {}) }
    }
  },

  async leaveNotice(deps, db, chatId, notice, { salon, customer }) {
    await tellOnTelegram(deps, db, {
      chatId,
      salonId: salon.id,
      customerId: customer.id,
      bookingEventId: notice.bookingEventId,
      text: notice.text,
    })
    return 'pending'
  },

  async forget(db, _salonId, externalIds, now) {
    await forgetTelegramChats(db, externalIds.map(Number), now)
  },
}
