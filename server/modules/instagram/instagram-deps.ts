import type { Clock } from '@server/clock'
import type { Config, InstagramConfig } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { enqueueMessage } from './instagram-inbox.repository'
import type { QuickReply } from './instagram-quick-replies'

export interface InstagramLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** What Instagram's routes and jobs need: the database, the clock, the job engine and Meta's app settings. */
export interface InstagramDeps {
  db: Database
  clock: Clock
  jobs: Jobs
  config: Config
  instagram: InstagramConfig
  log: InstagramLog
}

/** Tokens are sealed under their own purpose: a token of another kind never opens as this one. */
export const TOKEN_PURPOSE = 'instagram-token'

/**
 * Queues messages to a customer in the caller's transaction, and the customer's delivery job with
 * them: they leave only if what decided them commits.
 */
export async function queueMessages(
  deps: { jobs: Jobs; clock: Clock },
  db: Executor,
  to: { salonId: string; userId: string },
  parts: string[],
  options: {
    kind?: 'reply' | 'salon_change' | 'notice'
    bookingEventId?: string
    /** Answers to tap under the last part (quick_replies.ts). */
    quickReplies?: QuickReply[]
  } = {},
): Promise<boolean> {
  if (parts.length === 0) return false
  const quickReplies = options.quickReplies?.length ? options.quickReplies : null
  const seq = await enqueueMessage(
    db,
    { ...to, kind: options.kind ?? 'reply', parts, quickReplies, bookingEventId: options.bookingEventId },
    deps.clock.now(),
  )
  if (seq === undefined) return false
  await deps.jobs.send(db, 'instagram.deliver', to, { singletonKey: `${to.salonId}:${to.userId}` })
  return true
}
