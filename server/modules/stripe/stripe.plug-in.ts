import type { PlugIn } from '@server/plug-in'
import { stripeWorkers } from './stripe.jobs'
import { stripeQueues } from './stripe.queues'
import { stripeRoutes } from './stripe.routes'
import { stripeProvider } from './stripe-provider'

/** Salons take deposits and card guarantees on their own Stripe account (Connect, Standard). */
export const stripe: PlugIn = {
  name: 'stripe',
  paymentProviders: [stripeProvider],
  queues: stripeQueues,
  routes: stripeRoutes,
  workers: (deps) => (deps.config.stripe ? stripeWorkers(deps) : {}),
}
