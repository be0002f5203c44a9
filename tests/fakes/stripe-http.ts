import type { IncomingMessage, ServerResponse } from 'node:http'
import { createIdempotency, type SavedAnswer } from './stripe-idempotency'
import { invalidRequest, newId, type Params, parseForm, StripeRefusal, seconds, stripeError } from './stripe-wire'
import { type Answer, type Call, PLATFORM, type Route, type World } from './stripe-world'

/**
 * The fake Stripe's HTTP loop: a /v1 call is authenticated with the secret key (Bearer, or Basic
 * as curl's `-u sk_…:` sends it), may be held (`hold`) or failed (`failNext`, an outage), claims its
 * idempotency key, then runs its route; the hosted pages (onboarding, checkout) need no key.
 * Every answer carries `Request-Id` (the SDK puts it in its errors) and `Stripe-Version`.
 */

/** One request as `requests()` shows it: enough to assert that every POST carried a key. */
export interface FakeStripeRequest {
  method: string
  path: string
  /** The Stripe-Account header. */
  account: string | undefined
  idempotencyKey: string | undefined
  stripeVersion: string | undefined
  params: Params
  /** Fake clock, ms. */
  at: number
  /** The HTTP status answered (undefined while held). */
  status?: number
  replayed: boolean
}

export interface Failure {
  status: number
  left: number
  /** Only requests whose "METHOD /path" contains this. */
  match?: string
  /** The request runs (and its answer is saved under its key) but the client gets the failure. */
  lostAnswer: boolean
}

/** Requests wait here while the test holds Stripe "slow"; `whenHeld` lets it wait for them without sleeping. */
export class Gate {
  private closed: { promise: Promise<void>; open: () => void } | undefined
  private waiting = 0
  private watchers: { count: number; resolve: () => void }[] = []

  hold(): void {
    if (this.closed) return
    let open = () => {}
    const promise = new Promise<void>((resolve) => {
      open = resolve
    })
    this.closed = { promise, open }
  }

  release(): void {
    this.closed?.open()
    this.closed = undefined
  }

  held(): number {
    return this.waiting
  }

  whenHeld(count: number): Promise<void> {
    if (this.waiting >= count) return Promise.resolve()
    return new Promise((resolve) => this.watchers.push({ count, resolve }))
  }

  async pass(): Promise<void> {
    if (!this.closed) return
    this.waiting++
    for (const w of this.watchers.filter((w) => this.waiting >= w.count)) w.resolve()
    this.watchers = this.watchers.filter((w) => this.waiting < w.count)
    await this.closed.promise
    this.waiting--
  }
}

export interface HttpState {
  secretKey: string
  apiVersion: string
  world: World
  routes: Route[]
  failures: Failure[]
  outage(): boolean
  gate: Gate
  log: FakeStripeRequest[]
  /** Called once an answer is out: auto-delivered events go after the response, as Stripe's do. */
  after(): void
}

/** The bodies Stripe answers for the statuses failNext and outages simulate. */
export function failureError(status: number): Record<string, unknown> {
  if (status === 429) {
    return stripeError(
      'invalid_request_error',
      'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
      { code: 'rate_limit' },
    )
  }
  if (status === 500) return stripeError('api_error', 'An unknown error occurred')
  if (status > 500) return stripeError('api_error', 'Stripe is temporarily unavailable. Please try again later.')
  return stripeError('invalid_request_error', `Simulated failure (${status}).`)
}

type Found = { route: Route; match: string[] }
interface Reply {
  status: number
  body: string
  type?: string
  headers?: Record<string, string>
}
interface Request {
  call: Call
  key: string | undefined
  requestId: string
  entry: FakeStripeRequest
  authorization: string | undefined
}

export function createHandler(state: HttpState) {
  const { world } = state
  const idempotency = createIdempotency(world.now)

  /** Stripe's 401: no key, or not ours (its message masks all but the last four characters). */
  function authenticate(header: string | undefined): void {
    const bearer = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]
    const basic = /^Basic\s+(.+)$/i.exec(header ?? '')?.[1]
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').replace(/:.*$/, '') : undefined)
    if (!key) {
      throw new StripeRefusal(
        401,
        stripeError(
          'invalid_request_error',
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        ),
      )
    }
    if (key !== state.secretKey) {
      throw new StripeRefusal(
        401,
        stripeError(
          'invalid_request_error',
          `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
        ),
      )
    }
  }

  function takeFailure(endpoint: string): Failure | undefined {
    const failure = state.failures.find((f) => f.left > 0 && (f.match === undefined || endpoint.includes(f.match)))
    if (!failure) return undefined
    failure.left--
    return failure
  }

  function route(method: string, path: string): Found | undefined {
    for (const candidate of state.routes) {
      const match = candidate.method === method ? candidate.path.exec(path) : null
      if (match) return { route: candidate, match: [...match] }
    }
    return undefined
  }

  function run(found: Found, call: Call): { status: number; body: string; answer: Answer } {
    const answer = found.route.handle(call, found.match)
    const status = answer.status ?? ('redirect' in answer ? 303 : 200)
    return { status, body: 'json' in answer ? JSON.stringify(answer.json, null, 2) : '', answer }
  }

  /** The /v1 part: outage, key, account, idempotency, hold, failNext, then the route. */
  async function api(request: Request, found: Found | undefined): Promise<Reply> {
    const { call, key, requestId, entry } = request
    const { stripeAccount, owner, method, path, params } = call
    let claimed: { save(answer: SavedAnswer): void; forget(): void } | undefined
    try {
      if (state.outage()) throw new StripeRefusal(503, failureError(503))
      authenticate(request.authorization)
      if (stripeAccount !== undefined && !world.accounts.has(stripeAccount)) {
        // Stripe's answer for an account that is not one of the platform's (or does not exist).
        const message = `The provided key '${state.secretKey.slice(0, 8)}…' does not have access to account '${stripeAccount}' (or that account does not exist). Application access may have been revoked.`
        throw new StripeRefusal(403, stripeError('invalid_request_error', message, { code: 'account_invalid' }))
      }
      if (key !== undefined) {
        const claim = idempotency.claim(owner, key, method, path, params)
        if (claim.kind === 'replay') {
          entry.replayed = true
          const headers = { 'idempotent-replayed': 'true', 'original-request': claim.answer.requestId }
          return { status: claim.answer.status, body: claim.answer.body, headers }
        }
        claimed = claim
      }
      // Held after the key is claimed: a retry of a request Stripe is still working on gets 409.
      await state.gate.pass()
      const failure = takeFailure(`${method} ${path}`)
      if (failure && !failure.lostAnswer) throw new StripeRefusal(failure.status, failureError(failure.status))
      if (!found) {
        const message = `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`
        throw invalidRequest(message, { status: 404 })
      }
      const { status, body } = run(found, call)
      claimed?.save({ status, body, requestId })
      if (!failure) return { status, body }
      const lost = { error: withLogUrl(failureError(failure.status), requestId, stripeAccount) }
      return { status: failure.status, body: JSON.stringify(lost, null, 2) }
    } catch (error) {
      const refusal =
        error instanceof StripeRefusal
          ? error
          : new StripeRefusal(500, stripeError('api_error', `An unknown error occurred (${(error as Error).message})`))
      const logged = refusal.status === 401 ? refusal.error : withLogUrl(refusal.error, requestId, stripeAccount)
      const body = JSON.stringify({ error: logged }, null, 2)
      if (refusal.executed) claimed?.save({ status: refusal.status, body, requestId })
      else claimed?.forget()
      return { status: refusal.status, body }
    }
  }

  /** A hosted page: HTML or a redirect, no key. */
  function hosted(found: Found | undefined, call: Call): Reply {
    if (!found) return { status: 404, body: 'Not found', type: 'text/plain' }
    const { status, answer } = run(found, call)
    if ('redirect' in answer) return { status, body: '', type: 'text/plain', headers: { location: answer.redirect } }
    return { status, body: 'html' in answer ? answer.html : '', type: 'text/html; charset=utf-8' }
  }

  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-stripe')
    const method = request.method ?? 'GET'
    const path = url.pathname
    const requestId = newId('req', 14)
    const header = (name: string) => {
      const value = request.headers[name]
      return typeof value === 'string' && value !== '' ? value : undefined
    }
    const stripeAccount = header('stripe-account')
    const key = method === 'POST' ? header('idempotency-key') : undefined
    const isApi = path.startsWith('/v1/')
    const entry: FakeStripeRequest = {
      method,
      path,
      account: stripeAccount,
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      params: {},
      at: world.now(),
      replayed: false,
    }
    if (isApi) state.log.push(entry)
    let reply: Reply
    try {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks).toString('utf8')
      entry.params = { ...parseForm(url.search.slice(1)), ...(method === 'POST' ? parseForm(body) : {}) }
      world.sweep()
      const owner = stripeAccount ?? PLATFORM
      const origin = { account: owner, request: { id: requestId, idempotencyKey: key } }
      const call: Call = { method, path, params: entry.params, stripeAccount, owner, origin }
      const found = route(method, path)
      reply = isApi
        ? await api({ call, key, requestId, entry, authorization: header('authorization') }, found)
        : hosted(found, call)
    } catch (error) {
      // A body that does not parse: refused before anything ran.
      const refusal =
        error instanceof StripeRefusal
          ? error
          : new StripeRefusal(400, stripeError('invalid_request_error', String(error)))
      reply = { status: refusal.status, body: JSON.stringify({ error: refusal.error }, null, 2) }
    }
    entry.status = reply.status
    response.once('finish', state.after)
    response.writeHead(reply.status, {
      'request-id': requestId,
      'stripe-version': header('stripe-version') ?? state.apiVersion,
      ...(stripeAccount ? { 'stripe-account': stripeAccount } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
      ...reply.headers,
      'content-type': reply.type ?? 'application/json',
    })
    response.end(reply.body)
  }

  /** Stripe points each error at its request in the Dashboard's logs. */
  function withLogUrl(error: Record<string, unknown>, requestId: string, account: string | undefined) {
    return {
      ...error,
      request_log_url: `https://dashboard.stripe.com/${account ? `${account}/` : ''}test/logs/${requestId}?t=${seconds(world.now())}`,
    }
  }
}
