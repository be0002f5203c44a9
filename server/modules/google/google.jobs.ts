import type { CalendarDeps } from '@server/modules/calendar-sync/calendar-providers'
import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { releaseCalendar, withGoogle } from './google-calendar-sync'

/** Google's own worker: what a disconnect leaves to do at Google (stop the push channel, revoke the grant). */
export function googleWorkers(deps: CalendarDeps): JobHandlers {
  return {
    'calendar.release': async (release) => {
      await releaseCalendar(withGoogle(deps), release)
    },
  }
}
