import { PAYMENT_WINDOW_MINUTES } from '@common/schemas/payments'
import { releaseExpiredHolds } from '@server/modules/bookings/booking-holds'
import type { JobHandler } from '@server/modules/jobs/job-engine'
import type { JobPayloads } from '@server/modules/jobs/queues'
import { releaseUnpaid } from '@server/modules/payments/payment-checkout'
import { HOLD_MINUTES } from '@server/modules/payments/payment-hold'
import { productWorkers } from '@server/workers'
import { type FakeStripe, startFakeStripe } from '@tests/fakes/stripe'
import { openTestDatabase, type TestDatabase } from '@tests/helpers/database'
import {
  connectStripe,
  latestBookingId,
  newTestChat,
  ofBooking,
  PAYMENT_QUEUES,
  payLinkIn,
  paymentOf,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  type StripeTestApp,
  say,
  setPolicy,
  startStripeApp,
} from '@tests/helpers/stripe'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Nobody pays twice and every paid booking is confirmed once, whatever Stripe and our workers do.
 * A few customers book services asking a deposit or a card guarantee; then, in any order, they
 * follow their links and pay, Stripe delivers its events in any order (shuffled with the run's
 * seed) and again, jobs run twice, calls succeed at Stripe while their answers are lost (the job
 * retried a few seconds later), the instance crashes between two steps and another takes over the
 * same database, minutes pass (the payments' release after the pay window running or not, the
 * core's when the hold ends), and bookings are cancelled — the customer sometimes paying on the
 * page while Stripe is slow to close it. Once everything has settled:
 *  (a) per booking, Stripe holds at most one deposit charge and one fee charge, refunds never above them;
 *  (b) a booking paid (or its card saved) while it was held, and not cancelled meanwhile, is confirmed exactly once;
 *  (c) one paid when it was no longer held (released, or cancelled while held) ends cancelled, its deposit refunded in full;
 *  (d) the ledger agrees with Stripe: deposits and fees taken are its charges, refunds its refunds;
 *  and no payment job has failed for good.
 * One database (PostgreSQL when TEST_DATABASE_URL is set, else PGlite), one fake Stripe and one
 * app (until a crash replaces it) serve every run, each booking slots of its own: a fresh database
 * and app per run, measured, cost about 0.8 s on PostgreSQL and 2 s on PGlite, more than a run
 * itself (about 0.7 s). Four scenarios run first, each reaching a property for sure; a failure
 * ends the test without shrinking (a run takes real time), the counterexample printed as generated.
 */

const SERVICES = {
  Balayage: { phrase: 'a balayage', kind: 'deposit' },
  Coloration: { phrase: 'a colour', kind: 'deposit' },
  'Coupe femme': { phrase: "a women's haircut", kind: 'guarantee' },
} as const
type Service = keyof typeof SERVICES

/** The queues a step may run a second time (as a job delivered twice, or retried after it worked). */
const RERUN = ['payments.checkout', 'stripe.event', 'payments.follow', 'payments.refund', 'payments.close'] as const
/** Calls whose answer Stripe may lose after doing what was asked. */
const LOSABLE = [
  'POST /v1/customers',
  'POST /v1/checkout/sessions',
  '/expire',
  'GET /v1/checkout/sessions/',
  'GET /v1/payment_intents/',
  'GET /v1/setup_intents/',
  'POST /v1/refunds',
  'POST /v1/payment_intents',
] as const
type Losable = (typeof LOSABLE)[number]

/**
 * Minutes after booking, from the product's own terms: the customer pays within the window, then
 * the payments' job releases the booking (closing its page first); the core releases any hold
 * still there when it ends.
 */
const MOMENTS = {
  windowClosed: PAYMENT_WINDOW_MINUTES + 1,
  lastMinute: HOLD_MINUTES - 1,
  holdEnds: HOLD_MINUTES,
  afterHold: HOLD_MINUTES + 1,
} as const
type Moment = keyof typeof MOMENTS
/** When everything has run out: every page closed, every hold released. */
const SETTLED_MINUTES = HOLD_MINUTES + 15

type Step =
  /** The customer follows their link (if they have not yet) and pays on Stripe's page, if it is open. */
  | { kind: 'pay'; who: number }
  | { kind: 'open'; who: number }
  | { kind: 'flush'; order: 'created' | 'reverse' | 'random' }
  | { kind: 'replay'; pick: number }
  | { kind: 'jobs' }
  | { kind: 'rerun'; queue: (typeof RERUN)[number] }
  | { kind: 'lose'; call: Losable }
  | { kind: 'crash' }
  /** Time passes until the pay window has closed, the hold's last minute, its end, or just after it. */
  | { kind: 'tick'; to: Moment; paymentsJob: boolean }
  /** `payMeanwhile`: Stripe slow, the customer pays on their page while its closing waits. */
  | { kind: 'cancel'; who: number; by: 'customer' | 'salon'; payMeanwhile: boolean }
  /**
   * The payments' job has not run since the bookings: when the hold ends the core releases their
   * time, and the customer then pays on their page if it is still open (Stripe slow to close it).
   */
  | { kind: 'lateRelease'; who: number }

const who = fc.nat({ max: 5 })
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('pay' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('open' as const), who }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('flush' as const),
      order: fc.constantFrom('created' as const, 'reverse' as const, 'random' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('jobs' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rerun' as const), queue: fc.constantFrom(...RERUN) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('lose' as const), call: fc.constantFrom(...LOSABLE) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      to: fc.constantFrom(...(Object.keys(MOMENTS) as Moment[])),
      paymentsJob: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      who,
      by: fc.constantFrom('customer' as const, 'salon' as const),
      payMeanwhile: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lateRelease' as const), who }) },
)

interface Scenario {
  seed: number
  /** Who books what, and whether they follow their link at once. */
  customers: { service: Service; opensAtOnce: boolean }[]
  /** Calls that lose their answer while the bookings are made (their pages being opened). */
  lostAtBooking: Losable[]
  steps: Step[]
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  customers: fc.array(
    fc.record({ service: fc.constantFrom(...(Object.keys(SERVICES) as Service[])), opensAtOnce: fc.boolean() }),
    { minLength: 2, maxLength: 3 },
  ),
  lostAtBooking: fc.subarray(['POST /v1/customers', 'POST /v1/checkout/sessions'] as Losable[]),
  steps: fc.array(step, { minLength: 3, maxLength: 8 }),
})

/** Scenarios every run goes through first, each reaching one of the properties for sure. */
const EXAMPLES: Scenario[] = [
  // (c) The payments' job stalled: the core releases the time, the customers try to pay after it.
  {
    seed: 11,
    customers: [
      { service: 'Balayage', opensAtOnce: true },
      { service: 'Coupe femme', opensAtOnce: true },
    ],
    lostAtBooking: [],
    steps: [
      { kind: 'lateRelease', who: 0 },
      { kind: 'lateRelease', who: 1 },
      { kind: 'flush', order: 'random' },
      { kind: 'replay', pick: 0 },
    ],
  },
  // (c) Paid while a cancellation closes the page; (b) one paid, then cancelled by the salon.
  {
    seed: 12,
    customers: [
      { service: 'Coloration', opensAtOnce: true },
      { service: 'Balayage', opensAtOnce: false },
    ],
    lostAtBooking: [],
    steps: [
      { kind: 'cancel', who: 0, by: 'customer', payMeanwhile: true },
      { kind: 'pay', who: 1 },
      { kind: 'flush', order: 'reverse' },
      { kind: 'cancel', who: 1, by: 'salon', payMeanwhile: false },
      { kind: 'rerun', queue: 'payments.refund' },
      { kind: 'replay', pick: 3 },
    ],
  },
  // (b) Paid with answers lost, events replayed and reordered, and a crash in between.
  {
    seed: 13,
    customers: [
      { service: 'Balayage', opensAtOnce: true },
      { service: 'Coupe femme', opensAtOnce: false },
      { service: 'Coloration', opensAtOnce: false },
    ],
    lostAtBooking: ['POST /v1/customers'],
    steps: [
      { kind: 'lose', call: 'GET /v1/payment_intents/' },
      { kind: 'pay', who: 0 },
      { kind: 'pay', who: 1 },
      { kind: 'crash' },
      { kind: 'flush', order: 'reverse' },
      { kind: 'rerun', queue: 'stripe.event' },
      { kind: 'pay', who: 2 },
      { kind: 'tick', to: 'windowClosed', paymentsJob: true },
      { kind: 'cancel', who: 0, by: 'customer', payMeanwhile: false },
    ],
  },
  // A page made by Stripe whose answer was lost: the job retried seconds later opens it.
  {
    seed: 14,
    customers: [
      { service: 'Balayage', opensAtOnce: false },
      { service: 'Coupe femme', opensAtOnce: false },
    ],
    lostAtBooking: ['POST /v1/checkout/sessions'],
    steps: [{ kind: 'jobs' }, { kind: 'pay', who: 0 }, { kind: 'pay', who: 1 }, { kind: 'flush', order: 'random' }],
  },
]

/** Each booking of the whole file takes a slot of its own: a day, a time, a stylist. */
const DAYS = [
  'Thursday 3 December',
  'Friday 4 December',
  'Tuesday 8 December',
  'Wednesday 9 December',
  'Thursday 10 December',
  'Friday 11 December',
  'Tuesday 15 December',
  'Wednesday 16 December',
  'Thursday 17 December',
  'Friday 18 December',
  'Tuesday 22 December',
  'Wednesday 23 December',
]
const SLOTS = DAYS.flatMap((day) =>
  ['9am', '11am', '1pm', '3pm', '5pm'].flatMap((time) =>
    ['Léa', 'Hugo'].map((stylist) => `${day} at ${time} with ${stylist}`),
  ),
)
let slotsTaken = 0

interface Customer {
  service: Service
  bookingId: string
  link: string
  token: string
  session?: string | undefined
  /** The booking's status at the instant the customer paid (or saved their card), if they did. */
  paidWhile?: string | undefined
  /** The booking's status when a step cancelled it, if one did. */
  cancelledWhile?: string | undefined
}

let database: TestDatabase
let fake: FakeStripe
/** The instance now running; a crash replaces it by another on the same database and fake. */
let t: StripeTestApp
let account: string
const quiet = { info: () => {}, warn: () => {}, error: () => {} }
/** What a retry waits in production before it runs again (PROVIDER_RETRIES' first delay). */
const RETRY_DELAY_MS = 5_000

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET })
  database = await openTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
  t = await startStripeApp({ database, fake })
  account = await connectStripe(t)
  await setPolicy(t, 'Balayage', {
    kind: 'deposit',
    deposit: { type: 'fixed', amountMinor: 3000 },
    freeCancelHours: 48,
  })
  await setPolicy(t, 'Coloration', { kind: 'deposit', deposit: { type: 'percent', percent: 30 }, freeCancelHours: 168 })
  await setPolicy(t, 'Coupe femme', { kind: 'guarantee', feeMinor: 2000, freeCancelHours: 168 })
})

afterAll(async () => {
  await t?.close()
  await fake?.close()
  await database?.close()
})

async function book(service: Service, name: string): Promise<Customer> {
  const slot = SLOTS[slotsTaken++]
  if (!slot) throw new Error('no slot left for another booking: fewer runs, or more days')
  const chat = newTestChat('en', name, 'property')
  await say(t, chat, `Hello, I'd like ${SERVICES[service].phrase} on ${slot}`)
  const reply = await say(t, chat, 'yes')
  const bookingId = await latestBookingId(t)
  const row = await paymentOf(t, bookingId)
  if (row?.status !== 'held') throw new Error(`${service} on ${slot} was not held (${row?.status}): ${reply}`)
  const link = payLinkIn(reply)
  const token = link.match(/\/api\/r\/([^\s/]+)\/pay$/)?.[1] ?? ''
  return { service, bookingId, link, token }
}

/** The customer follows their link: the session it leads to at Stripe, if it leads there. */
async function open(customer: Customer): Promise<void> {
  if (customer.session) return
  const answer = await t.app.inject({ method: 'GET', url: `/api/r/${customer.token}/pay` })
  const location = String(answer.headers.location ?? '')
  customer.session = fake.sessions(account).find((s) => s.url === location)?.id
}

/** Pays on the page the customer reached, if it is still open (the link followed first if need be). */
async function pay(customer: Customer, follow = true): Promise<void> {
  if (follow) await open(customer)
  const session = customer.session ? fake.sessions(account).find((s) => s.id === customer.session) : undefined
  if (session?.status !== 'open') return
  const status = (await paymentOf(t, customer.bookingId))?.status
  const { declined } = fake.pay(session.id)
  if (declined !== undefined) throw new Error(`the test card was declined: ${declined}`)
  customer.paidWhile = status
}

async function cancel(customer: Customer, by: 'customer' | 'salon', payMeanwhile: boolean): Promise<void> {
  if (payMeanwhile) await open(customer)
  const status = (await paymentOf(t, customer.bookingId))?.status
  if (payMeanwhile) fake.hold()
  try {
    const answer =
      by === 'customer'
        ? await t.app.inject({ method: 'POST', url: `/api/r/${customer.token}/cancel` })
        : await t.app.inject({
            method: 'POST',
            url: `/api/bookings/${customer.bookingId}/cancel`,
            headers: { cookie: t.owner },
            payload: {},
          })
    if (answer.statusCode >= 500)
      throw new Error(`cancelling a ${status} booking answered ${answer.statusCode}: ${answer.body}`)
    if (answer.statusCode !== 200) return
    customer.cancelledWhile ??= status
    if (payMeanwhile) await pay(customer, false)
  } finally {
    fake.release()
  }
}

/** Every job of the queue made since the run began, run once more (as pg-boss may, or a retry after it worked). */
async function rerun(queue: (typeof RERUN)[number], since: Date): Promise<void> {
  const handlers = productWorkers({ db: t.database.db, clock: t.clock, config: t.config, jobs: t.jobs, log: quiet })
  const handler = handlers[queue] as JobHandler<JobPayloads, typeof queue> | undefined
  if (!handler) throw new Error(`no worker for ${queue}`)
  const jobs = await rowsOf<{ id: string; data: JobPayloads[typeof queue] }>(
    t,
    sql`select id, data from pgboss.job where name = ${queue} and created_on >= ${since.toISOString()}::timestamptz`,
  )
  for (const job of jobs) {
    try {
      await handler(job.data as never, { id: job.id, retryCount: 1, retryLimit: 10 })
    } catch {
      // A second run refused by Stripe (an answer lost) changes nothing: the first run's job stands.
    }
  }
}

/** The instance dies between two steps (no job of its own running); another starts on the same database and fake. */
async function crash(): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const [row] = await rowsOf<{ n: number }>(t, sql`select count(*)::int as n from pgboss.job where state = 'active'`)
    if (!row?.n) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const now = t.clock.now().toISOString()
  await t.close()
  // The same public address: the links and pages made before the crash stay the ones made after.
  t = await startStripeApp({ database, fake, now, env: { PUBLIC_URL: t.config.publicUrl } })
}

const QUEUES = sql.join(
  PAYMENT_QUEUES.map((name) => sql`${name}`),
  sql`, `,
)

/**
 * Every payment job run to its end. A job waiting for its retry gets it at once, the clock moved
 * on by the wait it would have had (the queues' backoff is seconds, even in tests).
 */
async function work(): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const [row] = await rowsOf<{ waiting: number; retrying: number }>(
      t,
      sql`select count(*) filter (where state in ('created', 'active'))::int as waiting,
          count(*) filter (where state = 'retry')::int as retrying
        from pgboss.job where name in (${QUEUES})`,
    )
    if (!row?.waiting && !row?.retrying) return
    if (Date.now() > deadline) throw new Error('the payment jobs did not settle within 30 s')
    if (row.retrying && !row.waiting) {
      const later = sql`state = 'retry' and start_after > now() and name in (${QUEUES})`
      const [due] = await rowsOf<{ n: number }>(t, sql`select count(*)::int as n from pgboss.job where ${later}`)
      if (due?.n) {
        t.clock.advance(RETRY_DELAY_MS)
        await rowsOf(t, sql`update pgboss.job set start_after = now() where ${later} returning id`)
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Stripe's queued events delivered (in the run's order) and every payment job run to its end. */
async function deliverAndWork(seed: number): Promise<void> {
  for (let round = 0; round < 6; round++) {
    const delivered = await fake.flushEvents({ order: 'random', seed: seed + round })
    await work()
    if (delivered.length === 0 && fake.queuedEvents().length === 0) return
  }
}

/** The minutes after booking when something falls due: the payments' release, the core's, Stripe's pages' end. */
const DUE_MINUTES = [
  PAYMENT_WINDOW_MINUTES,
  PAYMENT_WINDOW_MINUTES + 1,
  HOLD_MINUTES - 1,
  HOLD_MINUTES,
  HOLD_MINUTES + 1,
  HOLD_MINUTES + 2,
]

/**
 * Time passes until `to` minutes after the bookings were made; at each minute when something
 * falls due the payments' job releases unpaid bookings (closing their page first) — unless it is
 * not running — then the core releases holds that ran out.
 */
async function advance(bookedAt: number, to: number, paymentsJob: boolean): Promise<void> {
  const deps = { db: t.database.db, clock: t.clock, config: t.config, jobs: t.jobs, log: quiet }
  for (const minute of [...DUE_MINUTES.filter((m) => m < to), to]) {
    const at = bookedAt + minute * 60_000
    if (at <= t.clock.now().getTime()) continue
    t.clock.set(new Date(at))
    if (paymentsJob) await releaseUnpaid(deps)
    await releaseExpiredHolds(deps)
  }
}

/** Minutes pass: Stripe's events arrive and the jobs run meanwhile, then the releases fall due. */
async function tick(bookedAt: number, to: number, paymentsJob: boolean, seed: number): Promise<void> {
  await deliverAndWork(seed)
  await advance(bookedAt, to, paymentsJob)
}

async function lateRelease(bookedAt: number, customer: Customer, seed: number): Promise<void> {
  await open(customer)
  await deliverAndWork(seed)
  fake.hold()
  try {
    await advance(bookedAt, HOLD_MINUTES, false)
    await pay(customer, false)
  } finally {
    fake.release()
  }
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t, query)
  return Number(row?.n ?? 0)
}

/** What we asked Stripe to charge for (the metadata the product puts on every payment). */
const purposeOf = (charge: object) => (charge as { metadata?: Record<string, string> }).metadata?.salonia_purpose

const sum = (items: { amount: number }[]) => items.reduce((total, item) => total + item.amount, 0)

function movements(bookingId: string, kind: string) {
  return rowsOf<{ amount: number; reference: string }>(
    t,
    sql`select amount_minor as amount, reference from payment_movements where booking_id = ${bookingId} and kind = ${kind}`,
  )
}

async function expectSettled(customers: Customer[], since: Date): Promise<void> {
  const failed = await rowsOf<{ name: string; message: string | null }>(
    t,
    sql`select name, output->>'message' as message from pgboss.job
      where state = 'failed' and name in (${QUEUES}) and created_on >= ${since.toISOString()}::timestamptz`,
  )
  expect(failed, 'payment jobs failed for good').toEqual([])

  for (const c of customers) {
    const id = c.bookingId
    const what = `${c.service} ${id} (paid while ${c.paidWhile ?? '-'}, cancelled while ${c.cancelledWhile ?? '-'})`
    const row = await paymentOf(t, id)
    const confirmed = await count(
      sql`select count(*)::int as n from booking_events where booking_id = ${id} and kind = 'status' and status = 'confirmed'`,
    )
    const charges = ofBooking(fake.charges(account), id)
    const deposits = charges.filter((ch) => purposeOf(ch) === 'booking')
    const fees = charges.filter((ch) => purposeOf(ch) === 'fee')
    const refunds = ofBooking(fake.refunds(account), id)
    const paidLate = c.paidWhile !== undefined && (c.paidWhile !== 'held' || c.cancelledWhile === 'held')

    expect(row?.status, what).not.toBe('held')
    expect(confirmed, what).toBeLessThanOrEqual(1)
    // (a) Nobody charged twice, nothing refunded beyond what was taken.
    expect(deposits.length, what).toBeLessThanOrEqual(1)
    expect(fees.length, what).toBeLessThanOrEqual(1)
    expect(charges.length, what).toBe(deposits.length + fees.length)
    expect(sum(refunds), what).toBeLessThanOrEqual(sum(charges))
    if (SERVICES[c.service].kind === 'guarantee') expect(deposits, what).toEqual([])
    // (b) Paid while held and not cancelled meanwhile: confirmed, once.
    if (c.paidWhile === 'held' && c.cancelledWhile !== 'held') expect(confirmed, what).toBe(1)
    // (c) Paid when it no longer waited for it: cancelled, the deposit back in full.
    if (paidLate) {
      expect(row?.status, what).toBe('cancelled')
      if (SERVICES[c.service].kind === 'deposit') expect(deposits, what).toHaveLength(1)
      expect(sum(refunds), what).toBe(sum(deposits))
    }
    // Never paid: nothing taken, never confirmed.
    if (c.paidWhile === undefined) {
      expect(charges, what).toEqual([])
      expect(confirmed, what).toBe(0)
    }
    // (d) The ledger says what Stripe did.
    const taken = await movements(id, 'deposit')
    const feesTaken = await movements(id, 'fee')
    const given = await movements(id, 'refund')
    expect({ count: taken.length, amount: sum(taken) }, what).toEqual({ count: deposits.length, amount: sum(deposits) })
    expect({ count: feesTaken.length, amount: sum(feesTaken) }, what).toEqual({ count: fees.length, amount: sum(fees) })
    expect(given.map((m) => m.reference).sort(), what).toEqual(refunds.map((r) => r.id).sort())
    expect(sum(given), what).toBe(sum(refunds))
  }
}

async function runScenario({ seed, customers: people, lostAtBooking, steps }: Scenario): Promise<void> {
  const since = new Date()
  for (const call of lostAtBooking) fake.failNext({ status: 500, match: call, lostAnswer: true })
  const customers: Customer[] = []
  for (const [i, { service }] of people.entries()) customers.push(await book(service, `Client ${slotsTaken} ${i}`))
  for (const [i, { opensAtOnce }] of people.entries()) if (opensAtOnce) await open(customers[i] as Customer)
  const bookedAt = t.clock.now().getTime()
  const pick = (n: number) => customers[n % customers.length] as Customer

  for (const [i, s] of steps.entries()) {
    if (s.kind === 'pay') await pay(pick(s.who))
    else if (s.kind === 'open') await open(pick(s.who))
    else if (s.kind === 'flush') await fake.flushEvents({ order: s.order, seed: seed + i })
    else if (s.kind === 'replay') {
      const queued = new Set(fake.queuedEvents().map((e) => e.id))
      const delivered = fake.events().filter((e) => !queued.has(e.id) && e.created * 1000 >= bookedAt - 1000)
      const event = delivered[s.pick % Math.max(1, delivered.length)]
      if (event) await fake.redeliver(event.id)
    } else if (s.kind === 'jobs') await work()
    else if (s.kind === 'rerun') await rerun(s.queue, since)
    else if (s.kind === 'lose') fake.failNext({ status: 500, match: s.call, lostAnswer: true })
    else if (s.kind === 'crash') await crash()
    else if (s.kind === 'tick') await tick(bookedAt, MOMENTS[s.to], s.paymentsJob, seed + i)
    else if (s.kind === 'cancel') await cancel(pick(s.who), s.by, s.payMeanwhile)
    else if (s.kind === 'lateRelease') await lateRelease(bookedAt, pick(s.who), seed + i)
  }

  // Everything settles: every hold has run out, every page has closed, every event has arrived.
  await tick(bookedAt, SETTLED_MINUTES, true, seed)
  await deliverAndWork(seed)
  await expectSettled(customers, since)
}

describe('payments under any order of events, replays, retries, crashes and cancellations', () => {
  it('charge nobody twice, confirm each paid booking once, refund what came too late, and keep a ledger that matches Stripe', async () => {
    await fc.assert(fc.asyncProperty(scenario, runScenario), {
      numRuns: 15,
      examples: EXAMPLES.map((example) => [example]),
      endOnFailure: true,
    })
  }, 180_000)
})
