import type { StripeConfig } from '@server/config'
import { ProviderUnavailable } from '@server/modules/payments/payment-providers'
import Stripe from 'stripe'

/**
 * The official SDK, one per configuration, pointed at api.stripe.com or at a fake (STRIPE_BASE_URL
 * → host, port, protocol). The SDK's own retries are off: jobs retry, with backoff, and every POST
 * carries an idempotency key derived from what it does, so a retry never charges twice.
 */
const clients = new WeakMap<StripeConfig, Stripe>()

export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config)
  if (!client) {
    client = new Stripe(config.secretKey, {
      host: config.api.host,
      port: config.api.port,
      protocol: config.api.protocol,
      maxNetworkRetries: 0,
      timeout: 10_000,
      telemetry: false,
      appInfo: { name: 'Salonia' },
    })
    clients.set(config, client)
  }
  return client
}

/**
 * Stripe unreachable, slow, rate-limiting, failing on its side or refusing our key: the job tries
 * again later (the message names the kind, never a key). Other errors are the caller's to read.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      error instanceof Stripe.errors.StripeAuthenticationError ||
      (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500) ||
      (error instanceof Stripe.errors.StripeError && error.statusCode === 409)
    ) {
      // 409: a request with the same idempotency key is still in flight (the job, another instance).
      const busy = error instanceof Stripe.errors.StripeError && error.statusCode === 409
      throw new ProviderUnavailable(
        'stripe',
        `Stripe did not answer ${what}: ${error.type} ${error.statusCode ?? ''}`.trim(),
        busy,
      )
    }
    throw error
  }
}

export { Stripe }
