import { storableText } from '@common/schemas/primitives'
import type { Clock } from '@server/clock'
import type { TelegramConfig } from '@server/config'
import type { Database } from '@server/db/client'
import { AppError } from '@server/errors'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { macOf, sameSecret } from '@server/security/secrets'
import * as repo from './telegram.repository'

/** The updates the bot asks Telegram for; any other kind is acknowledged and dropped. */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'my_chat_member'] as const

/**
 * Stores updates as they arrive (webhook or long poll) and hands each chat to its job, in one
 * transaction: an update Telegram delivers twice is stored once (its update_id), and a stored
 * update always has a job to answer it. With `offset`, the polling position moves in the same
 * transaction, so a crash never skips an update nor stores one twice.
 */
export async function acceptUpdates(
  deps: { db: Database; jobs: Jobs; clock: Clock },
  updates: unknown[],
  options: { offset?: number } = {},
): Promise<number> {
  const rows = updates.flatMap((update) => {
    const chatId = chatOfUpdate(update)
    const updateId = (update as { update_id?: unknown }).update_id
    return chatId !== undefined && typeof updateId === 'number'
      ? [{ updateId, chatId, update: wellFormed(update) }]
      : []
  })
  return deps.db.transaction(async (tx) => {
    const stored = await repo.insertUpdates(tx, rows, deps.clock.now())
    for (const chatId of new Set(stored.map((row) => row.chatId))) {
      await deps.jobs.send(tx, 'telegram.chat', { chatId }, { singletonKey: String(chatId) })
    }
    if (options.offset !== undefined) await repo.savePollOffset(tx, options.offset)
    return stored.length
  })
}

/** The chat an update of an allowed kind belongs to. */
function chatOfUpdate(update: unknown): number | undefined {
  const u = update as {
    message?: { chat?: { id?: unknown } }
    callback_query?: { message?: { chat?: { id?: unknown } }; from?: { id?: unknown } }
    my_chat_member?: { chat?: { id?: unknown } }
  }
  const id =
    u.message?.chat?.id ??
    u.callback_query?.message?.chat?.id ??
    u.callback_query?.from?.id ??
    u.my_chat_member?.chat?.id
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined
}

/**
 * The update as PostgreSQL's jsonb takes it: without NUL characters, lone surrogates replaced —
 * a customer's odd message is answered, never a 500 that Telegram would redeliver forever.
 */
export function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value)
  if (Array.isArray(value)) return value.map(wellFormed)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [storableText(key), wellFormed(v)]))
  }
  return value
}

/**
 * The webhook's secret (Telegram's `secret_token`): derived from APP_SECRET and the bot, so every
 * instance computes the same one and nothing is stored; 43 characters of Telegram's alphabet.
 */
export function webhookSecret(appSecret: string, telegram: TelegramConfig): string {
  const botId = telegram.token.split(':')[0] ?? ''
  return macOf(appSecret, 'telegram-webhook', botId).toString('base64url')
}

export const webhookRefused = () =>
  new AppError('telegram.forbidden', 401, 'This request does not come from Telegram (wrong or missing secret token).')

/** Compares the header with the secret in constant time. */
export const isWebhookSecret = sameSecret
