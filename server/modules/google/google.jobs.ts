import type { CalendarDeps } from '@server/modules/calendar-sync/calendar-providers'
import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { googleCalendarApi } from './google-calendar'
import { releaseCalendar } from './google-calendar-sync'
import { googleClient } from './google-client'

/** Google's own worker: what a disconnect leaves to do at Google (stop the push channel, revoke the grant). */
export function googleWorkers(deps: CalendarDeps): JobHandlers {
  return {
    'calendar.release': async (release) => {
      await releaseCalendar(
        { ...deps, google: googleClient(deps.config), calendar: googleCalendarApi(deps.config) },
        release,
      )
    },
  }
}
