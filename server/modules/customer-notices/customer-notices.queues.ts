import { type QueueTable, TELLING_A_PERSON } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Tell the customer of a change the salon made to their booking (e-mail, web chat) and record how. */
    'bookings.tell-customer': { eventId: string }
  }
}

export const customerNoticesQueues: QueueTable = { 'bookings.tell-customer': TELLING_A_PERSON }
