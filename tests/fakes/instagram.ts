import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createGraph } from './instagram-graph'
import { AUTHORIZE_PATH, createOAuth } from './instagram-oauth'
import { createWebhooks, notificationBody, type WebhookItem } from './instagram-webhooks'
import { digits, graphRefusal, newIgsid, newMid, oauthRefusal, Refusal, readParams } from './instagram-wire'
import { type Customer, customerKey, type World } from './instagram-world'

/**
 * A local stand-in for Meta's "Instagram API with Instagram Login", on Meta's real paths, so the
 * product's code runs unchanged with one base URL (INSTAGRAM_BASE_URL) in place of
 * www.instagram.com, api.instagram.com and graph.instagram.com:
 *  - Business Login: the authorization window, the code exchange, long-lived tokens and their
 *    refresh (instagram-oauth.ts);
 *  - Graph: /me, customers' profiles, subscribed_apps and the Send API, behind any `/vNN.N` or
 *    none (instagram-graph.ts);
 *  - webhooks: customers simulated with `customer()` write, send images, or see the owner answer
 *    by hand; each event is a signed notification POSTed to `webhookUrl` in Meta's escaped JSON
 *    (instagram-webhooks.ts). Meta's automatic retries are not simulated: `redeliver` replays.
 * Time is the fake's own clock (real time plus whatever `advance` added), so code and token
 * lifetimes, refresh eligibility and the 24-hour messaging window are testable without waiting.
 */

export interface FakeInstagramAccount {
  /**
   * The professional account's Instagram user id: /me `user_id` and webhook `entry.id` (17 digits).
   * Make it odd (17841400000000001): beyond 2^53 only an odd number shows a client that rounds it.
   */
  userId: string
  /** /me `id`, deliberately different from userId so that a mix-up fails tests. */
  appScopedId: string
  username: string
}

export interface FakeInstagramOptions {
  appId: string
  appSecret: string
  /** Registered redirect URIs: the authorize request and the code exchange must use one exactly. */
  redirectUris: string[]
  accounts: FakeInstagramAccount[]
  /** The code exchange's answer: `{data:[{access_token,user_id,permissions:'a,b'}]}` (default) or flat with a permissions array. */
  tokenShape?: 'wrapped' | 'flat'
  /** user_id in the code exchange as a bare 17-digit JSON number (beyond 2^53), to catch a client that rounds it. */
  numericUserId?: boolean
  /** The port to listen on (0 or absent: any free one). */
  port?: number
}

export interface FakeInstagramSend {
  accountUserId: string
  recipientId: string
  text: string
  /** The buttons sent under the text, as the customer sees them (titles cut at 20 characters). */
  quickReplies?: { title: string; payload: string }[]
  mid: string
  /** Fake clock, ms. */
  at: number
}

export interface FakeInstagram {
  /** http://127.0.0.1:<port> */
  url: string
  close(): Promise<void>
  /** The fake's clock: real time plus every advance(). */
  now(): number
  advance(ms: number): void
  /** Takes time from another clock (the product's manual clock in tests), plus every advance(). */
  followClock(now: () => number): void
  /** Where notifications are POSTed (the product's /api/instagram/webhook). */
  webhookUrl: string | undefined
  /**
   * Plays the authorization window: fetches authUrl's page (on this fake, whatever its host),
   * "clicks" the account (by username; default the first) or Cancel, and returns the Location Meta
   * redirects to. Throws with Meta's message when the authorize request is invalid.
   */
  consent(authUrl: string, choice?: { username?: string; deny?: boolean }): Promise<string>
  /** A customer of that account (the same one again for the same igsid); igsid random, 16-17 digits, when absent. */
  customer(accountUserId: string, igsid?: string): FakeInstagramCustomer
  /** POSTs a notification again (Meta's retry): same body bytes, same signature. The product's status. */
  redeliver(mid: string): Promise<number>
  /** POSTs several messages in ONE signed notification (one entry per account). The product's status. */
  batch(items: Array<{ customer: FakeInstagramCustomer; text: string }>): Promise<number>
  /**
   * POSTs a raw body to webhookUrl with this X-Hub-Signature-256: a string as given, `null` for no
   * header at all, omitted for the correct signature (handy for hand-made or mutated bodies).
   */
  post(body: string, signature?: string | null): Promise<{ status: number; text: string }>
  /** 'sha256=<hex HMAC-SHA256 of the body with appSecret>' */
  sign(body: string): string
  /** The next n requests (any path but /oauth/authorize) answer this status (default 500) with a Meta-shaped error. */
  failNext(n: number, status?: number): void
  /** Later calls with this token → 190 (subcode 460). */
  revoke(token: string): void
  /** Every token of that account so far → 190. */
  revokeAccount(accountUserId: string): void
  /** The account's live tokens (unrevoked, unexpired), for assertions. */
  tokensOf(accountUserId: string): string[]
  sent: FakeInstagramSend[]
  /** accountUserId → subscribed webhook fields. */
  subscriptions: Map<string, string[]>
  /** Successful refreshes. */
  refreshes: Array<{ accountUserId: string; at: number }>
  /** Every request, path without its query, in order. */
  requests: Array<{ method: string; path: string }>
  /**
   * Resolves once every webhook POST started so far (messages and echoes) has been answered;
   * rejects if an echo could not reach webhookUrl at all (then forgets that failure).
   */
  settle(): Promise<void>
}

export interface FakeInstagramCustomer {
  igsid: string
  accountUserId: string
  /**
   * The customer writes: their 24-hour window starts at the message's time (`at`, ms, or now) and a
   * signed `messages` notification is POSTed to webhookUrl. Rejects when webhookUrl is unset or unreachable.
   */
  say(text: string, at?: number): Promise<{ mid: string; status: number }>
  /** An image without text: `attachments: [{type: 'image', payload: {url}}]`. Opens the window too. */
  sendImage(): Promise<{ mid: string; status: number }>
  /** The owner answers by hand in the Instagram app: an echo (sender = account) whose mid the product never got from the Send API. */
  ownerReplies(text: string): Promise<{ mid: string; status: number }>
  /** Texts the product sent to this customer through the Send API, in order. */
  messages(): string[]
  /** The quick replies shown under the last message received (titles as shown). */
  quickReplies(): { title: string; payload: string }[]
  /**
   * Taps the quick reply with this title, as Instagram does: its title posted as the customer's
   * message, with `quick_reply: {payload}`; the buttons are dismissed. Throws when none shows it.
   */
  tap(title: string): Promise<{ mid: string; status: number }>
}

/** What the product reads in `hub.verify_token` checks; Meta repeats what the App Dashboard holds. */
const VERIFY_TOKEN = 'fake-verify-token'
/** Customers' display names, accented so that Graph's escaped JSON is exercised. */
const NAMES = ['Zoé Martin', 'Lukas Müller', 'Giulia Rossi', 'Emma Wilson', 'Léa Dubois', 'Jörg Weiß']

/** The product's environment for this fake. */
export function instagramEnv(fake: FakeInstagram, options: FakeInstagramOptions): Record<string, string> {
  return {
    INSTAGRAM_APP_ID: options.appId,
    INSTAGRAM_APP_SECRET: options.appSecret,
    INSTAGRAM_VERIFY_TOKEN: VERIFY_TOKEN,
    INSTAGRAM_BASE_URL: fake.url,
  }
}

export async function startFakeInstagram(options: FakeInstagramOptions): Promise<FakeInstagram> {
  for (const account of options.accounts) {
    if (!/^\d{5,20}$/.test(account.userId)) throw new Error(`fake Instagram: userId ${account.userId} is not digits`)
    if (account.appScopedId === account.userId) {
      throw new Error('fake Instagram: appScopedId must differ from userId, or a mix-up of the two passes unseen')
    }
  }
  let offset = 0
  let base = Date.now
  let failures: { left: number; status: number } = { left: 0, status: 500 }
  const handles = new Map<string, FakeInstagramCustomer>()

  const account = (userId: string) => {
    const found = options.accounts.find((a) => a.userId === userId)
    if (!found) throw new Error(`fake Instagram: no account with userId ${userId}`)
    return found
  }

  const fake: FakeInstagram = {
    url: '',
    webhookUrl: undefined,
    sent: [],
    subscriptions: new Map(),
    refreshes: [],
    requests: [],
    now: () => base() + offset,
    advance(ms) {
      offset += ms
    },
    followClock(now) {
      base = now
    },
    async consent(authUrl, choice = {}) {
      const url = new URL(authUrl)
      const page = await fetch(`${fake.url}${url.pathname}${url.search}`)
      const html = await page.text()
      if (!page.ok) {
        const message = html.match(/<p class="error">([^<]*)<\/p>/)?.[1] ?? `authorize answered ${page.status}`
        throw new Error(message.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))))
      }
      const requestId = html.match(/name="request" value="([^"]+)"/)?.[1]
      if (!requestId) throw new Error('fake Instagram: no authorization request on the page')
      const username = choice.username ?? options.accounts[0]?.username
      if (!choice.deny && !options.accounts.some((a) => a.username === username)) {
        throw new Error(`fake Instagram: no account @${username} on the authorization page`)
      }
      const form = new URLSearchParams({ request: requestId })
      if (choice.deny) form.set('deny', '1')
      else form.set('username', username ?? '')
      const decision = await fetch(`${fake.url}${AUTHORIZE_PATH}`, { method: 'POST', body: form, redirect: 'manual' })
      const location = decision.headers.get('location')
      if (decision.status !== 302 || !location)
        throw new Error(`fake Instagram: the window answered ${decision.status}`)
      return location
    },
    customer(accountUserId, igsid = newIgsid()) {
      const key = customerKey(account(accountUserId).userId, igsid)
      const known = handles.get(key)
      if (known) return known
      if (options.accounts.some((a) => a.userId === igsid))
        throw new Error('fake Instagram: an IGSID is not an account id')
      const state: Customer = {
        igsid,
        accountUserId,
        name: NAMES[Number(igsid.slice(-3)) % NAMES.length] ?? 'Customer',
        username: `client.${igsid.slice(-6)}`,
        lastMessageAt: undefined,
        received: [],
        quickReplies: [],
      }
      world.customers.set(key, state)
      const handle = simulatedCustomer(state)
      handles.set(key, handle)
      return handle
    },
    redeliver: (mid) => webhooks.redeliver(mid),
    batch(items) {
      const now = fake.now()
      const written = items.map(({ customer, text }, i) =>
        customerWrites(customer, now - (items.length - 1 - i), { mid: newMid(), text }),
      )
      return webhooks.deliver(
        notificationBody(written, now),
        written.map((item) => String(item.message.mid)),
      )
    },
    post: (body, signature) => webhooks.post(body, signature),
    sign: (body) => webhooks.sign(body),
    failNext(n, status = 500) {
      failures = { left: n, status }
    },
    revoke(value) {
      const token = world.tokens.get(value)
      if (!token) throw new Error('fake Instagram: revoke() of a token it never issued')
      token.revoked = true
    },
    revokeAccount(accountUserId) {
      for (const token of world.tokens.values()) if (token.account.userId === accountUserId) token.revoked = true
    },
    tokensOf(accountUserId) {
      const now = fake.now()
      return [...world.tokens.values()]
        .filter((t) => t.account.userId === accountUserId && !t.revoked && now < t.expiresAt)
        .map((t) => t.value)
    },
    settle: () => webhooks.settle(),
    close: async () => {
      await Promise.allSettled([webhooks.settle()])
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  const webhooks = createWebhooks(options.appSecret, () => fake.webhookUrl)
  const world: World = {
    options,
    now: fake.now,
    codes: new Map(),
    tokens: new Map(),
    customers: new Map(),
    fake,
    webhooks,
  }
  const oauth = createOAuth(world)
  const graph = createGraph(world)

  /** The customer's message as a webhook item; it opens (or moves) their 24-hour window. */
  function customerWrites(customer: FakeInstagramCustomer, timestamp: number, message: Record<string, unknown>) {
    const state = world.customers.get(customerKey(customer.accountUserId, customer.igsid))
    if (!state) throw new Error('fake Instagram: a customer of another fake')
    state.lastMessageAt = Math.max(state.lastMessageAt ?? timestamp, timestamp)
    // Whatever the customer sends dismisses the buttons shown.
    state.quickReplies = []
    return {
      accountUserId: state.accountUserId,
      senderId: state.igsid,
      recipientId: state.accountUserId,
      timestamp,
      message,
    }
  }

  async function notify(item: WebhookItem): Promise<{ mid: string; status: number }> {
    const mid = String(item.message.mid)
    return { mid, status: await webhooks.deliver(notificationBody([item], fake.now()), [mid]) }
  }

  function simulatedCustomer(state: Customer): FakeInstagramCustomer {
    const handle: FakeInstagramCustomer = {
      igsid: state.igsid,
      accountUserId: state.accountUserId,
      say: (text, at) => notify(customerWrites(handle, at ?? fake.now(), { mid: newMid(), text })),
      sendImage: () =>
        notify(
          customerWrites(handle, fake.now(), {
            mid: newMid(),
            attachments: [
              {
                type: 'image',
                payload: {
                  url: `https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=${digits(17)}&signature=${newMid().slice(-40)}`,
                },
              },
            ],
          }),
        ),
      ownerReplies: (text) =>
        notify({
          accountUserId: state.accountUserId,
          senderId: state.accountUserId,
          recipientId: state.igsid,
          timestamp: fake.now(),
          message: { mid: newMid(), text, is_echo: true },
        }),
      messages: () => [...state.received],
      quickReplies: () => [...state.quickReplies],
      tap: (title) => {
        const button = state.quickReplies.find((q) => q.title === title)
        if (!button) throw new Error(`fake Instagram: no quick reply "${title}" shows`)
        return notify(
          customerWrites(handle, fake.now(), {
            mid: newMid(),
            text: button.title,
            quick_reply: { payload: button.payload },
          }),
        )
      },
    }
    return handle
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-instagram')
    const method = request.method ?? 'GET'
    fake.requests.push({ method, path: url.pathname })
    try {
      const params = await readParams(request, url)
      if (url.pathname === AUTHORIZE_PATH && method === 'GET') return oauth.showWindow(url.searchParams, response)
      if (url.pathname === AUTHORIZE_PATH && method === 'POST') return oauth.decide(params, response)
      if (failures.left > 0) {
        failures.left -= 1
        throw injectedFailure(failures.status)
      }
      if (url.pathname === '/oauth/access_token') {
        if (method !== 'POST') throw oauthRefusal('Unsupported method: the code exchange is a POST')
        return oauth.exchangeCode(params, response)
      }
      const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/|$)/, '')
      if (path === '/access_token' && method === 'GET') return oauth.longLived(params, response)
      if (path === '/refresh_access_token' && method === 'GET') return oauth.refresh(params, response)
      graph.handle(method, path, params, request, response)
    } catch (error) {
      const refusal =
        error instanceof Refusal
          ? error
          : graphRefusal(1, `An unknown error has occurred. (${(error as Error).message})`, { status: 500 })
      response.writeHead(refusal.status, { 'content-type': refusal.contentType })
      response.end(refusal.body)
    }
  })

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

/** failNext's answer: Graph's transient error for a 5xx, its rate limit for 429, an unknown error otherwise. */
function injectedFailure(status: number): Refusal {
  if (status >= 500) {
    return graphRefusal(2, 'An unexpected error has occurred. Please retry your request later.', {
      transient: true,
      status,
    })
  }
  if (status === 429) return graphRefusal(4, '(#4) Application request limit reached', { transient: true, status })
  return graphRefusal(1, 'An unknown error has occurred.', { transient: false, status })
}

/**
 * Meta's JSON text (non-ASCII as \uXXXX, `/` as `\/`), for tests that hand-make a notification
 * body and post it with `post()`, so that it looks like what Meta signs.
 */
export { metaJson } from './instagram-wire'
