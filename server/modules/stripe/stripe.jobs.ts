import type { JobHandlers } from '@server/modules/jobs/job-engine'
import type { WorkerDeps } from '@server/plug-in'
import { readAccount } from './stripe-connect'
import { processEvent } from './stripe-events'

export function stripeWorkers(deps: WorkerDeps): JobHandlers {
  return {
    'stripe.event': async ({ eventId }) => processEvent(deps, eventId),
    'stripe.account': async ({ salonId }) => readAccount(deps, salonId),
  }
}
