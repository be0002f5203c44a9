import { createServer } from 'node:http'
import { type FakeWhatsApp, type FakeWhatsAppOptions, startFakeWhatsApp } from './whatsapp'

/**
 * The fake WhatsApp Cloud API as a process of its own, for the browser tests
 * (scripts/e2e-instagram-server.mjs, the Meta server): the demo salon's number on PORT,
 * notifications to the product at PRODUCT_URL (statuses posted as soon as each send is answered),
 * Embedded Signup's window sending the browser back to the product's /whatsapp/signup-return, and
 * on CONTROL_PORT a small API through which a test plays Meta and the salon's customers:
 *   POST /say {text, waId?} → {waId, wamid, status}  (a customer writes; a new one without waId)
 *   POST /revoke                                      (Meta revokes every token of the salon's WABA)
 *   POST /approve                                     (Meta approves both templates, every language)
 *   POST /reset                                       (a new Meta: no token, template or customer;
 *                                                      the same port, for a test that starts afresh)
 *   GET  /messages?waId=…  → {messages: [...]}        (what the product sent that customer)
 *   GET  /health
 * Its clock follows APP_NOW as the product's does, so Meta's 24 hours agree with the product's.
 */
const product = process.env.PRODUCT_URL ?? 'http://127.0.0.1:3995'
/** The demo salon's (SAL001) number, as the signup window offers it. */
const SALON = {
  wabaId: '104996122399160',
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '+33 6 12 34 56 78',
  verifiedName: 'Salon Lumière',
}
const TEMPLATES = ['salonia_appointment_reminder', 'salonia_appointment_change']
const options: FakeWhatsAppOptions = {
  port: Number(process.env.PORT ?? 0),
  appId: process.env.WHATSAPP_APP_ID ?? '2345678901234567',
  appSecret: process.env.WHATSAPP_APP_SECRET ?? 'fake-whatsapp-app-secret-0123456789',
  configId: process.env.WHATSAPP_CONFIG_ID ?? '987654321098765',
  redirectUris: [`${product}/whatsapp/signup-return`],
  businesses: [SALON],
}

async function start(): Promise<FakeWhatsApp> {
  const started = await startFakeWhatsApp(options)
  started.webhookUrl = `${product}/api/whatsapp/webhook`
  started.autoStatuses = true
  if (process.env.APP_NOW) {
    const start = new Date(process.env.APP_NOW).getTime()
    const startedAt = Date.now()
    started.followClock(() => start + (Date.now() - startedAt))
  }
  return started
}

let fake = await start()
// The port chosen once: a reset listens on the same one (the product's WHATSAPP_BASE_URL).
options.port = Number(new URL(fake.url).port)

const control = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://control')
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
  const answer = (status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(value))
  }
  const post = request.method === 'POST'
  try {
    if (url.pathname === '/health') return answer(200, { ok: true })
    if (url.pathname === '/say' && post) {
      const customer = fake.customer(SALON.phoneNumberId, body.waId ? String(body.waId) : undefined)
      return answer(200, { waId: customer.waId, ...(await customer.say(String(body.text))) })
    }
    if (url.pathname === '/revoke' && post) {
      fake.revokeTokens(SALON.wabaId)
      return answer(200, { ok: true })
    }
    if (url.pathname === '/approve' && post) {
      const statuses = []
      for (const name of TEMPLATES) statuses.push(await fake.setTemplateStatus(SALON.wabaId, name, 'all', 'APPROVED'))
      return answer(200, { statuses })
    }
    if (url.pathname === '/reset' && post) {
      await fake.close()
      fake = await start()
      return answer(200, { ok: true })
    }
    if (url.pathname === '/messages') {
      const waId = url.searchParams.get('waId') ?? ''
      const messages = fake
        .sends()
        .filter((send) => send.to === waId)
        // The bytes of a document stay here: their size says enough.
        .map(({ document, ...send }) => (document ? { ...send, document: { ...document, content: undefined } } : send))
      return answer(200, { messages })
    }
    answer(404, { error: 'no such control' })
  } catch (error) {
    answer(500, { error: (error as Error).message })
  }
})
control.listen(Number(process.env.CONTROL_PORT ?? 0), '127.0.0.1')
console.log(`Fake WhatsApp on ${fake.url}`)
const stop = () => {
  control.close()
  void fake.close().then(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
