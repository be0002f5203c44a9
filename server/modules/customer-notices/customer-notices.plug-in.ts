import type { PlugIn } from '@server/plug-in'
import { customerNoticesWorkers } from './customer-notices.jobs'
import { customerNoticesQueues } from './customer-notices.queues'
import { customerNotices } from './tell-customer'

/** The customer is told when the salon moves or cancels their appointment. */
export const customerNoticesPlugIn: PlugIn = {
  name: 'customer-notices',
  bookingSubscribers: [customerNotices],
  queues: customerNoticesQueues,
  workers: customerNoticesWorkers,
}
