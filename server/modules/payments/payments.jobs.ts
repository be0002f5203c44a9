import type { JobHandlers } from '@server/modules/jobs/job-engine'
import type { WorkerDeps } from '@server/plug-in'
import { openBookingCheckout, releaseUnpaid } from './payment-checkout'
import { chargeFee, closeSettledCheckout, followEvent, refundDeposit } from './payment-rules'
import { tellPayment } from './payment-tell'

/** The payments' workers: each reads the current facts when it runs, so a retry converges. */
export function paymentsWorkers(deps: WorkerDeps): JobHandlers {
  return {
    'payments.checkout': async ({ bookingId }) => {
      await openBookingCheckout(deps, bookingId)
    },
    'payments.release-unpaid': async () => {
      await releaseUnpaid(deps)
    },
    'payments.follow': async ({ eventId }) => followEvent(deps, eventId),
    'payments.close': async ({ bookingId }) => closeSettledCheckout(deps, bookingId),
    'payments.refund': async ({ bookingId }) => refundDeposit(deps, bookingId),
    'payments.fee': async ({ bookingId }) => chargeFee(deps, bookingId),
    'payments.tell': async ({ eventId }) => tellPayment(deps, eventId),
  }
}
