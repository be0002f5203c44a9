import type { PlugIn } from '@server/plug-in'
import { microsoftWorkers } from './microsoft.jobs'
import { microsoftQueues } from './microsoft.queues'
import { microsoftRoutes } from './microsoft.routes'
import { microsoftProvider } from './microsoft-provider'

/** The salon's Outlook calendar (Microsoft 365, Outlook.com): shows its bookings and blocks its times. */
export const microsoft: PlugIn = {
  name: 'microsoft',
  calendarProviders: [microsoftProvider],
  queues: microsoftQueues,
  routes: microsoftRoutes,
  workers: microsoftWorkers,
}
