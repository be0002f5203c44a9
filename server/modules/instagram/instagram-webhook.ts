import { isSupportedInstant, storableText } from '@common/schemas/primitives'
import type { Clock } from '@server/clock'
import type { Database } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import * as repo from './instagram.repository'
import { insertEvents, type NewEvent } from './instagram-inbox.repository'

/**
 * Meta's notifications for the salons' accounts. `X-Hub-Signature-256` is the HMAC-SHA256 of the
 * body's bytes as sent, keyed with the app secret: checked on the raw body, before anything is
 * parsed or stored. Each message is stored once (Meta retries for 36 hours; its id is the key) and
 * its customer's job queued in the same transaction, and Meta has its answer at once.
 */

/** The longest text kept of a message (Meta's own limit for a DM is 1000 bytes). */
const MAX_TEXT = 4000

/** One message of a notification, as we keep it; the salon is found from the account later. */
export type NotifiedMessage = Omit<NewEvent, 'salonId'>

/**
 * The messages of a notification (`object: instagram`, `entry[].messaging[].message`), echoes
 * included. Reads, reactions, postbacks, comments and deleted messages are not messages to answer.
 */
export function messagesOf(body: unknown, now: Date): NotifiedMessage[] {
  const notification = body as { object?: unknown; entry?: unknown }
  if (notification?.object !== 'instagram' || !Array.isArray(notification.entry)) return []
  return notification.entry.flatMap((entry) => {
    const { id, messaging } = (entry ?? {}) as { id?: unknown; messaging?: unknown }
    const account = idOf(id)
    if (!account || !Array.isArray(messaging)) return []
    return messaging.flatMap((item): NotifiedMessage[] => {
      const { sender, recipient, timestamp, message } = (item ?? {}) as {
        sender?: { id?: unknown }
        recipient?: { id?: unknown }
        timestamp?: unknown
        message?: {
          mid?: unknown
          text?: unknown
          is_echo?: unknown
          is_deleted?: unknown
          is_unsupported?: unknown
          attachments?: unknown
          quick_reply?: { payload?: unknown }
        }
      }
      const mid = typeof message?.mid === 'string' ? storableText(message.mid).slice(0, 512) : ''
      if (!message || !mid || message.is_deleted === true) return []
      const echo = message.is_echo === true
      const userId = idOf(echo ? recipient?.id : sender?.id)
      if (!userId || userId === account) return []
      // A quick reply tapped: its payload holds the customer's words for the answer (the title
      // posted may be a shortened label).
      const payload = message.quick_reply?.payload
      const said = typeof payload === 'string' && payload.trim() && !echo ? payload : message.text
      const text = typeof said === 'string' ? storableText(said).slice(0, MAX_TEXT) : null
      const attachment = Array.isArray(message.attachments) || message.is_unsupported === true
      if (!text && !attachment) return []
      const ms = typeof timestamp === 'number' ? timestamp : Number.NaN
      return [
        {
          mid,
          igAccountId: account,
          userId,
          direction: echo ? 'echo' : 'in',
          text: text || null,
          attachment: attachment && !text,
          sentAt: isSupportedInstant(ms) ? new Date(ms) : now,
        },
      ]
    })
  })
}

/** Meta's ids are digits (as text, or as a number when small enough to be exact). */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && /^\d{1,40}$/.test(value)) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value)
  return undefined
}

/** Stores what is new and queues each customer's job; messages to an account no salon has are dropped. */
export async function acceptMessages(
  deps: { db: Database; jobs: Jobs; clock: Clock },
  messages: NotifiedMessage[],
): Promise<number> {
  if (messages.length === 0) return 0
  const salons = new Map<string, string | undefined>()
  for (const account of new Set(messages.map((m) => m.igAccountId))) {
    salons.set(account, (await repo.findAccountByIgUserId(deps.db, account))?.salonId)
  }
  const rows = messages.flatMap((m) => {
    const salonId = salons.get(m.igAccountId)
    return salonId ? [{ ...m, salonId }] : []
  })
  return deps.db.transaction(async (tx) => {
    const stored = await insertEvents(tx, rows, deps.clock.now())
    const customers = new Map(stored.map((row) => [`${row.salonId}:${row.userId}`, row]))
    for (const [key, { salonId, userId }] of customers) {
      await deps.jobs.send(tx, 'instagram.chat', { salonId, userId }, { singletonKey: key })
    }
    return stored.length
  })
}
