import type { Executor } from '@server/db/client'
import {
  type InstagramEventRow,
  type InstagramOutboxRow,
  instagramEvents,
  instagramOutbox,
  instagramSent,
} from '@server/db/schema'
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm'

/** Instagram messages in (events), out (outbox) and the record of our own sends (echo recognition). */

export type NewEvent = Pick<
  InstagramEventRow,
  'mid' | 'salonId' | 'igAccountId' | 'userId' | 'direction' | 'text' | 'attachment' | 'sentAt'
>

/** Stores the messages not seen before; returns those (a message Meta delivers again is skipped). */
export async function insertEvents(
  db: Executor,
  events: NewEvent[],
  receivedAt: Date,
): Promise<Pick<InstagramEventRow, 'salonId' | 'userId'>[]> {
  if (events.length === 0) return []
  return db
    .insert(instagramEvents)
    .values(events.map((e) => ({ ...e, receivedAt })))
    .onConflictDoNothing()
    .returning({ salonId: instagramEvents.salonId, userId: instagramEvents.userId })
}

/** The customer's oldest message still to decide on. */
export async function nextPendingEvent(
  db: Executor,
  salonId: string,
  userId: string,
): Promise<InstagramEventRow | undefined> {
  const [row] = await db
    .select()
    .from(instagramEvents)
    .where(
      and(
        eq(instagramEvents.salonId, salonId),
        eq(instagramEvents.userId, userId),
        eq(instagramEvents.status, 'pending'),
      ),
    )
    .orderBy(asc(instagramEvents.sentAt), asc(instagramEvents.receivedAt))
    .limit(1)
  return row
}

export async function countAttempt(db: Executor, mid: string): Promise<number> {
  const [row] = await db
    .update(instagramEvents)
    .set({ attempts: sql`${instagramEvents.attempts} + 1` })
    .where(eq(instagramEvents.mid, mid))
    .returning({ attempts: instagramEvents.attempts })
  return row?.attempts ?? 0
}

/** Decided: an ignored message's text is cleared (the unanswered are counted, not read). */
export async function finishEvent(db: Executor, mid: string, status: 'done' | 'ignored' | 'failed'): Promise<void> {
  await db
    .update(instagramEvents)
    .set(status === 'ignored' ? { status, text: null } : { status })
    .where(eq(instagramEvents.mid, mid))
}

/**
 * Messages customers sent (Meta's dates, after `since`, up to `until`): the anti-spam count of one
 * customer, or the recent messages of the salon's account.
 */
export async function countInbound(
  db: Executor,
  where: { salonId: string; igAccountId?: string; userId?: string; since: Date; until?: Date },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(instagramEvents)
    .where(
      and(
        eq(instagramEvents.salonId, where.salonId),
        where.igAccountId === undefined ? undefined : eq(instagramEvents.igAccountId, where.igAccountId),
        where.userId === undefined ? undefined : eq(instagramEvents.userId, where.userId),
        eq(instagramEvents.direction, 'in'),
        gt(instagramEvents.sentAt, where.since),
        where.until === undefined ? undefined : lte(instagramEvents.sentAt, where.until),
      ),
    )
  return row?.count ?? 0
}

/** Queues a message; one per booking event (a retried job adds none). Returns its seq, or undefined. */
export async function enqueueMessage(
  db: Executor,
  message: Pick<InstagramOutboxRow, 'salonId' | 'userId' | 'kind' | 'parts'> &
    Partial<Pick<InstagramOutboxRow, 'quickReplies'>> & { bookingEventId?: string },
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .insert(instagramOutbox)
    .values({ ...message, createdAt: now })
    .onConflictDoNothing()
    .returning({ seq: instagramOutbox.seq })
  return row?.seq
}

export async function queuedMessages(db: Executor, salonId: string, userId: string): Promise<InstagramOutboxRow[]> {
  return db
    .select()
    .from(instagramOutbox)
    .where(
      and(
        eq(instagramOutbox.salonId, salonId),
        eq(instagramOutbox.userId, userId),
        eq(instagramOutbox.status, 'queued'),
      ),
    )
    .orderBy(asc(instagramOutbox.seq))
}

export async function partSent(db: Executor, seq: number, partsSent: number): Promise<void> {
  await db.update(instagramOutbox).set({ partsSent }).where(eq(instagramOutbox.seq, seq))
}

export async function finishMessages(
  db: Executor,
  seqs: number[],
  outcome: { status: 'sent' | 'expired' | 'cancelled' | 'failed'; reason?: string },
  now: Date,
): Promise<void> {
  if (seqs.length === 0) return
  await db
    .update(instagramOutbox)
    .set({ status: outcome.status, reason: outcome.reason ?? null, sentAt: outcome.status === 'sent' ? now : null })
    .where(and(inArray(instagramOutbox.seq, seqs), eq(instagramOutbox.status, 'queued')))
}

/** What still waits for a customer (or for every customer of the salon) will not be sent. */
export async function cancelQueued(
  db: Executor,
  salonId: string,
  userId: string | undefined,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(instagramOutbox)
    .set({ status: 'cancelled', reason })
    .where(
      and(
        eq(instagramOutbox.salonId, salonId),
        userId === undefined ? undefined : eq(instagramOutbox.userId, userId),
        eq(instagramOutbox.status, 'queued'),
      ),
    )
    .returning({ seq: instagramOutbox.seq })
  return rows.length
}

/** Before a send: our claim on the echo to come (Meta's echo may beat its answer to the send). */
export async function claimSend(db: Executor, claim: { salonId: string; userId: string; textHash: string }, now: Date) {
  const [row] = await db
    .insert(instagramSent)
    .values({ ...claim, claimedAt: now })
    .returning({ id: instagramSent.id })
  if (!row) throw new Error('instagram send not claimed')
  return row.id
}

/** After the send: the message id Meta gave it. */
export async function recordSent(db: Executor, claimId: number, mid: string): Promise<void> {
  await db.update(instagramSent).set({ mid }).where(eq(instagramSent.id, claimId))
}

/**
 * Whether an echo is of a message we sent: its id is one Meta gave us, or it answers a recent claim
 * of the same text to the same customer still waiting for its id (the claim is then spent).
 */
export async function isOurEcho(
  db: Executor,
  echo: { salonId: string; userId: string; mid: string; textHash: string },
  claimedSince: Date,
): Promise<boolean> {
  const [known] = await db.select({ id: instagramSent.id }).from(instagramSent).where(eq(instagramSent.mid, echo.mid))
  if (known) return true
  const [claim] = await db
    .select({ id: instagramSent.id })
    .from(instagramSent)
    .where(
      and(
        eq(instagramSent.salonId, echo.salonId),
        eq(instagramSent.userId, echo.userId),
        eq(instagramSent.textHash, echo.textHash),
        isNull(instagramSent.mid),
        gt(instagramSent.claimedAt, claimedSince),
      ),
    )
    .orderBy(asc(instagramSent.id))
    .limit(1)
  if (!claim) return false
  await db.update(instagramSent).set({ mid: echo.mid }).where(eq(instagramSent.id, claim.id))
  return true
}

/** Erasure: what the customer said and was sent, except what still waits to be decided or sent. */
export async function forgetMessages(db: Executor, salonId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return
  await db
    .delete(instagramEvents)
    .where(
      and(
        eq(instagramEvents.salonId, salonId),
        inArray(instagramEvents.userId, userIds),
        ne(instagramEvents.status, 'pending'),
      ),
    )
  await db
    .delete(instagramOutbox)
    .where(
      and(
        eq(instagramOutbox.salonId, salonId),
        inArray(instagramOutbox.userId, userIds),
        ne(instagramOutbox.status, 'queued'),
      ),
    )
}

/** Old messages go: Meta retries for 36 hours (a week of events is plenty), sends are looked back on for a day. */
export async function pruneMessages(db: Executor, limits: { events: Date; outbox: Date; sent: Date }) {
  await db
    .delete(instagramEvents)
    .where(and(lt(instagramEvents.receivedAt, limits.events), ne(instagramEvents.status, 'pending')))
  await db
    .delete(instagramOutbox)
    .where(and(lt(instagramOutbox.createdAt, limits.outbox), ne(instagramOutbox.status, 'queued')))
  await db.delete(instagramSent).where(lt(instagramSent.claimedAt, limits.sent))
}
