import { PERIODIC, PROVIDER_RETRIES, type QueueTable } from '@server/modules/jobs/queues'

export type CalendarSyncReason = 'connect' | 'manual' | 'notification' | 'poll'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Make the salon's calendar show this booking as it is now (create, update or remove its event). */
    'calendar.push-booking': { bookingId: string }
    /** Read the calendar's changes (busy times), then push every booking missing or out of date. */
    'calendar.sync-salon': { salonId: string; reason: CalendarSyncReason }
    /** Periodic: polls calendars that are due, renews push channels before they expire. */
    'calendar.maintain': Record<string, never>
  }
}

export const calendarSyncQueues: QueueTable = {
  'calendar.push-booking': { policy: 'stately', concurrency: 4, ...PROVIDER_RETRIES },
  'calendar.sync-salon': { policy: 'stately', concurrency: 2, ...PROVIDER_RETRIES },
  'calendar.maintain': { ...PERIODIC, cron: '*/5 * * * *' },
}
