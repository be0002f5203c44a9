import { clientSecret, newId, StripeRefusal, seconds, stripeError } from './stripe-wire'
import type { Charge, Origin, PaymentIntent, PaymentMethod, SetupIntent, World } from './stripe-world'

/**
 * Stripe's test cards and what a payment with one does. A card number only ever appears on the
 * hosted Checkout page (as with Stripe, the API sees PaymentMethods); each PaymentMethod remembers
 * its number, which decides every later charge:
 *  - 4242 4242 4242 4242 (and 5555 5555 5555 4444): succeeds, on or off session;
 *  - 4000 0027 6000 3184: "requires authentication on all transactions, regardless of how the card
 *    is set up" — on the hosted page the person passes the 3D Secure challenge and it succeeds; an
 *    off-session charge later fails with `authentication_required`, the PaymentIntent left in
 *    `requires_payment_method`, as Stripe's off-session guide describes;
 *  - 4000 0000 0000 0002: declined (`card_declined`, `generic_decline`), saving it too;
 *  - 4000 0000 0000 0341: saved fine, every charge declined (Stripe's "decline after attaching");
 *  - 4000 0000 0000 9995: charges declined (`insufficient_funds`); saving it moves no money, so it works.
 */

export interface TestCard {
  brand: string
  country: string
  outcome: 'succeed' | 'authenticate' | 'decline'
  /** Saving the card (setup mode) is declined too. */
  declinesSetup?: boolean
  declineCode?: string
  message?: string
}

export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', country: 'US', outcome: 'succeed' },
  '5555555555554444': { brand: 'mastercard', country: 'US', outcome: 'succeed' },
  '4000002760003184': { brand: 'visa', country: 'DE', outcome: 'authenticate' },
  '4000000000000002': {
    brand: 'visa',
    country: 'US',
    outcome: 'decline',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    declinesSetup: true,
  },
  '4000000000000341': {
    brand: 'visa',
    country: 'US',
    outcome: 'decline',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    brand: 'visa',
    country: 'US',
    outcome: 'decline',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
}

export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '')

/** A card PaymentMethod as Checkout makes it from what the person typed. */
export function newPaymentMethod(
  world: World,
  owner: string,
  number: string,
  person: { email?: string; name?: string },
): PaymentMethod {
  const card = TEST_CARDS[number]
  if (!card)
    throw new Error(`fake Stripe: ${number} is not one of the test cards (${Object.keys(TEST_CARDS).join(', ')})`)
  const year = new Date(world.now()).getUTCFullYear() + 3
  const pm: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: card.country, line1: null, line2: null, postal_code: null, state: null },
      email: person.email ?? null,
      name: person.name ?? null,
      phone: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: card.country,
      display_brand: card.brand,
      exp_month: 12,
      exp_year: year,
      fingerprint: `fp${number.slice(-8)}`,
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: seconds(world.now()),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  }
  world.cardNumbers.set(pm.id, number)
  return world.paymentMethods.add(owner, pm)
}

/** Attaches the PaymentMethod to the customer (payment_method.attached), once. */
export function attach(world: World, pm: PaymentMethod, customer: string | null, origin: Origin): void {
  if (customer === null || pm.customer === customer) return
  pm.customer = customer
  world.emit('payment_method.attached', pm, origin)
}

/** A PaymentIntent as Stripe writes it, before any attempt. */
export function newPaymentIntent(
  world: World,
  owner: string,
  fields: Pick<
    PaymentIntent,
    'amount' | 'currency' | 'customer' | 'payment_method' | 'setup_future_usage' | 'metadata'
  > & {
    description: string | null
  },
  origin: Origin,
): PaymentIntent {
  const id = newId('pi')
  const pi: PaymentIntent = {
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecret(id),
    confirmation_method: 'automatic',
    created: seconds(world.now()),
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: fields.payment_method,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: fields.setup_future_usage,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: fields.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  }
  world.paymentIntents.add(owner, pi)
  world.emit('payment_intent.created', pi, origin)
  return pi
}

/** A SetupIntent as Checkout makes it in setup mode (usage off_session: cards saved for later). */
export function newSetupIntent(
  world: World,
  owner: string,
  customer: string | null,
  metadata: Record<string, string>,
  origin: Origin,
): SetupIntent {
  const id = newId('seti')
  const si: SetupIntent = {
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: clientSecret(id),
    created: seconds(world.now()),
    customer,
    description: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  }
  world.setupIntents.add(owner, si)
  world.emit('setup_intent.created', si, origin)
  return si
}

/** The error a failed attempt carries (402 card_error; also the intent's last_payment_error). */
function cardError(code: string, declineCode: string, message: string, pm: PaymentMethod, charge?: string) {
  return {
    ...(charge ? { charge } : {}),
    ...stripeError('card_error', message, { code }),
    decline_code: declineCode,
    payment_method: structuredClone(pm),
  }
}

/**
 * Confirms the PaymentIntent with its PaymentMethod. `authenticated`: the person is there and
 * passed 3D Secure (the hosted page). Off session, a card that needs authentication fails; on
 * session through the API it waits in `requires_action`. A failure returns the 402 refusal (with
 * the PaymentIntent as it now is), to throw or to show; success leaves a succeeded Charge.
 */
export function attempt(
  world: World,
  owner: string,
  pi: PaymentIntent,
  pm: PaymentMethod,
  how: { offSession: boolean; authenticated: boolean },
  origin: Origin,
): StripeRefusal | undefined {
  const card = TEST_CARDS[world.cardNumbers.get(pm.id) ?? ''] ?? TEST_CARDS['4242424242424242']
  pi.payment_method = pm.id
  if (card?.outcome === 'authenticate' && !how.offSession && !how.authenticated) {
    pi.status = 'requires_action'
    pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: '' } }
    world.emit('payment_intent.requires_action', pi, origin)
    return undefined
  }
  const failure =
    card?.outcome === 'decline'
      ? {
          code: 'card_declined',
          decline: card.declineCode ?? 'generic_decline',
          message: card.message ?? 'Your card was declined.',
        }
      : card?.outcome === 'authenticate' && how.offSession
        ? {
            code: 'authentication_required',
            decline: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          }
        : undefined
  const charge = newCharge(world, owner, pi, pm, failure)
  pi.latest_charge = charge.id
  if (failure) {
    const error = cardError(failure.code, failure.decline, failure.message, pm, charge.id)
    pi.status = 'requires_payment_method'
    pi.last_payment_error = error
    world.emit('charge.failed', charge, origin)
    world.emit('payment_intent.payment_failed', pi, origin)
    return new StripeRefusal(402, { ...error, payment_intent: structuredClone(pi) }, true)
  }
  pi.status = 'succeeded'
  pi.amount_received = pi.amount
  pi.last_payment_error = null
  pi.next_action = null
  if (pi.setup_future_usage) attach(world, pm, pi.customer, origin)
  world.emit('charge.succeeded', charge, origin)
  world.emit('payment_intent.succeeded', pi, origin)
  return undefined
}

/** Saves the card through the SetupIntent (the person is there: 3D Secure passes); declines fail it. */
export function setUp(world: World, si: SetupIntent, pm: PaymentMethod, origin: Origin): string | undefined {
  const card = TEST_CARDS[world.cardNumbers.get(pm.id) ?? '']
  si.payment_method = pm.id
  if (card?.declinesSetup) {
    const message = card.message ?? 'Your card was declined.'
    si.status = 'requires_payment_method'
    si.last_setup_error = cardError('card_declined', card.declineCode ?? 'generic_decline', message, pm)
    world.emit('setup_intent.setup_failed', si, origin)
    return message
  }
  si.status = 'succeeded'
  si.last_setup_error = null
  attach(world, pm, si.customer, origin)
  world.emit('setup_intent.succeeded', si, origin)
  return undefined
}

function newCharge(
  world: World,
  owner: string,
  pi: PaymentIntent,
  pm: PaymentMethod,
  failure: { code: string; decline: string; message: string } | undefined,
): Charge {
  const ok = failure === undefined
  const charge: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: ok ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: ok ? newId('txn') : null,
    billing_details: structuredClone(pm.billing_details),
    captured: ok,
    created: seconds(world.now()),
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description ?? null,
    disputed: false,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: ok
      ? {
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          seller_message: 'Payment complete.',
          type: 'authorized',
        }
      : {
          network_status: 'declined_by_network',
          reason: failure.decline,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        },
    paid: ok,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      card: { ...structuredClone(pm.card), network: pm.card.brand, three_d_secure: null },
      type: 'card',
    },
    receipt_email: null,
    receipt_number: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    status: ok ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  }
  return world.charges.add(owner, charge)
}
