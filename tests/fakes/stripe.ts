import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createCheckout } from './stripe-checkout'
import { checkoutPage } from './stripe-checkout-page'
import { createConnect } from './stripe-connect'
import { createEvents, type DeliveryResult, type FlushOptions, type SignedPayload } from './stripe-events'
import { createHandler, type Failure, type FakeStripeRequest, Gate } from './stripe-http'
import { createPayments } from './stripe-payments'
import { seconds } from './stripe-wire'
import {
  type Account,
  type Charge,
  type CheckoutSession,
  type Customer,
  type PaymentIntent,
  type PaymentMethod,
  PLATFORM,
  type Refund,
  type SetupIntent,
  Store,
  type StripeEvent,
  type Wire,
  type World,
} from './stripe-world'

/**
 * A local stand-in for Stripe's REST API (v1), on Stripe's real paths, so that the product's code
 * runs unchanged with the official SDK pointed at it
 * (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })`):
 *  - Connect: Standard accounts, Account Links and a hosted onboarding page (stripe-connect.ts);
 *  - Checkout Sessions in payment and setup mode, and a hosted payment page taking Stripe's test
 *    cards (stripe-checkout.ts, stripe-checkout-page.ts, stripe-cards.ts);
 *  - Customers, PaymentMethods, SetupIntents, PaymentIntents (off-session charges), Refunds
 *    (stripe-payments.ts), every object owned by the account of its `Stripe-Account` header;
 *  - the protocol: secret-key authentication, bracketed form bodies, Stripe's error object,
 *    idempotency keys (stripe-idempotency.ts), `Request-Id`, `expand[]` (stripe-http.ts, stripe-wire.ts);
 *  - Events, signed webhook deliveries and GET /v1/events (stripe-events.ts).
 * Tests can make Stripe fail (`failNext`), go down (`down`), or be slow without sleeping (`hold`).
 * Time is the fake's own clock (real time plus `advance`, or another clock with `followClock`):
 * `created`, link and session lifetimes and signature timestamps all read it.
 *
 * Where the brief and Stripe differed, Stripe won: Account Link URLs keep Stripe's
 * /setup/c/<account>/<token> shape; `payment_method_types` is refused as endive refuses it
 * (`allowed_payment_method_types` replaced it, so setup mode needs `currency` unless that is
 * given); a session's PaymentIntent appears when the person submits the page, and stays after a
 * decline; "Save for later" also goes to return_url (the product must read the account); Stripe's
 * other events of a payment (customer.created, payment_intent.created, payment_method.attached,
 * charge.succeeded / charge.failed) come too.
 *
 * Stripe's reference pages this follows:
 *  https://docs.stripe.com/api/errors
 *  https://docs.stripe.com/api/idempotent_requests (and https://docs.stripe.com/idempotency)
 *  https://docs.stripe.com/api/connected-accounts (and https://docs.stripe.com/connect/authentication)
 *  https://docs.stripe.com/api/account_links/create
 *  https://stripe.com/docs/connect/oauth (Standard accounts onboarded with Account Links)
 *  https://docs.stripe.com/payments/checkout/managing-limited-inventory (expires_at, expire)
 *  https://docs.stripe.com/changelog/2022-08-01/deferred-paymentintent-checkout-session
 *  https://docs.stripe.com/changelog/2022-08-01/default-customer-creation-checkout-session
 *  https://docs.stripe.com/api/checkout/sessions/create (payment_intent_data.setup_future_usage, currency in setup mode)
 *  https://stripe.com/docs/payments/cards/saving-cards-without-payment (setup mode)
 *  https://docs.stripe.com/changelog/endive/2026-09-30/remove-payment-method-types-checkout-sessions
 *  https://docs.stripe.com/changelog/endive/2026-09-30/removes-the-payment-method-types-parameter-from-payment-intents-and-setup-intents
 *  https://docs.stripe.com/api/payment_intents/confirm (statuses after an attempt)
 *  https://docs.stripe.com/payments/save-and-reuse (charging a saved card off session)
 *  https://docs.stripe.com/testing (test cards)
 *  https://docs.stripe.com/api/events/object
 *  https://docs.stripe.com/webhooks#verify-manually (Stripe-Signature)
 */

export interface FakeStripeOptions {
  /** The port to listen on (0 or absent: any free one). */
  port?: number
  /** The platform's secret key (sk_test_…): anything else is a 401. */
  secretKey: string
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string
  /** Where events are POSTed (the product's /api/stripe/webhook). */
  webhookUrl?: string
  /** The clock to start from (default Date.now); advance() adds to it. */
  now?: () => number
  /** The API version events are written in (default the SDK's pinned one). */
  apiVersion?: string
}

/** What pay() did: the session after it, the decline message, and where the browser would go. */
export interface FakeStripePayment {
  session: CheckoutSession
  declined: string | undefined
  redirect: string | null
}

export interface FakeStripe {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  close(): Promise<void>
  webhookUrl: string | undefined
  /** Post each event as soon as the request that made it is answered, instead of on flushEvents(). */
  autoDeliver: boolean
  /** The fake's clock, ms. */
  now(): number
  advance(ms: number): void
  followClock(now: () => number): void
  /** Expires what is due on the fake clock (any request does it too). */
  tick(): void
  /** What the hosted onboarding page's "Complete onboarding" does. */
  completeOnboarding(accountId: string, options?: { payouts?: boolean }): Account
  /** Stripe asks for more (a deadline first; `pastDue`: charges and payouts stop). */
  requireMore(accountId: string, fields: string[], options?: { pastDue?: boolean }): Account
  /** What the hosted checkout page does with this card (default 4242 4242 4242 4242). */
  pay(sessionId: string, options?: { card?: string; email?: string; name?: string }): FakeStripePayment
  /** The next matching API call(s) fail with this status; `lostAnswer`: after running, as a lost response. */
  failNext(failure: { status: number; times?: number; match?: string; lostAnswer?: boolean }): void
  /** Stripe unreachable: connections refused (default), or every call answered 503. */
  down(on: boolean, how?: 'refuse' | 503): Promise<void>
  /** API calls wait until release(): Stripe slow, without a sleep. */
  hold(): void
  release(): void
  /** How many calls wait now, and a promise for when `count` of them do. */
  held(): number
  whenHeld(count?: number): Promise<void>
  /** POSTs every queued event, one at a time; resolves with each delivery's answer. */
  flushEvents(options?: FlushOptions): Promise<DeliveryResult[]>
  /** POSTs that event again (same id, a fresh signature): a replay, as Stripe's retries are. */
  redeliver(eventId: string): Promise<DeliveryResult>
  /** The body and Stripe-Signature for an event, with another secret or timestamp to forge or age one. */
  signedPayload(event: StripeEvent, options?: { secret?: string; timestamp?: number }): SignedPayload
  /** Resolves once every delivery started so far has been answered. */
  settle(): Promise<void>
  accounts(): Account[]
  customers(accountId?: string): Customer[]
  sessions(accountId?: string): CheckoutSession[]
  paymentIntents(accountId?: string): PaymentIntent[]
  setupIntents(accountId?: string): SetupIntent[]
  paymentMethods(accountId?: string): PaymentMethod[]
  /** Succeeded charges only (with amount_refunded): what really moved. */
  charges(accountId?: string): Charge[]
  refunds(accountId?: string): Refund[]
  events(): StripeEvent[]
  queuedEvents(): StripeEvent[]
  /** Every /v1 call, in order. */
  requests(): FakeStripeRequest[]
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  let base = options.now ?? Date.now
  let offset = 0
  let outage = false
  let listening = false
  const failures: Failure[] = []
  const log: FakeStripeRequest[] = []
  const gate = new Gate()

  const world: World = {
    apiVersion: options.apiVersion ?? '2026-11-18.endive',
    now: () => base() + offset,
    baseUrl: () => fake.url,
    accounts: new Map(),
    links: new Map(),
    customers: new Store('customer'),
    paymentMethods: new Store('PaymentMethod'),
    setupIntents: new Store('setupintent'),
    paymentIntents: new Store('payment_intent'),
    charges: new Store('charge'),
    refunds: new Store('refund'),
    sessions: new Store('checkout.session'),
    sessionPlans: new Map(),
    cardNumbers: new Map(),
    emit: (type, object, origin, previous) => events.emit(type, object, origin, previous),
    sweep() {
      const now = seconds(world.now())
      for (const session of world.sessions.all()) {
        if (session.status === 'open' && session.expires_at <= now) {
          checkout.expire(session, { account: world.sessions.owner(session.id) ?? PLATFORM })
        }
      }
    },
  }
  const events = createEvents(world, options.webhookSecret, () => ({
    url: fake.webhookUrl,
    autoDeliver: fake.autoDeliver,
  }))
  const kick = () => events.kick()
  const connect = createConnect(world, kick)
  const checkout = createCheckout(world, kick)
  const payments = createPayments(world)

  const handle = createHandler({
    secretKey: options.secretKey,
    apiVersion: world.apiVersion,
    world,
    routes: [
      ...connect.routes,
      ...checkout.routes,
      ...checkoutPage(world, checkout),
      ...payments.routes,
      ...events.routes,
    ],
    failures,
    outage: () => outage,
    gate,
    log,
    after: kick,
  })
  const server: Server = createServer((request, response) => void handle(request, response))
  const listen = (port: number) =>
    new Promise<void>((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        listening = true
        resolve()
      }),
    )
  const stop = async () => {
    if (!listening) return
    listening = false
    gate.release()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  const read = <T extends Wire>(store: Store<T>, accountId?: string) => {
    world.sweep()
    return structuredClone(store.all(accountId))
  }

  const fake: FakeStripe = {
    url: '',
    port: 0,
    webhookUrl: options.webhookUrl,
    autoDeliver: false,
    now: world.now,
    advance(ms) {
      offset += ms
      world.sweep()
    },
    followClock(now) {
      base = now
    },
    tick: () => world.sweep(),
    completeOnboarding: (accountId, more) => structuredClone(connect.completeOnboarding(accountId, more)),
    requireMore: (accountId, fields, more) => structuredClone(connect.requireMore(accountId, fields, more)),
    pay(sessionId, more) {
      const declined = checkout.pay(sessionId, more)
      const session = structuredClone(
        world.sessions.find(world.sessions.owner(sessionId) ?? PLATFORM, sessionId) as CheckoutSession,
      )
      const redirect =
        declined === undefined && session.success_url
          ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId)
          : null
      return { session, declined, redirect }
    },
    failNext({ status, times = 1, match, lostAnswer = false }) {
      failures.push({ status, left: times, lostAnswer, ...(match === undefined ? {} : { match }) })
    },
    async down(on, how = 'refuse') {
      outage = on && how === 503
      if (on && how === 'refuse') await stop()
      if (!on && !listening) await listen(fake.port)
    },
    hold: () => gate.hold(),
    release: () => gate.release(),
    held: () => gate.held(),
    whenHeld: (count = 1) => gate.whenHeld(count),
    flushEvents: (order) => events.flush(order),
    redeliver: (eventId) => events.redeliver(eventId),
    signedPayload: (event, more) => events.signedPayload(event, more),
    settle: () => events.settle(),
    accounts: () => structuredClone([...world.accounts.values()]),
    customers: (accountId) => read(world.customers, accountId),
    sessions: (accountId) => read(world.sessions, accountId),
    paymentIntents: (accountId) => read(world.paymentIntents, accountId),
    setupIntents: (accountId) => read(world.setupIntents, accountId),
    paymentMethods: (accountId) => read(world.paymentMethods, accountId),
    charges: (accountId) => read(world.charges, accountId).filter((c) => c.status === 'succeeded'),
    refunds: (accountId) => read(world.refunds, accountId),
    events: () => structuredClone(events.all()),
    queuedEvents: () => structuredClone(events.queued()),
    requests: () => structuredClone(log),
    async close() {
      await events.settle()
      await stop()
    },
  }

  await listen(options.port ?? 0)
  fake.port = (server.address() as AddressInfo).port
  fake.url = `http://127.0.0.1:${fake.port}`
  return fake
}
