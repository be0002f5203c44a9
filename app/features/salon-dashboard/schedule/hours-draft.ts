import {
  intervalMinutes,
  WEEKDAY_KEYS,
  type WeekdayKey,
  type WorkingHours,
  type workingHoursInputSchema,
} from '@common/schemas/schedule'
import { formatMinutes, isLocalTime } from '@common/time'
import type { z } from 'zod'

/**
 * The opening-hours dialog edits one opening and one closing time per day. A day the server holds
 * as several intervals (a lunch break) keeps its breaks: the first interval takes the new opening
 * time, the last one the new closing time, and a break that no longer falls inside the day is
 * dropped (the dialog shows the breaks it keeps, so nothing disappears unseen).
 */

/** Spec §5: a day switched to open with no times opens 09:00–18:00. */
export const DEFAULT_OPEN_TIME = '09:00'
export const DEFAULT_CLOSE_TIME = '18:00'

export interface Break {
  /** Minutes after the day's midnight (past 1440 after midnight). */
  start: number
  end: number
}

export interface DayDraft {
  isOpen: boolean
  /** HH:mm, or '' when the day never had times. */
  openTime: string
  closeTime: string
  /** The gaps between the saved intervals of the day. */
  breaks: Break[]
}

export type HoursDraft = Record<WeekdayKey, DayDraft>
export type DayError = 'missingTime' | 'sameTime'
export type WorkingHoursBody = z.input<typeof workingHoursInputSchema>

export function draftFromWorkingHours(hours: WorkingHours): HoursDraft {
  const draft = {} as HoursDraft
  for (const key of WEEKDAY_KEYS) {
    const day = hours[key]
    const spans = day.intervals.map((i) => intervalMinutes(i.openTime, i.closeTime)).sort((a, b) => a[0] - b[0])
    const breaks = spans
      .slice(1)
      .map(([opens], index) => ({ start: (spans[index] as [number, number])[1], end: opens }))
    draft[key] = { isOpen: day.isOpen, openTime: day.openTime ?? '', closeTime: day.closeTime ?? '', breaks }
  }
  return draft
}

/** Opens or closes a day; opening a day without times gives it the default 09:00–18:00. */
export function switchDay(day: DayDraft, isOpen: boolean): DayDraft {
  if (!isOpen) return { ...day, isOpen }
  return {
    ...day,
    isOpen,
    openTime: day.openTime || DEFAULT_OPEN_TIME,
    closeTime: day.closeTime || DEFAULT_CLOSE_TIME,
  }
}

export function dayError(day: DayDraft): DayError | undefined {
  if (!day.isOpen) return undefined
  if (!isLocalTime(day.openTime) || !isLocalTime(day.closeTime)) return 'missingTime'
  if (day.openTime === day.closeTime) return 'sameTime'
  return undefined
}

/** A closing time at or before the opening time means the salon closes after midnight. */
export function closesNextDay(day: DayDraft): boolean {
  return day.isOpen && dayError(day) === undefined && day.closeTime < day.openTime
}

/** The day's breaks that still fall strictly inside its new opening and closing times. */
export function keptBreaks(day: DayDraft): Break[] {
  if (dayError(day) || !day.isOpen) return []
  const [opens, closes] = intervalMinutes(day.openTime, day.closeTime)
  return day.breaks.filter((b) => b.start > opens && b.end < closes && b.start < b.end)
}

export function formatBreak(b: Break): string {
  return `${formatMinutes(b.start)}–${formatMinutes(b.end)}`
}

/** The PUT body: a day without breaks as its opening and closing times, one with breaks as intervals. */
export function toWorkingHoursBody(draft: HoursDraft): WorkingHoursBody {
  const days = {} as WorkingHoursBody['workingHours']
  for (const key of WEEKDAY_KEYS) {
    const day = draft[key]
    const times = { openTime: day.openTime || null, closeTime: day.closeTime || null }
    const breaks = keptBreaks(day)
    if (!day.isOpen || breaks.length === 0) {
      days[key] = { isOpen: day.isOpen, ...times }
      continue
    }
    const [opens, closes] = intervalMinutes(day.openTime, day.closeTime)
    const edges = [opens, ...breaks.flatMap((b) => [b.start, b.end]), closes]
    const intervals = []
    for (let i = 0; i < edges.length; i += 2) {
      intervals.push({ openTime: formatMinutes(edges[i] as number), closeTime: formatMinutes(edges[i + 1] as number) })
    }
    days[key] = { isOpen: true, ...times, intervals }
  }
  return { workingHours: days }
}
