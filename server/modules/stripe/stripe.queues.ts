import { PROVIDER_RETRIES, type QueueTable } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** One of Stripe's events, stored by the webhook: what it means is applied (stripe-events.ts). */
    'stripe.event': { eventId: string }
    /** Reads the salon's account again (the owner came back from Stripe's onboarding). */
    'stripe.account': { salonId: string }
  }
}

export const stripeQueues: QueueTable = {
  'stripe.event': { policy: 'standard', ...PROVIDER_RETRIES },
  'stripe.account': { policy: 'stately', ...PROVIDER_RETRIES },
}
