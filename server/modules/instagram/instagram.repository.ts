import type { Executor } from '@server/db/client'
import { type InstagramAccountRow, type InstagramUserRow, instagramAccounts, instagramUsers } from '@server/db/schema'
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'

/** Salons' Instagram accounts and the people who wrote to them. Messages: instagram-inbox.repository.ts. */

export async function findAccount(db: Executor, salonId: string): Promise<InstagramAccountRow | undefined> {
  const [row] = await db.select().from(instagramAccounts).where(eq(instagramAccounts.salonId, salonId))
  return row
}

export async function findAccountByIgUserId(db: Executor, igUserId: string): Promise<InstagramAccountRow | undefined> {
  const [row] = await db.select().from(instagramAccounts).where(eq(instagramAccounts.igUserId, igUserId))
  return row
}

/** The salon's account as connected now (a new connection replaces the salon's previous one). */
export async function saveAccount(
  db: Executor,
  account: Omit<InstagramAccountRow, 'updatedAt' | 'lastError' | 'lastErrorAt' | 'reconnectRequiredAt'>,
): Promise<void> {
  const values = {
    ...account,
    reconnectRequiredAt: null,
    lastError: null,
    lastErrorAt: null,
    updatedAt: account.connectedAt,
  }
  await db
    .insert(instagramAccounts)
    .values(values)
    .onConflictDoUpdate({ target: instagramAccounts.salonId, set: values })
}

/** The account, taken out (its sealed token goes to the job that unsubscribes it). */
export async function deleteAccount(db: Executor, salonId: string): Promise<InstagramAccountRow | undefined> {
  const [row] = await db.delete(instagramAccounts).where(eq(instagramAccounts.salonId, salonId)).returning()
  return row
}

export async function updateAccount(
  db: Executor,
  salonId: string,
  igUserId: string,
  values: Partial<
    Pick<
      InstagramAccountRow,
      | 'accessToken'
      | 'tokenIssuedAt'
      | 'tokenExpiresAt'
      | 'subscribedAt'
      | 'reconnectRequiredAt'
      | 'lastError'
      | 'lastErrorAt'
    >
  >,
  now: Date,
): Promise<void> {
  // The account id too: a reconnection to another account in the meantime is left alone.
  await db
    .update(instagramAccounts)
    .set({ ...values, updatedAt: now })
    .where(and(eq(instagramAccounts.salonId, salonId), eq(instagramAccounts.igUserId, igUserId)))
}

/** Accounts whose token is due for a refresh, or whose subscription is to be retried. */
export async function accountsToMaintain(db: Executor, refreshBefore: Date): Promise<InstagramAccountRow[]> {
  return db
    .select()
    .from(instagramAccounts)
    .where(
      and(
        isNull(instagramAccounts.reconnectRequiredAt),
        or(lt(instagramAccounts.tokenIssuedAt, refreshBefore), isNull(instagramAccounts.subscribedAt)),
      ),
    )
}

export type UserKey = { salonId: string; igAccountId: string; userId: string }

const keyOf = (key: UserKey) =>
  and(
    eq(instagramUsers.salonId, key.salonId),
    eq(instagramUsers.igAccountId, key.igAccountId),
    eq(instagramUsers.userId, key.userId),
  )

export async function findUser(db: Executor, key: UserKey): Promise<InstagramUserRow | undefined> {
  const [row] = await db.select().from(instagramUsers).where(keyOf(key))
  return row
}

/** The user's row, locked until the transaction ends: one decision at a time per customer. */
export async function lockUser(db: Executor, key: UserKey): Promise<InstagramUserRow | undefined> {
  const [row] = await db.select().from(instagramUsers).where(keyOf(key)).for('update')
  return row
}

/** Someone wrote: counted, and Meta's 24-hour window restarts at their message. */
export async function countMessage(db: Executor, key: UserKey, sentAt: Date, now: Date): Promise<InstagramUserRow> {
  const [row] = await db
    .insert(instagramUsers)
    .values({ ...key, messageCount: 1, firstMessageAt: sentAt, lastMessageAt: sentAt, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [instagramUsers.salonId, instagramUsers.igAccountId, instagramUsers.userId],
      set: {
        messageCount: sql`${instagramUsers.messageCount} + 1`,
        lastMessageAt: sql`greatest(${instagramUsers.lastMessageAt}, ${sentAt.toISOString()}::timestamptz)`,
        updatedAt: now,
      },
    })
    .returning()
  if (!row) throw new Error('instagram user not stored')
  return row
}

export type UserChange = Partial<
  Pick<
    InstagramUserRow,
    | 'whitelisted'
    | 'pausedUntil'
    | 'cooldownUntil'
    | 'strikes'
    | 'lastStrikeAt'
    | 'blockedAt'
    | 'name'
    | 'username'
    | 'disclosedAt'
  >
>

export async function updateUser(db: Executor, key: UserKey, change: UserChange, now: Date): Promise<InstagramUserRow> {
  const [row] = await db
    .update(instagramUsers)
    .set({ ...change, updatedAt: now })
    .where(keyOf(key))
    .returning()
  if (!row) throw new Error('instagram user not found')
  return row
}

/** The users of the salon's current account, the latest to write first. */
export async function listUsers(db: Executor, salonId: string, igAccountId: string): Promise<InstagramUserRow[]> {
  return db
    .select()
    .from(instagramUsers)
    .where(and(eq(instagramUsers.salonId, salonId), eq(instagramUsers.igAccountId, igAccountId)))
    .orderBy(desc(instagramUsers.lastMessageAt), instagramUsers.userId)
}

/** The status the owner sees, in SQL as in statusOf (instagram-users.ts): blocked, cooldown, paused, active. */
export const statusSql = (now: Date) => sql<string>`case
  when ${instagramUsers.blockedAt} is not null then 'blocked'
  when ${instagramUsers.cooldownUntil} > ${now.toISOString()}::timestamptz then 'cooldown'
  when ${instagramUsers.pausedUntil} > ${now.toISOString()}::timestamptz then 'paused'
  else 'active' end`

export async function userFigures(db: Executor, salonId: string, igAccountId: string, now: Date) {
  const status = statusSql(now)
  const rows = await db
    .select({
      status,
      count: sql<number>`count(*)::int`,
      whitelisted: sql<number>`count(*) filter (where ${instagramUsers.whitelisted})::int`,
    })
    .from(instagramUsers)
    .where(and(eq(instagramUsers.salonId, salonId), eq(instagramUsers.igAccountId, igAccountId)))
    // By position: the CASE's parameters would make a second copy of it a different expression.
    .groupBy(sql`1`)
  return rows
}

/** Customers of this salon whose Instagram window is open now (for reminders and salon changes). */
export async function reachableUsers(
  db: Executor,
  salonId: string,
  igAccountId: string,
  userIds: string[],
  windowOpenSince: Date,
): Promise<InstagramUserRow[]> {
  if (userIds.length === 0) return []
  return db
    .select()
    .from(instagramUsers)
    .where(
      and(
        eq(instagramUsers.salonId, salonId),
        eq(instagramUsers.igAccountId, igAccountId),
        inArray(instagramUsers.userId, userIds),
        isNull(instagramUsers.blockedAt),
        gt(instagramUsers.lastMessageAt, windowOpenSince),
      ),
    )
    .orderBy(desc(instagramUsers.lastMessageAt))
}

/** Erasure: names and handles go; the counts the owner sees stay (they say nothing about anyone). */
export async function forgetUsers(db: Executor, salonId: string, userIds: string[], now: Date): Promise<void> {
  if (userIds.length === 0) return
  await db
    .update(instagramUsers)
    .set({ name: null, username: null, updatedAt: now })
    .where(and(eq(instagramUsers.salonId, salonId), inArray(instagramUsers.userId, userIds)))
}

/** The connected accounts of these salons, for their pages. */
export async function accountsOfSalons(
  db: Executor,
  salonIds: string[],
): Promise<Pick<InstagramAccountRow, 'salonId' | 'username' | 'reconnectRequiredAt'>[]> {
  if (salonIds.length === 0) return []
  return db
    .select({
      salonId: instagramAccounts.salonId,
      username: instagramAccounts.username,
      reconnectRequiredAt: instagramAccounts.reconnectRequiredAt,
    })
    .from(instagramAccounts)
    .where(inArray(instagramAccounts.salonId, salonIds))
}
