import { INSTAGRAM_PAUSE_DEFAULT_MINUTES, INSTAGRAM_PAUSE_MAX_MINUTES } from '@common/schemas/instagram'
import type { TFunction } from 'i18next'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/**
 * How long ago a customer last wrote (spec §2): "Just now" under a minute, then whole minutes, hours
 * and days, in the interface language. A date a little ahead of the browser's clock (the server's
 * clock runs ahead) is "Just now", never "-1m ago".
 */
export function formatSince(iso: string, now: number, t: TFunction): string {
  const elapsed = now - Date.parse(iso)
  if (!(elapsed >= MINUTE_MS)) return t('dashboard.instagram.users.justNow')
  if (elapsed < HOUR_MS) return t('dashboard.instagram.users.minutesAgo', { minutes: Math.floor(elapsed / MINUTE_MS) })
  if (elapsed < DAY_MS) return t('dashboard.instagram.users.hoursAgo', { hours: Math.floor(elapsed / HOUR_MS) })
  return t('dashboard.instagram.users.daysAgo', { days: Math.floor(elapsed / DAY_MS) })
}

/**
 * A customer as the owner sees them (spec §9): the last 8 characters of their Instagram id after an
 * ellipsis. Instagram gives no name without another permission, and the full id means nothing to
 * anyone.
 */
export function shortUserId(userId: string): string {
  return `…${userId.slice(-8)}`
}

/** Whether the assistant is still holding back with this customer at `now`. */
export function isPaused(pausedUntil: string | null, now: number): boolean {
  return pausedUntil !== null && Date.parse(pausedUntil) > now
}

/**
 * The pause the owner typed (spec §5): whole minutes from 1 to 1440; 30 when it is not a number at
 * all, the nearest bound when it is out of range.
 */
export function pauseMinutesOf(entry: string): number {
  const minutes = Number.parseInt(entry, 10)
  if (Number.isNaN(minutes)) return INSTAGRAM_PAUSE_DEFAULT_MINUTES
  return Math.min(INSTAGRAM_PAUSE_MAX_MINUTES, Math.max(1, minutes))
}
