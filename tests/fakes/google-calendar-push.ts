import { randomInt } from 'node:crypto'
import { calendarErrors } from './google-calendar-errors'

/**
 * Push notifications of the fake calendar, as Google's "Push notifications" guide describes them
 * (https://developers.google.com/workspace/calendar/api/guides/push): a channel made by
 * events.watch gets a `sync` message at once, then an `exists` message after each change to the
 * watched calendar; every message is a POST with an empty body and X-Goog-* headers. Delivery is
 * fire-and-forget, as Google's is ("Notifications are not 100% reliable"), and logged.
 */

export interface CalendarChannel {
  id: string
  resourceId: string
  resourceUri: string
  token: string | undefined
  /** Epoch milliseconds. */
  expiration: number
  address: string
  /** The account whose calendar is watched (and who alone may stop the channel). */
  email: string
}

export interface CalendarNotification {
  channelId: string
  address: string
  resourceState: 'sync' | 'exists'
  messageNumber: number
  /** The receiver's answer, or undefined when it could not be reached. */
  status: number | undefined
  error?: string
}

interface LiveChannel extends CalendarChannel {
  stopped: boolean
  messageNumber: number
  /** Messages of a channel leave in order, one after the other. */
  queue: Promise<void>
}

/** The default lifetime of a channel: `params.ttl` defaults to 604800 seconds (events.watch reference). */
const DEFAULT_TTL_MS = 604_800_000

export function createPush(options: { allowHttpWebhooks: boolean }) {
  const channels = new Map<string, LiveChannel>()
  /** Channel ids ever taken: Google wants an id unique in the project, so a stopped one is not reused. */
  const usedIds = new Set<string>()
  const notifications: CalendarNotification[] = []
  const pending = new Set<Promise<void>>()

  const alive = (channel: LiveChannel) => !channel.stopped && channel.expiration > Date.now()

  function deliver(channel: LiveChannel, resourceState: 'sync' | 'exists') {
    // "Value is always 1 for sync messages. Message numbers increase for each subsequent message on
    // the channel, but they're not sequential": the fake skips numbers too, so no client counts on n+1.
    channel.messageNumber = resourceState === 'sync' ? 1 : channel.messageNumber + 1 + randomInt(3)
    const headers: Record<string, string> = {
      'content-type': 'application/json; utf-8',
      'user-agent': 'APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)',
      'x-goog-channel-id': channel.id,
      'x-goog-channel-expiration': new Date(channel.expiration).toUTCString(),
      'x-goog-resource-id': channel.resourceId,
      'x-goog-resource-uri': channel.resourceUri,
      'x-goog-resource-state': resourceState,
      'x-goog-message-number': String(channel.messageNumber),
      ...(channel.token !== undefined ? { 'x-goog-channel-token': channel.token } : {}),
    }
    const record = {
      channelId: channel.id,
      address: channel.address,
      resourceState,
      messageNumber: channel.messageNumber,
    }
    const sending = channel.queue.then(async () => {
      try {
        const answer = await fetch(channel.address, {
          method: 'POST',
          headers,
          body: '',
          signal: AbortSignal.timeout(5_000),
        })
        await answer.arrayBuffer().catch(() => undefined)
        notifications.push({ ...record, status: answer.status })
      } catch (error) {
        // Google does not tell the watcher that a message was lost; the log does, for the tests.
        notifications.push({ ...record, status: undefined, error: (error as Error).message })
      }
    })
    channel.queue = sending
    pending.add(sending)
    void sending.finally(() => pending.delete(sending))
  }

  return {
    notifications,

    /** events.watch: checks the channel request, opens the channel, sends its sync message. */
    watch(body: Record<string, unknown>, watched: { email: string; resourceId: string; resourceUri: string }) {
      const { id, type, address, token } = body
      if (typeof id !== 'string' || id === '') throw calendarErrors.required('Required', 'id')
      if (id.length > 64) throw calendarErrors.invalid('Channel id must be at most 64 characters', 'id')
      // The reference accepts "web_hook" or "webhook"; the message for another type is the fake's.
      if (type !== 'web_hook' && type !== 'webhook') throw calendarErrors.invalid(`Unknown channel type: ${type}`)
      if (typeof address !== 'string' || address === '') throw calendarErrors.required('Required', 'address')
      let url: URL
      try {
        url = new URL(address)
      } catch {
        throw calendarErrors.invalid(`Invalid webhook address: ${address}`)
      }
      const httpAllowed = options.allowHttpWebhooks && url.protocol === 'http:'
      if (url.protocol !== 'https:' && !httpAllowed) throw calendarErrors.webhookNotHttps(address)
      if (token !== undefined && (typeof token !== 'string' || token.length > 256)) {
        throw calendarErrors.invalid('Channel token must be at most 256 characters', 'token')
      }
      if (usedIds.has(id)) throw calendarErrors.channelIdNotUnique(id)
      // "the more restrictive value is used" of the request's and Google's own limit. Google does not
      // publish a ceiling above the default; the fake takes the default week as the ceiling.
      const now = Date.now()
      const ttl = Number((body.params as Record<string, unknown> | undefined)?.ttl)
      const requested = Number(body.expiration)
      const expiration = Math.min(
        now + DEFAULT_TTL_MS,
        Number.isFinite(ttl) && ttl > 0 ? now + ttl * 1000 : Number.POSITIVE_INFINITY,
        Number.isFinite(requested) && requested > 0 ? requested : Number.POSITIVE_INFINITY,
      )
      usedIds.add(id)
      const channel: LiveChannel = {
        id,
        ...watched,
        token: token as string | undefined,
        expiration,
        address,
        stopped: false,
        messageNumber: 0,
        queue: Promise.resolve(),
      }
      channels.set(id, channel)
      // Sent before the watch answer leaves: "it's possible to receive the sync message even before
      // you receive the watch method response".
      deliver(channel, 'sync')
      return {
        kind: 'api#channel',
        id,
        resourceId: channel.resourceId,
        resourceUri: channel.resourceUri,
        ...(channel.token !== undefined ? { token: channel.token } : {}),
        // An int64 in Google's discovery document, so a string in JSON.
        expiration: String(expiration),
      }
    },

    /** channels.stop: only the account that opened the channel may stop it. */
    stop(body: Record<string, unknown>, email: string) {
      const channel = channels.get(String(body.id))
      if (!channel || !alive(channel) || channel.resourceId !== body.resourceId || channel.email !== email) {
        throw calendarErrors.channelNotFound(String(body.id))
      }
      channel.stopped = true
      channels.delete(channel.id)
    },

    /** An `exists` message on every live channel watching this calendar. */
    changed(email: string) {
      for (const channel of channels.values()) if (channel.email === email && alive(channel)) deliver(channel, 'exists')
    },

    live(): CalendarChannel[] {
      return [...channels.values()].filter(alive).map(({ stopped, messageNumber, queue, ...channel }) => channel)
    },

    expire(email?: string) {
      for (const channel of channels.values()) if (!email || channel.email === email) channel.expiration = Date.now()
    },

    /** Waits for every message on its way. */
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },

    reset() {
      channels.clear()
      usedIds.clear()
      notifications.length = 0
    },
  }
}
