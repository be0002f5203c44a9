import type { QueuePolicy } from 'pg-boss'

/**
 * Every kind of background job, its payload and how its queue behaves. Payloads carry ids, never
 * personal data or tokens in clear: a handler reads the current facts when it runs, which is also
 * what makes it idempotent (running it twice converges on the same state).
 */

export type CalendarSyncReason = 'connect' | 'manual' | 'notification' | 'poll'

export interface JobPayloads {
  /** Make the salon's calendar show this booking as it is now (create, update or remove its event). */
  'calendar.push-booking': { bookingId: string }
  /** Read the calendar's changes (busy times), then push every booking missing or out of date. */
  'calendar.sync-salon': { salonId: string; reason: CalendarSyncReason }
  /** Periodic: polls calendars that are due, renews push channels before they expire. */
  'calendar.maintain': Record<string, never>
  /** Tell the customer of a change the salon made to their booking (e-mail, web chat) and record how. */
  'bookings.tell-customer': { eventId: string }
  /** Periodic (every minute): hands the reminders that are due to `reminders.send`. */
  'reminders.dispatch': Record<string, never>
  /** Periodic (every minute): cancels the held bookings whose time ran out, freeing their slots. */
  'bookings.release-holds': Record<string, never>
  /** Hand one e-mail of the outbox to SMTP (activation e-mails…). */
  'mail.send': { outboxId: string }
  /** Send one reminder by the first channel that reaches the customer, and record the attempts. */
  'reminders.send': { reminderId: string }
  /** Answer a Telegram chat's pending updates, oldest first (one job per chat at a time). */
  'telegram.chat': { chatId: number }
  /** Send a Telegram chat's queued messages, in order (one job per chat at a time). */
  'telegram.deliver': { chatId: number }
  /** Periodic: forgets handled updates after a week and delivered messages after a month. */
  'telegram.maintain': Record<string, never>
  /** Decide on an Instagram customer's pending messages, oldest first (one job per customer at a time). */
  'instagram.chat': { salonId: string; userId: string }
  /** Send an Instagram customer's queued messages, in order (one job per customer at a time). */
  'instagram.deliver': { salonId: string; userId: string }
  /** Periodic: refreshes tokens before their 60 days end, retries subscriptions, forgets old messages. */
  'instagram.maintain': Record<string, never>
  /** After a disconnect: stop Meta's notifications for the account (its sealed token). */
  'instagram.release': { sealedToken: string }
  /** After a disconnect: stop Google's push channel, then revoke the grant (sealed token). */
  'calendar.release': {
    /** The grant's token, encrypted with APP_SECRET as it was stored. */
    sealedToken: string
    tokenKind: 'refresh' | 'access'
    channel: { id: string; resourceId: string } | null
  }
}

export type JobName = keyof JobPayloads

export interface QueueSettings {
  /** `stately`: at most one waiting and one running job per singletonKey (later sends fold in). */
  policy: QueuePolicy
  retryLimit: number
  /** Seconds before the first retry; doubled at each attempt (with jitter) up to retryDelayMax. */
  retryDelay: number
  retryBackoff: boolean
  /** Only with retryBackoff. */
  retryDelayMax?: number
  /** A running job sends a heartbeat this often; silent twice as long, it is retried elsewhere. */
  heartbeatSeconds: number
  expireInSeconds: number
  /** Failed jobs stay this long for administrators to see and retry. */
  retentionSeconds?: number
  deleteAfterSeconds: number
  /** Jobs of this queue running at once in one instance. */
  concurrency?: number
  /** Periodic queues: a cron expression (UTC); one instance sends each occurrence. */
  cron?: string
}

const DAY_SECONDS = 24 * 60 * 60

/** A periodic queue's round: a missed or failed round is simply the next one, so no retry. */
const PERIODIC = {
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: DAY_SECONDS,
} satisfies Partial<QueueSettings>

/** Talking to Google or Telegram: up to 10 attempts over about 2 hours (5 s, 10 s, 20 s … capped at 30 min). */
const PROVIDER_RETRIES = {
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 30 * 60,
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: 7 * DAY_SECONDS,
} satisfies Partial<QueueSettings>

/**
 * Answering a chat (Telegram, Instagram): one job per chat keeps its messages in order, chats run
 * side by side. A poison message is given up after its fifth try (telegram-chat.ts, instagram-chat.ts),
 * whatever these retries.
 */
/** An e-mail or a notice to a person: the SMTP server or the database may be down a moment, so a few tries over about an hour. */
const TELLING_A_PERSON: QueueSettings = {
  policy: 'standard',
  retryLimit: 6,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 20 * 60,
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: 7 * DAY_SECONDS,
}

const ANSWERING_A_CHAT = {
  policy: 'stately',
  concurrency: 8,
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 5 * 60,
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: 7 * DAY_SECONDS,
} satisfies QueueSettings

export const QUEUES: { [N in JobName]: QueueSettings } = {
  'calendar.push-booking': { policy: 'stately', concurrency: 4, ...PROVIDER_RETRIES },
  'calendar.sync-salon': { policy: 'stately', concurrency: 2, ...PROVIDER_RETRIES },
  'calendar.maintain': { ...PERIODIC, cron: '*/5 * * * *' },
  'calendar.release': { policy: 'standard', ...PROVIDER_RETRIES },
  // A missed minute is caught up by the next: every reminder due by then is dispatched.
  'reminders.dispatch': { ...PERIODIC, cron: '* * * * *' },
  'bookings.release-holds': { ...PERIODIC, cron: '* * * * *' },
  // Twilio answering 5xx or 429: a few tries over about 20 minutes, then the next channel.
  'reminders.send': {
    policy: 'standard',
    concurrency: 8,
    retryLimit: 4,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 10 * 60,
    heartbeatSeconds: 30,
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 7 * DAY_SECONDS,
  },
  'telegram.chat': ANSWERING_A_CHAT,
  // Telegram down or the network cut: tries over about two hours; a flood wait reschedules itself.
  'telegram.deliver': { policy: 'stately', concurrency: 8, ...PROVIDER_RETRIES },
  'telegram.maintain': { ...PERIODIC, cron: '17 3 * * *' },
  'instagram.chat': ANSWERING_A_CHAT,
  'instagram.deliver': { policy: 'stately', concurrency: 8, ...PROVIDER_RETRIES },
  // Often enough that a subscription Meta refused at connection is retried within minutes.
  'instagram.maintain': { ...PERIODIC, cron: '*/15 * * * *' },
  'instagram.release': { policy: 'standard', ...PROVIDER_RETRIES },
  'mail.send': TELLING_A_PERSON,
  'bookings.tell-customer': TELLING_A_PERSON,
}
