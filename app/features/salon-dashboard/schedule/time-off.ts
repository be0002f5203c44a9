import type { TimeOff, timeOffInputSchema } from '@common/schemas/schedule'
import { daysBetween, instantToLocal } from '@common/time'
import type { z } from 'zod'

/**
 * An absence is entered as two of the salon's calendar dates and sent as such: the server reads a
 * date as the salon's local midnight, so the absence runs from the start date's midnight to the end
 * date's — the salon reopens on the end date. That is why the end must be strictly later (spec §5).
 */

export type TimeOffBody = z.input<typeof timeOffInputSchema>

export interface TimeOffDraft {
  startDate: string
  endDate: string
  reason: string
}

export type TimeOffDraftError = 'missingDates' | 'endBeforeStart'

export function validateTimeOff(draft: TimeOffDraft): TimeOffDraftError | undefined {
  if (!draft.startDate || !draft.endDate) return 'missingDates'
  // YYYY-MM-DD strings compare as dates.
  if (draft.endDate <= draft.startDate) return 'endBeforeStart'
  return undefined
}

/** The POST body; an empty reason is left out (spec §5). */
export function toTimeOffBody(draft: TimeOffDraft): TimeOffBody {
  const reason = draft.reason.trim()
  return { startDate: draft.startDate, endDate: draft.endDate, ...(reason ? { reason } : {}) }
}

/** dd/MM/yyyy from YYYY-MM-DD. */
export function formatDayMonthYear(date: string): string {
  const [year, month, day] = date.split('-')
  return `${day}/${month}/${year}`
}

export interface TimeOffDisplay {
  /** dd/MM/yyyy, with HH:mm when the absence does not start or end at midnight. */
  start: string
  end: string
  /** Whole days off, when the absence runs from midnight to midnight. */
  days: number | undefined
}

/** How an absence (two instants) reads on the salon's clock. */
export function describeTimeOff(timeOff: Pick<TimeOff, 'startDate' | 'endDate'>, timeZone: string): TimeOffDisplay {
  const start = instantToLocal(Date.parse(timeOff.startDate), timeZone)
  const end = instantToLocal(Date.parse(timeOff.endDate), timeZone)
  const wholeDays = start.minutes === 0 && end.minutes === 0
  const show = (local: typeof start) =>
    wholeDays ? formatDayMonthYear(local.date) : `${formatDayMonthYear(local.date)} ${local.time}`
  return { start: show(start), end: show(end), days: wholeDays ? daysBetween(start.date, end.date) : undefined }
}

/** "3 jours", "1 Tag": the unit's plural from Intl, in the interface language. */
export function formatDayCount(days: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days)
}
