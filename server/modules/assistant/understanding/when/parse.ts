/**
 * `parseWhen`, top to bottom: the message becomes canonical tokens (`canonical.ts`); the readers
 * then take their words in this order, each leaving the words it read to no other:
 *   1. dates written as such (`dates.ts`), days relative to today and periods (`relative.ts`);
 *      a weekday or day of the month alone lands in the period spoken of (`landInPeriods`);
 *   2. windows of the day, "entre 14h et 16h", "after 5pm" (`time-ranges.ts`);
 *   3. clock times (`times.ts`, reading each with `clock.ts`);
 *   4. parts of the day and their edges, "en fin de matinée" (`day-parts.ts`);
 * and among several mentions of a kind, one is chosen (`choose.ts`).
 */
import type { Language } from '@common/languages'
import { canonicalize } from './canonical'
import { choose, isNegated, listedAlternatives, sentenceBreakBetween } from './choose'
import { CHANGE, INSTEAD } from './cue-words'
import {
  DateScan,
  mergeWeekdays,
  readDayMonthDates,
  readDaysOfMonth,
  readLooseNumericDates,
  readNumericDates,
  readWeekdays,
  readWeekdaysInWeek,
  readWeekdaysWithDay,
} from './dates'
import { readPartsOfDay } from './day-parts'
import { readHolidays } from './holidays'
import { landInPeriods, readDaysFromToday, readMonths, readNamedPeriods, readRelativeDays } from './relative'
import { readTimeRanges } from './time-ranges'
import { approximateBefore, readTimes, resolveTime } from './times'
import { type DateMention, type Mention, type PartMention, type RangeMention, Text, type TimeMention } from './tokens'
import type { Exclusions, PartOfDay, When, WhenContext } from './types'

export function parseWhen(message: string, context: WhenContext): When {
  const canonical = canonicalize(message, context.language)
  const language = canonical.language
  const text = new Text(canonical.tokens)
  const change = CHANGE.test(text.text) || INSTEAD.test(text.text)

  const { dates, ranges, impossible } = readDatesAndPeriods(text, { ...context, ...(language ? { language } : {}) })
  const timeRanges = readTimeRanges(text, change)
  const times = readTimes(text, language)
  const partsOfDay = readPartsOfDay(text)

  // What the message rules out is never the wish ("pas le matin" is no morning), only a limit.
  const ruledOut = <T extends Mention>(list: T[]) => list.filter((m) => isNegated(text, m, change))
  const open = <T extends Mention>(list: T[]) => list.filter((m) => !isNegated(text, m, change))
  const when: When = {}
  setDay(when, choose(text, open(dates), change), choose(text, open(ranges), change))
  const timeRange = choose(text, open(timeRanges), change)
  if (timeRange) when.timeRange = { from: timeRange.from, to: timeRange.to }
  const openParts = open(partsOfDay)
  setTime(when, text, choose(text, open(times), change), choose(text, openParts, change), openParts, language)
  if (impossible && !when.date) when.impossibleDate = impossible
  const excluded = exclusions(ruledOut(dates), ruledOut(partsOfDay), ruledOut(times), language)
  if (excluded) when.excluded = excluded
  const alternatives = listedAlternatives(text, times, change)
  if (alternatives.length > 1)
    when.timeAlternatives = alternatives.map((t) => plausibleTime(t, when.partOfDay, language))
  if (canonical.earliest) when.earliest = true
  if (canonical.sameTime) when.sameTime = true
  return when
}

/** The days, parts of the day and times ruled out, when there are any. */
function exclusions(
  dates: DateMention[],
  parts: PartMention[],
  times: TimeMention[],
  language: Language | undefined,
): Exclusions | undefined {
  const out: Exclusions = {}
  const weekdays = dates.filter((d) => d.plainWeekday && d.weekday !== undefined).map((d) => d.weekday as number)
  const days = dates.filter((d) => !(d.plainWeekday && d.weekday !== undefined) && d.date).map((d) => d.date as string)
  if (weekdays.length > 0) out.weekdays = weekdays
  if (days.length > 0) out.dates = days
  if (parts.length > 0) out.partsOfDay = parts.map((p) => p.part)
  const minutes = times.flatMap((t) => {
    const value = resolveTime(t, t.part, language)
    return Array.isArray(value) ? value : [value]
  })
  if (minutes.length > 0) out.times = minutes
  return Object.keys(out).length > 0 ? out : undefined
}

/** Dates, then periods, in the order that lets the longer phrases take their words first. */
function readDatesAndPeriods(
  text: Text,
  context: WhenContext,
): { dates: DateMention[]; ranges: RangeMention[]; impossible?: { day: number; month: number } } {
  const { today } = context
  const scan = new DateScan(text, today, context.language, context)
  readHolidays(scan, context.country)
  readNumericDates(scan)
  readDayMonthDates(scan)
  readWeekdaysInWeek(scan)
  readWeekdaysWithDay(scan)
  readLooseNumericDates(scan)
  readDaysFromToday(scan)
  readRelativeDays(scan)
  readWeekdays(scan)
  readDaysOfMonth(scan)
  const ranges: RangeMention[] = []
  readMonths(text, today, ranges)
  readNamedPeriods(text, today, context, ranges)
  const landed = landInPeriods(mergeWeekdays(text, scan.dates, today, scan.near), ranges, context, today)
  return scan.impossible ? { ...landed, impossible: scan.impossible } : landed
}

/** A date wins over a period. */
function setDay(when: When, date: DateMention | undefined, range: RangeMention | undefined): void {
  if (date?.date) {
    when.date = date.date
    if (date.past) when.pastDate = true
    if (date.alternatives) when.dateAlternatives = date.alternatives
  } else if (range) when.range = { from: range.from, to: range.to }
}

function setTime(
  when: When,
  text: Text,
  time: TimeMention | undefined,
  partMention: PartMention | undefined,
  partsOfDay: PartMention[],
  language: Language | undefined,
): void {
  let part = time?.part ?? partMention?.part
  if (time) {
    // A part of the day said in the same sentence settles the hour ("ce soir à 8h", "tomorrow morning at 9").
    const sameSentence = partMention !== undefined && !sentenceBreakBetween(text, partMention, time)
    const value = resolveTime(time, sameSentence ? partMention.part : undefined, language)
    if (Array.isArray(value)) when.timeOptions = value
    else when.time = value
    if (time.approximate) when.approximate = true
    if (time.part) part = time.part
  }
  if (!part) return
  when.partOfDay = part
  const edgeSource =
    partMention && partMention.part === part ? partMention : partsOfDay.find((p) => p.part === part && p.edge)
  if (edgeSource?.edge) when.partOfDayEdge = edgeSource.edge
  if (!time && partMention && approximateBefore(text.before(partMention.start, 4))) when.approximate = true
}

/** One reading of a time: an hour without am/pm within 7:00–21:00 ("um 10 oder um 16 Uhr" → 10:00, 16:00). */
function plausibleTime(time: TimeMention, part: PartOfDay | undefined, language: Language | undefined): number {
  const value = resolveTime(time, part, language)
  if (!Array.isArray(value)) return value
  return value.find((m) => m >= 7 * 60 && m < 21 * 60) ?? (value[0] as number)
}
