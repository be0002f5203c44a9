import type { WorkingHours } from '@common/schemas/schedule'
import { formatMinutes, minutesOfDay, weekdayOf } from '@common/time'
import type { PartOfDay } from '../understanding/when'
import type { Draft } from './state'

/** Small arithmetic on local starts ('YYYY-MM-DDTHH:MM'), free of any reading or wording. */

/** Parts of the day, in minutes after midnight (start inclusive, end exclusive). */
export const PART_RANGES: Record<PartOfDay, [number, number]> = {
  morning: [0, 12 * 60],
  midday: [11 * 60 + 30, 14 * 60],
  afternoon: [12 * 60, 18 * 60],
  evening: [17 * 60, 24 * 60],
}

/** "fin de matinée", "early afternoon": the half of the part nearest to that edge. */
const EDGE_RANGES: Record<PartOfDay, Record<'early' | 'late', [number, number]>> = {
  morning: { early: [0, 10 * 60 + 30], late: [10 * 60 + 30, 12 * 60] },
  midday: { early: [11 * 60 + 30, 12 * 60 + 30], late: [12 * 60 + 30, 14 * 60] },
  afternoon: { early: [12 * 60, 15 * 60], late: [15 * 60 + 30, 18 * 60] },
  evening: { early: [17 * 60, 19 * 60], late: [19 * 60, 24 * 60] },
}

/** Minutes after midnight of a local start ("2026-12-02T14:30") or a time ("14:30"). */
export function minutesOf(localStartOrTime: string): number {
  return minutesOfDay(localStartOrTime.slice(-5))
}

/** ("2026-12-02", 870) → "2026-12-02T14:30". */
export function localStart(date: string, minutes: number): string {
  return `${date}T${formatMinutes(minutes)}`
}

/**
 * The window of the day the draft asks for, as the starts it allows: a range ("entre 14h et 16h",
 * "prima delle 11" — the appointment of `duration` minutes ends by its end), or a part of the day
 * (with its edge), in which it starts.
 */
export function wishedWindow(draft: Draft, duration: number): [number, number] | undefined {
  if (draft.timeRange)
    return [draft.timeRange.from, Math.max(draft.timeRange.from + 1, draft.timeRange.to - duration + 1)]
  if (!draft.partOfDay) return undefined
  return draft.partOfDayEdge ? EDGE_RANGES[draft.partOfDay][draft.partOfDayEdge] : PART_RANGES[draft.partOfDay]
}

export function inWindow(starts: string[], window: [number, number] | undefined): string[] {
  if (!window) return starts
  const [from, to] = window
  return starts.filter((s) => minutesOf(s) >= from && minutesOf(s) < to)
}

/** Starts of one day, nearest to a time first. */
export function nearestTo(starts: string[], date: string, minutes: number): string[] {
  return starts
    .filter((s) => s.startsWith(date))
    .sort((a, b) => Math.abs(minutesOf(a) - minutes) - Math.abs(minutesOf(b) - minutes) || a.localeCompare(b))
}

/** On each day, the free start nearest to the wished time. */
export function firstPerDay(starts: string[], minutes: number): string[] {
  const byDay = new Map<string, string>()
  for (const start of starts) {
    const day = start.slice(0, 10)
    const current = byDay.get(day)
    if (!current || Math.abs(minutesOf(start) - minutes) < Math.abs(minutesOf(current) - minutes)) byDay.set(day, start)
  }
  return [...byDay.values()].sort()
}

/** At most `count` starts spread over the list, preferring round times. */
export function spread(starts: string[], count: number): string[] {
  if (starts.length <= count) return starts
  const round = starts.filter((s) => minutesOf(s) % 30 === 0)
  const pool = round.length >= count ? round : starts
  const step = pool.length / count
  return Array.from({ length: count }, (_, i) => pool[Math.floor(i * step)] as string)
}

/**
 * Readings of an hour ordered by how plausible they are for the salon that day: inside the opening
 * hours first, then nearest to them ("at 8" is 8 am, an hour before opening, not 8 pm).
 */
export function plausibleFirst(week: WorkingHours, date: string, candidates: number[]): number[] {
  if (candidates.length < 2) return candidates
  const intervals = dayOf(week, date).intervals.map((i) => {
    const opens = minutesOf(i.openTime)
    const closes = minutesOf(i.closeTime)
    return [opens, closes <= opens ? closes + 24 * 60 : closes] as const
  })
  const distance = (minutes: number) =>
    intervals.length === 0
      ? 0
      : Math.min(
          ...intervals.map(([opens, closes]) =>
            minutes < opens ? opens - minutes : minutes >= closes ? minutes - closes + 1 : 0,
          ),
        )
  return [...candidates].sort((a, b) => distance(a) - distance(b) || a - b)
}

export function dayOf(week: WorkingHours, date: string): WorkingHours[keyof WorkingHours] {
  return week[String(weekdayOf(date)) as keyof WorkingHours]
}
