import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { releaseExpiredHolds } from './booking-holds'
import type { BookingDeps } from './bookings.usecases'

/** The bookings' own worker: held bookings whose time ran out are released. */
export function bookingsWorkers(deps: BookingDeps): JobHandlers {
  return {
    'bookings.release-holds': async () => {
      await releaseExpiredHolds(deps)
    },
  }
}
