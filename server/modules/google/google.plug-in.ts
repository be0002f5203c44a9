import type { PlugIn } from '@server/plug-in'
import { googleWorkers } from './google.jobs'
import { googleQueues } from './google.queues'
import { googleRoutes } from './google.routes'
import { googleCalendarRoutes } from './google-calendar.routes'
import { googleCalendarProvider } from './google-calendar-sync'

/** The owner signs in with Google, and the salon's Google Calendar shows its bookings and blocks its times. */
export const google: PlugIn = {
  name: 'google',
  calendarProviders: [googleCalendarProvider],
  queues: googleQueues,
  routes: (app, deps) => {
    googleRoutes(app, deps)
    googleCalendarRoutes(app, deps)
  },
  workers: googleWorkers,
}
