import type { PaymentPolicy } from '@common/schemas/payments'
import { releaseUnpaid } from '@server/modules/payments/payment-checkout'
import { type FakeStripe, startFakeStripe } from '@tests/fakes/stripe'
import { sql } from 'drizzle-orm'
import type { FastifyServerOptions } from 'fastify'
import { startTestApp, type TestApp } from './app'
import { newTestChat, postChat, type TestChat } from './chat'
import type { TestDatabase } from './database'
import { drainJobs } from './jobs'
import { freePort } from './processes'
import { ownerCookie } from './sign-in'
import { rowsOf } from './telegram'

export const STRIPE_SECRET_KEY = 'sk_test_51SaloniaFakeKey0123456789'
export const STRIPE_WEBHOOK_SECRET = 'whsec_SaloniaFakeWebhookSecret0123'

/** Every queue a payment goes through, Stripe's events included. */
export const PAYMENT_QUEUES = [
  'payments.checkout',
  'payments.follow',
  'payments.close',
  'payments.refund',
  'payments.fee',
  'payments.tell',
  'stripe.event',
  'stripe.account',
  'bookings.tell-customer',
  'mail.send',
]

export interface StripeTestApp extends TestApp {
  fake: FakeStripe
  baseUrl: string
  /** The demo owner's session. */
  owner: string
}

/**
 * A whole application with Stripe configured against the fake, listening on a local port (the
 * fake posts its signed events to the webhook), its workers on; the fake's clock is the app's.
 */
export async function startStripeApp(
  options: {
    now?: string
    env?: Record<string, string>
    fake?: FakeStripe
    database?: TestDatabase
    logger?: FastifyServerOptions['logger']
  } = {},
): Promise<StripeTestApp> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const fake =
    options.fake ?? (await startFakeStripe({ secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET }))
  fake.webhookUrl = `${baseUrl}/api/stripe/webhook`
  const t = await startTestApp({
    now: options.now,
    workers: true,
    logger: options.logger,
    ...(options.database ? { database: options.database } : {}),
    env: {
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_BASE_URL: fake.url,
      PUBLIC_URL: baseUrl,
      ...options.env,
    },
  })
  fake.followClock(() => t.clock.now().getTime())
  await t.app.listen({ port, host: '127.0.0.1' })
  const owner = await ownerCookie(t)
  return {
    ...t,
    fake,
    baseUrl,
    owner,
    close: async () => {
      await t.close()
      if (!options.fake) await fake.close()
    },
  }
}

/** Stripe's events delivered to the webhook, then every payment job run to its end. */
export async function settle(t: StripeTestApp): Promise<void> {
  for (let round = 0; round < 4; round++) {
    const delivered = await t.fake.flushEvents()
    await drainJobs(t.database, PAYMENT_QUEUES)
    if (delivered.length === 0 && t.fake.queuedEvents().length === 0) return
  }
}

/** The owner connects the demo salon's Stripe account and finishes Stripe's onboarding. */
export async function connectStripe(t: StripeTestApp): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/stripe/onboarding',
    headers: { cookie: t.owner },
  })
  if (started.statusCode !== 200) throw new Error(`onboarding answered ${started.statusCode}: ${started.body}`)
  const [account] = t.fake.accounts()
  if (!account) throw new Error('no Stripe account was created')
  t.fake.completeOnboarding(account.id)
  await settle(t)
  return account.id
}

/** The demo salon's service of that name: its id. */
export async function serviceNamed(t: TestApp, name: string): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    t,
    sql`select s.id from services s join salons sa on sa.id = s.salon_id where sa.public_id = 'SAL001' and s.name = ${name}`,
  )
  if (!row) throw new Error(`no demo service ${name}`)
  return row.id
}

/** The owner sets a service's policy, as the services editor does. */
export async function setPolicy(t: StripeTestApp, serviceName: string, policy: PaymentPolicy): Promise<void> {
  const answer = await t.app.inject({
    method: 'PUT',
    url: `/api/salons/SAL001/services/${await serviceNamed(t, serviceName)}/payment-policy`,
    headers: { cookie: t.owner },
    payload: policy,
  })
  if (answer.statusCode !== 200) throw new Error(`policy answered ${answer.statusCode}: ${answer.body}`)
}

/** A customer of the web chat says each message in turn; returns the last reply's text. */
export async function say(t: TestApp, chat: TestChat, ...messages: string[]): Promise<string> {
  let text = ''
  for (const message of messages) {
    const answer = await postChat(t.app, chat, message)
    if (answer.statusCode !== 200) throw new Error(`chat answered ${answer.statusCode}: ${answer.body}`)
    text = (answer.json() as { response: string }).response
  }
  return text
}

export { newTestChat }

/** The link to pay from, as the assistant wrote it in a reply. */
export function payLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/api\/r\/[^\s/]+\/pay/)?.[0]
  if (!link) throw new Error(`no payment link in: ${text}`)
  return link
}

/** The customer follows the link: our server sends them on to Stripe's page (its session id). */
export async function openPaymentPage(t: StripeTestApp, link: string): Promise<string> {
  const answer = await t.app.inject({ method: 'GET', url: new URL(link).pathname })
  const location = answer.headers.location
  if (answer.statusCode !== 303 || typeof location !== 'string') {
    throw new Error(`the pay link answered ${answer.statusCode} to ${String(location)}`)
  }
  const session = t.fake.sessions().find((s) => s.url === location)
  if (!session) throw new Error(`the pay link led to ${location}, not a payment page`)
  return session.id
}

/** The booking's status and its payment's state. */
export async function paymentOf(t: TestApp, bookingId: string) {
  const [row] = await rowsOf<{ status: string; state: string | null }>(
    t,
    sql`select b.status, p.state from bookings b left join booking_payments p on p.booking_id = b.id where b.id = ${bookingId}`,
  )
  return row
}

/** The customer's latest booking (the one the chat just made). */
export async function latestBookingId(t: TestApp): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(t, sql`select id from bookings order by created_at desc limit 1`)
  if (!row) throw new Error('no booking')
  return row.id
}

/** The job that releases unpaid bookings, run once at the app's clock. */
export function releaseDue(t: StripeTestApp) {
  return releaseUnpaid({ db: t.database.db, clock: t.clock, config: t.config, jobs: t.jobs, log: console })
}

/** What the fake holds for one booking (its charges, refunds…), by the metadata we put on them. */
export function ofBooking<T extends object>(items: T[], bookingId: string): T[] {
  return items.filter((item) => (item as { metadata?: Record<string, string> }).metadata?.salonia_booking === bookingId)
}
