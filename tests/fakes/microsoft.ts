import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { IdentityError, identityErrors, type MicrosoftFailure } from './microsoft-errors'
import {
  createEvent,
  defaultCalendar,
  deleteInstance,
  findEvent,
  instanceOf,
  represent,
  updateInstance,
  type Writer,
} from './microsoft-events'
import { createGraph, type GraphFaults, takeFailure } from './microsoft-graph'
import type { FakeSubscription, LifecycleEvent, MicrosoftNotification } from './microsoft-graph-subscriptions'
import { createIdentity, LOGIN_PATH, type Revocation } from './microsoft-identity'
import {
  type Calendar,
  type FakeMicrosoftAccount,
  type Json,
  type Mailbox,
  mailboxOf,
  newMailbox,
  type Preferences,
  type World,
} from './microsoft-world'

/**
 * A local stand-in for Microsoft's identity platform and Microsoft Graph, on their own paths under
 * one base URL (MICROSOFT_BASE_URL replaces both https://login.microsoftonline.com and
 * https://graph.microsoft.com), so the product's real Outlook code runs against it:
 *  - /{tenant}/oauth2/v2.0/authorize and /token: consent page, PKCE S256, refresh token rotation,
 *    AADSTS error bodies (microsoft-identity.ts)
 *  - /v1.0/me, /me/calendars, events with transactionId (microsoft-graph-events.ts, microsoft-events.ts,
 *    series in microsoft-graph-series.ts), calendarView delta (microsoft-graph-delta.ts), subscriptions
 *    and notifications (microsoft-graph-subscriptions.ts); the pipeline in microsoft-graph.ts
 *  - Graph's limits and failures: 401 for a dead token, 429 MailboxConcurrency past four requests
 *    at once on a mailbox, and whatever a test scripts (failNext, outage, setDelay)
 * Each account has one mailbox: its calendars ("Calendar", the default, and "Salon Lumière" unless
 * told otherwise) and events. The owner's own edits in Outlook are the add/move/deleteOwnEvent
 * controls, which notify subscriptions as any change does. Time is the fake's clock: real time,
 * moved by `clock.set`/`advance` or following another clock; token, code, refresh-token and
 * subscription lifetimes all read it.
 */

export type { MicrosoftFailure } from './microsoft-errors'
export type { FakeSubscription, LifecycleEvent, MicrosoftNotification } from './microsoft-graph-subscriptions'
export type { Revocation } from './microsoft-identity'
export type { FakeMicrosoftAccount, Json } from './microsoft-world'

export interface FakeMicrosoftOptions {
  port?: number
  clientId?: string
  clientSecret?: string
  /** The accounts offered on the consent page (default: the demo salon's owner). */
  accounts?: Array<Partial<FakeMicrosoftAccount> & { displayName: string; userPrincipalName: string }>
  /** Calendar names of every mailbox, the default one first. */
  calendars?: string[]
  /** Registered redirect URIs; absent: any. */
  redirectUris?: string[]
  /** Outlook events' longest subscription, minutes (default 10,080; older references say 4,230). */
  subscriptionMaxMinutes?: number
  /** How long an endpoint has to answer a validation request (default Graph's 10 s). */
  validationTimeoutMs?: number
  /** Accept http:// notification URLs (default true: tests listen on http://127.0.0.1). */
  allowHttpWebhooks?: boolean
  /** Requests at once per mailbox before 429 (default 4, Outlook's limit; null: none). */
  mailboxConcurrency?: number | null
}

export interface FakeClock {
  now(): number
  /** The clock reads this instant now, and runs on from it. */
  set(at: Date | number | string): void
  advance(ms: number): void
  /** Takes time from another clock (the product's manual clock, say). */
  follow(now: () => number): void
}

export interface MicrosoftRequestRecord {
  service: 'identity' | 'graph'
  method: string
  path: string
  /** The query string, `?` included, or ''. */
  query: string
  /** The token endpoint's grant_type. */
  grantType?: string
  status: number
  /** The fake's clock when the request came. */
  at: number
}

/** Where an owner control acts: an account (id, UPN or mail; default the first) and a calendar (default its default). */
export interface OwnerTarget {
  account?: string
  calendarId?: string
}

export interface FakeMicrosoft {
  baseUrl: string
  clientId: string
  clientSecret: string
  tenantId: string
  accounts: FakeMicrosoftAccount[]
  /** The product's environment for this fake. */
  env(): Record<string, string>
  clock: FakeClock
  /**
   * Plays the consent page as a browser would: fetches authUrl's page (on this fake, whatever its
   * host), presses Accept for the account (id, UPN or mail; default the first) or Cancel, and
   * returns the URL Microsoft redirects to.
   */
  consent(authUrl: string, choice?: { account?: string } | 'deny'): Promise<string>
  calendars(account?: string): Array<{ id: string; name: string; isDefaultCalendar: boolean }>
  /** The owner adds an event in Outlook (a Graph event body; start/end as dateTimeTimeZone). Notifies. */
  addOwnEvent(event: Json, target?: OwnerTarget): Json
  /** The owner changes an event or one occurrence (any Graph event fields). Notifies. */
  moveOwnEvent(id: string, changes: Json, target?: OwnerTarget): Json
  deleteOwnEvent(id: string, target?: OwnerTarget): void
  /** Events the app wrote through Graph and still there, as Graph shows them (UTC, immutable ids). */
  ourEvents(target?: OwnerTarget): Json[]
  /** Every event of the calendar (series as their master), as Graph shows them. */
  events(target?: OwnerTarget): Json[]
  /** The next request(s) fail so: Graph's error body, Retry-After when given (identity: the token endpoint). */
  failNext(failure: MicrosoftFailure): void
  /** Every request fails so until restore() (default 503 on Graph). */
  outage(failure?: MicrosoftFailure): void
  /** Ends the outage, the scripted failures and the delay. Revoked grants stay revoked. */
  restore(): void
  /** Every Graph answer waits this long first (0: none); requests waiting count as in flight. */
  setDelay(ms: number): void
  /**
   * The next Graph request (of one of `methods`, when given) is carried out, but its answer is lost:
   * the connection is destroyed, and the request is logged with status 0. Ended by restore().
   */
  loseNextAnswer(methods?: string[]): void
  setMailboxConcurrency(limit: number | null): void
  /** The account's grants (default all) end: refresh → invalid_grant (or interaction_required), access → 401. */
  revokeGrant(options?: { account?: string; how?: Revocation }): void
  expireAccessTokens(): void
  /** Every delta link issued so far answers 410 Gone. */
  invalidateDeltaTokens(account?: string): void
  subscriptions(): FakeSubscription[]
  /** The subscription ends now, as at its expirationDateTime: no notifications, 404 on renewal. */
  expireSubscription(id: string): void
  /** A lifecycle notification to the subscription's lifecycleNotificationUrl: the receiver's status. */
  sendLifecycle(id: string, event: LifecycleEvent): Promise<number | undefined>
  readonly notifications: MicrosoftNotification[]
  requests(): MicrosoftRequestRecord[]
  /** Resolves once every notification on its way has been answered or has failed. */
  settled(): Promise<void>
  /** Forgets every event, token, subscription, failure and log; accounts and calendars stay. */
  reset(): void
  close(): Promise<void>
}

const DEFAULT_ACCOUNTS: NonNullable<FakeMicrosoftOptions['accounts']> = [
  {
    displayName: 'Claire Dubois',
    mail: 'claire@salon-lumiere.fr',
    userPrincipalName: 'claire@salonlumiere.onmicrosoft.com',
  },
]

export async function startFakeMicrosoft(options: FakeMicrosoftOptions = {}): Promise<FakeMicrosoft> {
  const clientId = options.clientId ?? '3f1c9a7e-52d4-4b8f-9e0a-6c2d8b1f4a73'
  const clientSecret = options.clientSecret ?? 'fake~microsoft~secret~0123456789abcdef'
  const accounts: FakeMicrosoftAccount[] = (options.accounts ?? DEFAULT_ACCOUNTS).map((a) => ({
    id: a.id ?? randomUUID(),
    displayName: a.displayName,
    mail: a.mail === undefined ? a.userPrincipalName : a.mail,
    userPrincipalName: a.userPrincipalName,
  }))
  const calendarNames = options.calendars ?? ['Calendar', 'Salon Lumière']
  let base = Date.now
  let offset = 0
  const clock: FakeClock = {
    now: () => base() + offset,
    set(at) {
      offset = new Date(at).getTime() - base()
    },
    advance(ms) {
      offset += ms
    },
    follow(now) {
      base = now
      offset = 0
    },
  }

  const world: World = {
    now: clock.now,
    baseUrl: () => fake.baseUrl,
    clientId,
    tenantId: randomUUID(),
    accounts,
    mailboxes: new Map(accounts.map((a) => [a.id, newMailbox(a, calendarNames)])),
    changed: (mailbox, event, changeType, originalStart) =>
      graph.subscriptions.changed(mailbox, event, changeType, originalStart),
  }
  const faults: GraphFaults = { scripted: [], down: null, delayMs: 0, mailboxLimit: 4 }
  if (options.mailboxConcurrency !== undefined) faults.mailboxLimit = options.mailboxConcurrency
  const identity = createIdentity(world, { clientId, clientSecret, redirectUris: options.redirectUris })
  const graph = createGraph(world, identity, faults, {
    maxMinutes: options.subscriptionMaxMinutes ?? 10_080,
    validationTimeoutMs: options.validationTimeoutMs ?? 10_000,
    allowHttp: options.allowHttpWebhooks ?? true,
  })
  const requests: MicrosoftRequestRecord[] = []

  // --- the owner in Outlook -----------------------------------------------------------------------

  function accountOf(key: string | undefined): FakeMicrosoftAccount {
    const account = key
      ? accounts.find((a) => [a.id, a.userPrincipalName, a.mail].some((v) => v?.toLowerCase() === key.toLowerCase()))
      : accounts[0]
    if (!account) throw new Error(`fake Microsoft: no account ${key}`)
    return account
  }

  function place(target: OwnerTarget = {}): { mailbox: Mailbox; calendar: Calendar } {
    const mailbox = mailboxOf(world, accountOf(target.account))
    const calendar = target.calendarId
      ? mailbox.calendars.find((c) => c.id === target.calendarId)
      : defaultCalendar(mailbox)
    if (!calendar) throw new Error(`fake Microsoft: no calendar ${target.calendarId}`)
    return { mailbox, calendar }
  }

  /** How the test sees events: UTC and immutable ids, as the product asks for them. */
  const seen: Preferences = { timeZone: 'UTC', zone: 'UTC', immutableIds: true, maxPageSize: undefined, applied: [] }

  function listed(target: OwnerTarget | undefined, author: 'app' | undefined): Json[] {
    const { mailbox, calendar } = place(target)
    return [...mailbox.events.values()]
      .filter((e) => !e.deleted && e.calendarId === calendar.id && (!author || e.author === author))
      .sort((a, b) => a.order - b.order)
      .map((e) => ({
        ...represent(instanceOf({ event: e, originalStart: undefined }), seen, mailbox),
        singleValueExtendedProperties: e.fields.singleValueExtendedProperties ?? [],
      }))
  }

  function ownerFind(id: string, target: OwnerTarget | undefined) {
    const { mailbox } = place(target)
    const found = findEvent(mailbox, id)
    if (!found) throw new Error(`fake Microsoft: no event ${id}`)
    const writer: Writer = { world, mailbox, author: 'owner' }
    return { mailbox, found, writer }
  }

  const fake: FakeMicrosoft = {
    baseUrl: '',
    clientId,
    clientSecret,
    tenantId: world.tenantId,
    accounts,
    env: () => ({
      MICROSOFT_CLIENT_ID: clientId,
      MICROSOFT_CLIENT_SECRET: clientSecret,
      MICROSOFT_BASE_URL: fake.baseUrl,
    }),
    clock,
    async consent(authUrl, choice = {}) {
      const url = new URL(authUrl)
      const page = await fetch(`${fake.baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' })
      if (page.status === 302) return page.headers.get('location') ?? ''
      const html = await page.text()
      if (!page.ok) throw new Error(`fake Microsoft: sign-in page answered ${page.status}: ${html}`)
      const requestId = html.match(/name="request" value="([^"]+)"/)?.[1]
      if (!requestId) throw new Error('fake Microsoft: no sign-in request on the page')
      const form = new URLSearchParams({ request: requestId })
      if (choice === 'deny') form.set('deny', '1')
      else {
        form.set('accept', '1')
        form.set('account', accountOf(choice.account).id)
      }
      const decision = await fetch(`${fake.baseUrl}${LOGIN_PATH}`, { method: 'POST', body: form, redirect: 'manual' })
      const location = decision.headers.get('location')
      if (decision.status !== 302 || !location) throw new Error(`fake Microsoft: consent answered ${decision.status}`)
      return location
    },
    calendars: (account) =>
      mailboxOf(world, accountOf(account)).calendars.map(({ id, name, isDefaultCalendar }) => ({
        id,
        name,
        isDefaultCalendar,
      })),
    addOwnEvent(event, target) {
      const { mailbox, calendar } = place(target)
      const created = createEvent({ world, mailbox, author: 'owner' }, calendar, event)
      return represent(instanceOf({ event: created, originalStart: undefined }), seen, mailbox)
    },
    moveOwnEvent(id, changes, target) {
      const { mailbox, found, writer } = ownerFind(id, target)
      updateInstance(writer, found, changes)
      return represent(instanceOf(findEvent(mailbox, id) ?? found), seen, mailbox)
    },
    deleteOwnEvent(id, target) {
      const { found, writer } = ownerFind(id, target)
      deleteInstance(writer, found)
    },
    ourEvents: (target) => listed(target, 'app'),
    events: (target) => listed(target, undefined),
    failNext(failure) {
      faults.scripted.push({ ...failure })
    },
    outage(failure = { status: 503 }) {
      faults.down = failure
    },
    restore() {
      faults.down = null
      faults.scripted.length = 0
      faults.delayMs = 0
      faults.lostAnswers = []
    },
    setDelay(ms) {
      faults.delayMs = ms
    },
    loseNextAnswer(methods) {
      faults.lostAnswers = [...(faults.lostAnswers ?? []), methods?.map((method) => method.toUpperCase())]
    },
    setMailboxConcurrency(limit) {
      faults.mailboxLimit = limit
    },
    revokeGrant({ account, how = 'revoked' } = {}) {
      identity.revoke(account ? accountOf(account).id : undefined, how)
    },
    expireAccessTokens: () => identity.expireAccessTokens(),
    invalidateDeltaTokens: (account) => graph.delta.invalidate(account ? accountOf(account).id : undefined),
    subscriptions: () => graph.subscriptions.live(),
    expireSubscription: (id) => graph.subscriptions.expire(id),
    sendLifecycle: (id, event) => graph.subscriptions.lifecycle(id, event),
    notifications: graph.subscriptions.notifications,
    requests: () => requests.map((r) => ({ ...r })),
    settled: () => graph.subscriptions.settled(),
    reset() {
      for (const mailbox of world.mailboxes.values()) {
        mailbox.events.clear()
        mailbox.restIds.clear()
        mailbox.transactions.clear()
      }
      identity.reset()
      graph.delta.reset()
      graph.subscriptions.reset()
      faults.scripted.length = 0
      faults.down = null
      faults.delayMs = 0
      faults.lostAnswers = []
      requests.length = 0
    },
    close: async () => {
      await graph.subscriptions.settled()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  // --- the server ---------------------------------------------------------------------------------

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-microsoft')
    const method = request.method ?? 'GET'
    const record = (service: MicrosoftRequestRecord['service'], status: number, grantType?: string) =>
      requests.push({
        service,
        method,
        path: url.pathname,
        query: url.search,
        status,
        at: clock.now(),
        ...(grantType ? { grantType } : {}),
      })
    try {
      if (url.pathname === '/health') return json(response, 200, { ok: true })
      if (url.pathname.startsWith('/v1.0/')) return record('graph', await graph.handle(request, response, url))
      const kind = identity.matches(url.pathname)
      if (kind === 'authorize' && method === 'GET') {
        identity.showConsent(url, response)
        return record('identity', response.statusCode)
      }
      if (kind === 'login' && method === 'POST') {
        identity.decide(await readForm(request), response)
        return record('identity', response.statusCode)
      }
      if (kind === 'token' && method === 'POST') {
        const form = await readForm(request)
        let status: number
        try {
          const failure = takeFailure(faults, 'identity')
          if (failure) throw identityErrors.unavailable(failure.status, failure.retryAfter)
          status = json(response, 200, identity.redeem(request, form), { 'cache-control': 'no-store' })
        } catch (error) {
          if (!(error instanceof IdentityError)) throw error
          status = json(response, error.status, error.body(clock.now()), error.headers)
        }
        return record('identity', status, form.get('grant_type') ?? undefined)
      }
      json(response, 404, { error: { code: 'NotFound', message: `fake Microsoft serves no ${url.pathname}` } })
    } catch (error) {
      json(response, 500, { error: { code: 'generalException', message: (error as Error).message } })
    }
  })

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  response.end(JSON.stringify(body))
  return status
}
