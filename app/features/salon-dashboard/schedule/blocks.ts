import { formatDate } from '@app/lib/format'
import type { Language } from '@common/languages'
import { blockMinutes, type RecurringBlock, type recurringBlockInputSchema } from '@common/schemas/schedule'
import { isLocalDate, isLocalTime, minutesOfDay, weekdayOf } from '@common/time'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { calendarDate, SHORT_DATE } from './time-off'

/**
 * A block as the dialog edits it: times as HH:mm, days as YYYY-MM-DD ('' when not given). Once: on
 * `firstDay` only (a weekly block of that weekday whose first and last day are that day); weekly:
 * on `weekdays`, from `firstDay` and until `lastDay` if given.
 */
export interface BlockDraft {
  repeat: 'once' | 'weekly'
  weekdays: number[]
  startTime: string
  endTime: string
  firstDay: string
  lastDay: string
  reason: string
}

export type BlockDraftError = 'noDay' | 'noWeekday' | 'missingTimes' | 'endBeforeStart' | 'lastDayBeforeFirst'

export type BlockBody = z.input<typeof recurringBlockInputSchema>

const wellFormedEnd = (time: string) => time === '24:00' || isLocalTime(time)

export function validateBlock(draft: BlockDraft): BlockDraftError | undefined {
  if (draft.repeat === 'once' && !isLocalDate(draft.firstDay)) return 'noDay'
  if (draft.repeat === 'weekly' && draft.weekdays.length === 0) return 'noWeekday'
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
  if (draft.repeat === 'once') {
    return {
      weekdays: [weekdayOf(draft.firstDay)],
      startTime: draft.startTime,
      endTime: draft.endTime,
      ...(memberId ? { memberId } : {}),
      firstDay: draft.firstDay,
      lastDay: draft.firstDay,
      ...(reason ? { reason } : {}),
    }
  }
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
  const short = SHORT_DATE[language]
  if (isOneDay(block)) {
    const day = formatDate(calendarDate(block.firstDay), `EEE ${short} yyyy`, language)
    return { days: day, times: `${block.startTime}–${block.endTime}`, period: t('schedule.blocks.onceOnly') }
  }
  const days =
    block.weekdays.length === 7
      ? t('schedule.blocks.everyDay')
      : block.weekdays.map((weekday) => shortWeekday(weekday, language)).join(', ')
  const first = formatDate(calendarDate(block.firstDay), `${short} yyyy`, language)
  const period = block.lastDay
    ? t('schedule.blocks.between', {
        first: formatDate(calendarDate(block.firstDay), short, language),
        last: formatDate(calendarDate(block.lastDay), `${short} yyyy`, language),
      })
    : t('schedule.blocks.from', { date: first })
  return { days, times: `${block.startTime}–${block.endTime}`, period }
}

/** A block on one day only (made "once", from the agenda or the dialog). */
export function isOneDay(block: Pick<RecurringBlock, 'firstDay' | 'lastDay'>): boolean {
  return block.lastDay === block.firstDay
}

/** Whether a block still has a day to come (the Hours tab lists those; the agenda shades them all). */
export function stillToCome(block: Pick<RecurringBlock, 'lastDay'>, today: string): boolean {
  return block.lastDay === null || block.lastDay >= today
}
