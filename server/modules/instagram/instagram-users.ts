import type { InstagramStats, InstagramUser, InstagramUserStatus } from '@common/schemas/instagram'
import { INSTAGRAM_USER_STATUSES } from '@common/schemas/instagram'
import type { Clock } from '@server/clock'
import type { Database, Executor } from '@server/db/client'
import type { InstagramUserRow } from '@server/db/schema'
import { instagramUserNotFound } from './instagram.errors'
import * as repo from './instagram.repository'
import { countInbound } from './instagram-inbox.repository'

/**
 * The owner's side of Instagram (spec §6, §7, §9): who wrote to the salon's account, and what the
 * owner decides about them — whitelisted (the assistant answers), paused for a while, unblocked.
 */

const HOUR_MS = 60 * 60 * 1000

/** The status the owner sees, computed from the dates (repository's `statusSql` is the same in SQL). */
export function statusOf(row: InstagramUserRow, now: Date): InstagramUserStatus {
  if (row.blockedAt) return 'blocked'
  if (row.cooldownUntil && row.cooldownUntil > now) return 'cooldown'
  if (row.pausedUntil && row.pausedUntil > now) return 'paused'
  return 'active'
}

export function presentInstagramUser(row: InstagramUserRow, now: Date): InstagramUser {
  return {
    userId: row.userId,
    messageCount: row.messageCount,
    lastMessageAt: row.lastMessageAt.toISOString(),
    status: statusOf(row, now),
    whitelisted: row.whitelisted,
    pausedUntil: row.pausedUntil && row.pausedUntil > now ? row.pausedUntil.toISOString() : null,
    cooldownUntil: row.cooldownUntil && row.cooldownUntil > now ? row.cooldownUntil.toISOString() : null,
  }
}

/** The users of the salon's connected account; none while no account is connected. */
export async function listInstagramUsers(db: Database, clock: Clock, salonId: string): Promise<InstagramUser[]> {
  const account = await repo.findAccount(db, salonId)
  if (!account) return []
  const now = clock.now()
  return (await repo.listUsers(db, salonId, account.igUserId)).map((row) => presentInstagramUser(row, now))
}

export async function instagramStats(db: Database, clock: Clock, salonId: string): Promise<InstagramStats> {
  const account = await repo.findAccount(db, salonId)
  if (!account) return { totalUsers: 0, whitelistedUsers: 0, recentMessages: 0, statusBreakdown: [] }
  const now = clock.now()
  const [figures, recentMessages] = await Promise.all([
    repo.userFigures(db, salonId, account.igUserId, now),
    countInbound(db, { salonId, igAccountId: account.igUserId, since: new Date(now.getTime() - 24 * HOUR_MS) }),
  ])
  const byStatus = new Map(figures.map((f) => [f.status, f.count]))
  return {
    totalUsers: figures.reduce((sum, f) => sum + f.count, 0),
    whitelistedUsers: figures.reduce((sum, f) => sum + f.whitelisted, 0),
    recentMessages,
    statusBreakdown: INSTAGRAM_USER_STATUSES.flatMap((status) => {
      const count = byStatus.get(status) ?? 0
      return count > 0 ? [{ _id: status, count }] : []
    }),
  }
}

/** The key of a user of the salon's current account, or undefined: another salon's user is unknown here. */
export async function userKeyOfSalon(db: Executor, salonId: string, userId: string): Promise<repo.UserKey | undefined> {
  const account = await repo.findAccount(db, salonId)
  if (!account) return undefined
  const key = { salonId, igAccountId: account.igUserId, userId }
  return (await repo.findUser(db, key)) ? key : undefined
}

async function changeUser(
  db: Database,
  clock: Clock,
  salonId: string,
  userId: string,
  change: (now: Date) => repo.UserChange,
): Promise<InstagramUser> {
  const key = await userKeyOfSalon(db, salonId, userId)
  if (!key) throw instagramUserNotFound()
  const now = clock.now()
  return presentInstagramUser(await repo.updateUser(db, key, change(now), now), now)
}

/** The assistant answers a whitelisted user (or stops answering them). */
export function setWhitelisted(db: Database, clock: Clock, salonId: string, userId: string, whitelisted: boolean) {
  return changeUser(db, clock, salonId, userId, () => ({ whitelisted }))
}

/** The assistant stays quiet with this user for a while; the owner talks to them. */
export function pauseUser(db: Database, clock: Clock, salonId: string, userId: string, minutes: number) {
  return changeUser(db, clock, salonId, userId, (now) => ({ pausedUntil: new Date(now.getTime() + minutes * 60_000) }))
}

/** The owner lifts a block (and a cooldown): the sender starts again with a clean slate. */
export function unblockUser(db: Database, clock: Clock, salonId: string, userId: string) {
  return changeUser(db, clock, salonId, userId, () => ({
    blockedAt: null,
    cooldownUntil: null,
    strikes: 0,
    lastStrikeAt: null,
  }))
}
