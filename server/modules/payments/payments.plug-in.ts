import type { PlugIn } from '@server/plug-in'
import { paymentHold } from './payment-hold'
import { paymentsSubscriber } from './payment-rules'
import { paymentsWorkers } from './payments.jobs'
import { paymentsQueues } from './payments.queues'
import { paymentsRoutes } from './payments.routes'

/**
 * Deposits and card guarantees: a service's policy holds a chat's booking until it is paid, and the
 * money follows the booking (refunded, kept, a fee). The provider that moves the money plugs in
 * beside it (`paymentProviders`); without one configured, nothing asks for money.
 */
export const payments: PlugIn = {
  name: 'payments',
  bookingHolds: [paymentHold],
  bookingSubscribers: [paymentsSubscriber],
  queues: paymentsQueues,
  routes: paymentsRoutes,
  workers: paymentsWorkers,
}
