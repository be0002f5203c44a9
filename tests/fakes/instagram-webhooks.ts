import { createHmac } from 'node:crypto'
import { type Json, metaJson } from './instagram-wire'

/**
 * Notifications as Meta posts them to the app's webhook: `object: "instagram"`, one entry per
 * professional account (`entry.id` = its Instagram user id, the /me `user_id`), `messaging` items,
 * Meta's escaped JSON text, signed with the app secret over those exact bytes. Every body is kept
 * by mid so a redelivery (Meta retries for 36 hours) is byte-identical.
 */

export interface WebhookItem {
  accountUserId: string
  senderId: string
  recipientId: string
  timestamp: number
  message: Json
}

/** One notification body: items grouped into one entry per account, in the order first seen. */
export function notificationBody(items: WebhookItem[], time: number): string {
  const entries = new Map<string, Json[]>()
  for (const item of items) {
    const messaging = entries.get(item.accountUserId) ?? []
    messaging.push({
      sender: { id: item.senderId },
      recipient: { id: item.recipientId },
      timestamp: item.timestamp,
      message: item.message,
    })
    entries.set(item.accountUserId, messaging)
  }
  return metaJson({
    object: 'instagram',
    entry: [...entries].map(([id, messaging]) => ({ id, time, messaging })),
  })
}

export interface Webhooks {
  /** Keeps the body under each of its mids and POSTs it signed now; the product's status (rejects when unreachable). */
  deliver(body: string, mids: string[]): Promise<number>
  /** Keeps the body and POSTs it once `after` settles (an echo waits for the Send API's answer); failures kept for settle(). */
  deliverAfter(after: Promise<unknown>, body: string, mids: string[]): void
  redeliver(mid: string): Promise<number>
  post(body: string, signature: string | null | undefined): Promise<{ status: number; text: string }>
  sign(body: string): string
  settle(): Promise<void>
}

/** How long the product may take to answer one notification before the fake gives up on it. */
const WEBHOOK_TIMEOUT_MS = 10_000

export function createWebhooks(appSecret: string, target: () => string | undefined): Webhooks {
  const bodies = new Map<string, string>()
  const inFlight = new Set<Promise<unknown>>()
  /** Echo deliveries that could not reach the product at all: reported by the next settle(). */
  const failures: Error[] = []

  const sign = (body: string) => `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`

  async function send(body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
    const url = target()
    if (!url) throw new Error('fake Instagram: webhookUrl is not set, so there is nowhere to post the notification')
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'facebookexternalua', ...headers },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
    return { status: answer.status, text: await answer.text() }
  }

  /** Meta signs with SHA-256 (X-Hub-Signature-256) and, for older receivers, SHA-1 (X-Hub-Signature). */
  const signed = (body: string) =>
    send(body, {
      'x-hub-signature-256': sign(body),
      'x-hub-signature': `sha1=${createHmac('sha1', appSecret).update(body, 'utf8').digest('hex')}`,
    })

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise)
    const forget = () => inFlight.delete(promise)
    promise.then(forget, forget)
    return promise
  }

  function keep(body: string, mids: string[]) {
    for (const mid of mids) bodies.set(mid, body)
  }

  return {
    sign,
    deliver(body, mids) {
      keep(body, mids)
      return track(signed(body).then((answer) => answer.status))
    },
    deliverAfter(after, body, mids) {
      keep(body, mids)
      track(
        after
          .then(() => (target() ? signed(body) : undefined))
          .catch((error: unknown) => {
            failures.push(error instanceof Error ? error : new Error(String(error)))
          }),
      )
    },
    redeliver(mid) {
      const body = bodies.get(mid)
      if (body === undefined) return Promise.reject(new Error(`fake Instagram: no notification carried mid ${mid}`))
      return track(signed(body).then((answer) => answer.status))
    },
    post(body, signature) {
      if (signature === undefined) return track(signed(body))
      return track(send(body, signature === null ? {} : { 'x-hub-signature-256': signature }))
    },
    async settle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
      const failure = failures.splice(0)[0]
      if (failure) throw new Error(`fake Instagram: an echo could not be delivered: ${failure.message}`)
    },
  }
}
