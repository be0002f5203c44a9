import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { isRetryWaiting } from './calendar-sync.repository'
import {
  type CalendarSyncDeps,
  maintainCalendars,
  pushBooking,
  releaseCalendar,
  syncSalon,
} from './calendar-sync.usecases'

/** The calendar sync's workers: each job reads the current facts, so running one twice is harmless. */
export function calendarSyncWorkers(deps: CalendarSyncDeps): JobHandlers {
  return {
    'calendar.push-booking': async ({ bookingId }) => {
      await unlessRetryWaiting(deps, 'calendar.push-booking', bookingId, () => pushBooking(deps, bookingId))
    },
    'calendar.sync-salon': async ({ salonId, reason }) => {
      await unlessRetryWaiting(deps, 'calendar.sync-salon', salonId, () => syncSalon(deps, salonId, reason))
    },
    'calendar.maintain': async () => {
      await maintainCalendars(deps)
    },
    'calendar.release': async (release) => {
      await releaseCalendar(deps, release)
    },
  }
}

/**
 * A stately queue keeps one job per key in each state: a job that fails while another of its key
 * already waits for a retry cannot be queued for retry, and pg-boss marks it failed for good at
 * once (the dashboard would count a failure that is none). The waiting retry reads the facts when
 * it runs, so it covers this attempt, which then ends without a failure.
 */
async function unlessRetryWaiting(
  deps: CalendarSyncDeps,
  queue: string,
  key: string,
  work: () => Promise<unknown>,
): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (await isRetryWaiting(deps.db, queue, key)) return
    throw error
  }
}
