import { formatDate } from '@app/lib/format'
import type { Language } from '@common/languages'
import type { TimeOff, timeOffInputSchema } from '@common/schemas/schedule'
import { addDays, daysBetween, instantToLocal } from '@common/time'
import type { TFunction } from 'i18next'
import type { z } from 'zod'

/**
 * An absence is entered as two of the salon's calendar dates, its first and its last day away, and
 * sent as such: the server reads the start date as the salon's local midnight and a date as end as
 * the last day away, included (issue 39: one day off is 10 → 10; the specification's strictly later
 * end date meant the day the salon reopens, which people misread).
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
  if (draft.endDate < draft.startDate) return 'endBeforeStart'
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
  /** For whole days, the last day away (as it was entered); otherwise the end with its time. */
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
  if (!wholeDays) return { start: show(start), end: show(end), days: undefined }
  return { start: show(start), end: formatDayMonthYear(addDays(end.date, -1)), days: daysBetween(start.date, end.date) }
}

/** "3 jours", "1 Tag": the unit's plural from Intl, in the interface language. */
export function formatDayCount(days: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days)
}

/** How each language writes a short date: "24 déc.", "24. Dez.", "24 dic", "24 Dec". */
export const SHORT_DATE: Record<Language, string> = { fr: 'd MMM', de: 'd. MMM', it: 'd MMM', en: 'd MMM' }

/** A YYYY-MM-DD date as a Date at its local midnight, for formatting only. */
export const calendarDate = (date: string, shift = 0) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, day + shift)
}

export interface TimeOffWords {
  /** "Du 24 déc. au 26 déc. 2026 inclus (3 jours)", "Le 24 déc. 2026 (1 jour)", or with the times. */
  period: string
  /** "De retour le 27 déc.": the day the salon (or the member) works again, for whole days. */
  back: string | undefined
}

/**
 * An absence in words that cannot be misread (issue 18): "24/12 → 27/12 · 3 jours" left open
 * whether the 27th was off. Whole days name the last day off, "inclusive", and the day back; an
 * absence that starts or ends within a day names both instants with their times.
 */
export function describeTimeOffInWords(
  timeOff: Pick<TimeOff, 'startDate' | 'endDate'>,
  timeZone: string,
  language: Language,
  t: TFunction,
): TimeOffWords {
  const start = instantToLocal(Date.parse(timeOff.startDate), timeZone)
  const end = instantToLocal(Date.parse(timeOff.endDate), timeZone)
  const short = SHORT_DATE[language]
  if (start.minutes !== 0 || end.minutes !== 0) {
    const at = (local: typeof start) =>
      `${formatDate(calendarDate(local.date), `${short} yyyy`, language)}, ${local.time}`
    return { period: t('schedule.timeOff.between', { start: at(start), end: at(end) }), back: undefined }
  }
  const days = daysBetween(start.date, end.date)
  const first = calendarDate(start.date)
  const last = calendarDate(end.date, -1)
  const duration = formatDayCount(days, language)
  const back = t('schedule.timeOff.back', { date: formatDate(calendarDate(end.date), short, language) })
  if (days === 1) {
    return {
      period: t('schedule.timeOff.oneDay', { day: formatDate(first, `${short} yyyy`, language), duration }),
      back,
    }
  }
  const sameYear = first.getFullYear() === last.getFullYear()
  return {
    period: t('schedule.timeOff.days', {
      first: formatDate(first, sameYear ? short : `${short} yyyy`, language),
      last: formatDate(last, `${short} yyyy`, language),
      duration,
    }),
    back,
  }
}
