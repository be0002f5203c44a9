import { DAY_SECONDS, PERIODIC, type QueueTable } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Periodic (every minute): hands the reminders that are due to `reminders.send`. */
    'reminders.dispatch': Record<string, never>
    /** Send one reminder by the first channel that reaches the customer, and record the attempts. */
    'reminders.send': { reminderId: string }
  }
}

export const remindersQueues: QueueTable = {
  // A missed minute is caught up by the next: every reminder due by then is dispatched.
  'reminders.dispatch': { ...PERIODIC, cron: '* * * * *' },
  // A provider answering 5xx or 429: a few tries over about 20 minutes, then the next channel.
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
}
