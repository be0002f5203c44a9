import { ANSWERING_A_CHAT, PERIODIC, PROVIDER_RETRIES, type QueueTable } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Decide on a WhatsApp customer's pending messages, oldest first (one job per customer at a time). */
    'whatsapp.chat': { salonId: string; waId: string }
    /** Send a WhatsApp customer's queued messages, in order (one job per customer at a time). */
    'whatsapp.deliver': { salonId: string; waId: string }
    /** Set a newly signed-up number up: code → token, register, subscribe, read its facts, create the templates. */
    'whatsapp.connect': { salonId: string; phoneNumberId: string }
    /** Meta said a message arrived outside the 24 hours: its template instead, or the next channel. */
    'whatsapp.fallback': { salonId: string; wamid: string }
    /** Periodic: the numbers' quality and limit, and the templates' reviews, read again. */
    'whatsapp.maintain': Record<string, never>
    /** After a disconnect: stop Meta's notifications for the WABA (its sealed token). */
    'whatsapp.release': { wabaId: string; sealedToken: string }
  }
}

export const whatsappQueues: QueueTable = {
  // A poison message is given up after its fifth try (whatsapp-chat.ts), whatever these retries.
  'whatsapp.chat': ANSWERING_A_CHAT,
  // Throughput (130429) and 5xx: retried with backoff, up to half an hour apart.
  'whatsapp.deliver': { policy: 'stately', concurrency: 8, ...PROVIDER_RETRIES },
  'whatsapp.connect': { policy: 'standard', ...PROVIDER_RETRIES, retryLimit: 6 },
  'whatsapp.fallback': { policy: 'standard', ...PROVIDER_RETRIES },
  'whatsapp.maintain': { ...PERIODIC, cron: '*/30 * * * *' },
  'whatsapp.release': { policy: 'standard', ...PROVIDER_RETRIES },
}
