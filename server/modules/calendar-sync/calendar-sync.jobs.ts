import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { type CalendarDeps, calendarProviders } from './calendar-providers'
import { isRetryWaiting } from './calendar-sync.repository'

/**
 * The calendar sync's workers, handed to every provider plugged in (each does nothing for a salon
 * whose calendar is not its own). Each job reads the current facts, so running one twice is harmless.
 */
export function calendarSyncWorkers(deps: CalendarDeps): JobHandlers {
  const each = async (work: (provider: ReturnType<typeof calendarProviders>[number]) => Promise<unknown>) => {
    for (const provider of calendarProviders()) await work(provider)
  }
  return {
    'calendar.push-booking': async ({ bookingId }) => {
      await unlessRetryWaiting(deps, 'calendar.push-booking', bookingId, () =>
        each((provider) => provider.pushBooking(deps, bookingId)),
      )
    },
    'calendar.sync-salon': async ({ salonId, reason }) => {
      await unlessRetryWaiting(deps, 'calendar.sync-salon', salonId, () =>
        each((provider) => provider.syncSalon(deps, salonId, reason)),
      )
    },
    'calendar.maintain': async () => {
      await each((provider) => provider.maintain(deps))
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
  deps: CalendarDeps,
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
