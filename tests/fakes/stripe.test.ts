import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FakeStripe, startFakeStripe } from './stripe'

/** The fake Stripe driven through the official SDK (as the product drives Stripe), and a local webhook receiver. */

const SECRET = 'sk_test_fake_51SaloniaPlatformKey0123456789'
const WHSEC = 'whsec_fake_salonia_0123456789abcdef'
const MINUTE = 60_000

let fake: FakeStripe
let stripe: Stripe
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeEach(async () => {
  receiver = await startReceiver()
  fake = await startFakeStripe({
    secretKey: SECRET,
    webhookSecret: WHSEC,
    webhookUrl: `${receiver.url}/api/stripe/webhook`,
  })
  stripe = client(SECRET)
})
afterEach(async () => {
  await fake.close()
  await receiver.close()
})

const client = (key: string) =>
  new Stripe(key, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 })

/** A webhook receiver that keeps the raw bytes and answers `status` (200). */
async function startReceiver() {
  const received: { raw: string; headers: IncomingHttpHeaders }[] = []
  const state = { status: 200 }
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    received.push({ raw: Buffer.concat(chunks).toString('utf8'), headers: request.headers })
    response.writeHead(state.status).end('{"received":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    /** Every delivery verified as the product's webhook does it. */
    events(): Stripe.Event[] {
      return received.map(({ raw, headers }) =>
        stripe.webhooks.constructEvent(raw, String(headers['stripe-signature']), WHSEC, 300, undefined, fake.now()),
      )
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A salon's Standard account, onboarded unless said. */
async function salon(onboarded = true): Promise<string> {
  const account = await stripe.accounts.create({ type: 'standard', country: 'FR', email: 'salon@example.com' })
  if (onboarded) fake.completeOnboarding(account.id)
  return account.id
}

async function depositSession(account: string, more: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  const customer = await stripe.customers.create(
    { name: 'Zoé Martin', email: 'zoe@example.com' },
    { stripeAccount: account },
  )
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      customer: customer.id,
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: 2500, product_data: { name: 'Deposit: balayage' } },
          quantity: 1,
        },
      ],
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { appointment: 'apt_1' } },
      client_reference_id: 'apt_1',
      metadata: { appointment: 'apt_1' },
      success_url: 'https://salon.example/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://salon.example/cancelled',
      locale: 'fr',
      ...more,
    },
    { stripeAccount: account },
  )
  return { customer, session }
}

/** A customer with a saved card (through setup mode), ready for off-session charges. */
async function savedCard(account: string, card: string) {
  const customer = await stripe.customers.create({ email: 'lea@example.com' }, { stripeAccount: account })
  const session = await stripe.checkout.sessions.create(
    { mode: 'setup', currency: 'eur', customer: customer.id, success_url: 'https://salon.example/saved' },
    { stripeAccount: account },
  )
  fake.pay(session.id, { card })
  const done = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account })
  const si = await stripe.setupIntents.retrieve(String(done.setup_intent), {}, { stripeAccount: account })
  return { customer: customer.id, paymentMethod: String(si.payment_method) }
}

/** The form of a hosted page: its action and hidden inputs. */
function form(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? ''
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  )
  return { action, fields }
}

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${fake.url}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' })

async function rejection(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise
  } catch (error) {
    return error as Stripe.errors.StripeError
  }
  throw new Error('expected a Stripe error')
}

describe('protocol', () => {
  it('refuses a missing or wrong secret key with 401 and Stripe’s error body', async () => {
    const anonymous = await fetch(`${fake.url}/v1/customers/cus_x`)
    expect(anonymous.status).toBe(401)
    const body = await anonymous.json()
    expect(body.error.type).toBe('invalid_request_error')
    expect(body.error.message).toMatch(/did not provide an API key/)
    const wrong = await rejection(client('sk_test_wrong_key_000000000000').customers.create({}))
    expect(wrong).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(wrong.message).toMatch(/Invalid API Key provided: sk_test_\**0000/)
  })

  it('reads bracketed form bodies, refuses unknown parameters, and names Stripe’s request id', async () => {
    const account = await salon()
    const customer = await stripe.customers.create(
      { name: 'Zoé', metadata: { salon: 'SAL001', clé: 'été' } },
      { stripeAccount: account },
    )
    expect(customer.metadata).toEqual({ salon: 'SAL001', clé: 'été' })
    expect(customer.lastResponse.requestId).toMatch(/^req_/)
    const unknown = await rejection(stripe.customers.create({ nmae: 'typo' } as never, { stripeAccount: account }))
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'nmae', statusCode: 400 })
    expect(unknown.raw).toMatchObject({ request_log_url: expect.stringContaining(`${account}/test/logs/req_`) })
  })

  it('keeps every object on its account: another account’s header gets resource_missing, an unknown one 403', async () => {
    const [a, b] = [await salon(), await salon()]
    const customer = await stripe.customers.create({ email: 'a@example.com' }, { stripeAccount: a })
    const missing = await rejection(stripe.customers.retrieve(customer.id, {}, { stripeAccount: b }))
    expect(missing).toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
      message: expect.stringContaining(customer.id),
    })
    const forged = await rejection(stripe.customers.create({}, { stripeAccount: 'acct_1NotConnected000' }))
    expect(forged).toBeInstanceOf(Stripe.errors.StripePermissionError)
    expect(forged.code).toBe('account_invalid')
    expect((await stripe.accounts.retrieve(a)).id).toBe(a)
  })

  it('records every call: the SDK keys every POST, and the account header is kept', async () => {
    const account = await salon()
    await stripe.customers.create({ email: 'x@example.com' }, { stripeAccount: account })
    await stripe.accounts.retrieve(account)
    const posts = fake.requests().filter((r) => r.method === 'POST')
    expect(posts.length).toBe(2)
    expect(posts.every((r) => r.idempotencyKey?.startsWith('stripe-node-retry-'))).toBe(true)
    expect(posts[1]).toMatchObject({ path: '/v1/customers', account, params: { email: 'x@example.com' }, status: 200 })
    expect(fake.requests().at(-1)).toMatchObject({ method: 'GET', idempotencyKey: undefined })
  })
})

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters, and charges once', async () => {
    const account = await salon()
    const { customer, paymentMethod } = await savedCard(account, '4242424242424242')
    const params = {
      amount: 4000,
      currency: 'eur',
      customer,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
    }
    const options = { stripeAccount: account, idempotencyKey: 'no-show-fee-apt_1' }
    const first = await stripe.paymentIntents.create(params, options)
    const again = await stripe.paymentIntents.create(params, options)
    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
    expect(fake.charges(account)).toHaveLength(1)
    const other = await rejection(stripe.paymentIntents.create({ ...params, amount: 5000 }, options))
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(other.message).toMatch(/same parameters/)
    const elsewhere = await rejection(stripe.refunds.create({ payment_intent: first.id }, options))
    expect(elsewhere.message).toMatch(/same endpoint/)
  })

  it('saves nothing for a refused request (a corrected retry may reuse its key) but replays a declined card', async () => {
    const account = await salon()
    const options = { stripeAccount: account, idempotencyKey: 'k-validation' }
    await rejection(stripe.customers.create({ email: 'x', nmae: 1 } as never, options))
    expect((await stripe.customers.create({ email: 'x@example.com' }, options)).id).toMatch(/^cus_/)
    const { customer, paymentMethod } = await savedCard(account, '4000000000000341')
    const params = {
      amount: 4000,
      currency: 'eur',
      customer,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
    }
    const declined = await rejection(
      stripe.paymentIntents.create(params, { stripeAccount: account, idempotencyKey: 'fee-1' }),
    )
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' })
    const replayed = await rejection(
      stripe.paymentIntents.create(params, { stripeAccount: account, idempotencyKey: 'fee-1' }),
    )
    expect(replayed.headers?.['idempotent-replayed']).toBe('true')
    expect(replayed.payment_intent?.id).toBe(declined.payment_intent?.id)
    expect(fake.paymentIntents(account)).toHaveLength(1)
  })

  it('answers a lost response from what it saved: the retry with the same key does not charge again', async () => {
    const account = await salon()
    const { customer, paymentMethod } = await savedCard(account, '4242424242424242')
    fake.failNext({ status: 500, match: 'POST /v1/payment_intents', lostAnswer: true })
    const params = {
      amount: 4000,
      currency: 'eur',
      customer,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
    }
    const options = { stripeAccount: account, idempotencyKey: 'job-42' }
    const lost = await rejection(stripe.paymentIntents.create(params, options))
    expect(lost).toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect(fake.charges(account)).toHaveLength(1)
    const retried = await stripe.paymentIntents.create(params, options)
    expect(retried.status).toBe('succeeded')
    expect(fake.charges(account)).toHaveLength(1)
  })

  it('answers 409 while the first request with the key still runs, then replays it', async () => {
    const account = await salon()
    fake.hold()
    const options = { stripeAccount: account, idempotencyKey: 'slow-one' }
    const first = stripe.customers.create({ email: 'slow@example.com' }, options)
    await fake.whenHeld(1)
    const concurrent = await rejection(stripe.customers.create({ email: 'slow@example.com' }, options))
    expect(concurrent.statusCode).toBe(409)
    expect(concurrent.rawType).toBe('idempotency_error')
    fake.release()
    const done = await first
    expect((await stripe.customers.create({ email: 'slow@example.com' }, options)).id).toBe(done.id)
    expect(fake.customers(account)).toHaveLength(1)
  })
})

describe('failures', () => {
  it('fails the next calls with 500, 503 or 429 as Stripe answers them, touching nothing', async () => {
    const account = await salon()
    fake.failNext({ status: 503, times: 2 })
    fake.failNext({ status: 429 })
    const down = await rejection(stripe.customers.create({}, { stripeAccount: account }))
    expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError)
    expect(down.statusCode).toBe(503)
    await rejection(stripe.customers.create({}, { stripeAccount: account }))
    expect(await rejection(stripe.customers.create({}, { stripeAccount: account }))).toBeInstanceOf(
      Stripe.errors.StripeRateLimitError,
    )
    expect(fake.customers(account)).toHaveLength(0)
    expect((await stripe.customers.create({}, { stripeAccount: account })).id).toMatch(/^cus_/)
  })

  it('goes down (connections refused, or 503) and comes back on the same port', async () => {
    const account = await salon()
    await fake.down(true)
    expect(await rejection(stripe.accounts.retrieve(account))).toBeInstanceOf(Stripe.errors.StripeConnectionError)
    await fake.down(false)
    expect((await stripe.accounts.retrieve(account)).id).toBe(account)
    await fake.down(true, 503)
    expect((await rejection(stripe.accounts.retrieve(account))).statusCode).toBe(503)
    await fake.down(false)
    expect((await stripe.accounts.retrieve(account)).id).toBe(account)
  })

  it('holds calls until released: Stripe slow, without a sleep', async () => {
    const account = await salon()
    fake.hold()
    let settled = false
    const pending = stripe.accounts.retrieve(account).then((a) => {
      settled = true
      return a
    })
    await fake.whenHeld(1)
    expect(fake.held()).toBe(1)
    expect(settled).toBe(false)
    fake.release()
    expect((await pending).id).toBe(account)
    expect(fake.held()).toBe(0)
  })
})

describe('Connect onboarding', () => {
  it('creates a Standard account that cannot charge yet', async () => {
    const account = await stripe.accounts.create({
      type: 'standard',
      country: 'FR',
      email: 's@example.com',
      metadata: { salon: 'SAL001' },
    })
    expect(account).toMatchObject({
      object: 'account',
      type: 'standard',
      country: 'FR',
      default_currency: 'eur',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      metadata: { salon: 'SAL001' },
      requirements: { disabled_reason: 'requirements.past_due' },
    })
    expect(account.requirements?.currently_due).toEqual(
      expect.arrayContaining(['external_account', 'business_profile.url']),
    )
    const refused = await rejection(
      stripe.checkout.sessions.create(
        { mode: 'setup', currency: 'eur', success_url: 'https://s.example' },
        { stripeAccount: account.id },
      ),
    )
    expect(refused.message).toMatch(/cannot currently make charges/)
  })

  it('onboards through the account link’s hosted page and redirects to return_url', async () => {
    const account = await salon(false)
    const link = await stripe.accountLinks.create({
      account,
      type: 'account_onboarding',
      refresh_url: 'https://salon.example/stripe/refresh',
      return_url: 'https://salon.example/stripe/return',
    })
    expect(link.url).toMatch(new RegExp(`^${fake.url}/setup/c/${account}/`))
    expect(link.expires_at - link.created).toBe(300)
    const shown = await fetch(link.url)
    expect(shown.status).toBe(200)
    const html = await shown.text()
    expect(html).toContain('Complete onboarding')
    const again = await fetch(link.url, { redirect: 'manual' })
    expect(again.headers.get('location')).toBe('https://salon.example/stripe/refresh')
    const { action, fields } = form(html)
    const done = await post(action, { ...fields, action: 'complete' })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('https://salon.example/stripe/return')
    const onboarded = await stripe.accounts.retrieve(account)
    expect(onboarded).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true })
    expect(onboarded.requirements?.currently_due).toEqual([])
    expect((await post(action, { ...fields, action: 'complete' })).headers.get('location')).toBe(
      'https://salon.example/stripe/refresh',
    )
    await fake.flushEvents()
    const [updated] = receiver.events()
    expect(updated).toMatchObject({
      type: 'account.updated',
      account,
      data: { object: { id: account, charges_enabled: true } },
    })
    expect(updated?.data.previous_attributes).toMatchObject({ charges_enabled: false, details_submitted: false })
  })

  it('sends an expired link to refresh_url, and "Save for later" back unfinished', async () => {
    const account = await salon(false)
    const params = {
      account,
      type: 'account_onboarding' as const,
      refresh_url: 'https://s.example/refresh',
      return_url: 'https://s.example/return',
    }
    const late = await stripe.accountLinks.create(params)
    fake.advance(5 * MINUTE)
    expect((await fetch(late.url, { redirect: 'manual' })).headers.get('location')).toBe('https://s.example/refresh')
    const link = await stripe.accountLinks.create(params)
    const { action, fields } = form(await (await fetch(link.url)).text())
    expect((await post(action, { ...fields, action: 'later' })).headers.get('location')).toBe(
      'https://s.example/return',
    )
    expect((await stripe.accounts.retrieve(account)).details_submitted).toBe(false)
    const more = fake.requireMore(account, ['individual.verification.document'], { pastDue: true })
    expect(more).toMatchObject({
      charges_enabled: false,
      requirements: { past_due: ['individual.verification.document'] },
    })
  })
})

describe('Checkout', () => {
  it('takes a deposit through the hosted page and saves the card for later', async () => {
    const account = await salon()
    const { customer, session } = await depositSession(account)
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      amount_total: 2500,
      currency: 'eur',
      customer: customer.id,
      payment_intent: null,
      client_reference_id: 'apt_1',
      locale: 'fr',
      url: `${fake.url}/c/pay/${session.id}`,
    })
    expect(session.id).toMatch(/^cs_test_/)
    expect(session.expires_at - session.created).toBe(24 * 3600)
    await fake.flushEvents()
    receiver.received.length = 0
    const { action } = form(await (await fetch(String(session.url))).text())
    const paid = await post(action, { email: 'zoe@example.com', name: 'Zoé Martin', card: '4242 4242 4242 4242' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`https://salon.example/paid?session=${session.id}`)
    const done = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ['payment_intent'] },
      { stripeAccount: account },
    )
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null })
    const pi = done.payment_intent as Stripe.PaymentIntent
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 2500,
      amount_received: 2500,
      metadata: { appointment: 'apt_1' },
    })
    const methods = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' }, { stripeAccount: account })
    expect(methods.data.map((m) => m.id)).toEqual([pi.payment_method])
    expect(methods.has_more).toBe(false)
    expect(fake.charges(account)).toMatchObject([{ amount: 2500, amount_refunded: 0, payment_intent: pi.id }])
    expect(await (await fetch(String(session.url))).text()).toContain('is complete')
    await fake.flushEvents()
    expect(receiver.events().map((e) => e.type)).toEqual([
      'payment_intent.created',
      'payment_method.attached',
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ])
    expect(receiver.events().every((e) => e.account === account && e.request?.id === null)).toBe(true)
  })

  it('shows a decline on the page and leaves the session open, with its PaymentIntent', async () => {
    const account = await salon()
    const { session } = await depositSession(account)
    const page = await post(`/c/pay/${session.id}`, { card: '4000000000000002' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Your card was declined.')
    const open = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account })
    expect(open.status).toBe('open')
    const pi = await stripe.paymentIntents.retrieve(
      String(open.payment_intent),
      { expand: ['latest_charge'] },
      { stripeAccount: account },
    )
    expect(pi.status).toBe('requires_payment_method')
    expect(pi.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' })
    expect((pi.latest_charge as Stripe.Charge).status).toBe('failed')
    const paid = fake.pay(session.id)
    expect(paid.redirect).toBe(`https://salon.example/paid?session=${session.id}`)
    expect(paid.session.payment_intent).toBe(pi.id)
    expect(fake.charges(account)).toHaveLength(1)
  })

  it('saves a card in setup mode (currency required), with a SetupIntent', async () => {
    const account = await salon()
    const customer = await stripe.customers.create({ email: 'lea@example.com' }, { stripeAccount: account })
    const noCurrency = await rejection(
      stripe.checkout.sessions.create(
        { mode: 'setup', customer: customer.id, success_url: 'https://s.example/ok' },
        { stripeAccount: account },
      ),
    )
    expect(noCurrency).toMatchObject({ code: 'parameter_missing', param: 'currency' })
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'setup',
        currency: 'eur',
        customer: customer.id,
        setup_intent_data: { metadata: { guarantee: 'apt_2' } },
        success_url: 'https://s.example/ok?cs={CHECKOUT_SESSION_ID}',
      },
      { stripeAccount: account },
    )
    expect(session).toMatchObject({ payment_status: 'no_payment_required', setup_intent: null, amount_total: null })
    const result = fake.pay(session.id, { card: '4000002760003184' })
    expect(result.redirect).toBe(`https://s.example/ok?cs=${session.id}`)
    expect(result.session).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' })
    const si = await stripe.setupIntents.retrieve(String(result.session.setup_intent), {}, { stripeAccount: account })
    expect(si).toMatchObject({
      status: 'succeeded',
      usage: 'off_session',
      customer: customer.id,
      metadata: { guarantee: 'apt_2' },
    })
    const pm = await stripe.paymentMethods.retrieve(String(si.payment_method), {}, { stripeAccount: account })
    expect(pm).toMatchObject({ customer: customer.id, card: { last4: '3184', brand: 'visa' } })
    expect(fake.charges(account)).toHaveLength(0)
  })

  it('refuses payment_method_types on this API version (allowed_payment_method_types replaced it)', async () => {
    const account = await salon()
    const refused = await rejection(
      stripe.checkout.sessions.create(
        { mode: 'setup', payment_method_types: ['card'], success_url: 'https://s.example' } as never,
        { stripeAccount: account },
      ),
    )
    expect(refused).toMatchObject({ code: 'payment_method_types_no_longer_supported', param: 'payment_method_types' })
    const allowed = await stripe.checkout.sessions.create(
      { mode: 'setup', allowed_payment_method_types: ['card'], success_url: 'https://s.example' },
      { stripeAccount: account },
    )
    expect(allowed.currency).toBeNull()
  })

  it('takes expires_at only 30 minutes to 24 hours after creation', async () => {
    const account = await salon()
    const now = Math.floor(fake.now() / 1000)
    for (const expires_at of [now + 10 * 60, now + 25 * 3600]) {
      const refused = await rejection(depositSession(account, { expires_at }))
      expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      expect(refused.param).toBe('expires_at')
    }
    const { session } = await depositSession(account, { expires_at: now + 30 * 60 })
    expect(session.expires_at).toBe(now + 30 * 60)
  })

  it('expires an open session on request, not twice, and by itself at expires_at', async () => {
    const account = await salon()
    const { session } = await depositSession(account)
    const expired = await stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: account })
    expect(expired).toMatchObject({ status: 'expired', url: null })
    const twice = await rejection(stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: account }))
    expect(twice).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' })
    const { session: timed } = await depositSession(account, { expires_at: Math.floor(fake.now() / 1000) + 45 * 60 })
    fake.advance(46 * MINUTE)
    expect((await stripe.checkout.sessions.retrieve(timed.id, {}, { stripeAccount: account })).status).toBe('expired')
    expect(await (await fetch(`${fake.url}/c/pay/${timed.id}`)).text()).toContain('has expired')
    expect(
      fake
        .events()
        .filter((e) => e.type === 'checkout.session.expired')
        .map((e) => e.data.object.id),
    ).toEqual([session.id, timed.id])
  })
})

describe('off-session charges and refunds', () => {
  it('charges a saved card off session; a card that needs authentication fails as Stripe documents', async () => {
    const account = await salon()
    const good = await savedCard(account, '4242424242424242')
    const charged = await stripe.paymentIntents.create(
      {
        amount: 3000,
        currency: 'eur',
        customer: good.customer,
        payment_method: good.paymentMethod,
        off_session: true,
        confirm: true,
        metadata: { fee: 'no_show' },
      },
      { stripeAccount: account },
    )
    expect(charged).toMatchObject({
      status: 'succeeded',
      amount_received: 3000,
      latest_charge: expect.stringMatching(/^ch_/),
    })
    const strict = await savedCard(account, '4000002760003184')
    const error = await rejection(
      stripe.paymentIntents.create(
        {
          amount: 3000,
          currency: 'eur',
          customer: strict.customer,
          payment_method: strict.paymentMethod,
          off_session: true,
          confirm: true,
        },
        { stripeAccount: account },
      ),
    )
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'authentication_required',
      decline_code: 'authentication_required',
    })
    expect(error.payment_intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'authentication_required' },
    })
    expect(error.payment_method?.id).toBe(strict.paymentMethod)
    await fake.flushEvents()
    expect(receiver.events().filter((e) => e.type === 'payment_intent.payment_failed')).toHaveLength(1)
    expect(fake.charges(account)).toHaveLength(1)
    const wrongCustomer = await rejection(
      stripe.paymentIntents.create(
        { amount: 3000, currency: 'eur', payment_method: strict.paymentMethod, off_session: true, confirm: true },
        { stripeAccount: account },
      ),
    )
    expect(wrongCustomer.param).toBe('payment_method')
  })

  it('refunds in full or in part, never more than what is left', async () => {
    const account = await salon()
    const { session } = await depositSession(account)
    const { session: paid } = fake.pay(session.id)
    const pi = String(paid.payment_intent)
    const part = await stripe.refunds.create(
      { payment_intent: pi, amount: 1000, reason: 'requested_by_customer' },
      { stripeAccount: account },
    )
    expect(part).toMatchObject({ object: 'refund', status: 'succeeded', amount: 1000, payment_intent: pi })
    const tooMuch = await rejection(
      stripe.refunds.create({ payment_intent: pi, amount: 2000 }, { stripeAccount: account }),
    )
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount' })
    const rest = await stripe.refunds.create(
      { payment_intent: pi, metadata: { why: 'cancelled' } },
      { stripeAccount: account },
    )
    expect(rest.amount).toBe(1500)
    const again = await rejection(stripe.refunds.create({ payment_intent: pi }, { stripeAccount: account }))
    expect(again.code).toBe('charge_already_refunded')
    expect(fake.charges(account)).toMatchObject([{ amount: 2500, amount_refunded: 2500, refunded: true }])
    expect(fake.refunds(account).map((r) => r.amount)).toEqual([1000, 1500])
    await fake.flushEvents()
    const types = receiver.events().map((e) => e.type)
    expect(types.filter((t) => t === 'charge.refunded')).toHaveLength(2)
    expect(types.filter((t) => t === 'refund.created')).toHaveLength(2)
  })
})

describe('events and webhooks', () => {
  it('signs deliveries as constructEvent verifies, and refuses forged or aged ones', async () => {
    const account = await salon()
    await depositSession(account)
    const event = fake.events()[0]
    if (!event) throw new Error('no event')
    const good = fake.signedPayload(event)
    expect(stripe.webhooks.constructEvent(good.payload, good.header, WHSEC, 300, undefined, fake.now()).id).toBe(
      event.id,
    )
    const forged = fake.signedPayload(event, { secret: 'whsec_attacker' })
    expect(() =>
      stripe.webhooks.constructEvent(forged.payload, forged.header, WHSEC, 300, undefined, fake.now()),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError)
    const aged = fake.signedPayload(event, { timestamp: Math.floor(fake.now() / 1000) - 600 })
    expect(() => stripe.webhooks.constructEvent(aged.payload, aged.header, WHSEC, 300, undefined, fake.now())).toThrow(
      /timestamp/i,
    )
    const tampered = good.payload.replace('"livemode": false', '"livemode": true')
    expect(() => stripe.webhooks.constructEvent(tampered, good.header, WHSEC, 300, undefined, fake.now())).toThrow()
  })

  it('queues events until flushed (in any order), redelivers one with its id, and lets the product re-read them', async () => {
    const account = await salon()
    const { session } = await depositSession(account)
    fake.pay(session.id)
    const queued = fake.queuedEvents().map((e) => e.id)
    expect(receiver.received).toHaveLength(0)
    const results = await fake.flushEvents({ order: 'reverse' })
    expect(results.map((r) => r.event)).toEqual([...queued].reverse())
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(fake.events().every((e) => e.pending_webhooks === 0)).toBe(true)
    const completed = fake.events().find((e) => e.type === 'checkout.session.completed')
    if (!completed) throw new Error('no checkout.session.completed')
    receiver.state.status = 500
    expect((await fake.redeliver(completed.id)).status).toBe(500)
    expect(receiver.events().at(-1)?.id).toBe(completed.id)
    const read = await stripe.events.retrieve(completed.id, {}, { stripeAccount: account })
    expect(read).toMatchObject({
      type: 'checkout.session.completed',
      api_version: '2026-11-18.endive',
      livemode: false,
    })
    const missing = await rejection(stripe.events.retrieve(completed.id))
    expect(missing.code).toBe('resource_missing')
    const listed = await stripe.events.list(
      { type: 'checkout.session.*', created: { gte: completed.created } },
      { stripeAccount: account },
    )
    expect(listed.data.map((e) => e.id)).toEqual([completed.id])
  })

  it('shuffles with a seed, the same seed giving the same order', async () => {
    const account = await salon()
    for (let i = 0; i < 4; i++) await stripe.customers.create({}, { stripeAccount: account })
    const { session } = await depositSession(account)
    fake.pay(session.id)
    const ids = fake.queuedEvents().map((e) => e.id)
    const order = (await fake.flushEvents({ order: 'random', seed: 7 })).map((r) => r.event)
    expect([...order].sort()).toEqual([...ids].sort())
    expect(order).not.toEqual(ids)
  })

  it('delivers at once with autoDeliver, after the API answer, with the request and its key', async () => {
    fake.autoDeliver = true
    const account = await salon()
    const { customer, paymentMethod } = await savedCard(account, '4242424242424242')
    await stripe.paymentIntents.create(
      { amount: 1500, currency: 'eur', customer, payment_method: paymentMethod, off_session: true, confirm: true },
      { stripeAccount: account, idempotencyKey: 'auto-1' },
    )
    await fake.settle()
    const succeeded = receiver
      .events()
      .find((e) => e.type === 'payment_intent.succeeded' && e.request?.idempotency_key === 'auto-1')
    expect(succeeded?.request?.id).toMatch(/^req_/)
    expect(fake.queuedEvents()).toHaveLength(0)
  })
})
