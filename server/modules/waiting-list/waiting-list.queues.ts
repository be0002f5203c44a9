import { PERIODIC, type QueueTable, TELLING_A_PERSON } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Decide who on a salon's waiting list is offered a freed time, or told theirs was taken. */
    'waiting-list.review': { salonId: string }
    /** Tell one waiting customer one thing (`key`), on the first channel that reaches them. */
    'waiting-list.tell': { entryId: string; key: string }
    /** Periodic: review the lists with someone waiting (time freed by a block removed, hours changed…). */
    'waiting-list.sweep': Record<string, never>
  }
}

export const waitingListQueues: QueueTable = {
  'waiting-list.review': { ...TELLING_A_PERSON, policy: 'stately', concurrency: 2 },
  // One at a time, oldest first: waiting customers are told in the order they joined.
  'waiting-list.tell': { ...TELLING_A_PERSON, concurrency: 1 },
  'waiting-list.sweep': { ...PERIODIC, cron: '*/5 * * * *' },
}
