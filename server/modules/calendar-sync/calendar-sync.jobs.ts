import type { JobHandlers, Jobs } from '@server/modules/jobs/job-engine'
import type { JobPayloads } from '@server/modules/jobs/queues'
import type { CalendarDeps } from './calendar-providers'
import { isRetryWaiting, listConnectionsOfSalon } from './calendar-sync.repository'
import { CalendarDeferred, maintainCalendars, pushBooking, syncCalendar } from './calendar-sync.usecases'

/**
 * The calendar sync's workers, for every provider plugged in. Each job reads the current facts, so
 * running one twice is harmless.
 */
export function calendarSyncWorkers(deps: CalendarDeps): JobHandlers {
  return {
    'calendar.push-booking': async (payload) => {
      await asJob(deps, 'calendar.push-booking', payload.bookingId, payload, () => pushBooking(deps, payload.bookingId))
    },
    'calendar.sync-calendar': async (payload) => {
      await asJob(deps, 'calendar.sync-calendar', payload.calendarId, payload, () =>
        syncCalendar(deps, payload.calendarId, payload.reason),
      )
    },
    'calendar.sync-salon': async ({ salonId, reason }) => {
      for (const connection of await listConnectionsOfSalon(deps.db, salonId)) {
        await deps.jobs.send(
          deps.db,
          'calendar.sync-calendar',
          { calendarId: connection.id, reason },
          { singletonKey: connection.id },
        )
      }
    },
    'calendar.maintain': async () => {
      await maintainCalendars(deps)
    },
  }
}

/**
 * Runs one calendar job. A provider's request to wait sends the same job again for after the wait,
 * and this one ends without a failure. A stately queue keeps one job per key in each state: a job
 * that fails while another of its key already waits for a retry cannot be queued for retry, and
 * pg-boss marks it failed for good at once (the dashboard would count a failure that is none). The
 * waiting retry reads the facts when it runs, so it covers this attempt, which then ends quietly.
 */
async function asJob<Queue extends 'calendar.push-booking' | 'calendar.sync-calendar'>(
  deps: { db: CalendarDeps['db']; jobs: Jobs },
  queue: Queue,
  key: string,
  payload: JobPayloads[Queue],
  work: () => Promise<unknown>,
): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (error instanceof CalendarDeferred) {
      const startAfter = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
      await deps.jobs.send(deps.db, queue, payload, { singletonKey: key, startAfter })
      return
    }
    if (await isRetryWaiting(deps.db, queue, key)) return
    throw error
  }
}
