import { PERIODIC, PROVIDER_RETRIES, type QueueTable } from '@server/modules/jobs/queues'

export type CalendarSyncReason = 'connect' | 'manual' | 'notification' | 'poll'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Make the calendar receiving bookings show this booking as it is now (create, update or remove its event). */
    'calendar.push-booking': { bookingId: string }
    /** Read one calendar's changes (busy times); for the calendar receiving bookings, then push what is missing. */
    'calendar.sync-calendar': { calendarId: string; reason: CalendarSyncReason }
    /** Every calendar of the salon (jobs queued before a salon could have several: each becomes a sync-calendar). */
    'calendar.sync-salon': { salonId: string; reason: CalendarSyncReason }
    /** Periodic: reads the calendars that are due, renews push channels before they expire. */
    'calendar.maintain': Record<string, never>
  }
}

export const calendarSyncQueues: QueueTable = {
  'calendar.push-booking': { policy: 'stately', concurrency: 4, ...PROVIDER_RETRIES },
  'calendar.sync-calendar': { policy: 'stately', concurrency: 2, ...PROVIDER_RETRIES },
  'calendar.sync-salon': { policy: 'stately', concurrency: 1, ...PROVIDER_RETRIES },
  // Every minute: one indexed read; each calendar is read only when its provider's interval is due.
  'calendar.maintain': { ...PERIODIC, cron: '* * * * *' },
}
