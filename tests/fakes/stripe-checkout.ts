import {
  attempt,
  cardDigits,
  newPaymentIntent,
  newPaymentMethod,
  newSetupIntent,
  setUp,
  TEST_CARDS,
} from './stripe-cards'
import { INTENT_DATA_PARAMS, LINE_ITEM_PARAMS, LOCALES, SESSION_PARAMS } from './stripe-params'
import { checkMinimum, newCustomer, refuseOldPaymentMethodTypes, requireCharges } from './stripe-payments'
import {
  currency,
  hash,
  integer,
  invalidRequest,
  list,
  metadata,
  missingParam,
  newId,
  onlyKnown,
  requiredText,
  seconds,
  text,
  url,
} from './stripe-wire'
import { type Call, type CheckoutSession, expanded, type Origin, type Route, type World } from './stripe-world'

/**
 * Checkout Sessions on a connected account, and Stripe's hosted payment page for them. Since
 * 2022-08-01 a session in payment mode has no PaymentIntent until it is confirmed (Stripe's
 * changelog): `payment_intent` is null until the person submits the form — and stays set after a
 * declined card, the session still open. `expires_at` must fall 30 minutes to 24 hours after
 * creation (default 24 hours); an open session expires at that time on the fake clock
 * (`checkout.session.expired`), or on `expire`. Paying emits what Stripe does
 * (`charge.succeeded`, `payment_intent.succeeded` / `setup_intent.succeeded`, then
 * `checkout.session.completed`) and sends the browser (303) to success_url with
 * {CHECKOUT_SESSION_ID} filled in (the page itself: stripe-checkout-page.ts).
 */

const MIN_LIFETIME_S = 30 * 60
const MAX_LIFETIME_S = 24 * 3600

export interface Checkout {
  routes: Route[]
  /** Pays (or saves the card of) an open session as a person would on the page; the decline message, if any. */
  pay(sessionId: string, person?: { card?: string; email?: string; name?: string }): string | undefined
  expire(session: CheckoutSession, origin: Origin): void
  /** The session by id, whichever account owns it (the hosted page has no Stripe-Account). */
  session(id: string): CheckoutSession | undefined
  /** What the session sells, for the hosted page. */
  lines(id: string): LineItem[]
}

export interface LineItem {
  name: string
  unitAmount: number
  quantity: number
  currency: string
}

function lineItems(given: unknown[]): LineItem[] {
  return given.map((raw, i) => {
    const at = `line_items[${i}]`
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw invalidRequest('Invalid object', { param: at })
    const item = raw as Record<string, never>
    onlyKnown(item, LINE_ITEM_PARAMS, at)
    if (text(item, 'price') !== undefined) {
      throw invalidRequest(`No such price: '${text(item, 'price')}' (the fake Stripe knows price_data only)`, {
        code: 'resource_missing',
        param: `${at}[price]`,
      })
    }
    const price = hash(item, 'price_data', `${at}[price_data]`)
    if (Object.keys(price).length === 0) throw missingParam(`${at}[price_data]`)
    const code = currency(price, 'currency', `${at}[price_data][currency]`)
    if (code === undefined) throw missingParam(`${at}[price_data][currency]`)
    const unitAmount = integer(price, 'unit_amount', 0, `${at}[price_data][unit_amount]`)
    if (unitAmount === undefined) throw missingParam(`${at}[price_data][unit_amount]`)
    const product = hash(price, 'product_data', `${at}[price_data][product_data]`)
    const name = requiredText(product, 'name', `${at}[price_data][product_data][name]`)
    const quantity = integer(item, 'quantity', 1, `${at}[quantity]`)
    if (quantity === undefined) throw missingParam(`${at}[quantity]`)
    return { name, unitAmount, quantity, currency: code }
  })
}

const onlyIn = (param: string, mode: string) =>
  invalidRequest(`You can only specify \`${param}\` in \`${mode}\` mode.`, { param })

export function createCheckout(world: World, kick: () => void): Checkout {
  const items = new Map<string, LineItem[]>()

  function create(call: Call) {
    const { params, owner } = call
    refuseOldPaymentMethodTypes(params)
    onlyKnown(params, SESSION_PARAMS)
    const mode = requiredText(params, 'mode')
    if (mode !== 'payment' && mode !== 'setup') {
      throw invalidRequest(`mode ${mode} is not simulated by the fake Stripe (payment and setup are).`, {
        param: 'mode',
      })
    }
    const uiMode = text(params, 'ui_mode') ?? 'hosted_page'
    if (uiMode !== 'hosted_page') {
      throw invalidRequest(`ui_mode ${uiMode} is not simulated by the fake Stripe (its hosted page is).`, {
        param: 'ui_mode',
      })
    }
    requireCharges(world, owner)
    const customer = text(params, 'customer')
    if (customer !== undefined) world.customers.get(owner, customer, 'customer')
    const customerEmail = text(params, 'customer_email')
    if (customer !== undefined && customerEmail !== undefined) {
      throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', {
        param: 'customer_email',
      })
    }
    const given = list(params, 'line_items')
    const intentData = hash(params, 'payment_intent_data')
    const setupData = hash(params, 'setup_intent_data')
    let lines: LineItem[] = []
    let code = currency(params)
    if (mode === 'payment') {
      if (given.length === 0) throw missingParam('line_items')
      if (Object.keys(setupData).length > 0) throw onlyIn('setup_intent_data', 'setup')
      lines = lineItems(given)
      code = lines[0]?.currency
      if (lines.some((l) => l.currency !== code)) {
        throw invalidRequest('All line items must have the same currency.', { param: 'line_items' })
      }
    } else {
      if (given.length > 0)
        throw invalidRequest('You cannot pass `line_items` in `setup` mode.', { param: 'line_items' })
      if (Object.keys(intentData).length > 0) throw onlyIn('payment_intent_data', 'payment')
      // Stripe: currency is "Required in setup mode when allowed_payment_method_types is not set".
      if (code === undefined && params.allowed_payment_method_types === undefined) throw missingParam('currency')
    }
    onlyKnown(intentData, INTENT_DATA_PARAMS, 'payment_intent_data')
    onlyKnown(setupData, ['description', 'metadata', 'on_behalf_of'], 'setup_intent_data')
    const future = text(intentData, 'setup_future_usage', 'payment_intent_data[setup_future_usage]')
    if (future !== undefined && future !== 'on_session' && future !== 'off_session') {
      throw invalidRequest('Invalid setup_future_usage: must be one of on_session or off_session', {
        param: 'payment_intent_data[setup_future_usage]',
      })
    }
    const total = lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0)
    if (mode === 'payment') checkMinimum(total, code ?? 'eur', 'line_items')
    const created = seconds(world.now())
    const expiresAt = integer(params, 'expires_at') ?? created + MAX_LIFETIME_S
    if (expiresAt < created + MIN_LIFETIME_S || expiresAt > created + MAX_LIFETIME_S) {
      throw invalidRequest(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.',
        { param: 'expires_at' },
      )
    }
    const locale = text(params, 'locale') ?? null
    if (locale !== null && !LOCALES.includes(locale)) {
      throw invalidRequest(`Invalid locale: must be one of ${LOCALES.join(', ')}`, { param: 'locale' })
    }
    const creation = text(params, 'customer_creation')
    if (creation !== undefined && creation !== 'always' && creation !== 'if_required') {
      throw invalidRequest('Invalid customer_creation: must be one of always or if_required', {
        param: 'customer_creation',
      })
    }
    const reference = text(params, 'client_reference_id') ?? null
    if (reference !== null && reference.length > 200) {
      throw invalidRequest('client_reference_id can be at most 200 characters.', { param: 'client_reference_id' })
    }
    const id = newId('cs_test', 58)
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: mode === 'payment' ? total : null,
      amount_total: mode === 'payment' ? total : null,
      automatic_tax: { enabled: false, liability: null, status: null },
      billing_address_collection: null,
      cancel_url: url(params, 'cancel_url') ?? null,
      client_reference_id: reference,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created,
      currency: code ?? null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customer ?? null,
      customer_creation: customer ? null : (creation ?? 'if_required'),
      customer_details: null,
      customer_email: customerEmail ?? null,
      expires_at: expiresAt,
      invoice: null,
      livemode: false,
      locale,
      metadata: metadata(params),
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      phone_number_collection: { enabled: false },
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: url(params, 'success_url') ?? null,
      total_details: mode === 'payment' ? { amount_discount: 0, amount_shipping: 0, amount_tax: 0 } : null,
      ui_mode: 'hosted_page',
      url: `${world.baseUrl()}/c/pay/${id}`,
    }
    items.set(id, lines)
    world.sessionPlans.set(id, {
      setupFutureUsage: future as 'on_session' | 'off_session' | undefined,
      intentMetadata: mode === 'payment' ? metadata(intentData) : metadata(setupData),
      description: text(intentData, 'description') ?? text(setupData, 'description'),
    })
    world.sessions.add(owner, session)
    return { json: expanded(world, owner, session, params) }
  }

  function expireCall({ owner, origin, params }: Call, id: string) {
    const session = world.sessions.get(owner, id)
    if (session.status !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        { param: 'session' },
      )
    }
    checkout.expire(session, origin)
    return { json: expanded(world, owner, session, params) }
  }

  const checkout: Checkout = {
    expire(session, origin) {
      session.status = 'expired'
      session.url = null
      const pi = session.payment_intent ? world.paymentIntents.find(origin.account, session.payment_intent) : undefined
      if (pi && pi.status !== 'succeeded' && pi.status !== 'canceled') {
        Object.assign(pi, { status: 'canceled', cancellation_reason: 'abandoned', canceled_at: seconds(world.now()) })
        world.emit('payment_intent.canceled', pi, origin)
      }
      world.emit('checkout.session.expired', session, origin)
      kick()
    },
    session(id) {
      const owner = world.sessions.owner(id)
      return owner === undefined ? undefined : world.sessions.find(owner, id)
    },
    lines: (id) => items.get(id) ?? [],
    pay(sessionId, person = {}) {
      world.sweep()
      const owner = world.sessions.owner(sessionId)
      const session = owner === undefined ? undefined : world.sessions.find(owner, sessionId)
      if (!session || owner === undefined) throw new Error(`fake Stripe: no Checkout Session ${sessionId}`)
      if (session.status !== 'open')
        throw new Error(`fake Stripe: Checkout Session ${sessionId} is ${session.status}, not open`)
      const number = cardDigits(person.card ?? '4242424242424242')
      if (!TEST_CARDS[number]) return 'Your card number is invalid.'
      const origin: Origin = { account: owner }
      const plan = world.sessionPlans.get(sessionId)
      const known = session.customer ? world.customers.find(owner, session.customer) : undefined
      const email = person.email ?? known?.email ?? session.customer_email ?? 'client@example.com'
      const name = person.name ?? known?.name ?? 'Test Client'
      // Stripe: without `customer`, Checkout makes a Customer only for customer_creation=always (payment
      // mode); otherwise a card saved for later is "not attached to a Customer" — the product must pass one.
      if (!session.customer && session.customer_creation === 'always') {
        session.customer = newCustomer(world, owner, { email, name }, origin).id
      }
      const pm = newPaymentMethod(world, owner, number, { email, name })
      let declined: string | undefined
      if (session.mode === 'payment') {
        const pi =
          (session.payment_intent ? world.paymentIntents.find(owner, session.payment_intent) : undefined) ??
          newPaymentIntent(
            world,
            owner,
            {
              amount: session.amount_total ?? 0,
              currency: session.currency ?? 'eur',
              customer: session.customer,
              payment_method: null,
              setup_future_usage: plan?.setupFutureUsage ?? null,
              metadata: plan?.intentMetadata ?? {},
              description: plan?.description ?? null,
            },
            origin,
          )
        session.payment_intent = pi.id
        pi.customer = session.customer
        declined = attempt(world, owner, pi, pm, { offSession: false, authenticated: true }, origin)?.message
      } else {
        const si =
          (session.setup_intent ? world.setupIntents.find(owner, session.setup_intent) : undefined) ??
          newSetupIntent(world, owner, session.customer, plan?.intentMetadata ?? {}, origin)
        session.setup_intent = si.id
        declined = setUp(world, si, pm, origin)
      }
      if (declined === undefined) {
        Object.assign(session, {
          status: 'complete',
          payment_status: session.mode === 'payment' ? 'paid' : 'no_payment_required',
          url: null,
          customer_details: {
            address: { city: null, country: pm.card.country, line1: null, line2: null, postal_code: null, state: null },
            business_name: null,
            email,
            individual_name: null,
            name,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
          },
        })
        world.emit('checkout.session.completed', session, origin)
      }
      kick()
      return declined
    },
    routes: [
      { method: 'POST', path: /^\/v1\/checkout\/sessions$/, api: true, handle: create },
      {
        method: 'GET',
        path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
        api: true,
        handle: ({ owner, params }, [, id = '']) => ({
          json: expanded(world, owner, world.sessions.get(owner, id), params),
        }),
      },
      {
        method: 'POST',
        path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
        api: true,
        handle: (call, [, id = '']) => expireCall(call, id),
      },
    ],
  }

  return checkout
}
