import type { Executor } from '@server/db/client'
import {
  type WhatsAppInboxRow,
  type WhatsAppOutboxRow,
  type WhatsAppSentRow,
  whatsappInbox,
  whatsappOutbox,
  whatsappSent,
} from '@server/db/schema'
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { WhatsAppPart } from './whatsapp-parts'

/** WhatsApp messages in (inbox), out (outbox), and every message Meta accepted from us (sent). */

export type NewInboxMessage = Pick<
  WhatsAppInboxRow,
  'wamid' | 'salonId' | 'waId' | 'profileName' | 'direction' | 'text' | 'attachment' | 'sentAt'
>

/** Stores the messages not seen before (Meta retries for days: the wamid is the key); returns those. */
export async function insertMessages(
  db: Executor,
  messages: NewInboxMessage[],
  receivedAt: Date,
): Promise<Pick<WhatsAppInboxRow, 'salonId' | 'waId'>[]> {
  if (messages.length === 0) return []
  return db
    .insert(whatsappInbox)
    .values(messages.map((m) => ({ ...m, receivedAt })))
    .onConflictDoNothing()
    .returning({ salonId: whatsappInbox.salonId, waId: whatsappInbox.waId })
}

export async function nextPending(db: Executor, salonId: string, waId: string): Promise<WhatsAppInboxRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsappInbox)
    .where(and(eq(whatsappInbox.salonId, salonId), eq(whatsappInbox.waId, waId), eq(whatsappInbox.status, 'pending')))
    .orderBy(asc(whatsappInbox.sentAt), asc(whatsappInbox.receivedAt))
    .limit(1)
  return row
}

export async function countAttempt(db: Executor, wamid: string): Promise<number> {
  const [row] = await db
    .update(whatsappInbox)
    .set({ attempts: sql`${whatsappInbox.attempts} + 1` })
    .where(eq(whatsappInbox.wamid, wamid))
    .returning({ attempts: whatsappInbox.attempts })
  return row?.attempts ?? 0
}

/** Decided: an ignored message's text is cleared (the unanswered are counted, not read). */
export async function finishMessage(db: Executor, wamid: string, status: 'done' | 'ignored' | 'failed') {
  await db
    .update(whatsappInbox)
    .set(status === 'ignored' ? { status, text: null } : { status })
    .where(eq(whatsappInbox.wamid, wamid))
}

/** A customer's messages in the minute up to one (the anti-spam count). */
export async function countInbound(db: Executor, where: { salonId: string; waId: string; since: Date; until: Date }) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(whatsappInbox)
    .where(
      and(
        eq(whatsappInbox.salonId, where.salonId),
        eq(whatsappInbox.waId, where.waId),
        eq(whatsappInbox.direction, 'in'),
        gt(whatsappInbox.sentAt, where.since),
        lte(whatsappInbox.sentAt, where.until),
      ),
    )
  return row?.count ?? 0
}

// ——— Outbox ———

/** Queues a message; one per booking event (a retried job adds none). Returns its seq, or undefined. */
export async function enqueue(
  db: Executor,
  message: {
    salonId: string
    waId: string
    kind: WhatsAppOutboxRow['kind']
    parts: WhatsAppPart[]
    bookingEventId?: string
  },
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .insert(whatsappOutbox)
    .values({ ...message, createdAt: now })
    .onConflictDoNothing()
    .returning({ seq: whatsappOutbox.seq })
  return row?.seq
}

export type QueuedMessage = Omit<WhatsAppOutboxRow, 'parts'> & { parts: WhatsAppPart[] }

export async function queued(db: Executor, salonId: string, waId: string): Promise<QueuedMessage[]> {
  const rows = await db
    .select()
    .from(whatsappOutbox)
    .where(and(eq(whatsappOutbox.salonId, salonId), eq(whatsappOutbox.waId, waId), eq(whatsappOutbox.status, 'queued')))
    .orderBy(asc(whatsappOutbox.seq))
  return rows as QueuedMessage[]
}

export async function partSent(db: Executor, seq: number, partsSent: number): Promise<void> {
  await db.update(whatsappOutbox).set({ partsSent }).where(eq(whatsappOutbox.seq, seq))
}

export async function finishQueued(
  db: Executor,
  seqs: number[],
  outcome: { status: 'sent' | 'expired' | 'cancelled' | 'failed'; reason?: string },
  now: Date,
): Promise<void> {
  if (seqs.length === 0) return
  await db
    .update(whatsappOutbox)
    .set({ status: outcome.status, reason: outcome.reason ?? null, sentAt: outcome.status === 'sent' ? now : null })
    .where(and(inArray(whatsappOutbox.seq, seqs), eq(whatsappOutbox.status, 'queued')))
}

/** The salon answered by hand: what the assistant still had to say is dropped. */
export async function cancelQueued(db: Executor, salonId: string, waId: string, reason: string): Promise<void> {
  await db
    .update(whatsappOutbox)
    .set({ status: 'cancelled', reason })
    .where(
      and(
        eq(whatsappOutbox.salonId, salonId),
        eq(whatsappOutbox.waId, waId),
        eq(whatsappOutbox.status, 'queued'),
        eq(whatsappOutbox.kind, 'reply'),
      ),
    )
}

// ——— Sent ———

export async function recordSent(
  db: Executor,
  sent: Pick<WhatsAppSentRow, 'wamid' | 'salonId' | 'waId' | 'type' | 'purpose' | 'sentAt'> &
    Partial<Pick<WhatsAppSentRow, 'bookingEventId' | 'fallback'>>,
): Promise<void> {
  await db.insert(whatsappSent).values(sent).onConflictDoNothing()
}

export async function findSent(db: Executor, wamid: string): Promise<WhatsAppSentRow | undefined> {
  const [row] = await db.select().from(whatsappSent).where(eq(whatsappSent.wamid, wamid)).limit(1)
  return row
}

const STATUS_RANK = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 } as const

/**
 * A status notification: kept when it moves the message on (Meta's statuses may arrive out of
 * order; "failed" ends it). Returns the row as it was before, when this changed it.
 */
export async function noteStatus(
  db: Executor,
  wamid: string,
  status: Exclude<WhatsAppSentRow['status'], 'accepted'>,
  at: Date,
  errorCode: number | null,
): Promise<WhatsAppSentRow | undefined> {
  const [before] = await db.select().from(whatsappSent).where(eq(whatsappSent.wamid, wamid)).limit(1).for('update')
  if (!before || STATUS_RANK[status] <= STATUS_RANK[before.status]) return undefined
  await db.update(whatsappSent).set({ status, statusAt: at, errorCode }).where(eq(whatsappSent.wamid, wamid))
  return before
}

/** Messages sent over a period, by their last status (the card's delivery line). */
export async function deliveryCounts(db: Executor, salonId: string, since: Date) {
  const rows = await db
    .select({ status: whatsappSent.status, count: sql<number>`count(*)::int` })
    .from(whatsappSent)
    .where(and(eq(whatsappSent.salonId, salonId), gt(whatsappSent.sentAt, since)))
    .groupBy(whatsappSent.status)
  const count = (status: WhatsAppSentRow['status']) => rows.find((r) => r.status === status)?.count ?? 0
  return {
    sent: count('accepted') + count('sent'),
    delivered: count('delivered'),
    read: count('read'),
    failed: count('failed'),
  }
}

/** Erasure: what the customer said and was sent goes (what still waits to be sent stays until it leaves). */
export async function forgetMessages(db: Executor, salonId: string, waIds: string[]): Promise<void> {
  if (waIds.length === 0) return
  await db.delete(whatsappInbox).where(and(eq(whatsappInbox.salonId, salonId), inArray(whatsappInbox.waId, waIds)))
  await db.delete(whatsappSent).where(and(eq(whatsappSent.salonId, salonId), inArray(whatsappSent.waId, waIds)))
  await db
    .delete(whatsappOutbox)
    .where(
      and(
        eq(whatsappOutbox.salonId, salonId),
        inArray(whatsappOutbox.waId, waIds),
        inArray(whatsappOutbox.status, ['sent', 'expired', 'cancelled', 'failed']),
      ),
    )
}
