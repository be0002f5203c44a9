import { randomUUID } from 'node:crypto'
import { graphErrors } from './microsoft-errors'
import { defaultCalendar } from './microsoft-events'
import { occurrenceId } from './microsoft-graph-series'
import { graphTimestamp, parseDateTime } from './microsoft-time'
import {
  type Answer,
  type Caller,
  type ChangeType,
  type GraphRequest,
  type Json,
  type Mailbox,
  READ_CALENDARS,
  type StoredEvent,
  shortScope,
  type World,
} from './microsoft-world'

/**
 * Change notifications of the fake Microsoft, through webhooks
 * (https://learn.microsoft.com/graph/change-notifications-delivery-webhooks):
 *  - POST /subscriptions: both notificationUrl and lifecycleNotificationUrl are validated first,
 *    each by a POST of `?validationToken=…` that must be answered 200, text/plain, with the decoded
 *    token, within 10 seconds; otherwise 400 and no subscription. expirationDateTime may be at
 *    most `maxMinutes` ahead (Outlook events: 10,080 minutes in the current reference, 4,230 in
 *    older ones: an option).
 *  - GET, PATCH (renew, also reauthorizes), DELETE /subscriptions/{id}; POST …/reauthorize (204).
 *    An expired or removed subscription is 404, as Graph deletes it.
 *  - every change to a watched calendar, by the owner or through the API, is POSTed to
 *    notificationUrl: {value: [{subscriptionId, subscriptionExpirationDateTime, changeType,
 *    resource, resourceData: {@odata.type, @odata.id, @odata.etag, id}, clientState, tenantId}]}.
 *  - lifecycle notifications (https://learn.microsoft.com/graph/change-notifications-lifecycle-events)
 *    go to lifecycleNotificationUrl when a test sends one: reauthorizationRequired pauses delivery
 *    until a reauthorize or a renewal (Graph pauses "eventually"; the fake at once),
 *    subscriptionRemoved removes the subscription, missed changes nothing else.
 * Delivery is fire-and-forget and logged; Graph's retries of a failed delivery are not simulated.
 */

export type LifecycleEvent = 'reauthorizationRequired' | 'subscriptionRemoved' | 'missed'

export interface FakeSubscription {
  id: string
  accountId: string
  resource: string
  changeType: string
  notificationUrl: string
  lifecycleNotificationUrl: string | null
  clientState: string | null
  /** Epoch milliseconds, on the fake's clock. */
  expiration: number
  reauthorizationRequired: boolean
}

interface LiveSubscription extends FakeSubscription {
  calendarId: string
  changeTypes: Set<string>
  immutableIds: boolean
  removed: boolean
  /** Deliveries to this subscription leave in order, one after the other. */
  queue: Promise<void>
}

export interface MicrosoftNotification {
  kind: 'change' | 'lifecycle'
  subscriptionId: string
  url: string
  changeType?: ChangeType
  lifecycleEvent?: LifecycleEvent
  /** The changed event's id as the notification names it. */
  resourceId?: string
  body: Json
  /** The receiver's answer; undefined when it could not be reached, or delivery was paused. */
  status: number | undefined
  /** Answered after Graph's 3 seconds: Graph would count it slow, then retry and throttle. */
  slow?: boolean
  error?: string
}

export interface SubscriptionOptions {
  /** Outlook resources' longest lifetime, in minutes. */
  maxMinutes: number
  /** How long a notification endpoint has to answer its validation request. */
  validationTimeoutMs: number
  /** Graph wants https; the tests' receivers listen on http://127.0.0.1. */
  allowHttp: boolean
}

const CHANGE_TYPES = new Set(['created', 'updated', 'deleted'])
const VALIDATION_FAILED =
  'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.'
const TOKEN_MISMATCH =
  'Subscription validation request failed. Response must exactly match validationToken query parameter.'

export function createSubscriptions(world: World, options: SubscriptionOptions) {
  const subscriptions = new Map<string, LiveSubscription>()
  const notifications: MicrosoftNotification[] = []
  const pending = new Set<Promise<void>>()

  const alive = (s: LiveSubscription) => !s.removed && s.expiration > world.now()

  function owned(caller: Caller, id: string | undefined): LiveSubscription {
    const subscription = subscriptions.get(id ?? '')
    if (!subscription || !alive(subscription) || subscription.accountId !== caller.account.id) {
      throw graphErrors.subscriptionNotFound()
    }
    return subscription
  }

  function represent(s: LiveSubscription): Json {
    return {
      '@odata.context': `${world.baseUrl()}/v1.0/$metadata#subscriptions/$entity`,
      id: s.id,
      resource: s.resource,
      applicationId: world.clientId,
      changeType: s.changeType,
      clientState: s.clientState,
      notificationUrl: s.notificationUrl,
      notificationQueryOptions: null,
      lifecycleNotificationUrl: s.lifecycleNotificationUrl,
      expirationDateTime: graphTimestamp(s.expiration),
      creatorId: s.accountId,
      includeResourceData: null,
      latestSupportedTlsVersion: 'v1_2',
      encryptionCertificate: null,
      encryptionCertificateId: null,
      notificationUrlAppId: null,
    }
  }

  /** Which calendar a subscription resource watches: me/events and me/calendar/events are the default one. */
  function watchedCalendar(caller: Caller, resource: string): string {
    const path = resource
      .replace(/^\/+/, '')
      .replace(/\('([^']*)'\)/g, '/$1')
      .split('/')
    const [root, ...rest] = path
    if (root?.toLowerCase() === 'users') {
      const who = rest.shift()?.toLowerCase()
      const { account } = caller
      if (
        who !== account.id.toLowerCase() &&
        who !== account.userPrincipalName.toLowerCase() &&
        who !== account.mail?.toLowerCase()
      ) {
        throw graphErrors.subscriptionForbidden('Create')
      }
    } else if (root?.toLowerCase() !== 'me') rest.unshift('?')
    const [a, b, c] = rest.map((s) => s ?? '')
    if (rest.length === 1 && a?.toLowerCase() === 'events') return defaultCalendar(caller.mailbox).id
    if (rest.length === 2 && a?.toLowerCase() === 'calendar' && b?.toLowerCase() === 'events') {
      return defaultCalendar(caller.mailbox).id
    }
    if (rest.length === 3 && a?.toLowerCase() === 'calendars' && c?.toLowerCase() === 'events') {
      const calendar = caller.mailbox.calendars.find((cal) => cal.id === b)
      if (calendar) return calendar.id
      throw graphErrors.subscriptionInvalid(
        `Resource '${resource}' does not exist or one of its queried reference-property objects are not present.`,
      )
    }
    // The fake's wording: only Outlook events are faked.
    throw graphErrors.subscriptionInvalid(`(fake Microsoft) resource '${resource}' is not an Outlook events resource`)
  }

  function expirationOf(value: unknown): number {
    const at = typeof value === 'string' ? parseDateTime(value, 'UTC') : Number.NaN
    if (Number.isNaN(at)) throw graphErrors.subscriptionInvalid("Invalid 'expirationDateTime' value.")
    if (at <= world.now()) throw graphErrors.subscriptionInvalid('Subscription expiration must be in the future.')
    if (at > world.now() + options.maxMinutes * 60_000) {
      throw graphErrors.subscriptionInvalid(
        `Subscription expiration can only be ${options.maxMinutes} minutes in the future.`,
      )
    }
    return at
  }

  function checkUrl(name: string, value: unknown): string {
    let url: URL
    try {
      url = new URL(String(value))
    } catch {
      throw graphErrors.subscriptionInvalid(`Invalid '${name}' value: '${String(value)}'.`)
    }
    if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) {
      throw graphErrors.subscriptionInvalid(`The ${name} must be HTTPS: '${String(value)}'.`)
    }
    return url.toString()
  }

  /** Graph's handshake with an endpoint: POST ?validationToken=…, answer 200 text/plain with the token. */
  async function validate(address: string): Promise<void> {
    const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`
    const url = new URL(address)
    url.searchParams.set('validationToken', token)
    let answer: Response
    try {
      answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        signal: AbortSignal.timeout(options.validationTimeoutMs),
      })
    } catch {
      throw graphErrors.subscriptionInvalid(VALIDATION_FAILED)
    }
    const text = await answer.text().catch(() => '')
    if (answer.status !== 200) throw graphErrors.subscriptionInvalid(VALIDATION_FAILED)
    if (!/^text\/plain/i.test(answer.headers.get('content-type') ?? '')) {
      // The fake's wording: the reference requires text/plain without quoting Graph's refusal.
      throw graphErrors.subscriptionInvalid('Subscription validation request failed. Response must be text/plain.')
    }
    if (text !== token) throw graphErrors.subscriptionInvalid(TOKEN_MISMATCH)
  }

  async function create(request: GraphRequest): Promise<Answer> {
    const { caller } = request
    if (![...READ_CALENDARS].some((s) => caller.scopes.has(shortScope(s)))) {
      throw graphErrors.subscriptionForbidden('Create')
    }
    const body = await request.json()
    const changeType = String(body.changeType ?? '')
    const changeTypes = changeType.split(',').map((s) => s.trim())
    if (changeType === '' || !changeTypes.every((t) => CHANGE_TYPES.has(t))) {
      throw graphErrors.subscriptionInvalid(`Invalid 'changeType' attribute: '${changeType}'.`)
    }
    if (typeof body.resource !== 'string') throw graphErrors.subscriptionInvalid("Invalid 'resource' value.")
    const calendarId = watchedCalendar(caller, body.resource)
    const notificationUrl = checkUrl('notificationUrl', body.notificationUrl)
    const lifecycleNotificationUrl =
      body.lifecycleNotificationUrl === undefined || body.lifecycleNotificationUrl === null
        ? null
        : checkUrl('lifecycleNotificationUrl', body.lifecycleNotificationUrl)
    const clientState = typeof body.clientState === 'string' ? body.clientState : null
    // v1.0 subscription resource: "The maximum length is 128 characters."
    if (clientState !== null && clientState.length > 128) {
      throw graphErrors.subscriptionInvalid('clientState may not be longer than 128 characters.')
    }
    if (body.includeResourceData === true) {
      throw graphErrors.subscriptionInvalid('(fake Microsoft) notifications with resource data are not faked')
    }
    const expiration = expirationOf(body.expirationDateTime)
    await validate(notificationUrl)
    if (lifecycleNotificationUrl) await validate(lifecycleNotificationUrl)
    const subscription: LiveSubscription = {
      id: randomUUID(),
      accountId: caller.account.id,
      resource: body.resource,
      changeType,
      notificationUrl,
      lifecycleNotificationUrl,
      clientState,
      expiration,
      reauthorizationRequired: false,
      calendarId,
      changeTypes: new Set(changeTypes),
      immutableIds: request.prefer.immutableIds,
      removed: false,
      queue: Promise.resolve(),
    }
    subscriptions.set(subscription.id, subscription)
    return { status: 201, body: represent(subscription) }
  }

  /** /subscriptions routes; undefined when the path is not one of them. */
  async function handle(request: GraphRequest): Promise<Answer | undefined> {
    const { method, segments, caller } = request
    if (segments[0] !== 'subscriptions') return undefined
    const [, id, action] = segments
    if (id === undefined) {
      if (method === 'POST') return create(request)
      if (method === 'GET') {
        const mine = [...subscriptions.values()].filter((s) => alive(s) && s.accountId === caller.account.id)
        return {
          status: 200,
          body: {
            '@odata.context': `${world.baseUrl()}/v1.0/$metadata#subscriptions`,
            value: mine.map((s) => {
              const { '@odata.context': _, ...rest } = represent(s)
              return rest
            }),
          },
        }
      }
      return undefined
    }
    const subscription = owned(caller, id)
    if (action === 'reauthorize' && method === 'POST') {
      subscription.reauthorizationRequired = false
      return { status: 204 }
    }
    if (action !== undefined) return undefined
    if (method === 'GET') return { status: 200, body: represent(subscription) }
    if (method === 'DELETE') {
      subscription.removed = true
      return { status: 204 }
    }
    if (method === 'PATCH') {
      const body = await request.json()
      const expiration =
        body.expirationDateTime === undefined ? subscription.expiration : expirationOf(body.expirationDateTime)
      if (body.notificationUrl !== undefined) {
        const notificationUrl = checkUrl('notificationUrl', body.notificationUrl)
        await validate(notificationUrl)
        subscription.notificationUrl = notificationUrl
      }
      subscription.expiration = expiration
      // "renewing your subscription also reauthorizes your endpoint" (lifecycle events page).
      subscription.reauthorizationRequired = false
      return { status: 200, body: represent(subscription) }
    }
    return undefined
  }

  function send(
    subscription: LiveSubscription,
    url: string,
    body: Json,
    record: Omit<MicrosoftNotification, 'status' | 'body' | 'url'>,
  ) {
    const sending = subscription.queue.then(async () => {
      const started = Date.now()
      try {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        })
        await answer.arrayBuffer().catch(() => undefined)
        const slow = Date.now() - started > 3_000
        notifications.push({ ...record, url, body, status: answer.status, ...(slow ? { slow } : {}) })
      } catch (error) {
        notifications.push({ ...record, url, body, status: undefined, error: (error as Error).message })
      }
    })
    subscription.queue = sending
    pending.add(sending)
    void sending.finally(() => pending.delete(sending))
    return sending
  }

  /** A change to an event: a notification to every live subscription watching its calendar. */
  function changed(mailbox: Mailbox, event: StoredEvent, changeType: ChangeType, originalStart?: number) {
    for (const subscription of subscriptions.values()) {
      if (!alive(subscription) || subscription.accountId !== mailbox.account.id) continue
      if (subscription.calendarId !== event.calendarId || !subscription.changeTypes.has(changeType)) continue
      const master = subscription.immutableIds ? event.id : event.restId
      const id = originalStart === undefined ? master : occurrenceId(master, originalStart)
      const resource = `Users/${mailbox.account.id}/Events/${id}`
      const body = {
        value: [
          {
            id: randomUUID().replace(/-/g, '').slice(0, 13),
            subscriptionId: subscription.id,
            subscriptionExpirationDateTime: graphTimestamp(subscription.expiration),
            changeType,
            resource,
            resourceData: {
              '@odata.type': '#Microsoft.Graph.Event',
              '@odata.id': resource,
              '@odata.etag': `W/"${event.changeKey}"`,
              id,
            },
            clientState: subscription.clientState,
            tenantId: world.tenantId,
          },
        ],
      }
      const record = { kind: 'change' as const, subscriptionId: subscription.id, changeType, resourceId: id }
      if (subscription.reauthorizationRequired) {
        notifications.push({
          ...record,
          url: subscription.notificationUrl,
          body,
          status: undefined,
          error: 'paused: reauthorization required',
        })
        continue
      }
      send(subscription, subscription.notificationUrl, body, record)
    }
  }

  /** A lifecycle notification, to lifecycleNotificationUrl; the receiver's status (undefined: none sent). */
  async function lifecycle(id: string, event: LifecycleEvent): Promise<number | undefined> {
    const subscription = subscriptions.get(id)
    if (!subscription || !alive(subscription)) throw new Error(`fake Microsoft: no live subscription ${id}`)
    if (event === 'reauthorizationRequired') subscription.reauthorizationRequired = true
    const url = subscription.lifecycleNotificationUrl
    if (event === 'subscriptionRemoved') subscription.removed = true
    // "Existing subscriptions without a lifecycleNotificationUrl property don't receive the lifecycle notifications."
    if (!url) return undefined
    const body = {
      value: [
        {
          subscriptionId: subscription.id,
          subscriptionExpirationDateTime: graphTimestamp(subscription.expiration),
          tenantId: world.tenantId,
          clientState: subscription.clientState,
          lifecycleEvent: event,
        },
      ],
    }
    await send(subscription, url, body, { kind: 'lifecycle', subscriptionId: id, lifecycleEvent: event })
    return notifications.findLast((n) => n.subscriptionId === id && n.lifecycleEvent === event)?.status
  }

  return {
    handle,
    changed,
    lifecycle,
    notifications,
    /** Subscriptions neither expired, deleted nor removed. */
    live(): FakeSubscription[] {
      return [...subscriptions.values()]
        .filter(alive)
        .map(({ calendarId, changeTypes, immutableIds, removed, queue, ...s }) => ({ ...s }))
    },
    /** Ends a subscription now, as if its expirationDateTime had come. */
    expire(id: string) {
      const subscription = subscriptions.get(id)
      if (!subscription) throw new Error(`fake Microsoft: no subscription ${id}`)
      subscription.expiration = Math.min(subscription.expiration, world.now())
    },
    /** Waits for every notification on its way. */
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
    reset() {
      subscriptions.clear()
      notifications.length = 0
    },
  }
}
