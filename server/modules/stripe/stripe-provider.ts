import type { Config, StripeConfig } from '@server/config'
import {
  type CheckoutOutcome,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderDeps,
  ProviderUnavailable,
} from '@server/modules/payments/payment-providers'
import * as repo from './stripe.repository'
import { callStripe, Stripe, stripeClient } from './stripe-client'

/** Stripe keeps a Checkout page open 30 minutes at least (and 24 hours at most). */
const SHORTEST_CHECKOUT_MS = 30 * 60_000
const LONGEST_CHECKOUT_MS = 24 * 60 * 60_000

function configOf(config: Config): StripeConfig {
  if (!config.stripe) throw new ProviderUnavailable('stripe', 'Stripe is not configured on this server')
  return config.stripe
}

/** The salon's account id: every charge, refund and page is made on it (direct charges). */
async function accountOf(deps: ProviderDeps, salonId: string): Promise<string> {
  const account = await repo.findAccountOfSalon(deps.db, salonId)
  if (!account) throw new ProviderUnavailable('stripe', 'the salon has no Stripe account')
  return account.accountId
}

const id = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** What a completed Checkout Session paid: the payment (and its card) or the saved card. */
async function paidOf(stripe: Stripe, account: string, session: Stripe.Checkout.Session) {
  const options = { stripeAccount: account }
  let paymentRef: string | null = null
  let cardRef: string | null = null
  if (session.mode === 'payment' && session.payment_intent) {
    paymentRef = id(session.payment_intent)
    const intent = await callStripe('a payment', () =>
      stripe.paymentIntents.retrieve(paymentRef as string, {}, options),
    )
    cardRef = id(intent.payment_method)
  } else if (session.mode === 'setup' && session.setup_intent) {
    const setupRef = id(session.setup_intent) as string
    const intent = await callStripe('a saved card', () => stripe.setupIntents.retrieve(setupRef, {}, options))
    cardRef = id(intent.payment_method)
  }
  return { paymentRef, cardRef, customerRef: id(session.customer), amountMinor: session.amount_total ?? 0 }
}

/** A completed session as the payments module hears of it (the webhook's job, or our close). */
export async function completedSession(
  config: Config,
  account: string,
  session: Stripe.Checkout.Session,
): Promise<CheckoutOutcome> {
  return { state: 'complete', paid: await paidOf(stripeClient(configOf(config)), account, session) }
}

export const stripeProvider: PaymentProvider = {
  name: 'stripe',

  configured: (config) => config.stripe !== undefined,

  async readiness(db, salonId) {
    const account = await repo.findAccountOfSalon(db, salonId)
    if (!account || account.disconnectedAt) return { readiness: 'not_connected', currency: null }
    return { readiness: account.chargesEnabled ? 'ready' : 'incomplete', currency: account.currency }
  },

  async openCheckout(deps, request: CheckoutRequest) {
    const stripe = stripeClient(configOf(deps.config))
    const account = await accountOf(deps, request.salonId)
    // The page's end comes from the request, never from now: a retry sends the very same
    // parameters, which Stripe's idempotency requires to answer with the first page.
    const expiresAt = request.expiresAt.getTime()
    const left = expiresAt - deps.clock.now().getTime()
    if (left < SHORTEST_CHECKOUT_MS || left > LONGEST_CHECKOUT_MS) {
      throw new ProviderUnavailable(
        'stripe',
        'a Checkout page lasts 30 minutes to 24 hours: too late to open one for this',
      )
    }
    // A fee's page may be asked for again later (with a new end): its key names that end.
    const purpose =
      request.purpose === 'fee'
        ? `fee:${request.bookingId}:${Math.floor(expiresAt / 1000)}`
        : `booking:${request.bookingId}`
    const keyed = (what: string) => ({ stripeAccount: account, idempotencyKey: `${what}:${purpose}` })
    const customer =
      request.customerRef ??
      (
        await callStripe('a customer', () =>
          stripe.customers.create(
            {
              name: request.customer.name || undefined,
              ...(request.customer.email ? { email: request.customer.email } : {}),
              ...(request.customer.phone ? { phone: request.customer.phone } : {}),
              metadata: { salonia_booking: request.bookingId },
            },
            keyed('customer'),
          ),
        )
      ).id
    const metadata = { salonia_booking: request.bookingId, salonia_purpose: request.purpose }
    const currency = request.currency.toLowerCase()
    const session = await callStripe('a payment page', () =>
      stripe.checkout.sessions.create(
        {
          mode: request.mode,
          customer,
          client_reference_id: request.bookingId,
          metadata,
          locale: request.language,
          allowed_payment_method_types: ['card'],
          expires_at: Math.floor(expiresAt / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          ...(request.mode === 'payment'
            ? {
                line_items: [
                  {
                    quantity: 1,
                    price_data: {
                      currency,
                      unit_amount: request.amountMinor,
                      product_data: { name: request.description },
                    },
                  },
                ],
                // The card is kept for a later fee only when the booking's own deposit is paid.
                payment_intent_data: {
                  description: request.description,
                  metadata,
                  ...(request.purpose === 'booking' ? { setup_future_usage: 'off_session' as const } : {}),
                },
              }
            : { currency, setup_intent_data: { description: request.description, metadata } }),
        },
        keyed('checkout'),
      ),
    )
    if (!session.url) throw new ProviderUnavailable('stripe', 'the payment page has no address')
    return { ref: session.id, url: session.url, customerRef: customer }
  },

  async closeCheckout(deps, salonId, ref) {
    const stripe = stripeClient(configOf(deps.config))
    const account = await accountOf(deps, salonId)
    const options = { stripeAccount: account }
    let session = await callStripe('a payment page', () => stripe.checkout.sessions.retrieve(ref, {}, options))
    if (session.status === 'open') {
      try {
        session = await callStripe('closing a payment page', () =>
          stripe.checkout.sessions.expire(ref, {}, { ...options, idempotencyKey: `expire:${ref}` }),
        )
      } catch (error) {
        // Paid the instant before: Stripe refuses to close a complete page. Read it again.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
        session = await callStripe('a payment page', () => stripe.checkout.sessions.retrieve(ref, {}, options))
      }
    }
    if (session.status === 'complete') return completedSession(deps.config, account, session)
    if (session.status === 'open') throw new ProviderUnavailable('stripe', 'the payment page is still open')
    return { state: 'expired' }
  },

  async refund(deps, request) {
    const stripe = stripeClient(configOf(deps.config))
    const account = await accountOf(deps, request.salonId)
    const refund = await callStripe('a refund', () =>
      stripe.refunds.create(
        {
          payment_intent: request.paymentRef,
          amount: request.amountMinor,
          metadata: { salonia_booking: request.bookingId },
        },
        { stripeAccount: account, idempotencyKey: `refund:${request.bookingId}` },
      ),
    )
    return { ref: refund.id }
  },

  async chargeSavedCard(deps, request) {
    const stripe = stripeClient(configOf(deps.config))
    const account = await accountOf(deps, request.salonId)
    try {
      const intent = await callStripe('a fee', () =>
        stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            customer: request.customerRef,
            payment_method: request.cardRef,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { salonia_booking: request.bookingId, salonia_purpose: 'fee' },
          },
          { stripeAccount: account, idempotencyKey: `fee:${request.bookingId}` },
        ),
      )
      if (intent.status === 'succeeded') return { outcome: 'charged', ref: intent.id }
      if (intent.status === 'requires_action') return { outcome: 'needs_customer' }
      throw new ProviderUnavailable('stripe', `the fee is ${intent.status}`)
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error
      if (error.code === 'authentication_required') return { outcome: 'needs_customer' }
      return { outcome: 'declined', reason: error.decline_code ?? error.code ?? 'card_declined' }
    }
  },
}
