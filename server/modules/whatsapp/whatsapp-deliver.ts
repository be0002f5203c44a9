import type { WhatsAppAccountRow, WhatsAppContactRow } from '@server/db/schema'
import * as repo from './whatsapp.repository'
import { WhatsAppRefused, WhatsAppTokenRefused, WhatsAppUnavailable } from './whatsapp-api'
import type { WhatsAppDeps } from './whatsapp-deps'
import * as inbox from './whatsapp-inbox.repository'
import type { WhatsAppPart } from './whatsapp-parts'
import { markReconnect, sendAndRecord, windowOpen } from './whatsapp-send'
import { templateApproved } from './whatsapp-templates-sync'

/**
 * Job `whatsapp.deliver`: sends a customer's queued messages in order, part after part, recording
 * each part Meta accepted so a retry resumes after it. Replies go only inside the 24 hours; a
 * salon's notice goes as text inside them, else as its template when the customer said yes to
 * WhatsApp messages and Meta approved it. Throughput limits and 5xx throw: the job retries with
 * backoff (whatsapp.queues.ts). A part whose answer was lost is sent again: a repeated line beats a
 * lost one in a conversation.
 */
export async function deliverToCustomer(deps: WhatsAppDeps, salonId: string, waId: string): Promise<void> {
  const queued = await inbox.queued(deps.db, salonId, waId)
  if (queued.length === 0) return
  const now = deps.clock.now()
  const all = queued.map((m) => m.seq)
  const account = await repo.findAccount(deps.db, salonId)
  if (account?.state !== 'connected') {
    return inbox.finishQueued(deps.db, all, { status: 'failed', reason: 'disconnected' }, now)
  }
  if (account.reconnectRequiredAt) {
    return inbox.finishQueued(deps.db, all, { status: 'failed', reason: 'token_refused' }, now)
  }
  const contact = await repo.findContact(deps.db, { salonId, waId })
  for (const message of queued) {
    for (let index = message.partsSent; index < message.parts.length; index++) {
      const part = message.parts[index]
      if (!part) break
      const ready = await resolve(deps, account, contact, part)
      if (!ready) {
        await inbox.finishQueued(
          deps.db,
          [message.seq],
          { status: 'expired', reason: 'window_closed' },
          deps.clock.now(),
        )
        break
      }
      try {
        await sendAndRecord(deps, account, waId, ready.part, {
          purpose: message.kind,
          bookingEventId: message.bookingEventId,
          fallback: ready.fallback,
        })
      } catch (error) {
        const later = deps.clock.now()
        if (error instanceof WhatsAppTokenRefused) {
          await markReconnect(deps, account, error.message)
          const left = (await inbox.queued(deps.db, salonId, waId)).map((m) => m.seq)
          return inbox.finishQueued(deps.db, left, { status: 'failed', reason: 'token_refused' }, later)
        }
        if (error instanceof WhatsAppRefused) {
          // A message Meta will never take: recorded and skipped, the next ones still go.
          deps.log.warn({ salonId, seq: message.seq, reason: error.message }, 'WhatsApp refused a message')
          await inbox.finishQueued(deps.db, [message.seq], { status: 'failed', reason: `meta_${error.code}` }, later)
          break
        }
        throw error instanceof Error ? error : new WhatsAppUnavailable('WhatsApp call failed')
      }
      await inbox.partSent(deps.db, message.seq, index + 1)
      if (index + 1 === message.parts.length) {
        await inbox.finishQueued(deps.db, [message.seq], { status: 'sent' }, deps.clock.now())
      }
    }
  }
}

type Ready = { part: Exclude<WhatsAppPart, { kind: 'notice' }>; fallback?: unknown }

/** What a part is as it leaves now, or null when WhatsApp's rules keep it from the customer. */
async function resolve(
  deps: WhatsAppDeps,
  account: WhatsAppAccountRow,
  contact: WhatsAppContactRow | undefined,
  part: WhatsAppPart,
): Promise<Ready | null> {
  const open = windowOpen(contact?.lastMessageAt, deps.clock.now())
  if (part.kind === 'template') return (await mayUseTemplate(deps, account, contact, part)) ? { part } : null
  if (part.kind !== 'notice') return open ? { part } : null
  if (open) return { part: { kind: 'text', text: part.text }, fallback: { template: part.template } }
  return (await mayUseTemplate(deps, account, contact, part.template)) ? { part: part.template } : null
}

/** A template goes to a customer who said yes to WhatsApp messages, once Meta approved it. */
export async function mayUseTemplate(
  deps: Pick<WhatsAppDeps, 'db'>,
  account: WhatsAppAccountRow,
  contact: Pick<WhatsAppContactRow, 'reminders'> | undefined,
  template: Extract<WhatsAppPart, { kind: 'template' }>,
): Promise<boolean> {
  if (contact?.reminders !== 'yes') return false
  return templateApproved(deps.db, account.salonId, template.purpose, template.language)
}
