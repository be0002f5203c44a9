import { formatDate } from '@app/lib/format'
import type { Language } from '@common/languages'
import { blockMinutes, type RecurringBlock, type recurringBlockInputSchema } from '@common/schemas/schedule'
import { isLocalDate, isLocalTime, minutesOfDay } from '@common/time'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { calendarDate, SHORT_DATE } from './time-off'

/** A weekly block as the dialog edits it: times as HH:mm, days as YYYY-MM-DD ('' when not given). */
export interface BlockDraft {
  weekdays: number[]
  startTime: string
  endTime: string
  firstDay: string
  lastDay: string
  reason: string
}

export type BlockDraftError = 'noWeekday' | 'missingTimes' | 'endBeforeStart' | 'lastDayBeforeFirst'

export type BlockBody = z.input<typeof recurringBlockInputSchema>

const wellFormedEnd = (time: string) => time === '24:00' || isLocalTime(time)

export function validateBlock(draft: BlockDraft): BlockDraftError | undefined {
  if (draft.weekdays.length === 0) return 'noWeekday'
  if (!isLocalTime(draft.startTime) || !wellFormedEnd(draft.endTime)) return 'missingTimes'
  if (blockMinutes(draft.endTime) <= minutesOfDay(draft.startTime)) return 'endBeforeStart'
  if (isLocalDate(draft.firstDay) && isLocalDate(draft.lastDay) && draft.lastDay < draft.firstDay) {
    return 'lastDayBeforeFirst'
  }
  return undefined
}

/** The POST body: the days it was given, an empty reason left out. */
export function toBlockBody(draft: BlockDraft, memberId: string | null): BlockBody {
  const reason = draft.reason.trim()
  return {
    weekdays: [...draft.weekdays].sort((a, b) => a - b),
    startTime: draft.startTime,
    endTime: draft.endTime,
    ...(memberId ? { memberId } : {}),
    ...(draft.firstDay ? { firstDay: draft.firstDay } : {}),
    ...(draft.lastDay ? { lastDay: draft.lastDay } : {}),
    ...(reason ? { reason } : {}),
  }
}

// 1 January 2024 was a Monday: weekday k (0 = Monday) is 1 + k January 2024.
const weekdayDate = (weekday: number) => new Date(2024, 0, 1 + weekday)

/** "lun." … as the language abbreviates a weekday. */
export function shortWeekday(weekday: number, language: Language): string {
  return formatDate(weekdayDate(weekday), 'EEE', language)
}

export interface BlockWords {
  /** "Tous les jours", "lun., mar., mer.". */
  days: string
  /** "12:30–13:15". */
  times: string
  /** "À partir du 1 déc. 2026", "Du 8 déc. au 15 déc. 2026 inclus". */
  period: string
}

/** A weekly block in words, in the interface language. */
export function describeBlock(
  block: Pick<RecurringBlock, 'weekdays' | 'startTime' | 'endTime' | 'firstDay' | 'lastDay'>,
  language: Language,
  t: TFunction,
): BlockWords {
  const days =
    block.weekdays.length === 7
      ? t('schedule.blocks.everyDay')
      : block.weekdays.map((weekday) => shortWeekday(weekday, language)).join(', ')
  const short = SHORT_DATE[language]
  const first = formatDate(calendarDate(block.firstDay), `${short} yyyy`, language)
  const period = block.lastDay
    ? t('schedule.blocks.between', {
        first: formatDate(calendarDate(block.firstDay), short, language),
        last: formatDate(calendarDate(block.lastDay), `${short} yyyy`, language),
      })
    : t('schedule.blocks.from', { date: first })
  return { days, times: `${block.startTime}–${block.endTime}`, period }
}
