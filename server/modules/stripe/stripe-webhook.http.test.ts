import { createHmac } from 'node:crypto'
import type { App } from '@server/http/types'
import type { StripeEvent } from '@tests/fakes/stripe-world'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { openTestDatabase, type TestDatabase } from '@tests/helpers/database'
import { drainJobs, eventually } from '@tests/helpers/jobs'
import { openInstanceDatabase } from '@tests/helpers/pgbouncer'
import {
  connectStripe,
  latestBookingId,
  newTestChat,
  ofBooking,
  openPaymentPage,
  PAYMENT_QUEUES,
  payLinkIn,
  paymentOf,
  releaseDue,
  STRIPE_WEBHOOK_SECRET,
  type StripeTestApp,
  say,
  setPolicy,
  settle,
  startStripeApp,
} from '@tests/helpers/stripe'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * POST /api/stripe/webhook, done right: only what Stripe signed with our secret, recently on our
 * clock, is stored — once by its id, whoever replays it and whichever instance receives it — and
 * answered at once, the work left to a job. What Stripe says of the salon's account is kept; Stripe
 * down leaves bookings answered and the pay link pointing at a page that says so. Every call that
 * moves something at Stripe carries an idempotency key.
 */

let t: StripeTestApp
let account: string
beforeAll(async () => {
  t = await startStripeApp()
  account = await connectStripe(t)
  await setPolicy(t, 'Balayage', {
    kind: 'deposit',
    deposit: { type: 'fixed', amountMinor: 3000 },
    freeCancelHours: 48,
  })
})
afterAll(() => t?.close())

const HELD = /I am holding this time for you until \d\d:\d\d: to confirm it, pay the deposit of €30 here/

/** Posts a body to the webhook as Stripe does: JSON, with its Stripe-Signature. */
function post(app: App, signed: { payload: string; header?: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signed.header === undefined ? {} : { 'stripe-signature': signed.header }),
    },
    payload: signed.payload,
  })
}

/** Stripe's scheme, for a body the fake would not write (it signs events only). */
function signRaw(body: string, at: Date): { payload: string; header: string } {
  const timestamp = Math.floor(at.getTime() / 1000)
  const v1 = createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${timestamp}.${body}`, 'utf8').digest('hex')
  return { payload: body, header: `t=${timestamp},v1=${v1}` }
}

async function count(on: Pick<TestApp, 'database'>, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(on, query)
  return Number(row?.n ?? 0)
}

const storedEvents = (on: Pick<TestApp, 'database'> = t) => count(on, sql`select count(*)::int as n from stripe_events`)
const storedEvent = (id: string, on: Pick<TestApp, 'database'> = t) =>
  count(on, sql`select count(*)::int as n from stripe_events where id = ${id}`)

/** How many times the booking's history says it was confirmed. */
const confirmations = (bookingId: string, on: Pick<TestApp, 'database'> = t) =>
  count(
    on,
    sql`select count(*)::int as n from booking_events
      where booking_id = ${bookingId} and kind = 'status' and status = 'confirmed'`,
  )

/** How many lines of the booking's history say its deposit was paid. */
const depositLines = (bookingId: string, on: Pick<TestApp, 'database'> = t) =>
  count(
    on,
    sql`select count(*)::int as n from booking_events
      where booking_id = ${bookingId} and kind = 'payment' and payment->>'what' = 'deposit'`,
  )

const depositMovements = (bookingId: string, on: Pick<TestApp, 'database'> = t) =>
  count(on, sql`select count(*)::int as n from payment_movements where booking_id = ${bookingId} and kind = 'deposit'`)

/** A customer of the web chat books a balayage: held, with the link to pay. */
async function bookHeld(app: StripeTestApp, when: string, name = 'Zoé') {
  const chat = newTestChat('en', name)
  await say(app, chat, `Hello, I'd like a balayage on ${when}`)
  const reply = await say(app, chat, 'yes')
  expect(reply).toMatch(HELD)
  const bookingId = await latestBookingId(app)
  expect(await paymentOf(app, bookingId)).toEqual({ status: 'held', state: 'awaiting' })
  return { bookingId, link: payLinkIn(reply), reply }
}

/** The customer pays on Stripe's page: Stripe's `checkout.session.completed`, not delivered yet. */
async function paidEvent(app: StripeTestApp, link: string): Promise<StripeEvent> {
  // The page the checkout job opened (the link would race the job otherwise).
  await drainJobs(app.database, ['payments.checkout'])
  const session = await openPaymentPage(app, link)
  const { declined } = app.fake.pay(session)
  expect(declined).toBeUndefined()
  const event = app.fake
    .queuedEvents()
    .find((e) => e.type === 'checkout.session.completed' && e.data.object.id === session)
  if (!event) throw new Error(`no checkout.session.completed queued for ${session}`)
  return event
}

describe('POST /api/stripe/webhook', () => {
  it('refuses an event signed with another secret, altered or unsigned (400): nothing stored, nothing changed', async () => {
    const { bookingId, link } = await bookHeld(t, 'Tuesday 8 December at 10am')
    const event = await paidEvent(t, link)
    const before = await storedEvents()

    const forged = t.fake.signedPayload(event, { secret: 'whsec_SomeoneElsesSecret0123456789' })
    const refused = await post(t.app, forged)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'stripe.forbidden' })

    const good = t.fake.signedPayload(event)
    const altered = good.payload.replace('"livemode": false', '"livemode": true')
    expect(altered).not.toBe(good.payload)
    expect((await post(t.app, { payload: altered, header: good.header })).statusCode).toBe(400)
    expect((await post(t.app, { payload: good.payload })).statusCode).toBe(400)

    await drainJobs(t.database, PAYMENT_QUEUES)
    expect(await storedEvents()).toBe(before)
    expect(await storedEvent(event.id)).toBe(0)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'held', state: 'awaiting' })
    expect(await confirmations(bookingId)).toBe(0)
    expect(await depositMovements(bookingId)).toBe(0)
  })

  it('refuses a signature older than five minutes on our clock (400), and answers a fresh one at once (200), the work left to a job', async () => {
    const { bookingId, link } = await bookHeld(t, 'Tuesday 8 December at 2pm')
    const event = await paidEvent(t, link)
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000)

    const stale = t.fake.signedPayload(event, { timestamp: nowSeconds - 6 * 60 })
    expect((await post(t.app, stale)).statusCode).toBe(400)
    expect(await storedEvent(event.id)).toBe(0)

    // Stripe slow: the job that reads the payment waits on it, yet the webhook has answered.
    t.fake.hold()
    try {
      const answer = await post(t.app, t.fake.signedPayload(event))
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ received: true })
      expect(await storedEvent(event.id)).toBe(1)
      expect(await paymentOf(t, bookingId)).toEqual({ status: 'held', state: 'awaiting' })
      await t.fake.whenHeld(1)
      expect(await paymentOf(t, bookingId)).toEqual({ status: 'held', state: 'awaiting' })
    } finally {
      t.fake.release()
    }
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'confirmed', state: 'paid' })
    expect(await confirmations(bookingId)).toBe(1)
  })

  it('stores a replayed event once and processes it once, even when it comes again before its first job ran', async () => {
    const { bookingId, link } = await bookHeld(t, 'Wednesday 9 December at 10am')
    const event = await paidEvent(t, link)

    // Stripe slow: whichever job takes the event waits on it, so none has finished while the
    // event comes again — twice at once and once more by Stripe, before any worker took it.
    t.fake.hold()
    try {
      const signed = t.fake.signedPayload(event)
      const answers = await Promise.all([post(t.app, signed), post(t.app, signed), t.fake.redeliver(event.id)])
      expect(answers.map((a) => ('statusCode' in a ? a.statusCode : a.status))).toEqual([200, 200, 200])
      expect(await storedEvent(event.id)).toBe(1)
      // Its job has started and waits on Stripe: replays meanwhile.
      await t.fake.whenHeld(1)
      for (let i = 0; i < 3; i++) expect((await t.fake.redeliver(event.id)).status).toBe(200)
      expect(await paymentOf(t, bookingId)).toEqual({ status: 'held', state: 'awaiting' })
    } finally {
      t.fake.release()
    }
    // Every other event of the payment delivered, this one again among them.
    await settle(t)
    // And replays after it was processed.
    for (let i = 0; i < 3; i++) expect((await t.fake.redeliver(event.id)).status).toBe(200)
    await settle(t)

    expect(await storedEvent(event.id)).toBe(1)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'confirmed', state: 'paid' })
    expect(await confirmations(bookingId)).toBe(1)
    expect(await depositLines(bookingId)).toBe(1)
    expect(await depositMovements(bookingId)).toBe(1)
    expect(ofBooking(t.fake.charges(account), bookingId)).toHaveLength(1)
  })

  it('answers 404 and stores nothing on a server where Stripe is not configured', async () => {
    const bare = await startTestApp({ database: t.database, seed: false })
    try {
      const [known] = t.fake.events()
      if (!known) throw new Error('no event at the fake')
      const event = { ...known, id: 'evt_1NotConfiguredHere000000' }
      const before = await storedEvents()
      const answer = await post(bare.app, t.fake.signedPayload(event))
      expect(answer.statusCode).toBe(404)
      expect(await storedEvents()).toBe(before)
      expect(await storedEvent(event.id)).toBe(0)
    } finally {
      await bare.close()
    }
  })

  it('refuses a signed body that is not JSON, or not an event (400), storing nothing', async () => {
    const before = await storedEvents()
    const notJson = await post(t.app, signRaw('id=evt_1&type=checkout.session.completed', t.clock.now()))
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json()).toMatchObject({ code: 'stripe.invalid_body' })
    expect((await post(t.app, signRaw('{"id": "evt_1Truncated', t.clock.now()))).statusCode).toBe(400)
    expect((await post(t.app, signRaw('[1, 2, 3]', t.clock.now()))).statusCode).toBe(400)
    expect((await post(t.app, signRaw('{"object": "event"}', t.clock.now()))).statusCode).toBe(400)
    expect(await storedEvents()).toBe(before)
  })

  it('processes an event once when two instances on one database receive it at the same moment', async () => {
    const pair = await twoInstances()
    try {
      const [one, two] = pair.apps
      const { bookingId, link } = await bookHeld(one, 'Wednesday 9 December at 10am', 'Inès')
      const event = await paidEvent(one, link)
      const signed = one.fake.signedPayload(event)
      const answers = await Promise.all([post(one.app, signed), post(two.app, signed)])
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
      await drainJobs(one.database, PAYMENT_QUEUES)
      await settle(two)
      expect(await storedEvent(event.id, one)).toBe(1)
      expect(await paymentOf(one, bookingId)).toEqual({ status: 'confirmed', state: 'paid' })
      expect(await confirmations(bookingId, one)).toBe(1)
      expect(await depositLines(bookingId, one)).toBe(1)
      expect(await depositMovements(bookingId, one)).toBe(1)
    } finally {
      await pair.close()
    }
  })

  it("keeps what Stripe says of the salon's account: more required, the card says what, and nothing asks for money meanwhile", async () => {
    const card = async () => {
      const answer = await t.app.inject({ url: '/api/salons/SAL001/stripe', headers: { cookie: t.owner } })
      expect(answer.statusCode).toBe(200)
      return answer.json()
    }
    expect(await card()).toMatchObject({ state: 'ready', accountId: account, missing: [] })

    // A deadline first: the card names what is due.
    t.fake.requireMore(account, ['external_account'])
    await settle(t)
    expect((await card()).missing).toEqual(['external_account'])

    // Past due: Stripe stops charges and payouts until it is given.
    t.fake.requireMore(account, ['external_account'], { pastDue: true })
    await settle(t)
    const restricted = await card()
    expect(['onboarding', 'restricted']).toContain(restricted.state)
    expect(restricted).toMatchObject({ chargesEnabled: false, missing: ['external_account'] })

    try {
      const sessionsBefore = t.fake.sessions(account).length
      const chat = newTestChat('en', 'Maëlle')
      const proposal = await say(t, chat, "Hello, I'd like a balayage on Thursday 10 December at 10am")
      expect(proposal).not.toMatch(/deposit/i)
      const reply = await say(t, chat, 'yes')
      expect(reply).not.toMatch(/\/api\/r\/[^\s/]+\/pay/)
      const bookingId = await latestBookingId(t)
      expect(await paymentOf(t, bookingId)).toEqual({ status: 'confirmed', state: null })
      await drainJobs(t.database, PAYMENT_QUEUES)
      expect(t.fake.sessions(account)).toHaveLength(sessionsBefore)
    } finally {
      // Given: the salon takes deposits again.
      t.fake.completeOnboarding(account)
      await settle(t)
    }
    expect(await card()).toMatchObject({ state: 'ready', missing: [] })
  })

  it('with Stripe down: a booking without a deposit is confirmed as usual; one with a deposit is held, its link says Stripe is away, and the page opens once Stripe is back', async () => {
    await t.fake.down(true)
    let held: Awaited<ReturnType<typeof bookHeld>>
    try {
      const chat = newTestChat('en', 'Nina')
      await say(t, chat, "Hello, I'd like a blow-dry on Friday 11 December at 11am")
      await say(t, chat, 'yes')
      const plain = await latestBookingId(t)
      expect(await paymentOf(t, plain)).toEqual({ status: 'confirmed', state: null })

      held = await bookHeld(t, 'Friday 11 December at 2pm', 'Olga')
      const token = held.link.match(/\/api\/r\/([^\s/]+)\/pay$/)?.[1]
      const followed = await t.app.inject({ method: 'GET', url: new URL(held.link).pathname })
      expect(followed.statusCode).toBe(303)
      expect(followed.headers.location).toBe(`/r/${token}?payment=unavailable`)
      expect(await paymentOf(t, held.bookingId)).toEqual({ status: 'held', state: 'awaiting' })
    } finally {
      await t.fake.down(false)
    }
    // The checkout job, refused while Stripe was down, is retried and opens the page.
    await drainJobs(t.database, PAYMENT_QUEUES)
    const [opened] = await rowsOf<{ url: string | null }>(
      t,
      sql`select checkout_url as url from booking_payments where booking_id = ${held.bookingId}`,
    )
    expect(opened?.url).toBeTruthy()
    const pages = ofBooking(t.fake.sessions(account), held.bookingId)
    expect(pages.map((s) => s.url)).toEqual([opened?.url])
    const session = await openPaymentPage(t, held.link)
    expect(session).toBe(pages[0]?.id)
  })

  it('opens the page Stripe made when its answer was lost: the job retried later and the link led to that one page', async () => {
    // Stripe makes the page, but its answer never reaches the checkout job (a timeout, a 500).
    t.fake.failNext({ status: 500, match: 'POST /v1/checkout/sessions', lostAnswer: true })
    const held = await bookHeld(t, 'Saturday 12 December at 10am', 'Pia')
    const key = `checkout:booking:${held.bookingId}`
    await eventually(() =>
      t.fake.requests().some((r) => r.idempotencyKey === key && r.status === 500) ? true : undefined,
    )
    expect(ofBooking(t.fake.sessions(account), held.bookingId)).toHaveLength(1)
    // Some seconds later the customer follows the link, and the job tries again.
    t.clock.advance(30_000)
    const session = await openPaymentPage(t, held.link)
    await drainJobs(t.database, PAYMENT_QUEUES)
    const pages = ofBooking(t.fake.sessions(account), held.bookingId)
    expect(pages.map((s) => s.id)).toEqual([session])
    const [opened] = await rowsOf<{ url: string | null }>(
      t,
      sql`select checkout_url as url from booking_payments where booking_id = ${held.bookingId}`,
    )
    expect(opened?.url).toBe(pages[0]?.url)
    t.fake.pay(session)
    await settle(t)
    expect(await paymentOf(t, held.bookingId)).toEqual({ status: 'confirmed', state: 'paid' })
  })

  it('sends a key of its own with every POST to Stripe, derived from what it does — but for account links', async () => {
    // A deposit paid then given back at the desk, and a page closed unpaid: each kind of call made.
    const paid = await bookHeld(t, 'Tuesday 15 December at 10am', 'Rosa')
    await paidEvent(t, paid.link)
    await settle(t)
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${paid.bookingId}/payment/refund`,
      headers: { cookie: t.owner },
    })
    expect(refund.statusCode).toBe(200)
    await settle(t)
    expect(ofBooking(t.fake.refunds(account), paid.bookingId).map((r) => r.amount)).toEqual([3000])
    const unpaid = await bookHeld(t, 'Tuesday 15 December at 2pm', 'Sara')
    await drainJobs(t.database, ['payments.checkout'])
    t.clock.advance(16 * 60_000)
    await releaseDue(t)
    await settle(t)
    expect(await paymentOf(t, unpaid.bookingId)).toEqual({ status: 'cancelled', state: 'expired' })

    const posts = t.fake.requests().filter((r) => r.method === 'POST')
    // The SDK puts a random key on every POST (stripe-node-retry-…): it protects one call's own
    // network retries, not a job retried after a crash. The product's keys say what they do.
    const sdkOnly = (key: string | undefined) => key === undefined || key.startsWith('stripe-node-retry-')
    const unkeyed = posts.filter((r) => sdkOnly(r.idempotencyKey)).map((r) => `${r.method} ${r.path}`)
    // An onboarding link is single-use and short-lived: a second one does no harm, and Stripe
    // needs no key for it.
    expect([...new Set(unkeyed)]).toEqual(['POST /v1/account_links'])
    const keysOf = (path: RegExp) => [...new Set(posts.filter((r) => path.test(r.path)).map((r) => r.idempotencyKey))]
    const [page] = ofBooking(t.fake.sessions(account), unpaid.bookingId)
    expect(keysOf(/^\/v1\/accounts$/)).toHaveLength(1)
    expect(keysOf(/^\/v1\/customers$/)).toEqual(expect.arrayContaining([`customer:booking:${paid.bookingId}`]))
    expect(keysOf(/^\/v1\/checkout\/sessions$/)).toEqual(
      expect.arrayContaining([`checkout:booking:${paid.bookingId}`, `checkout:booking:${unpaid.bookingId}`]),
    )
    expect(keysOf(/\/expire$/)).toContain(`expire:${page?.id}`)
    expect(keysOf(/^\/v1\/refunds$/)).toContain(`refund:${paid.bookingId}`)
    for (const request of posts.filter((r) => !sdkOnly(r.idempotencyKey))) {
      expect(request.idempotencyKey).toMatch(/^(account|customer|checkout|expire|refund|fee):/)
    }
  })
})

/** Two instances of the app on one database (each with its own pools on PostgreSQL), one fake Stripe. */
async function twoInstances(): Promise<{ apps: [StripeTestApp, StripeTestApp]; close(): Promise<void> }> {
  const handles: TestDatabase[] = []
  let shared: TestDatabase
  let instance: () => Promise<TestDatabase>
  if (process.env.TEST_DATABASE_URL) {
    shared = await openTestDatabase('postgres')
    instance = async () => {
      const opened = await openInstanceDatabase(shared, 'direct')
      handles.push(opened)
      return opened
    }
  } else {
    shared = await openTestDatabase('pglite')
    instance = async () => shared
  }
  const one = await startStripeApp({ database: await instance() })
  // One public address for both, as behind a load balancer.
  const two = await startStripeApp({ database: await instance(), fake: one.fake, env: { PUBLIC_URL: one.baseUrl } })
  await connectStripe(one)
  await setPolicy(one, 'Balayage', {
    kind: 'deposit',
    deposit: { type: 'fixed', amountMinor: 3000 },
    freeCancelHours: 48,
  })
  return {
    apps: [one, two],
    async close() {
      await two.close()
      await one.close()
      for (const handle of handles) await handle.close()
      await shared.close()
    },
  }
}
