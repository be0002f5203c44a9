import type { Clock } from '@server/clock'
import type { Executor } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import * as repo from './reminders.repository'

/**
 * What a channel learns of a reminder after it took it: some platforms (WhatsApp) accept a message
 * at once and say later whether it reached the customer's phone, was read, or could not be
 * delivered. Delivered and read show on the booking's panel; undeliverable hands the reminder back
 * to its job, which tries the next channel (never this one again for this reminder).
 */
export type LaterDelivery =
  | { status: 'delivered' | 'read'; at: Date }
  | { status: 'undelivered'; at: Date; detail: string }

/** Returns whether `reference` was a reminder's (a channel follows its other messages itself). */
export async function followReminderDelivery(
  deps: { clock: Clock; jobs: Jobs },
  db: Executor,
  sent: { channel: string; reference: string },
  news: LaterDelivery,
): Promise<boolean> {
  const found = await repo.findSentAttempt(db, sent.channel, sent.reference)
  if (!found) return false
  const { reminder, attemptId } = found
  const now = deps.clock.now()
  if (news.status !== 'undelivered') {
    await repo.noteReminderDelivery(
      db,
      reminder.id,
      { deliveredAt: news.at, ...(news.status === 'read' ? { readAt: news.at } : {}) },
      now,
    )
    return true
  }
  await repo.markAttemptUndelivered(db, attemptId, news.detail)
  if (reminder.status === 'sent' && reminder.channel === sent.channel) {
    await repo.finishReminder(db, reminder.id, { status: 'queued', channel: null, sentAt: null }, now)
    await deps.jobs.send(db, 'reminders.send', { reminderId: reminder.id })
  }
  return true
}
