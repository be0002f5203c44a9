import { PERIODIC, PROVIDER_RETRIES, type QueueTable, TELLING_A_PERSON } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** Opens the page where the customer of a held booking pays its deposit or saves their card. */
    'payments.checkout': { bookingId: string }
    /** Periodic (every minute): held bookings not paid in time are released (their page closed first). */
    'payments.release-unpaid': Record<string, never>
    /** What a booking's cancellation, no-show or release means for its money (payment-rules.ts). */
    'payments.follow': { eventId: string }
    /** The desk settled a held booking: its page closes (a payment made on it meanwhile goes back). */
    'payments.close': { bookingId: string }
    /** Gives a deposit back. */
    'payments.refund': { bookingId: string }
    /** Charges a guarantee's fee on the saved card (a no-show, a late cancellation). */
    'payments.fee': { bookingId: string }
    /** Tells the customer of a payment event on every channel that reaches them. */
    'payments.tell': { eventId: string }
  }
}

export const paymentsQueues: QueueTable = {
  'payments.checkout': { policy: 'standard', ...PROVIDER_RETRIES },
  'payments.release-unpaid': { ...PERIODIC, cron: '* * * * *' },
  'payments.follow': { policy: 'standard', ...PROVIDER_RETRIES },
  'payments.close': { policy: 'standard', ...PROVIDER_RETRIES },
  'payments.refund': { policy: 'standard', ...PROVIDER_RETRIES },
  'payments.fee': { policy: 'standard', ...PROVIDER_RETRIES },
  'payments.tell': TELLING_A_PERSON,
}
