import { addEventTeller } from '@server/modules/bookings/booking-events.repository'
import { InputFile } from 'grammy'
import type { InlineKeyboardButton, ReplyKeyboardMarkup } from 'grammy/types'
import * as repo from './telegram.repository'
import {
  TelegramBlocked,
  type TelegramFailure,
  TelegramFlood,
  TelegramRefused,
  TelegramUnavailable,
  telegramFailure,
} from './telegram-api'
import type { TelegramDeps } from './telegram-deps'
import type { TelegramPart } from './telegram-parts'

/**
 * Job `telegram.deliver`: sends a chat's queued messages in order, part after part, recording each
 * part Telegram accepted so a retry resumes after it. A part whose answer was lost (a time-out) is
 * sent again: a repeated line beats a lost answer in a conversation (reminders, which must never
 * arrive twice, are sent by their own job — see reminders/send-reminder.ts).
 */
export async function deliverChat(deps: TelegramDeps, chatId: number): Promise<void> {
  const chat = await repo.findChat(deps.db, chatId)
  if (chat?.blockedAt) {
    await repo.blockQueued(deps.db, chatId)
    return
  }
  for (const message of await repo.queuedMessages(deps.db, chatId)) {
    for (let index = message.partsSent; index < message.parts.length; index++) {
      const part = message.parts[index]
      if (!part) break
      const failure = await sendPart(deps, chatId, part).then(
        () => undefined,
        (error: unknown) => failureOf(error, deps.telegram.token),
      )
      if (failure instanceof TelegramBlocked) {
        await deps.db.transaction((tx) => repo.markBlocked(tx, chatId, deps.clock.now()))
        deps.log.info({ chatId }, 'a Telegram customer blocked the bot; their messages are not sent')
        return
      }
      if (failure instanceof TelegramFlood) {
        // Telegram asks to wait: this chat's delivery comes back then, nothing is lost or resent.
        await deps.jobs.send(
          deps.db,
          'telegram.deliver',
          { chatId },
          { singletonKey: String(chatId), startAfter: failure.retryAfter },
        )
        deps.log.warn({ chatId, retryAfter: failure.retryAfter }, 'Telegram flood control: delivery postponed')
        return
      }
      if (failure instanceof TelegramRefused) {
        // A message Telegram will never take: recorded and skipped, the next ones still go.
        await repo.finishMessage(
          deps.db,
          [message.seq],
          { status: 'failed', reason: failure.message },
          deps.clock.now(),
        )
        deps.log.warn({ chatId, seq: message.seq, reason: failure.message }, 'Telegram refused a message')
        break
      }
      if (failure) throw failure
      await repo.partSent(deps.db, message.seq, index + 1)
      if (index + 1 === message.parts.length) {
        await deps.db.transaction(async (tx) => {
          await repo.finishMessage(tx, [message.seq], { status: 'sent' }, deps.clock.now())
          // The salon's change reached the customer: its history says so.
          if (message.bookingEventId) await addEventTeller(tx, message.bookingEventId, 'telegram')
        })
      }
    }
  }
}

function failureOf(error: unknown, token: string): TelegramFailure {
  return telegramFailure(error, token) ?? new TelegramUnavailable('Telegram call failed')
}

/** One part through the Bot API: plain text (no parse mode), with its keyboard; or a file. */
export async function sendPart(deps: Pick<TelegramDeps, 'api'>, chatId: number, part: TelegramPart): Promise<void> {
  if (part.kind === 'document') {
    await deps.api.sendDocument(chatId, new InputFile(Buffer.from(part.content, 'utf8'), part.filename), {
      ...(part.caption ? { caption: part.caption } : {}),
    })
    return
  }
  await deps.api.sendMessage(chatId, part.text, {
    link_preview_options: { is_disabled: true },
    ...(replyMarkup(part) ? { reply_markup: replyMarkup(part) } : {}),
  })
}

function replyMarkup(part: Extract<TelegramPart, { kind: 'text' }>) {
  if (part.buttons && part.buttons.length > 0) {
    const inline_keyboard: InlineKeyboardButton[][] = part.buttons.map((row) =>
      row.map((button) =>
        'url' in button ? { text: button.text, url: button.url } : { text: button.text, callback_data: button.data },
      ),
    )
    return { inline_keyboard }
  }
  if (part.askContact) {
    const keyboard: ReplyKeyboardMarkup = {
      keyboard: [[{ text: part.askContact, request_contact: true }]],
      one_time_keyboard: true,
      resize_keyboard: true,
    }
    return keyboard
  }
  if (part.removeKeyboard) return { remove_keyboard: true as const }
  return undefined
}
