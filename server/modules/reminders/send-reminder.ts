import { type Language, languageOrDefault } from '@common/languages'
import { holdsItsTime } from '@common/schemas/booking'
import { formatLocalDateTime } from '@common/time'
import type { Clock } from '@server/clock'
import type { Database } from '@server/db/client'
import { bookingLinkUrl } from '@server/modules/booking-page/booking-link'
import type { Channel, ChannelDeps } from '@server/modules/customers/channels'
import type { JobContext, Jobs } from '@server/modules/jobs/job-engine'
import { channelsForReminder } from './channel-order'
import { type ReminderFacts, reminderEmail, reminderSms } from './reminder-texts'
import * as repo from './reminders.repository'
import { reminderTurnedOn } from './reminders.usecases'

/**
 * Sending reminders. Every minute the dispatcher hands the reminders that are due to jobs (planned
 * → queued, each once, whichever instance runs it); a job claims its reminder (queued → sending,
 * committed before anything goes out) and tries the channels that can reach the customer in order —
 * SMS when the server has Twilio, the salon allows SMS and the customer gave a phone number; then
 * e-mail when they gave an address — recording every attempt, until one takes it.
 *
 * Exactly once: a reminder is claimed by one job only, and one found still "sending" (its worker
 * died in the middle) is marked failed rather than sent again — a customer may miss a reminder in
 * that instant, never get two. Twilio answering 5xx or 429 puts it back in the queue for the job's
 * retry; on the job's last attempt the next channel is tried instead.
 */

export type ReminderDeps = ChannelDeps

/** Reminders handed to jobs per transaction. */
const DISPATCH_BATCH = 500

/** Job `reminders.dispatch` (every minute): the due reminders to their sending jobs. Returns how many. */
export async function dispatchDueReminders(deps: { db: Database; clock: Clock; jobs: Jobs }): Promise<number> {
  let total = 0
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const ids = await repo.claimDueReminders(tx, deps.clock.now(), DISPATCH_BATCH)
      await deps.jobs.sendMany(
        tx,
        'reminders.send',
        ids.map((reminderId) => ({ reminderId })),
      )
      return ids.length
    })
    total += claimed
    if (claimed < DISPATCH_BATCH) return total
  }
}

/** Job `reminders.send`. */
export async function sendReminder(deps: ReminderDeps, reminderId: string, job: JobContext): Promise<void> {
  const { db, clock } = deps
  const reminder = await repo.claimForSending(db, reminderId, clock.now())
  if (!reminder) {
    const current = await repo.findReminder(db, reminderId)
    if (current?.status === 'sending') {
      await repo.finishReminder(db, reminderId, { status: 'failed', reason: 'interrupted' }, clock.now())
    }
    return
  }
  const finish = (values: Parameters<typeof repo.finishReminder>[2]) =>
    repo.finishReminder(db, reminderId, values, clock.now())
  const context = await repo.findReminderContext(db, reminderId)
  const { booking } = context ?? {}
  if (
    !context ||
    !booking ||
    !holdsItsTime(booking.status) ||
    booking.startsAt.getTime() !== reminder.appointmentStartsAt.getTime()
  ) {
    return finish({ status: 'cancelled', reason: 'booking_changed' })
  }
  if (clock.now().getTime() >= reminder.appointmentStartsAt.getTime())
    return finish({ status: 'skipped', reason: 'too_late' })
  // Turned off by the salon since it was planned.
  if (!reminderTurnedOn(context.salon, reminder.kind)) return finish({ status: 'skipped', reason: 'turned_off' })
  if (context.customer.erasedAt) return finish({ status: 'skipped', reason: 'no_contact' })
  const to = { salon: context.salon, customer: context.customer }
  const reachable: { channel: Channel; address: unknown }[] = []
  // A channel that took this reminder and then reported it undeliverable is not tried again.
  const undelivered = await repo.undeliveredChannels(db, reminderId)
  for (const channel of channelsForReminder(context.salon.reminderChannels, booking.channel)) {
    if (undelivered.includes(channel.name)) continue
    const address = await channel.reach(deps, db, to, clock.now())
    if (address !== undefined) reachable.push({ channel, address })
  }
  if (reachable.length === 0) return finish({ status: 'skipped', reason: 'no_contact' })

  const language: Language = languageOrDefault(context.customer.language)
  const local = formatLocalDateTime(booking.startsAt, context.salon.timeZone)
  const facts: ReminderFacts = {
    kind: reminder.kind,
    salon: context.salon.name,
    address: context.salon.address,
    phone: context.salon.publicPhone,
    service: booking.translatedServiceName ?? booking.serviceName,
    member: context.member.name,
    date: local.slice(0, 10),
    time: local.slice(11),
    // The customer's own page (`/r/<token>`): cancel or move in two taps.
    link: bookingLinkUrl(deps.config.publicUrl, deps.config.appSecret, booking.id),
  }
  const message = {
    text: reminderSms(language, facts),
    letter: reminderEmail(language, facts),
    kind: 'booking_reminder',
    language,
    from: context.salon.name,
  }
  let reason = 'no_channel_reached'
  for (const { channel, address } of reachable) {
    const delivery = await (channel.sendNow as NonNullable<Channel['sendNow']>)(deps, address, message)
    const outcome = delivery.outcome === 'sent' || delivery.outcome === 'refused' ? delivery.outcome : 'failed'
    await repo.recordAttempt(db, {
      reminderId,
      channel: channel.name,
      outcome,
      detail: delivery.detail,
      at: clock.now(),
    })
    if (delivery.outcome === 'sent') return finish({ status: 'sent', channel: channel.name, sentAt: clock.now() })
    if (delivery.outcome === 'unconfirmed') return finish({ status: 'failed', reason: delivery.reason })
    if (delivery.outcome === 'failed' && delivery.retryable && job.retryCount < job.retryLimit) {
      // The channel will likely take it later: back in the queue for the job's retry.
      await repo.finishReminder(db, reminderId, { status: 'queued' }, clock.now())
      throw delivery.retryable
    }
    reason = delivery.reason
  }
  return finish({ status: 'failed', reason })
}
