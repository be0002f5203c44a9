import { type Language, languageOrDefault } from '@common/languages'
import { holdsItsTime } from '@common/schemas/booking'
import { formatLocalDateTime } from '@common/time'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database } from '@server/db/client'
import { bookingLinkUrl } from '@server/modules/booking-page/booking-link'
import {
  InstagramOutcomeUnknown,
  InstagramRefused,
  InstagramTokenRefused,
  InstagramUnavailable,
  InstagramWindowClosed,
} from '@server/modules/instagram/instagram-api'
import { markReconnect } from '@server/modules/instagram/instagram-deliver'
import { type InstagramReach, instagramReachOf, sendInstagramText } from '@server/modules/instagram/instagram-reach'
import type { JobContext, Jobs } from '@server/modules/jobs/job-engine'
import { sendEmail } from '@server/modules/mail/mail.usecases'
import { toE164 } from '@server/modules/sms/phone'
import { SmsMisconfigured, SmsOutcomeUnknown, SmsUnavailable, sendSms } from '@server/modules/sms/twilio'
import {
  TelegramBlocked,
  TelegramFlood,
  TelegramOutcomeUnknown,
  TelegramUnavailable,
} from '@server/modules/telegram/telegram-api'
import { markTelegramBlocked, sendTelegramText, telegramChatOf } from '@server/modules/telegram/telegram-reach'
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

export interface ReminderDeps {
  db: Database
  clock: Clock
  config: Config
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

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

type Channel =
  | { name: 'telegram'; chatId: number }
  | { name: 'instagram'; reach: InstagramReach }
  | { name: 'sms'; to: string }
  | { name: 'email'; to: string }

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
  const telegramChat =
    deps.config.telegram && !context.customer.erasedAt
      ? await telegramChatOf(db, context.salon.id, context.customer.id)
      : undefined
  const instagramReach =
    deps.config.instagram && !context.customer.erasedAt
      ? await instagramReachOf(db, context.salon.id, context.customer.id, clock.now())
      : undefined
  const channels = context.customer.erasedAt ? [] : channelsFor(context, deps.config, telegramChat, instagramReach)
  if (channels.length === 0) return finish({ status: 'skipped', reason: 'no_contact' })

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
  let reason = 'no_channel_reached'
  for (const channel of channels) {
    const attempt = (outcome: 'sent' | 'refused' | 'failed', detail: string | null) =>
      repo.recordAttempt(db, { reminderId, channel: channel.name, outcome, detail, at: clock.now() })
    if (channel.name === 'telegram') {
      const telegram = deps.config.telegram
      if (!telegram) continue
      try {
        await sendTelegramText(telegram, channel.chatId, reminderSms(language, facts))
        await attempt('sent', null)
        return finish({ status: 'sent', channel: 'telegram', sentAt: clock.now() })
      } catch (error) {
        await attempt(error instanceof TelegramBlocked ? 'refused' : 'failed', (error as Error).message.slice(0, 300))
        if (error instanceof TelegramBlocked) {
          await markTelegramBlocked(db, channel.chatId, clock.now())
          reason = 'telegram_blocked'
          continue
        }
        // Telegram may have it: not resent, nor sent by another channel, so it never arrives twice.
        if (error instanceof TelegramOutcomeUnknown) return finish({ status: 'failed', reason: 'telegram_unconfirmed' })
        if (
          (error instanceof TelegramUnavailable || error instanceof TelegramFlood) &&
          job.retryCount < job.retryLimit
        ) {
          await repo.finishReminder(db, reminderId, { status: 'queued' }, clock.now())
          throw error
        }
        reason = 'telegram_unavailable'
      }
      continue
    }
    if (channel.name === 'instagram') {
      const instagram = deps.config.instagram
      if (!instagram) continue
      try {
        await sendInstagramText({ ...deps, instagram }, channel.reach, reminderSms(language, facts))
        await attempt('sent', null)
        return finish({ status: 'sent', channel: 'instagram', sentAt: clock.now() })
      } catch (error) {
        const refused = error instanceof InstagramWindowClosed || error instanceof InstagramRefused
        await attempt(refused ? 'refused' : 'failed', (error as Error).message.slice(0, 300))
        // Instagram may have it: not resent, nor sent by another channel, so it never arrives twice.
        if (error instanceof InstagramOutcomeUnknown)
          return finish({ status: 'failed', reason: 'instagram_unconfirmed' })
        if (error instanceof InstagramTokenRefused) await markReconnect(deps, channel.reach.account, error.message)
        if (error instanceof InstagramUnavailable && job.retryCount < job.retryLimit) {
          await repo.finishReminder(db, reminderId, { status: 'queued' }, clock.now())
          throw error
        }
        reason = error instanceof InstagramWindowClosed ? 'instagram_window_closed' : 'instagram_unavailable'
      }
      continue
    }
    if (channel.name === 'sms') {
      const sms = deps.config.sms
      if (!sms) continue
      try {
        const outcome = await sendSms(sms, { to: channel.to, body: reminderSms(language, facts) })
        if (outcome.status === 'sent') {
          await attempt('sent', outcome.providerId)
          return finish({ status: 'sent', channel: 'sms', sentAt: clock.now() })
        }
        await attempt('refused', `${outcome.code}: ${outcome.reason}`)
        reason = 'sms_refused'
      } catch (error) {
        await attempt('failed', (error as Error).message.slice(0, 300))
        // Twilio may have it: neither resent nor sent by e-mail, so the customer never gets two.
        if (error instanceof SmsOutcomeUnknown) return finish({ status: 'failed', reason: 'sms_unconfirmed' })
        if (error instanceof SmsUnavailable && job.retryCount < job.retryLimit) {
          // Twilio will likely take it later: back in the queue for the job's retry.
          await repo.finishReminder(db, reminderId, { status: 'queued' }, clock.now())
          throw error
        }
        if (error instanceof SmsMisconfigured)
          deps.log.warn({ reminderId }, 'SMS provider refuses the account: check TWILIO_*')
        reason = error instanceof SmsMisconfigured ? 'sms_misconfigured' : 'sms_unavailable'
      }
      continue
    }
    const mail = reminderEmail(language, facts)
    const { sent } = await sendEmail(deps, {
      to: channel.to,
      subject: mail.subject,
      text: mail.text,
      kind: 'booking_reminder',
    })
    // Without SMTP_URL the outbox is where mail goes (as for every e-mail of the app).
    if (sent || !deps.config.mail.smtpUrl) {
      await attempt('sent', sent ? null : 'outbox')
      return finish({ status: 'sent', channel: 'email', sentAt: clock.now() })
    }
    await attempt('failed', 'smtp')
    reason = 'email_failed'
  }
  return finish({ status: 'failed', reason })
}

/**
 * Telegram, then Instagram (inside Meta's 24 hours), for a customer who wrote from them (they read it
 * where they booked), then SMS, then e-mail.
 */
function channelsFor(
  context: NonNullable<Awaited<ReturnType<typeof repo.findReminderContext>>>,
  config: Config,
  telegramChat: number | undefined,
  instagramReach: InstagramReach | undefined,
): Channel[] {
  const channels: Channel[] = []
  if (config.telegram && telegramChat !== undefined) channels.push({ name: 'telegram', chatId: telegramChat })
  if (config.instagram && instagramReach) channels.push({ name: 'instagram', reach: instagramReach })
  const phone = context.customer.phone && toE164(context.customer.phone, context.salon.country)
  if (config.sms && context.salon.remindBySms && phone) channels.push({ name: 'sms', to: phone })
  const email = context.customer.email?.trim()
  if (email) channels.push({ name: 'email', to: email })
  return channels
}
