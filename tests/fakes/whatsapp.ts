import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createGraph, type Failure } from './whatsapp-graph'
import { createSignup, DIALOG_PATH, SDK_PATH } from './whatsapp-signup'
import { type TemplateEvent, templateStatusBody } from './whatsapp-templates'
import { createWebhooks, echoBody, messageBody, statusBody } from './whatsapp-webhooks'
import {
  digits,
  graphError,
  type Json,
  metaJson,
  newObjectId,
  newWamid,
  phoneDigits,
  Refusal,
  readBody,
  unixSeconds,
} from './whatsapp-wire'
import {
  type Business,
  businessByPhone,
  businessByWaba,
  type CustomerState,
  customerKey,
  makeBusiness,
  type World,
} from './whatsapp-world'

/**
 * A local stand-in for Meta's WhatsApp Business Platform Cloud API, on Meta's real paths, so the
 * product's code runs unchanged with one base URL (WHATSAPP_BASE_URL) in place of
 * graph.facebook.com, www.facebook.com and connect.facebook.net:
 *  - Embedded Signup: a stand-in SDK and dialog, the code exchange (whatsapp-signup.ts);
 *  - Graph: register, subscribed_apps, the phone number's fields, message templates, media
 *    upload and the Send API with Meta's limits and error codes, behind any `/vNN.N` or none
 *    (whatsapp-graph.ts, whatsapp-messages.ts, whatsapp-templates.ts);
 *  - webhooks: customers simulated with `customer()` write, tap buttons and list rows, send
 *    images; the owner answers from the WhatsApp Business app (coexistence echoes); statuses of
 *    what the product sent (sent, delivered, read, failed) wait for `flushStatuses()` unless
 *    `autoStatuses`; every notification is signed with the app secret (whatsapp-webhooks.ts).
 *    Meta's retries are not simulated: `redeliver` replays.
 * Time is the fake's own clock (real time plus `advance`), so the code's 30 seconds and the
 * 24-hour customer service window are testable without waiting.
 *
 * Meta's reference pages this follows (where the brief and they differed, they won):
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/embedded-signup/implementation
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/embedded-signup/onboarding-business-app-users
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/business-phone-numbers/registration
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/business-phone-numbers/two-step-verification
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/override (subscribed_apps)
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/business-phone-numbers/media
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/template-management
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/text-messages
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-reply-buttons-messages
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-list-messages
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/mark-message-as-read
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/typing-indicators
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/smb_message_echoes
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 *  https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing
 */

export interface FakeWhatsAppBusiness {
  wabaId: string
  phoneNumberId: string
  /** As GET /<PHONE_NUMBER_ID> shows it ("+33 6 12 34 56 78"); webhooks carry its digits. */
  displayPhoneNumber: string
  verifiedName: string
  qualityRating?: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN'
  /** messaging_limit_tier: TIER_250 (the default, Meta's for new portfolios), TIER_2K, TIER_10K, TIER_100K, TIER_UNLIMITED. */
  messagingLimitTier?: string
  /** The business portfolio id of Embedded Signup's session info (default: made up). */
  businessId?: string
  /** A WhatsApp Business app number onboarded with coexistence: registered already, no register call needed. */
  coexistence?: boolean
}

export interface FakeWhatsAppOptions {
  appId: string
  appSecret: string
  /** The Facebook Login for Business configuration id Embedded Signup must be launched with. */
  configId: string
  /** The app's name in GET /<WABA_ID>/subscribed_apps (default "Salonia"). */
  appName?: string
  /** "Valid OAuth redirect URIs": when given, the dialog's redirect_uri must be one of them exactly. */
  redirectUris?: string[]
  /** The port to listen on (0 or absent: any free one). */
  port?: number
  businesses: FakeWhatsAppBusiness[]
}

/** A message the Send API accepted, as the customer sees it. */
export interface FakeWhatsAppSend {
  phoneNumberId: string
  /** The customer's wa_id (the digits of `to`). */
  to: string
  type: 'text' | 'interactive' | 'document' | 'template'
  /** text.body, or an interactive message's body text. */
  text?: string
  /** An interactive message's header text ("[image]" etc. for a media header) and footer. */
  header?: string
  footer?: string
  buttons?: { id: string; title: string }[]
  list?: { button: string; sections: { title: string; rows: { id: string; title: string; description?: string }[] }[] }
  /** By uploaded media id (bytes, name and type of the upload) or by link (no bytes). */
  document?: { filename: string; caption?: string; mimeType: string; content: Buffer; link?: string }
  /** Body parameters in order; header parameters and quick-reply payloads when given. */
  template?: { name: string; language: string; parameters: string[]; headerParameters?: string[]; payloads?: string[] }
  /** context.message_id: the message this one replies to. */
  replyTo?: string
  wamid: string
  /** Fake clock, ms. */
  at: number
}

export interface FakeWhatsAppCustomer {
  /** E.164 digits, no "+". */
  waId: string
  phoneNumberId: string
  /** Their WhatsApp profile name (contacts[].profile.name). */
  name: string
  /** Not reachable on WhatsApp: sends are accepted, then fail with 131026. */
  undeliverable: boolean
  /** Reads what they get: a `read` status follows `delivered` (decided when the message is sent). Default true. */
  reads: boolean
  /** A text message; their 24-hour window starts now. Rejects when webhookUrl is unset or unreachable. */
  say(text: string): Promise<{ wamid: string; status: number }>
  /** Taps a reply button or a list row of the last interactive message they got (throws when it shows no such option). */
  tap(reply: { id: string; title: string }, kind?: 'button' | 'list'): Promise<{ wamid: string; status: number }>
  /** Taps a quick-reply button of the last template message they got: `type: "button"`. */
  tapTemplateButton(payload: string, text: string): Promise<{ wamid: string; status: number }>
  /** An image (jpeg), with a caption or not. */
  sendImage(caption?: string): Promise<{ wamid: string; status: number }>
  /** The owner answers from the WhatsApp Business app on the same number: an smb_message_echoes notification. */
  ownerReplies(text: string): Promise<{ wamid: string; status: number }>
  /** What the product sent them, in order. */
  messages(): FakeWhatsAppSend[]
  lastInteractive(): FakeWhatsAppSend | undefined
}

export interface FakeWhatsAppTemplate {
  id: string
  name: string
  language: string
  category: string
  status: string
  components: Json[]
}

export interface FakeWhatsApp {
  /** http://127.0.0.1:<port> */
  url: string
  close(): Promise<void>
  /** The fake's clock: real time plus every advance(). */
  now(): number
  advance(ms: number): void
  /** Takes time from another clock (the product's manual clock in tests), plus every advance(). */
  followClock(now: () => number): void
  /** Where notifications are POSTed (the product's /api/whatsapp/webhook). */
  webhookUrl: string | undefined
  /** Post each send's statuses right after its answer (the browser tests' server) instead of on flushStatuses(). */
  autoStatuses: boolean
  /** What Embedded Signup hands the page: a fresh code (single use, 30 s) and the ids. Default: the first business. */
  signUp(phoneNumberId?: string): { code: string; wabaId: string; phoneNumberId: string }
  /** A customer of that number (the same object for the same waId); waId random (336…) when absent. */
  customer(phoneNumberId: string, waId?: string, name?: string): FakeWhatsAppCustomer
  /** POSTs a notification body (an object is written as Meta writes JSON) signed, or with this signature (null: none). */
  notify(body: unknown, options?: { signature?: string | null }): Promise<{ status: number; body: string }>
  /** POSTs again the last notification that carried this wamid: same bytes, same signature (Meta's retry). */
  redeliver(wamid: string): Promise<number>
  /** POSTs every queued status, in order, one notification each; resolves once the product answered them all. */
  flushStatuses(): Promise<void>
  /** Changes the template(s) (one language or all) and posts message_template_status_update; the product's last status. */
  setTemplateStatus(
    wabaId: string,
    name: string,
    language: string,
    event: TemplateEvent,
    reason?: string,
  ): Promise<number>
  templates(wabaId: string): FakeWhatsAppTemplate[]
  /** The next message send(s) fail: a Cloud API code (its usual HTTP status) and/or an HTTP status. */
  failNext(failure: { code?: number; httpStatus?: number; times?: number }): void
  /** Every token of that WABA so far → 190/460. */
  revokeTokens(wabaId: string): void
  setQuality(phoneNumberId: string, rating: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN', tier?: string): void
  /** Every accepted message, in order. */
  sends(): FakeWhatsAppSend[]
  /** Typing indicators shown (each also marks the message read). */
  typing(): { phoneNumberId: string; messageId: string; at: number }[]
  /** Read receipts without a typing indicator. */
  readReceipts(): { phoneNumberId: string; messageId: string; at: number }[]
  registered(phoneNumberId: string): { pin: string } | undefined
  subscribed(wabaId: string): boolean
  /** Every request, path without its query, in order. */
  requests(): { method: string; path: string; at: number }[]
  /** 'sha256=<hex HMAC-SHA256 of the body with appSecret>' */
  sign(body: string): string
  /** Resolves once every notification started so far has been answered. */
  settle(): Promise<void>
}

/** What the product reads in `hub.verify_token` checks; Meta repeats what the App Dashboard holds. */
const VERIFY_TOKEN = 'fake-whatsapp-verify-token'
/** The Graph version a path without `/vNN.N` gets (the one Meta's pages show). */
const LATEST_VERSION = 25
/** Customers' profile names, accented so that Meta's escaped JSON is exercised. */
const NAMES = ['Zoé Martin', 'Lukas Müller', 'Giulia Rossi', 'Emma Wilson', 'Léa Dubois', 'Jörg Weiß']

/** The product's environment for this fake. */
export function whatsappEnv(fake: FakeWhatsApp, options: FakeWhatsAppOptions): Record<string, string> {
  return {
    WHATSAPP_APP_ID: options.appId,
    WHATSAPP_APP_SECRET: options.appSecret,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_CONFIG_ID: options.configId,
    WHATSAPP_BASE_URL: fake.url,
  }
}

export async function startFakeWhatsApp(options: FakeWhatsAppOptions): Promise<FakeWhatsApp> {
  for (const b of options.businesses) {
    if (!/^\d{5,20}$/.test(b.wabaId) || !/^\d{5,20}$/.test(b.phoneNumberId)) {
      throw new Error(`fake WhatsApp: wabaId and phoneNumberId are digits (${b.wabaId}, ${b.phoneNumberId})`)
    }
    if (b.wabaId === b.phoneNumberId) throw new Error('fake WhatsApp: a WABA id is not a phone number id')
  }
  let offset = 0
  let base = Date.now
  const failures: Failure[] = []
  const requestLog: { method: string; path: string; at: number }[] = []

  const business = (phoneNumberId: string): Business => {
    const found = businessByPhone(world, phoneNumberId)
    if (!found) throw new Error(`fake WhatsApp: no business number ${phoneNumberId}`)
    return found
  }

  const fake: FakeWhatsApp = {
    url: '',
    webhookUrl: undefined,
    autoStatuses: false,
    now: () => base() + offset,
    advance(ms) {
      offset += ms
    },
    followClock(now) {
      base = now
    },
    signUp(phoneNumberId) {
      const chosen = phoneNumberId === undefined ? world.businesses[0] : business(phoneNumberId)
      if (!chosen) throw new Error('fake WhatsApp: no business to sign up')
      const code = signup.issueCode(chosen)
      return { code: code.value, wabaId: chosen.wabaId, phoneNumberId: chosen.phoneNumberId }
    },
    customer(phoneNumberId, given = `336${digits(8)}`, name) {
      const waId = phoneDigits(given)
      if (!/^\d{7,15}$/.test(waId)) throw new Error(`fake WhatsApp: a wa_id is 7 to 15 digits, not ${given}`)
      const state = customerState(business(phoneNumberId), waId)
      if (name !== undefined) state.handle.name = name
      return state.handle
    },
    notify(body, notifyOptions = {}) {
      const text = typeof body === 'string' ? body : metaJson(body)
      return webhooks.post(text, notifyOptions.signature)
    },
    redeliver: (wamid) => webhooks.redeliver(wamid),
    async flushStatuses() {
      if (!fake.webhookUrl && world.statusQueue.length > 0) {
        throw new Error('fake WhatsApp: webhookUrl is not set, so there is nowhere to post the statuses')
      }
      await drain()
    },
    async setTemplateStatus(wabaId, name, language, event, reason) {
      const matching = world.templates.filter(
        (t) => t.wabaId === wabaId && t.name === name && (language === 'all' || t.language === language),
      )
      if (matching.length === 0) throw new Error(`fake WhatsApp: no template ${name} (${language}) on ${wabaId}`)
      let status = 0
      for (const template of matching) {
        template.status = event
        status = await webhooks.deliver(templateStatusBody(template, event, fake.now(), reason), [])
      }
      return status
    },
    templates: (wabaId) =>
      world.templates
        .filter((t) => t.wabaId === wabaId)
        .map(({ id, name, language, category, status, components }) => ({
          id,
          name,
          language,
          category,
          status,
          components,
        })),
    failNext({ code, httpStatus, times = 1 }) {
      failures.push({
        ...(code === undefined ? {} : { code }),
        ...(httpStatus === undefined ? {} : { httpStatus }),
        left: times,
      })
    },
    revokeTokens(wabaId) {
      for (const token of world.tokens.values()) if (token.wabaId === wabaId) token.revoked = true
    },
    setQuality(phoneNumberId, rating, tier) {
      const chosen = business(phoneNumberId)
      chosen.qualityRating = rating
      if (tier !== undefined) chosen.messagingLimitTier = tier
    },
    sends: () => [...world.sends],
    typing: () => [...world.typing],
    readReceipts: () => [...world.readReceipts],
    registered(phoneNumberId) {
      const chosen = business(phoneNumberId)
      return chosen.registered ? { pin: chosen.pin ?? '' } : undefined
    },
    subscribed: (wabaId) => businessByWaba(world, wabaId).some((b) => b.subscribed),
    requests: () => [...requestLog],
    sign: (body) => webhooks.sign(body),
    settle: async () => {
      await draining.catch(() => {})
      await webhooks.settle()
    },
    close: async () => {
      await fake.settle()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  const webhooks = createWebhooks(options.appSecret, () => fake.webhookUrl)
  const world: World = {
    options,
    now: fake.now,
    businesses: options.businesses.map(makeBusiness),
    tokens: new Map(),
    codes: new Map(),
    templates: [],
    media: new Map(),
    customers: new Map(),
    fake,
    webhooks,
    sends: [],
    typing: [],
    readReceipts: [],
    statusQueue: [],
    afterSend(response) {
      if (!fake.autoStatuses) return
      response.once('close', () => {
        if (!fake.webhookUrl) return
        drain().catch((error: unknown) => {
          console.error(`fake WhatsApp: a status could not be posted: ${(error as Error).message}`)
        })
      })
    },
    customerState: (chosen, waId) => customerState(chosen, waId),
  }
  const signup = createSignup(world)
  const graph = createGraph(world, failures)

  /** Statuses are posted one at a time, in the order Meta would send them, never two drains at once. */
  let draining: Promise<void> = Promise.resolve()
  function drain(): Promise<void> {
    const run = draining
      .catch(() => {})
      .then(async () => {
        for (let next = world.statusQueue.shift(); next; next = world.statusQueue.shift()) {
          await webhooks.deliver(statusBody(next.business, next.status), [next.wamid])
        }
      })
    draining = run
    return run
  }

  function customerState(chosen: Business, waId: string): CustomerState {
    const key = customerKey(chosen.phoneNumberId, waId)
    const known = world.customers.get(key)
    if (known) return known
    if (waId === chosen.digits) throw new Error('fake WhatsApp: a customer is not the business number itself')
    const state: CustomerState = {
      handle: undefined as unknown as FakeWhatsAppCustomer,
      business: chosen,
      lastMessageAt: undefined,
      received: [],
      inbound: new Map(),
    }
    state.handle = simulatedCustomer(state, waId, NAMES[Number(waId.slice(-3)) % NAMES.length] ?? 'Client')
    world.customers.set(key, state)
    return state
  }

  /** The customer's message, posted signed; it opens (or moves) their 24-hour window. */
  function customerWrites(state: CustomerState, type: string, content: Json, context?: string) {
    const now = fake.now()
    const { handle } = state
    const wamid = newWamid(handle.waId)
    state.lastMessageAt = Math.max(state.lastMessageAt ?? now, now)
    state.inbound.set(wamid, now)
    const message: Json = {
      ...(context === undefined ? {} : { context: { from: state.business.digits, id: context } }),
      from: handle.waId,
      id: wamid,
      timestamp: unixSeconds(now),
      type,
      [type]: content,
    }
    const body = messageBody(state.business, { name: handle.name, waId: handle.waId }, message)
    return webhooks.deliver(body, [wamid]).then((status) => ({ wamid, status }))
  }

  function simulatedCustomer(state: CustomerState, waId: string, name: string): FakeWhatsAppCustomer {
    const lastOf = (type: FakeWhatsAppSend['type']) => state.received.filter((s) => s.type === type).at(-1)
    const handle: FakeWhatsAppCustomer = {
      waId,
      phoneNumberId: state.business.phoneNumberId,
      name,
      undeliverable: false,
      reads: true,
      say: (text) => customerWrites(state, 'text', { body: text }),
      tap(reply, kind) {
        const shown = handle.lastInteractive()
        if (!shown) throw new Error('fake WhatsApp: no interactive message was sent to this customer')
        const shownKind = shown.buttons ? 'button' : 'list'
        if (kind !== undefined && kind !== shownKind) {
          throw new Error(`fake WhatsApp: the last interactive message shows a ${shownKind}, not a ${kind}`)
        }
        if (shown.buttons) {
          const button = shown.buttons.find((b) => b.id === reply.id && b.title === reply.title)
          if (!button) throw new Error(`fake WhatsApp: no button ${reply.id} "${reply.title}" shows`)
          return customerWrites(
            state,
            'interactive',
            { type: 'button_reply', button_reply: { id: button.id, title: button.title } },
            shown.wamid,
          )
        }
        const row = shown.list?.sections
          .flatMap((s) => s.rows)
          .find((r) => r.id === reply.id && r.title === reply.title)
        if (!row) throw new Error(`fake WhatsApp: no list row ${reply.id} "${reply.title}" shows`)
        return customerWrites(state, 'interactive', { type: 'list_reply', list_reply: { ...row } }, shown.wamid)
      },
      tapTemplateButton(payload, text) {
        const template = lastOf('template')
        if (!template) throw new Error('fake WhatsApp: no template message was sent to this customer')
        return customerWrites(state, 'button', { payload, text }, template.wamid)
      },
      sendImage(caption) {
        const image: Json = {
          ...(caption === undefined ? {} : { caption }),
          mime_type: 'image/jpeg',
          sha256: createHash('sha256').update(randomBytes(32)).digest('hex'),
          id: newObjectId(),
        }
        return customerWrites(state, 'image', image)
      },
      ownerReplies(text) {
        const now = fake.now()
        const wamid = newWamid(waId)
        const body = echoBody(state.business, {
          from: state.business.digits,
          to: waId,
          id: wamid,
          timestamp: unixSeconds(now),
          type: 'text',
          text: { body: text },
        })
        return webhooks.deliver(body, [wamid]).then((status) => ({ wamid, status }))
      },
      messages: () => [...state.received],
      lastInteractive: () => lastOf('interactive'),
    }
    return handle
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-whatsapp')
    const method = request.method ?? 'GET'
    requestLog.push({ method, path: url.pathname, at: fake.now() })
    try {
      const body = await readBody(request, url)
      if (SDK_PATH.test(url.pathname) && method === 'GET') {
        return signup.sdk(`http://${request.headers.host ?? '127.0.0.1'}`, response)
      }
      if (DIALOG_PATH.test(url.pathname)) {
        if (method === 'GET') return signup.showDialog(url.searchParams, response)
        if (method === 'POST') return signup.decide(body.params, response)
      }
      const versioned = /^\/v(\d+)\.\d+(?=\/|$)/.exec(url.pathname)
      const version = versioned ? Number(versioned[1]) : LATEST_VERSION
      const path = url.pathname.slice(versioned?.[0].length ?? 0) || '/'
      if (path === '/oauth/access_token' && (method === 'GET' || method === 'POST')) {
        return signup.exchangeCode(body.params, response)
      }
      graph.handle(method, path, version, body, request, response)
    } catch (error) {
      const refusal =
        error instanceof Refusal
          ? error
          : graphError(1, `An unknown error has occurred. (${(error as Error).message})`, { status: 500 })
      response.writeHead(refusal.status, { 'content-type': refusal.contentType })
      response.end(refusal.body)
    }
  })

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
