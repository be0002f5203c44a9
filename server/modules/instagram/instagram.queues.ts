import { ANSWERING_A_CHAT, PERIODIC, PROVIDER_RETRIES, type QueueTable } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Decide on an Instagram customer's pending messages, oldest first (one job per customer at a time). */
    'instagram.chat': { salonId: string; userId: string }
    /** Send an Instagram customer's queued messages, in order (one job per customer at a time). */
    'instagram.deliver': { salonId: string; userId: string }
    /** Periodic: refreshes tokens before their 60 days end, retries subscriptions, forgets old messages. */
    'instagram.maintain': Record<string, never>
    /** After a disconnect: stop Meta's notifications for the account (its sealed token). */
    'instagram.release': { sealedToken: string }
  }
}

export const instagramQueues: QueueTable = {
  // A poison message is given up after its fifth try (instagram-chat.ts), whatever these retries.
  'instagram.chat': ANSWERING_A_CHAT,
  'instagram.deliver': { policy: 'stately', concurrency: 8, ...PROVIDER_RETRIES },
  // Often enough that a subscription Meta refused at connection is retried within minutes.
  'instagram.maintain': { ...PERIODIC, cron: '*/15 * * * *' },
  'instagram.release': { policy: 'standard', ...PROVIDER_RETRIES },
}
