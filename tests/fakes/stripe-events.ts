import { createHmac } from 'node:crypto'
import { EVENT_LIST_PARAMS } from './stripe-params'
import { integer, list, newId, noSuch, onlyKnown, type Params, seconds, text } from './stripe-wire'
import { listOf, type Origin, PLATFORM, type Route, type StripeEvent, type Wire, type World } from './stripe-world'

/**
 * Events, as Stripe records them and posts them to a webhook endpoint: an Event object per change
 * (`data.object` a snapshot of the object at that moment, `account` for a connected account's
 * events, `request` naming the API request and its idempotency key, null for what a person or the
 * clock did), posted as Stripe writes it (pretty-printed JSON) with
 * `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` — what
 * `stripe.webhooks.constructEvent` verifies — and a `v0` signature with another secret, as test
 * mode adds, which a receiver must ignore. Events wait in a queue for `flush` (any order, for
 * property tests) unless auto-delivered. Stripe's own retries of a failed delivery are not
 * simulated: `redeliver` replays one (same event, same id, a fresh signature).
 */

export interface DeliveryResult {
  event: string
  type: string
  /** The receiver's HTTP status, 0 when it could not be reached. */
  status: number
  body: string
  error?: string
}

export interface FlushOptions {
  /** The queue's order (created), the reverse, or a seeded shuffle: Stripe does not promise order. */
  order?: 'created' | 'reverse' | 'random'
  seed?: number
}

export interface Events {
  emit(type: string, object: Wire, origin: Origin, previous?: Record<string, unknown>): void
  all(): StripeEvent[]
  queued(): StripeEvent[]
  flush(options?: FlushOptions): Promise<DeliveryResult[]>
  redeliver(id: string): Promise<DeliveryResult>
  signedPayload(event: StripeEvent, options?: { secret?: string; timestamp?: number }): SignedPayload
  /** Delivers what is queued now, in the background, when auto-delivery is on. */
  kick(): void
  settle(): Promise<void>
  routes: Route[]
}

export interface SignedPayload {
  payload: string
  header: string
}

/** Test mode's extra signature scheme is signed with a secret nobody has: receivers must only trust v1. */
const V0_SECRET = 'fake-stripe-test-mode-v0'
/** How long the receiver may take before the fake gives up on one delivery. */
const WEBHOOK_TIMEOUT_MS = 10_000

export function createEvents(
  world: World,
  webhookSecret: string,
  endpoint: () => { url: string | undefined; autoDeliver: boolean },
): Events {
  const recorded: StripeEvent[] = []
  let queue: StripeEvent[] = []
  let draining: Promise<unknown> = Promise.resolve()

  const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data, 'utf8').digest('hex')

  function signedPayload(event: StripeEvent, options: { secret?: string; timestamp?: number } = {}): SignedPayload {
    const payload = JSON.stringify(event, null, 2)
    const t = options.timestamp ?? seconds(world.now())
    const signed = `${t}.${payload}`
    return {
      payload,
      header: `t=${t},v1=${hmac(options.secret ?? webhookSecret, signed)},v0=${hmac(V0_SECRET, signed)}`,
    }
  }

  async function deliver(event: StripeEvent): Promise<DeliveryResult> {
    const url = endpoint().url
    if (!url) throw new Error('fake Stripe: webhookUrl is not set, so there is nowhere to post the event')
    const { payload, header } = signedPayload(event)
    const result = { event: event.id, type: event.type }
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': header,
        },
        body: payload,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      })
      const body = await answer.text()
      if (answer.ok) event.pending_webhooks = Math.max(0, event.pending_webhooks - 1)
      return { ...result, status: answer.status, body }
    } catch (error) {
      return { ...result, status: 0, body: '', error: (error as Error).message }
    }
  }

  /** Deliveries go one at a time, never two drains at once, so "in order" means in order. */
  function drain(order: FlushOptions = {}): Promise<DeliveryResult[]> {
    const run = draining
      .catch(() => {})
      .then(async () => {
        const batch = ordered(queue, order)
        queue = []
        const results: DeliveryResult[] = []
        for (const event of batch) results.push(await deliver(event))
        return results
      })
    draining = run
    return run
  }

  const events: Events = {
    emit(type, object, origin, previous) {
      const event: StripeEvent = {
        id: newId('evt'),
        object: 'event',
        ...(origin.account === PLATFORM ? {} : { account: origin.account }),
        api_version: world.apiVersion,
        created: seconds(world.now()),
        data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
        livemode: false,
        pending_webhooks: endpoint().url ? 1 : 0,
        request: { id: origin.request?.id ?? null, idempotency_key: origin.request?.idempotencyKey ?? null },
        type,
      }
      recorded.push(event)
      queue.push(event)
    },
    all: () => [...recorded],
    queued: () => [...queue],
    flush(options) {
      if (!endpoint().url && queue.length > 0) {
        return Promise.reject(new Error('fake Stripe: webhookUrl is not set, so there is nowhere to post the events'))
      }
      return drain(options)
    },
    redeliver(id) {
      const event = recorded.find((e) => e.id === id)
      if (!event) return Promise.reject(new Error(`fake Stripe: no event ${id}`))
      return deliver(event)
    },
    signedPayload,
    kick() {
      const { url, autoDeliver } = endpoint()
      if (!autoDeliver || !url || queue.length === 0) return
      drain().then(
        (results) => {
          for (const r of results.filter((r) => r.status < 200 || r.status >= 300)) {
            console.error(`fake Stripe: ${r.type} (${r.event}) answered ${r.status} ${r.error ?? r.body.slice(0, 200)}`)
          }
        },
        (error: unknown) => console.error(`fake Stripe: events could not be posted: ${(error as Error).message}`),
      )
    },
    async settle() {
      let seen: Promise<unknown> | undefined
      while (seen !== draining) {
        seen = draining
        await draining.catch(() => {})
      }
    },
    routes: [
      {
        method: 'GET',
        path: /^\/v1\/events\/([^/]+)$/,
        api: true,
        handle: (call, [, id = '']) => ({ json: find(id, call.owner) }),
      },
      {
        method: 'GET',
        path: /^\/v1\/events$/,
        api: true,
        handle: (call) => ({ json: listEvents(call.params, call.owner) }),
      },
    ],
  }

  /** An account sees its own events: a connected account's carry `account`, the platform's do not. */
  const ownedBy = (owner: string) => (e: StripeEvent) => (e.account ?? PLATFORM) === owner

  function find(id: string, owner: string): StripeEvent {
    const event = recorded.find((e) => e.id === id && ownedBy(owner)(e))
    if (!event) throw noSuch('event', id)
    return event
  }

  /** GET /v1/events: newest first, `type` (with `*` wildcards) or `types[]`, `created[gte|gt|lte|lt]`. */
  function listEvents(params: Params, owner: string) {
    onlyKnown(params, EVENT_LIST_PARAMS)
    const limit = integer(params, 'limit', 1) ?? 10
    const type = text(params, 'type')
    const types = list(params, 'types').filter((t): t is string => typeof t === 'string')
    const matchesType = (t: string) =>
      (type === undefined || new RegExp(`^${type.replaceAll('.', '\\.').replaceAll('*', '.*')}$`).test(t)) &&
      (types.length === 0 || types.includes(t))
    const created = params.created
    const bounds = typeof created === 'object' && !Array.isArray(created) ? created : {}
    const exact = typeof created === 'string' ? Number(created) : undefined
    const within = (at: number) =>
      (exact === undefined || at === exact) &&
      (bounds.gte === undefined || at >= Number(bounds.gte)) &&
      (bounds.gt === undefined || at > Number(bounds.gt)) &&
      (bounds.lte === undefined || at <= Number(bounds.lte)) &&
      (bounds.lt === undefined || at < Number(bounds.lt))
    let matching = recorded
      .filter(ownedBy(owner))
      .filter((e) => matchesType(e.type) && within(e.created))
      .reverse()
    const after = text(params, 'starting_after')
    if (after !== undefined) matching = matching.slice(matching.findIndex((e) => e.id === after) + 1)
    return listOf('/v1/events', matching.slice(0, Math.min(limit, 100)), matching.length > limit)
  }

  return events
}

/** A seeded shuffle (mulberry32), so a failing property test can be replayed with its seed. */
function ordered(events: StripeEvent[], { order = 'created', seed = 1 }: FlushOptions): StripeEvent[] {
  if (order === 'created') return [...events]
  if (order === 'reverse') return [...events].reverse()
  let state = seed >>> 0
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const shuffled = [...events]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[shuffled[i], shuffled[j]] = [shuffled[j] as StripeEvent, shuffled[i] as StripeEvent]
  }
  return shuffled
}
