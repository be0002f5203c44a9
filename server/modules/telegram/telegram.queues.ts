import { ANSWERING_A_CHAT, PERIODIC, PROVIDER_RETRIES, type QueueTable } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Answer a Telegram chat's pending updates, oldest first (one job per chat at a time). */
    'telegram.chat': { chatId: number }
    /** Send a Telegram chat's queued messages, in order (one job per chat at a time). */
    'telegram.deliver': { chatId: number }
    /** Periodic: forgets handled updates after a week and delivered messages after a month. */
    'telegram.maintain': Record<string, never>
  }
}

export const telegramQueues: QueueTable = {
  // A poison update is given up after its fifth try (telegram-chat.ts), whatever these retries.
  'telegram.chat': ANSWERING_A_CHAT,
  // Telegram down or the network cut: tries over about two hours; a flood wait reschedules itself.
  'telegram.deliver': { policy: 'stately', concurrency: 8, ...PROVIDER_RETRIES },
  'telegram.maintain': { ...PERIODIC, cron: '17 3 * * *' },
}
