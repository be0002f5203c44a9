import type { PlugIn } from '@server/plug-in'
import { waitingListWorkers } from './waiting-list.jobs'
import { waitingListQueues } from './waiting-list.queues'
import { waitingListRoutes } from './waiting-list.routes'
import { waitingListFollowsBookings, waitingListFollowsFreedTime } from './waiting-list.subscriber'

/** The waiting list for full days: who waits, the review that offers freed times, the link that takes one. */
export const waitingList: PlugIn = {
  name: 'waiting-list',
  bookingSubscribers: [waitingListFollowsBookings],
  freedTimeFollowers: [waitingListFollowsFreedTime],
  queues: waitingListQueues,
  routes: waitingListRoutes,
  workers: waitingListWorkers,
}
