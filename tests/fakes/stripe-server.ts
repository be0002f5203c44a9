import { createServer } from 'node:http'
import { type FakeStripe, type FakeStripeOptions, startFakeStripe } from './stripe'

/**
 * The fake Stripe as a process of its own, for the browser tests: the API and its hosted pages
 * (onboarding, checkout) on PORT, events posted signed to the product's webhook at
 * `${PRODUCT_URL}/api/stripe/webhook` as soon as the request that made them is answered, and on
 * CONTROL_PORT a small API through which a test plays Stripe and the salon's customers:
 *   POST /reset                                  (a new Stripe: no account, session or event;
 *                                                 the same port, for a test that starts afresh)
 *   POST /complete-onboarding {accountId?}       (the only account when absent)
 *   POST /pay {sessionId?, card?}                (the latest open session when absent; answers
 *                                                 once the product has the webhooks)
 *   GET  /sessions, /charges, /refunds           → {data: [...]}
 *   GET  /health
 * Its clock follows APP_NOW as the product's does (the demo clock), so `created`, expires_at and
 * the signatures' timestamps agree with the product's.
 */
const product = process.env.PRODUCT_URL ?? 'http://127.0.0.1:3995'
const options: FakeStripeOptions = {
  port: Number(process.env.PORT ?? 0),
  secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_fake_salonia_0123456789',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_fake_salonia_0123456789',
  webhookUrl: `${product}/api/stripe/webhook`,
}

/**
 * The product's demo clock, from this process's start: kept across a /reset, or a new fake would
 * sign its events minutes behind the product's clock — older than the webhook's five minutes.
 */
const appNow = process.env.APP_NOW ? new Date(process.env.APP_NOW).getTime() : undefined
const processStartedAt = Date.now()

async function start(): Promise<FakeStripe> {
  const started = await startFakeStripe(options)
  started.autoDeliver = true
  if (appNow !== undefined) started.followClock(() => appNow + (Date.now() - processStartedAt))
  return started
}

let fake = await start()
// The port chosen once: a reset listens on the same one (the product's Stripe host and port).
options.port = fake.port

/** A control call the test got wrong: 400 with the reason. */
class Misuse extends Error {}

function onlyAccount(given: unknown): string {
  if (typeof given === 'string' && given !== '') return given
  const accounts = fake.accounts()
  if (accounts.length !== 1) throw new Misuse(`${accounts.length} accounts: say which (accountId)`)
  return (accounts[0] as { id: string }).id
}

function latestOpenSession(given: unknown): string {
  if (typeof given === 'string' && given !== '') return given
  const open = fake.sessions().filter((s) => s.status === 'open')
  const latest = open.sort((a, b) => (b.created as number) - (a.created as number))[0]
  if (!latest) throw new Misuse('no open Checkout Session')
  return latest.id
}

const control = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://control')
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const answer = (status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(value))
  }
  const post = request.method === 'POST'
  try {
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
    if (url.pathname === '/health') return answer(200, { ok: true })
    if (url.pathname === '/reset' && post) {
      await fake.close()
      fake = await start()
      return answer(200, { ok: true })
    }
    if (url.pathname === '/complete-onboarding' && post) {
      const account = fake.completeOnboarding(onlyAccount(body.accountId))
      await fake.settle()
      return answer(200, { account })
    }
    if (url.pathname === '/pay' && post) {
      const card = typeof body.card === 'string' ? body.card : undefined
      const paid = fake.pay(latestOpenSession(body.sessionId), card ? { card } : {})
      await fake.settle()
      return answer(200, paid)
    }
    if (url.pathname === '/sessions') return answer(200, { data: fake.sessions() })
    if (url.pathname === '/charges') return answer(200, { data: fake.charges() })
    if (url.pathname === '/refunds') return answer(200, { data: fake.refunds() })
    answer(404, { error: 'no such control' })
  } catch (error) {
    answer(error instanceof Misuse || error instanceof SyntaxError ? 400 : 500, { error: (error as Error).message })
  }
})
control.listen(Number(process.env.CONTROL_PORT ?? 0), '127.0.0.1')
console.log(`Fake Stripe on ${fake.url}`)
const stop = () => {
  control.close()
  void fake.close().then(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
