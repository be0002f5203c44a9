import { createHmac } from 'node:crypto'
import { type Json, metaJson } from './whatsapp-wire'
import type { Business } from './whatsapp-world'

/**
 * Notifications as Meta posts them to the app's webhook for a WhatsApp Business Account:
 * `object: "whatsapp_business_account"`, one entry per WABA (`entry.id` = the WABA id), one
 * change whose `field` says what it is (`messages` for customers' messages and statuses,
 * `smb_message_echoes` for what the owner typed in the WhatsApp Business app,
 * `message_template_status_update`), in Meta's escaped JSON, signed with the app secret over
 * those exact bytes. Every body is kept by the wamid it carries, so a redelivery is byte-identical.
 */

/** The `value.metadata` of a business number: display_phone_number is digits only in webhooks. */
export const metadata = (business: Business): Json => ({
  display_phone_number: business.digits,
  phone_number_id: business.phoneNumberId,
})

/** One change for one WABA; `time` is only on template notifications in Meta's examples. */
export function notificationBody(wabaId: string, field: string, value: Json, time?: number): string {
  const entry: Json = { id: wabaId }
  if (time !== undefined) entry.time = Math.floor(time / 1000)
  entry.changes = [{ value, field }]
  return metaJson({ object: 'whatsapp_business_account', entry: [entry] })
}

/** A customer's message: `contacts` (their profile name) and `messages`. */
export function messageBody(business: Business, contact: { name: string; waId: string }, message: Json): string {
  return notificationBody(business.wabaId, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadata(business),
    contacts: [{ profile: { name: contact.name }, wa_id: contact.waId }],
    messages: [message],
  })
}

/** One status of a message the product sent: sent, delivered, read or failed. */
export function statusBody(business: Business, status: Json): string {
  return notificationBody(business.wabaId, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadata(business),
    statuses: [status],
  })
}

/** What the owner sent from the WhatsApp Business app on the same number (coexistence). */
export function echoBody(business: Business, echo: Json): string {
  return notificationBody(business.wabaId, 'smb_message_echoes', {
    messaging_product: 'whatsapp',
    metadata: metadata(business),
    message_echoes: [echo],
  })
}

export interface Webhooks {
  /** 'sha256=<hex HMAC-SHA256 of the exact bytes with the app secret>' */
  sign(body: string): string
  /** Keeps the body under each wamid and POSTs it signed; the product's status (rejects when unreachable). */
  deliver(body: string, wamids: string[]): Promise<number>
  /** POSTs a body with this signature (a string as given, null for none, undefined for the right one). */
  post(body: string, signature?: string | null): Promise<{ status: number; body: string }>
  /** POSTs again the last body that carried this wamid: same bytes, same signature (Meta's retry). */
  redeliver(wamid: string): Promise<number>
  /** Resolves once every POST started so far has been answered (or has failed). */
  settle(): Promise<void>
}

/**
 * How long the product may take to answer one notification before the fake gives up on it. Meta
 * retries a failed delivery for days; the fake does not, so it waits long enough for a test
 * machine loaded by other test files (a notification was once answered after 10 s there).
 */
const WEBHOOK_TIMEOUT_MS = 30_000

export function createWebhooks(appSecret: string, target: () => string | undefined): Webhooks {
  const bodies = new Map<string, string>()
  const inFlight = new Set<Promise<unknown>>()

  const sign = (body: string) => `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`

  async function send(body: string, headers: Record<string, string>) {
    const url = target()
    if (!url) throw new Error('fake WhatsApp: webhookUrl is not set, so there is nowhere to post the notification')
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'facebookexternalua', ...headers },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
    return { status: answer.status, body: await answer.text() }
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

  return {
    sign,
    deliver(body, wamids) {
      for (const wamid of wamids) bodies.set(wamid, body)
      return track(signed(body).then((answer) => answer.status))
    },
    post(body, signature) {
      if (signature === undefined) return track(signed(body))
      return track(send(body, signature === null ? {} : { 'x-hub-signature-256': signature }))
    },
    redeliver(wamid) {
      const body = bodies.get(wamid)
      if (body === undefined) return Promise.reject(new Error(`fake WhatsApp: no notification carried ${wamid}`))
      return track(signed(body).then((answer) => answer.status))
    },
    async settle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
  }
}
