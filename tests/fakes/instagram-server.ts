import { createServer } from 'node:http'
import { type FakeInstagramCustomer, startFakeInstagram } from './instagram'

/**
 * The fake Meta as a process of its own, for the browser tests (scripts/e2e-instagram-server.mjs):
 * the demo salon's account on PORT, notifications to the product at PRODUCT_URL, and on
 * CONTROL_PORT a small API through which a test plays customers:
 *   POST /say {text, igsid?}        → {igsid, mid, status}  (a customer writes; a new one without igsid)
 *   POST /owner-reply {igsid, text} → {mid, status}         (the owner answers by hand in Instagram)
 *   GET  /messages?igsid=…          → {messages: [...]}     (what the product sent that customer)
 * Its clock follows APP_NOW as the product's does, so Meta's 24 hours agree with the product's.
 */
const product = process.env.PRODUCT_URL ?? 'http://127.0.0.1:3995'
const fake = await startFakeInstagram({
  port: Number(process.env.PORT ?? 0),
  appId: process.env.INSTAGRAM_APP_ID ?? '1234567890123456',
  appSecret: process.env.INSTAGRAM_APP_SECRET ?? 'fake-instagram-app-secret-0123456789',
  redirectUris: [`${product}/api/instagram/callback`],
  accounts: [{ userId: '17841400000000001', appScopedId: '9010000000000003', username: 'salon.lumiere' }],
})
fake.webhookUrl = `${product}/api/instagram/webhook`
if (process.env.APP_NOW) {
  const start = new Date(process.env.APP_NOW).getTime()
  const started = Date.now()
  fake.followClock(() => start + (Date.now() - started))
}

const customers = new Map<string, FakeInstagramCustomer>()
const control = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://control')
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
  const answer = (status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(value))
  }
  try {
    if (url.pathname === '/health') return answer(200, { ok: true })
    if (url.pathname === '/say' && request.method === 'POST') {
      const customer = body.igsid ? customers.get(body.igsid) : fake.customer('17841400000000001')
      if (!customer) return answer(404, { error: 'unknown customer' })
      customers.set(customer.igsid, customer)
      return answer(200, { igsid: customer.igsid, ...(await customer.say(String(body.text))) })
    }
    if (url.pathname === '/owner-reply' && request.method === 'POST') {
      const customer = customers.get(body.igsid)
      if (!customer) return answer(404, { error: 'unknown customer' })
      return answer(200, await customer.ownerReplies(String(body.text)))
    }
    if (url.pathname === '/messages') {
      const customer = customers.get(url.searchParams.get('igsid') ?? '')
      return answer(customer ? 200 : 404, { messages: customer?.messages() ?? [] })
    }
    answer(404, { error: 'no such control' })
  } catch (error) {
    answer(500, { error: (error as Error).message })
  }
})
control.listen(Number(process.env.CONTROL_PORT ?? 0), '127.0.0.1')
console.log(`Fake Instagram on ${fake.url}`)
const stop = () => {
  control.close()
  void fake.close().then(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
