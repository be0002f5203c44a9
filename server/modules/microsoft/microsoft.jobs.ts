import type { CalendarDeps } from '@server/modules/calendar-sync/calendar-providers'
import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { releaseMicrosoft } from './microsoft-release'

/** Microsoft's own worker: what removing an Outlook calendar leaves to do at Microsoft. */
export function microsoftWorkers(deps: CalendarDeps): JobHandlers {
  return {
    'microsoft.release': async (release) => {
      await releaseMicrosoft(deps, release)
    },
  }
}
