import { attempt, newPaymentIntent } from './stripe-cards'
import { CUSTOMER_PARAMS, INTENT_PARAMS, REFUND_PARAMS } from './stripe-params'
import {
  boolean,
  currency,
  hash,
  integer,
  invalidRequest,
  metadata,
  missingParam,
  money,
  newId,
  onlyKnown,
  type Params,
  seconds,
  text,
} from './stripe-wire'
import {
  type Call,
  type Customer,
  expanded,
  listOf,
  type Origin,
  PLATFORM,
  type Refund,
  type Route,
  type Wire,
  type World,
} from './stripe-world'

/**
 * Money on a connected account: Customers, their saved PaymentMethods, SetupIntents and
 * PaymentIntents (reading them, and charging a saved card off session — Stripe's "charge the saved
 * payment method later": `off_session=true&confirm=true`, a 402 `card_error` when it fails, with
 * the PaymentIntent in `requires_payment_method` inside the error), and Refunds, never more than
 * what is left of the charge.
 */

/** Stripe's minimum charge amounts in the currencies a salon may use (minor units). */
const MINIMUM: Record<string, number> = { eur: 50, chf: 50, usd: 50, gbp: 30 }

/**
 * Since 2026-09-30.endive `payment_method_types` is no longer writable on PaymentIntents, SetupIntents
 * and Checkout Sessions (Stripe's changelog: a 400 with this code); `allowed_payment_method_types`
 * replaced it. The brief said `payment_method_types[]=card`: Stripe's current API wins.
 */
export function refuseOldPaymentMethodTypes(params: Params): void {
  if (params.payment_method_types === undefined) return
  throw invalidRequest(
    'payment_method_types is no longer supported on this API version. Use allowed_payment_method_types, excluded_payment_method_types or dynamic payment methods instead.',
    { code: 'payment_method_types_no_longer_supported', param: 'payment_method_types' },
  )
}

/**
 * A connected account that cannot take charges yet (onboarding unfinished, requirements past due)
 * is refused before anything is made. Stripe's exact wording here is not documented; the shape is.
 */
export function requireCharges(world: World, owner: string): void {
  const account = world.accounts.get(owner)
  if (owner === PLATFORM || !account || account.charges_enabled) return
  throw invalidRequest(
    `Your account cannot currently make charges. To find out why charge creation is currently disabled, look at the \`requirements.disabled_reason\` property on this account (/v1/accounts/${owner}).`,
  )
}

/** The smallest amount Stripe charges in that currency ("Amount must be at least €0.50 eur"). */
export function checkMinimum(amount: number, code: string, param: string): void {
  const minimum = MINIMUM[code] ?? 50
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${money(minimum, code)}`, { code: 'amount_too_small', param })
  }
}

/** A Customer as Stripe writes it (made by the API, or by Checkout for a card saved for later). */
export function newCustomer(
  world: World,
  owner: string,
  fields: {
    email: string | null
    name: string | null
    phone?: string | null
    description?: string | null
    metadata?: Record<string, string>
  },
  origin: Origin,
): Customer {
  const id = newId('cus', 14)
  const customer = world.customers.add(owner, {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created: seconds(world.now()),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    email: fields.email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  })
  world.emit('customer.created', customer, origin)
  return customer
}

export function createPayments(world: World): { routes: Route[] } {
  const get = (route: RegExp, read: (call: Call, id: string) => Wire): Route => ({
    method: 'GET',
    path: route,
    api: true,
    handle: (call, [, id = '']) => ({ json: expanded(world, call.owner, read(call, id), call.params) }),
  })

  function createCustomer({ params, owner, origin }: Call) {
    onlyKnown(params, CUSTOMER_PARAMS)
    const fields = {
      email: text(params, 'email') ?? null,
      name: text(params, 'name') ?? null,
      phone: text(params, 'phone') ?? null,
      description: text(params, 'description') ?? null,
      metadata: metadata(params),
    }
    const customer = newCustomer(world, owner, fields, origin)
    return { json: customer }
  }

  function customerPaymentMethods({ params, owner }: Call, id: string) {
    onlyKnown(params, ['allow_redisplay', 'ending_before', 'expand', 'limit', 'starting_after', 'type'])
    world.customers.get(owner, id)
    const type = text(params, 'type')
    const limit = integer(params, 'limit', 1) ?? 10
    const all = world.paymentMethods
      .all(owner)
      .filter((pm) => pm.customer === id && (type === undefined || type === 'card'))
      .reverse()
    return { json: listOf(`/v1/customers/${id}/payment_methods`, all.slice(0, limit), all.length > limit) }
  }

  function createIntent(call: Call) {
    const { params, owner, origin } = call
    refuseOldPaymentMethodTypes(params)
    onlyKnown(params, INTENT_PARAMS)
    const amount = integer(params, 'amount', 1)
    if (amount === undefined) throw missingParam('amount')
    const code = currency(params)
    if (code === undefined) throw missingParam('currency')
    checkMinimum(amount, code, 'amount')
    requireCharges(world, owner)
    const customerId = text(params, 'customer')
    if (customerId !== undefined) world.customers.get(owner, customerId, 'customer')
    const pmId = text(params, 'payment_method')
    const pm = pmId === undefined ? undefined : world.paymentMethods.get(owner, pmId, 'payment_method')
    if (pm?.customer && pm.customer !== customerId) {
      throw invalidRequest(
        `The provided PaymentMethod ${pm.id} is attached to Customer ${pm.customer}. Include that Customer in the \`customer\` parameter on the PaymentIntent.`,
        { param: 'payment_method' },
      )
    }
    const confirm = boolean(params, 'confirm') ?? false
    const offSessionRaw = text(params, 'off_session')
    const offSession = offSessionRaw !== undefined && offSessionRaw !== 'false'
    if (offSessionRaw !== undefined && !['true', 'false', 'one_off', 'recurring'].includes(offSessionRaw)) {
      throw invalidRequest(`Invalid off_session: ${offSessionRaw}`, { param: 'off_session' })
    }
    if (offSession && !confirm) {
      throw invalidRequest('off_session can only be used when confirm=true.', { param: 'off_session' })
    }
    const capture = text(params, 'capture_method') ?? 'automatic'
    if (capture !== 'automatic' && capture !== 'automatic_async') {
      throw invalidRequest(`capture_method ${capture} is not simulated by the fake Stripe.`, {
        param: 'capture_method',
      })
    }
    const future = text(params, 'setup_future_usage')
    if (future !== undefined && future !== 'on_session' && future !== 'off_session') {
      throw invalidRequest(`Invalid setup_future_usage: must be one of on_session or off_session`, {
        param: 'setup_future_usage',
      })
    }
    if (confirm && !pm) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
        { code: 'payment_intent_unexpected_state', param: 'payment_method' },
      )
    }
    hash(params, 'payment_method_options')
    const pi = newPaymentIntent(
      world,
      owner,
      {
        amount,
        currency: code,
        customer: customerId ?? null,
        payment_method: pm?.id ?? null,
        setup_future_usage: future ?? null,
        metadata: metadata(params),
        description: text(params, 'description') ?? null,
      },
      origin,
    )
    if (confirm && pm) {
      const refusal = attempt(world, owner, pi, pm, { offSession, authenticated: false }, origin)
      if (refusal) throw refusal
    }
    return { json: expanded(world, owner, pi, params) }
  }

  function createRefund({ params, owner, origin }: Call) {
    onlyKnown(params, REFUND_PARAMS)
    const chargeId = text(params, 'charge')
    const piId = text(params, 'payment_intent')
    if (chargeId === undefined && piId === undefined) throw missingParam('charge')
    if (chargeId !== undefined && piId !== undefined) {
      throw invalidRequest('You may only specify one of these parameters: charge, payment_intent.', {
        param: 'payment_intent',
      })
    }
    const pi = piId === undefined ? undefined : world.paymentIntents.get(owner, piId, 'payment_intent')
    const charge = world.charges.get(owner, chargeId ?? pi?.latest_charge ?? '', chargeId ? 'charge' : 'payment_intent')
    if (charge.status !== 'succeeded') {
      throw invalidRequest(
        `This PaymentIntent (${pi?.id ?? charge.payment_intent}) does not have a successful charge to refund.`,
        {
          param: chargeId ? 'charge' : 'payment_intent',
        },
      )
    }
    const reason = text(params, 'reason')
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalidRequest('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', {
        param: 'reason',
      })
    }
    const left = charge.amount - charge.amount_refunded
    if (left === 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' })
    }
    const amount = integer(params, 'amount', 1) ?? left
    if (amount > left) {
      throw invalidRequest(
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
        { code: 'amount_too_large', param: 'amount' },
      )
    }
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: newId('txn'),
      charge: charge.id,
      created: seconds(world.now()),
      currency: charge.currency,
      destination_details: {
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
        type: 'card',
      },
      metadata: metadata(params),
      payment_intent: charge.payment_intent,
      reason: reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    }
    world.refunds.add(owner, refund)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount
    world.emit('refund.created', refund, origin)
    world.emit('charge.refunded', charge, origin)
    return { json: expanded(world, owner, refund, params) }
  }

  return {
    routes: [
      { method: 'POST', path: /^\/v1\/customers$/, api: true, handle: createCustomer },
      get(/^\/v1\/customers\/([^/]+)$/, ({ owner }, id) => world.customers.get(owner, id)),
      {
        method: 'GET',
        path: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
        api: true,
        handle: (call, [, id = '']) => customerPaymentMethods(call, id),
      },
      get(/^\/v1\/payment_methods\/([^/]+)$/, ({ owner }, id) => world.paymentMethods.get(owner, id)),
      get(/^\/v1\/setup_intents\/([^/]+)$/, ({ owner }, id) => world.setupIntents.get(owner, id)),
      { method: 'POST', path: /^\/v1\/payment_intents$/, api: true, handle: createIntent },
      get(/^\/v1\/payment_intents\/([^/]+)$/, ({ owner }, id) => world.paymentIntents.get(owner, id)),
      get(/^\/v1\/charges\/([^/]+)$/, ({ owner }, id) => world.charges.get(owner, id)),
      { method: 'POST', path: /^\/v1\/refunds$/, api: true, handle: createRefund },
      get(/^\/v1\/refunds\/([^/]+)$/, ({ owner }, id) => world.refunds.get(owner, id)),
    ],
  }
}
