import { PERIODIC, type QueueTable } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Periodic (every minute): cancels the held bookings whose time ran out, freeing their slots. */
    'bookings.release-holds': Record<string, never>
  }
}

export const bookingsQueues: QueueTable = { 'bookings.release-holds': { ...PERIODIC, cron: '* * * * *' } }
