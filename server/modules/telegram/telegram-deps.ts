import type { Clock } from '@server/clock'
import type { Config, TelegramConfig } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import type { Api } from 'grammy'
import * as repo from './telegram.repository'
import type { TelegramPart } from './telegram-parts'

export interface TelegramLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** What the bot's jobs need: the database, the clock, the job engine, the bot's settings and client. */
export interface TelegramDeps {
  db: Database
  clock: Clock
  jobs: Jobs
  config: Config
  telegram: TelegramConfig
  api: Api
  log: TelegramLog
}

/**
 * Queues messages to a chat in the caller's transaction, and the chat's delivery job with them:
 * they leave only if what decided them commits.
 */
export async function queueMessages(
  deps: Pick<TelegramDeps, 'jobs' | 'clock'>,
  db: Executor,
  chatId: number,
  parts: TelegramPart[],
  options: { kind?: 'reply' | 'salon_change'; bookingEventId?: string } = {},
): Promise<boolean> {
  if (parts.length === 0) return false
  const seq = await repo.enqueueMessage(
    db,
    { chatId, kind: options.kind ?? 'reply', parts, bookingEventId: options.bookingEventId },
    deps.clock.now(),
  )
  if (seq === undefined) return false
  await deps.jobs.send(db, 'telegram.deliver', { chatId }, { singletonKey: String(chatId) })
  return true
}

/** A text message as one part. */
export const textPart = (text: string): TelegramPart => ({ kind: 'text', text })
