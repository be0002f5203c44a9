import { invalidRequest, noSuch, type Params } from './stripe-wire'

/**
 * The fake Stripe's state, shared by its handlers. Objects are kept as Stripe writes them (the
 * wire shape, snake_case), each owned by one account: a connected account's id when the request
 * carried `Stripe-Account`, PLATFORM otherwise. Times inside objects are Unix seconds; the fake's
 * own bookkeeping (link and key lifetimes) is in ms of the fake clock.
 */

/** The owner of what is made without a Stripe-Account header: the platform's own account. */
export const PLATFORM = 'platform'
export const MINUTE_MS = 60_000
export const HOUR_MS = 3_600_000

/** One request as the handlers see it. */
export interface Call {
  method: string
  path: string
  /** Query and form body together, brackets parsed. */
  params: Params
  /** The Stripe-Account header, when given. */
  stripeAccount: string | undefined
  /** Who owns what this request makes or reads: the header's account, or PLATFORM. */
  owner: string
  origin: Origin
}

/** What a handler answers: JSON (200 unless said), a hosted page, or a redirect (303 unless said). */
export type Answer =
  | { status?: number; json: unknown }
  | { status?: number; html: string }
  | { status?: number; redirect: string }

export interface Route {
  method: 'GET' | 'POST'
  path: RegExp
  /** A /v1 API call (secret key, idempotency, failNext, hold) rather than a page a person opens. */
  api: boolean
  handle(call: Call, match: string[]): Answer
}

/** Every Stripe object: an id, its `object` name, and the rest as Stripe writes it. */
export interface Wire {
  id: string
  object: string
  [field: string]: unknown
}

export interface Requirements {
  alternatives: unknown[]
  current_deadline: number | null
  currently_due: string[]
  disabled_reason: string | null
  errors: unknown[]
  eventually_due: string[]
  past_due: string[]
  pending_verification: string[]
}

export interface Account extends Wire {
  object: 'account'
  charges_enabled: boolean
  payouts_enabled: boolean
  details_submitted: boolean
  email: string | null
  requirements: Requirements
  metadata: Record<string, string>
}

export interface Customer extends Wire {
  object: 'customer'
  email: string | null
  name: string | null
}

export interface PaymentMethod extends Wire {
  object: 'payment_method'
  customer: string | null
  card: { brand: string; last4: string; country: string; [field: string]: unknown }
}

export interface SetupIntent extends Wire {
  object: 'setup_intent'
  status: string
  customer: string | null
  payment_method: string | null
  last_setup_error: Record<string, unknown> | null
  metadata: Record<string, string>
}

export interface PaymentIntent extends Wire {
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: string
  customer: string | null
  payment_method: string | null
  latest_charge: string | null
  last_payment_error: Record<string, unknown> | null
  setup_future_usage: string | null
  metadata: Record<string, string>
}

export interface Charge extends Wire {
  object: 'charge'
  amount: number
  amount_refunded: number
  currency: string
  refunded: boolean
  status: 'succeeded' | 'failed'
  payment_intent: string | null
  customer: string | null
}

export interface Refund extends Wire {
  object: 'refund'
  amount: number
  charge: string
  payment_intent: string | null
  status: string
}

export interface CheckoutSession extends Wire {
  object: 'checkout.session'
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid' | 'no_payment_required'
  mode: 'payment' | 'setup'
  url: string | null
  amount_total: number | null
  currency: string | null
  customer: string | null
  customer_email: string | null
  payment_intent: string | null
  setup_intent: string | null
  success_url: string | null
  cancel_url: string | null
  expires_at: number
  metadata: Record<string, string>
}

export interface StripeEvent extends Wire {
  object: 'event'
  type: string
  account?: string
  created: number
  data: { object: Wire; previous_attributes?: Record<string, unknown> }
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
}

/** An onboarding link: single use, short-lived, on the fake clock. */
export interface AccountLinkState {
  token: string
  account: string
  refreshUrl: string
  returnUrl: string
  expiresAt: number
  /** Stripe's links are "previously visited" after one view: a second view goes to refresh_url. */
  visited: boolean
  /** The form shown on that one view, usable once. */
  formToken: string | undefined
}

/** What a Checkout Session keeps for the moment it is paid (Stripe keeps it as payment_intent_data…). */
export interface SessionPlan {
  setupFutureUsage: 'on_session' | 'off_session' | undefined
  intentMetadata: Record<string, string>
  description: string | undefined
}

/** Where a change came from: an API request (its id and key go in the event) or a person / the clock. */
export interface Origin {
  account: string
  request?: { id: string; idempotencyKey: string | undefined }
}

/** Objects of one kind by id, each with its owner; another owner's object is "No such …" to a reader. */
export class Store<T extends Wire> {
  private readonly records = new Map<string, { account: string; value: T }>()

  constructor(readonly kind: string) {}

  add(account: string, value: T): T {
    this.records.set(value.id, { account, value })
    return value
  }

  find(account: string, id: string): T | undefined {
    const record = this.records.get(id)
    return record && record.account === account ? record.value : undefined
  }

  /** The object, or Stripe's resource_missing (404 for the URL's object, 400 for a parameter's). */
  get(account: string, id: string, param?: string): T {
    const found = this.find(account, id)
    if (!found) throw noSuch(this.kind, id, param)
    return found
  }

  owner(id: string): string | undefined {
    return this.records.get(id)?.account
  }

  all(account?: string): T[] {
    return [...this.records.values()].filter((r) => account === undefined || r.account === account).map((r) => r.value)
  }
}

export interface World {
  apiVersion: string
  now(): number
  /** The fake's base URL, for the hosted pages' links. */
  baseUrl(): string
  accounts: Map<string, Account>
  links: Map<string, AccountLinkState>
  customers: Store<Customer>
  paymentMethods: Store<PaymentMethod>
  setupIntents: Store<SetupIntent>
  paymentIntents: Store<PaymentIntent>
  charges: Store<Charge>
  refunds: Store<Refund>
  sessions: Store<CheckoutSession>
  sessionPlans: Map<string, SessionPlan>
  /** The test card number behind each PaymentMethod: what decides a later charge's fate. */
  cardNumbers: Map<string, string>
  /** Records an Event (with a snapshot of the object) and queues it for the webhook endpoint. */
  emit(type: string, object: Wire, origin: Origin, previous?: Record<string, unknown>): void
  /** Expires the open Checkout Sessions whose expires_at has passed on the fake clock. */
  sweep(): void
}

/** The stores by id prefix, for `expand[]`. */
function storeOf(world: World, id: string): Store<Wire> | undefined {
  const stores: [string, Store<Wire>][] = [
    ['pi_', world.paymentIntents as unknown as Store<Wire>],
    ['ch_', world.charges as unknown as Store<Wire>],
    ['cus_', world.customers as unknown as Store<Wire>],
    ['pm_', world.paymentMethods as unknown as Store<Wire>],
    ['seti_', world.setupIntents as unknown as Store<Wire>],
    ['re_', world.refunds as unknown as Store<Wire>],
    ['cs_', world.sessions as unknown as Store<Wire>],
  ]
  return stores.find(([prefix]) => id.startsWith(prefix))?.[1]
}

/**
 * A copy of the object with `expand[]` applied: each dotted path whose field holds the id of an
 * object of the same account gets the object instead (`latest_charge`, `payment_intent.latest_charge`).
 * A path that names no expandable field is refused, as Stripe refuses it.
 */
export function expanded(world: World, account: string, value: Wire, params: Params): Wire {
  const copy = structuredClone(value)
  const paths = params.expand
  for (const path of Array.isArray(paths) ? paths : paths === undefined ? [] : [paths]) {
    if (typeof path !== 'string') continue
    let node: Record<string, unknown> = copy
    for (const field of path.split('.')) {
      const current = node[field]
      if (current === null) break
      if (typeof current === 'string') {
        const found = storeOf(world, current)?.find(account, current)
        if (!found) throw invalidRequest(`This property cannot be expanded (${field}).`, { param: 'expand' })
        node[field] = structuredClone(found)
      } else if (typeof current !== 'object') {
        throw invalidRequest(`This property cannot be expanded (${field}).`, { param: 'expand' })
      }
      node = node[field] as Record<string, unknown>
    }
  }
  return copy
}

/** Stripe's list object. */
export function listOf(url: string, data: Wire[], hasMore = false): Record<string, unknown> {
  return { object: 'list', data, has_more: hasMore, url }
}
