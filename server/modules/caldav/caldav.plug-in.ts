import type { PlugIn } from '@server/plug-in'
import { caldavRoutes } from './caldav.routes'
import { caldavCalendarProvider } from './caldav-provider'

/** Any CalDAV calendar (iCloud, Fastmail, Nextcloud…) receives the salon's bookings and blocks its times. */
export const caldav: PlugIn = {
  name: 'caldav',
  calendarProviders: [caldavCalendarProvider],
  routes: caldavRoutes,
}
