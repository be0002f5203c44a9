import { type QueueTable, TELLING_A_PERSON } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Hand one e-mail of the outbox to SMTP (activation e-mails…). */
    'mail.send': { outboxId: string }
  }
}

export const outboxQueues: QueueTable = { 'mail.send': TELLING_A_PERSON }
