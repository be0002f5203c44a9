import type { Executor } from '@server/db/client'
import { type StripeAccountRow, stripeAccounts, stripeEvents } from '@server/db/schema'
import { and, eq, isNull } from 'drizzle-orm'

/** The salon's Stripe account, connected or not (a disconnected one still refunds what it took). */
export async function findAccountOfSalon(db: Executor, salonId: string): Promise<StripeAccountRow | undefined> {
  const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.salonId, salonId)).limit(1)
  return row
}

export async function findAccount(db: Executor, accountId: string): Promise<StripeAccountRow | undefined> {
  const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.accountId, accountId)).limit(1)
  return row
}

/** A new account for the salon, or the one it had (connected again). */
export async function saveAccount(
  db: Executor,
  values: Pick<StripeAccountRow, 'salonId' | 'accountId'>,
  now: Date,
): Promise<void> {
  await db
    .insert(stripeAccounts)
    .values({ ...values, connectedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: stripeAccounts.salonId,
      set: { accountId: values.accountId, disconnectedAt: null, connectedAt: now, updatedAt: now },
    })
}

/** What Stripe says of the account now (its `account.updated`, or a read). */
export async function updateAccountFacts(
  db: Executor,
  accountId: string,
  facts: Pick<
    StripeAccountRow,
    'chargesEnabled' | 'payoutsEnabled' | 'detailsSubmitted' | 'missing' | 'disabledReason' | 'currency'
  >,
  now: Date,
): Promise<void> {
  await db
    .update(stripeAccounts)
    .set({ ...facts, updatedAt: now })
    .where(eq(stripeAccounts.accountId, accountId))
}

export async function markDisconnected(db: Executor, salonId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(stripeAccounts)
    .set({ disconnectedAt: now, updatedAt: now })
    .where(and(eq(stripeAccounts.salonId, salonId), isNull(stripeAccounts.disconnectedAt)))
    .returning({ salonId: stripeAccounts.salonId })
  return rows.length > 0
}

/** Stores an event once by its id; false: it was already received (a replay, another instance). */
export async function receiveEvent(
  db: Executor,
  event: { id: string; account: string | null; type: string; payload: unknown },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ ...event, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id })
  return rows.length > 0
}

export async function findUnprocessedEvent(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(stripeEvents)
    .where(and(eq(stripeEvents.id, id), isNull(stripeEvents.processedAt)))
    .limit(1)
  return row
}

export async function markEventProcessed(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(stripeEvents).set({ processedAt: now }).where(eq(stripeEvents.id, id))
}
