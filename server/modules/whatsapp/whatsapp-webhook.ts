import { isSupportedInstant, storableText } from '@common/schemas/primitives'
import type { Clock } from '@server/clock'
import type { Database, Executor } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import * as repo from './whatsapp.repository'
import { customerKey } from './whatsapp-deps'
import { insertMessages, type NewInboxMessage } from './whatsapp-inbox.repository'
import { followStatus } from './whatsapp-statuses'
import { followTemplateReview } from './whatsapp-templates-sync'

/**
 * Meta's notifications for the salons' numbers (`object: whatsapp_business_account`). The
 * `X-Hub-Signature-256` header is the HMAC-SHA256 of the body's bytes as sent, keyed with the app
 * secret: checked on the raw body before anything is parsed or stored (whatsapp.routes.ts). Then,
 * in one transaction: each message stored once by its wamid with its customer's job (one at a time
 * per customer, so a customer's messages are answered in order), each status kept on the message
 * it is about, each template review kept — and Meta has its 200 at once.
 */

/** The longest text kept of a message (WhatsApp's own limit is 4,096 characters). */
const MAX_TEXT = 4096

export type NotifiedMessage = Omit<NewInboxMessage, 'salonId'> & { phoneNumberId: string }
export interface NotifiedStatus {
  phoneNumberId: string
  wamid: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  at: Date
  errorCode: number | null
}
export interface NotifiedReview {
  wabaId: string
  name: string
  language: string
  event: string
  reason: string | null
}

export interface Notification {
  messages: NotifiedMessage[]
  statuses: NotifiedStatus[]
  reviews: NotifiedReview[]
}

type Value = Record<string, unknown>

/** What a notification holds that we act on; anything else (calls, reactions, account events) is left. */
export function readNotification(body: unknown, now: Date): Notification {
  const out: Notification = { messages: [], statuses: [], reviews: [] }
  const notification = body as { object?: unknown; entry?: unknown }
  if (notification?.object !== 'whatsapp_business_account' || !Array.isArray(notification.entry)) return out
  for (const entry of notification.entry) {
    const { id, changes } = (entry ?? {}) as { id?: unknown; changes?: unknown }
    if (!Array.isArray(changes)) continue
    for (const change of changes) {
      const { field, value } = (change ?? {}) as { field?: unknown; value?: Value }
      if (!value || typeof value !== 'object') continue
      if (field === 'messages') readMessages(value, now, out)
      else if (field === 'smb_message_echoes') readEchoes(value, now, out)
      else if (field === 'message_template_status_update') readReview(idOf(id), value, out)
    }
  }
  return out
}

function readMessages(value: Value, now: Date, out: Notification) {
  const phoneNumberId = idOf((value.metadata as Value | undefined)?.phone_number_id)
  if (!phoneNumberId) return
  const contacts = Array.isArray(value.contacts) ? (value.contacts as Value[]) : []
  const names = new Map(
    contacts.map((c) => [idOf(c?.wa_id), textOf((c?.profile as Value | undefined)?.name, 100)] as const),
  )
  for (const item of Array.isArray(value.messages) ? (value.messages as Value[]) : []) {
    const wamid = textOf(item?.id, 512)
    const waId = idOf(item?.from)
    if (!wamid || !waId) continue
    const said = wordsOf(item)
    out.messages.push({
      phoneNumberId,
      wamid,
      waId,
      profileName: names.get(waId) ?? null,
      direction: 'in',
      text: said,
      attachment: !said,
      sentAt: instantOf(item.timestamp, now),
    })
  }
  for (const item of Array.isArray(value.statuses) ? (value.statuses as Value[]) : []) {
    const wamid = textOf(item?.id, 512)
    const status = item?.status
    if (!wamid || (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'failed')) continue
    const [error] = Array.isArray(item.errors) ? (item.errors as Value[]) : []
    const code = Number(error?.code)
    out.statuses.push({
      phoneNumberId,
      wamid,
      status,
      at: instantOf(item.timestamp, now),
      errorCode: Number.isSafeInteger(code) ? code : null,
    })
  }
}

/** The salon wrote from the WhatsApp Business app on the same number (coexistence): the human takes over. */
function readEchoes(value: Value, now: Date, out: Notification) {
  const phoneNumberId = idOf((value.metadata as Value | undefined)?.phone_number_id)
  if (!phoneNumberId) return
  for (const item of Array.isArray(value.message_echoes) ? (value.message_echoes as Value[]) : []) {
    const wamid = textOf(item?.id, 512)
    const waId = idOf(item?.to)
    if (!wamid || !waId) continue
    out.messages.push({
      phoneNumberId,
      wamid,
      waId,
      profileName: null,
      direction: 'echo',
      text: null,
      attachment: false,
      sentAt: instantOf(item.timestamp, now),
    })
  }
}

function readReview(wabaId: string | undefined, value: Value, out: Notification) {
  const name = textOf(value.message_template_name, 512)
  const language = textOf(value.message_template_language, 20)
  const event = textOf(value.event, 40)
  if (!wabaId || !name || !language || !event) return
  out.reviews.push({ wabaId, name, language, event, reason: textOf(value.reason, 300) })
}

/**
 * The customer's words: a text, a tapped reply button or list row (its id: the words we gave it,
 * see whatsapp-parts.ts), a template's quick-reply button, or a media caption. Null: nothing to read.
 */
function wordsOf(item: Value): string | null {
  const interactive = item.interactive as Value | undefined
  const candidates = [
    (item.text as Value | undefined)?.body,
    (interactive?.button_reply as Value | undefined)?.id,
    (interactive?.list_reply as Value | undefined)?.id,
    (item.button as Value | undefined)?.payload,
    (item.button as Value | undefined)?.text,
  ]
  const said = candidates.find((c) => typeof c === 'string' && c.trim())
  return typeof said === 'string' ? storableText(said).slice(0, MAX_TEXT) || null : null
}

/** WhatsApp ids are digits (a phone number's, an account's). */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && /^\d{1,40}$/.test(value)) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value)
  return undefined
}

function textOf(value: unknown, max: number): string | null {
  return typeof value === 'string' && value ? storableText(value).slice(0, max) || null : null
}

/** Meta's timestamps are seconds since the epoch, as text. */
function instantOf(value: unknown, now: Date): Date {
  const ms = Number(value) * 1000
  return Number.isFinite(ms) && isSupportedInstant(ms) ? new Date(ms) : now
}

/** Stores what is new and acts on statuses and reviews; a number no salon has is dropped. */
export async function acceptNotification(
  deps: { db: Database; jobs: Jobs; clock: Clock },
  notification: Notification,
): Promise<void> {
  const { messages, statuses, reviews } = notification
  if (messages.length + statuses.length + reviews.length === 0) return
  const numbers = new Set([...messages, ...statuses].map((m) => m.phoneNumberId))
  const salons = new Map<string, string | undefined>()
  for (const number of numbers) salons.set(number, (await repo.findAccountByNumber(deps.db, number))?.salonId)
  await deps.db.transaction(async (tx) => {
    await storeMessages(deps, tx, messages, salons)
    for (const status of statuses) {
      const salonId = salons.get(status.phoneNumberId)
      if (salonId) await followStatus(deps, tx, salonId, status)
    }
    for (const review of reviews) await followTemplateReview(tx, review, deps.clock.now())
  })
}

async function storeMessages(
  deps: { jobs: Jobs; clock: Clock },
  tx: Executor,
  messages: NotifiedMessage[],
  salons: Map<string, string | undefined>,
) {
  const rows = messages.flatMap(({ phoneNumberId, ...m }) => {
    const salonId = salons.get(phoneNumberId)
    return salonId ? [{ ...m, salonId }] : []
  })
  const stored = await insertMessages(tx, rows, deps.clock.now())
  const customers = new Map(stored.map((row) => [customerKey(row), row]))
  for (const [key, { salonId, waId }] of customers) {
    await deps.jobs.send(tx, 'whatsapp.chat', { salonId, waId }, { singletonKey: key })
  }
}
