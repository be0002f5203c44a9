import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { type TellDeps, tellCustomer } from './tell-customer'

/** The customer notices' worker: telling a customer of the salon's change runs once per history event. */
export function customerNoticesWorkers(deps: TellDeps): JobHandlers {
  return {
    'bookings.tell-customer': async ({ eventId }) => {
      await tellCustomer(deps, eventId)
    },
  }
}
