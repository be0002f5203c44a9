import type { PlugIn } from '@server/plug-in'
import { calendarSyncWorkers } from './calendar-sync.jobs'
import { calendarSyncQueues } from './calendar-sync.queues'
import { calendarSyncRoutes } from './calendar-sync.routes'
import { calendarSalonFacts } from './calendar-sync.salon-facts'
import { calendarFollowsBookings } from './calendar-sync.subscriber'

/** Every booking in the salon's calendar, and the calendar's own events blocking times, whatever its provider. */
export const calendarSync: PlugIn = {
  name: 'calendar-sync',
  bookingSubscribers: [calendarFollowsBookings],
  queues: calendarSyncQueues,
  routes: calendarSyncRoutes,
  salonFacts: [calendarSalonFacts],
  workers: calendarSyncWorkers,
}
