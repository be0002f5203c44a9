import type { AppDeps } from './http/types'
import { calendarSyncWorkers } from './modules/calendar-sync/calendar-sync.jobs'
import { googleCalendarApi } from './modules/calendar-sync/google-calendar'
import { googleClient } from './modules/google/google-client'
import type { JobHandlers } from './modules/jobs/job-engine'

/** Every queue's worker, with its dependencies: what a server runs besides answering requests. */
export function productWorkers(deps: AppDeps): JobHandlers {
  return {
    ...calendarSyncWorkers({ ...deps, google: googleClient(deps.config), calendar: googleCalendarApi(deps.config) }),
  }
}
