import { createServer } from 'node:http'
import { type LifecycleEvent, type MicrosoftFailure, startFakeMicrosoft } from './microsoft'

/**
 * The fake Microsoft as a process of its own, for the browser tests (scripts/e2e-instagram-server.mjs,
 * the integrations server): the demo salon's owner on PORT (MICROSOFT_BASE_URL), the product's
 * callback `${PRODUCT_URL}/api/microsoft/callback` as the one registered redirect URI, and on
 * CONTROL_PORT a small API through which a test plays the owner in Outlook and Microsoft's faults:
 *   POST /own-event {event, calendarId?}       → {event}   (the owner adds an event; notifies)
 *   POST /move-own-event {id, changes}         → {event}
 *   POST /delete-own-event {id}
 *   GET  /our-events, /events                  → {events}  (what the app wrote; everything)
 *   GET  /calendars                            → {calendars}
 *   POST /fail-next {status, retryAfter?, code?, count?, where?}
 *   POST /outage {status?, …}, POST /restore, POST /delay {ms}
 *   POST /revoke {how?}                        (the owner removes the app's consent)
 *   GET  /subscriptions, /notifications, /requests
 *   POST /expire-subscription {id?}, POST /lifecycle {event, id?}   (id: the only live one when absent)
 *   POST /reset                                (no event, token or subscription; the same port)
 *   GET  /health
 * Its clock is the real one, as Microsoft's is: the product asks for a subscription's expiry on
 * the real clock even when APP_NOW runs its own demo clock elsewhere (microsoft-subscription.ts).
 */
const product = process.env.PRODUCT_URL ?? 'http://127.0.0.1:3995'
const fake = await startFakeMicrosoft({
  port: Number(process.env.PORT ?? 0),
  clientId: process.env.MICROSOFT_CLIENT_ID ?? '3f1c9a7e-52d4-4b8f-9e0a-6c2d8b1f4a73',
  clientSecret: process.env.MICROSOFT_CLIENT_SECRET ?? 'fake~microsoft~secret~0123456789abcdef',
  redirectUris: [`${product}/api/microsoft/callback`],
})

/** A control call the test got wrong: 400 with the reason. */
class Misuse extends Error {}

function onlySubscription(given: unknown): string {
  if (typeof given === 'string' && given !== '') return given
  const live = fake.subscriptions()
  if (live.length !== 1) throw new Misuse(`${live.length} live subscriptions: say which (id)`)
  return (live[0] as { id: string }).id
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
    const calendarId = typeof body.calendarId === 'string' ? body.calendarId : undefined
    if (url.pathname === '/health') return answer(200, { ok: true })
    if (url.pathname === '/own-event' && post) {
      if (typeof body.event !== 'object' || body.event === null) throw new Misuse('event: a Graph event body')
      return answer(200, { event: fake.addOwnEvent(body.event, { calendarId }) })
    }
    if (url.pathname === '/move-own-event' && post) {
      return answer(200, { event: fake.moveOwnEvent(String(body.id), body.changes ?? {}, { calendarId }) })
    }
    if (url.pathname === '/delete-own-event' && post) {
      fake.deleteOwnEvent(String(body.id), { calendarId })
      return answer(200, { ok: true })
    }
    if (url.pathname === '/our-events') return answer(200, { events: fake.ourEvents({ calendarId }) })
    if (url.pathname === '/events') return answer(200, { events: fake.events({ calendarId }) })
    if (url.pathname === '/calendars') return answer(200, { calendars: fake.calendars() })
    if (url.pathname === '/fail-next' && post) {
      fake.failNext(body as MicrosoftFailure)
      return answer(200, { ok: true })
    }
    if (url.pathname === '/outage' && post) {
      fake.outage(typeof body.status === 'number' ? (body as MicrosoftFailure) : undefined)
      return answer(200, { ok: true })
    }
    if (url.pathname === '/restore' && post) {
      fake.restore()
      return answer(200, { ok: true })
    }
    if (url.pathname === '/delay' && post) {
      fake.setDelay(Number(body.ms ?? 0))
      return answer(200, { ok: true })
    }
    if (url.pathname === '/revoke' && post) {
      fake.revokeGrant({ how: body.how })
      return answer(200, { ok: true })
    }
    if (url.pathname === '/subscriptions') return answer(200, { subscriptions: fake.subscriptions() })
    if (url.pathname === '/notifications') return answer(200, { notifications: fake.notifications })
    if (url.pathname === '/requests') return answer(200, { requests: fake.requests() })
    if (url.pathname === '/expire-subscription' && post) {
      fake.expireSubscription(onlySubscription(body.id))
      return answer(200, { ok: true })
    }
    if (url.pathname === '/lifecycle' && post) {
      const status = await fake.sendLifecycle(onlySubscription(body.id), body.event as LifecycleEvent)
      return answer(200, { status: status ?? null })
    }
    if (url.pathname === '/reset' && post) {
      await fake.settled()
      fake.reset()
      return answer(200, { ok: true })
    }
    answer(404, { error: 'no such control' })
  } catch (error) {
    answer(error instanceof Misuse || error instanceof SyntaxError ? 400 : 500, { error: (error as Error).message })
  }
})
control.listen(Number(process.env.CONTROL_PORT ?? 0), '127.0.0.1')
console.log(`Fake Microsoft on ${fake.baseUrl}`)
const stop = () => {
  control.close()
  void fake.close().then(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
