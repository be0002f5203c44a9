/**
 * Days and periods said relative to today, or to the week the conversation speaks of:
 * - days: today, tomorrow, "après-demain", yesterday; "ce soir" (today); "in 3 days", "dans 3 jours",
 *   "in 3 Tagen", "tra 3 giorni", "two weeks from today"; "dans 2 semaines", "in zwei Wochen",
 *   "tra due settimane" (that day, 14 days on); "dans huit/quinze jours", "fra 8/15 giorni" (a week,
 *   two weeks: 7/14 days, the same weekday);
 * - periods (Monday–Sunday weeks): this week (from today), next week, "the week after next",
 *   "übernächste Woche", "la semaine d'après" (after the week spoken of), this/next weekend, this
 *   month (from today), next month;
 * - months: "en mars", "im Februar", "a febbraio", "in March" (the next such month, this one when
 *   today is in it, from today on), and their thirds: "début janvier", "mi-février", "fin janvier",
 *   "Anfang März", "Mitte Februar", "Ende Januar", "inizio febbraio", "a metà gennaio",
 *   "fine gennaio", "early/mid/late March", "fin du mois" (1–10, 11–20, 21–end);
 * - landing: a weekday said alone goes into the period named with it ("dans 2 semaines le mercredi",
 *   "début janvier un samedi") or else into the conversation's week (`context.week`); a day of the
 *   month said alone goes into the conversation's period ("in February" … "the 3rd").
 */
import { addDays } from '@common/time'
import {
  dayInPeriod,
  type MonthPart,
  makeDate,
  mondayOf,
  monthBounds,
  monthPeriod,
  type Period,
  parts,
  shiftMonth,
  weekdayInPeriod,
  weekOf,
} from './calendar'
import { type DateScan, mondayOfWeek } from './dates'
import { type DateMention, type RangeMention, scan, type Text } from './tokens'
import type { WhenContext } from './types'

const WEEK_UNIT = /^(?:week|semaine|woche|settiman)/

/** "in 3 days", "dans 15 jours", "in zwei Wochen", "tra due settimane", "two weeks from today". */
export function readDaysFromToday(r: DateScan): void {
  const { today } = r
  scan(
    r.text,
    '(?:in|dans|tra|fra|entro|d ici) (\\d{1,3}|a|an|one|un|une|ein|einem|einer|una|uno) (days?|jours?|tagen?|tage|giorni|giorno|weeks?|semaines?|wochen?|settimane|settimana)(?: (?:from now|later))?|(\\d{1,3}|a) (days?|weeks?) from (?:now|today|TODAY)',
    (m) => {
      const count = Number(m[1] ?? m[3]) || 1
      const unit = (m[2] ?? m[4]) as string
      const weeks = WEEK_UNIT.test(unit)
      let days = weeks ? count * 7 : count
      // French "dans huit jours" is a week, "dans quinze jours" two; so is Italian "fra 15 giorni".
      const frenchOrItalianDays = unit.startsWith('jour') || unit.startsWith('giorn')
      if (frenchOrItalianDays && (count === 8 || count === 15)) days = count - 1
      const date = addDays(today, days)
      const inWeeks = weeks || days % 7 === 0
      return r.push(m, { kind: 'relative', date, ...(inWeeks ? { week: weekOf(date) } : {}) })
    },
  )
}

const RELATIVE_DAYS: Record<string, number> = { TODAY: 0, TOMORROW: 1, DAT: 2, YESTERDAY: -1, DBY: -2 }

/** today, tomorrow, yesterday…; this morning, ce soir, questa sera, diesen Abend: today. */
export function readRelativeDays(r: DateScan): void {
  const { today } = r
  scan(r.text, 'TODAY|TOMORROW|DAT|YESTERDAY|DBY', (m) => {
    const offset = RELATIVE_DAYS[m[0]] as number
    return r.push(m, { kind: 'relative', date: addDays(today, offset), ...(offset < 0 ? { past: true } : {}) })
  })
  // (the part of the day stays to be read)
  scan(r.text, '(?:this|ce|cet|cette|questo|questa|diesen|diesem)(?= P(?:MORN|MID|AFT|EVE)(?: |$))', (m) =>
    r.push(m, { kind: 'relative', date: today }),
  )
}

/** The period a marker names. */
function periodOf(marker: string, today: string, context: WhenContext): Period {
  const monday = mondayOf(today)
  switch (marker) {
    case 'THISWEEK':
      return { from: today, to: addDays(monday, 6) }
    case 'NEXTWEEKEND':
      return { from: addDays(monday, 12), to: addDays(monday, 13) }
    case 'THISWEEKEND':
      return { from: addDays(monday, 5) < today ? today : addDays(monday, 5), to: addDays(monday, 6) }
    case 'THISMONTH':
    case 'NEXTMONTH': {
      const [year, month] = parts(today)
      const [y, mo] = shiftMonth(year, month, marker === 'NEXTMONTH' ? 1 : 0)
      const bounds = monthBounds(y, mo)
      return marker === 'NEXTMONTH' ? bounds : { from: today, to: bounds.to }
    }
    default: {
      // NEXTWEEK, WEEKAFTERNEXT, FOLLOWINGWEEK
      const from = mondayOfWeek(marker, today, context)
      return { from, to: addDays(from, 6) }
    }
  }
}

/** Weeks, weekends and months named by a marker ("next week", "ce week-end", "le mois prochain"). */
export function readNamedPeriods(text: Text, today: string, context: WhenContext, ranges: RangeMention[]): void {
  scan(text, 'NEXTWEEK|THISWEEK|WEEKAFTERNEXT|FOLLOWINGWEEK|NEXTWEEKEND|THISWEEKEND|NEXTMONTH|THISMONTH', (m) => {
    ranges.push({ start: m.index, end: m.index + m[0].length, ...periodOf(m[0], today, context) })
    return true
  })
}

const THIRD_WORDS: Record<string, MonthPart> = {
  EARLY: 'early',
  anfang: 'early',
  beginning: 'early',
  start: 'early',
  mi: 'mid',
  mid: 'mid',
  mitte: 'mid',
  meta: 'mid',
  middle: 'mid',
  LATE: 'late',
  ende: 'late',
  end: 'late',
  fine: 'late',
}
const THIRD = `(${Object.keys(THIRD_WORDS).join('|')})(?: (?:of|de|d|du|di|des|del|la|the))*`
/** Words before a month that make it the month itself ("en mars", "im Februar", "a marzo", "in March"). */
const MONTH_CUE =
  '(?:in|en|im|a|ad|nel|during|for|pour|courant|durant|pendant|(?:au |le )?mois de|im monat|(?:il |nel )?mese di|(?:in )?the month of)'

/** A month alone, or a third of it: "en mars", "début janvier", "mi-février", "Ende Januar", "fine gennaio", "late March". */
export function readMonths(text: Text, today: string, ranges: RangeMention[]): void {
  const push = (m: RegExpExecArray, period: Period) => {
    ranges.push({ start: m.index, end: m.index + m[0].length, ...period })
    return true
  }
  scan(text, `${THIRD} (?:MO(\\d{1,2})|(THISMONTH|NEXTMONTH))`, (m) => {
    const third = THIRD_WORDS[m[1] as string] as MonthPart
    if (m[2]) return push(m, monthPeriod(today, Number(m[2]), third))
    const [year, month] = parts(today)
    const [y, mo] = shiftMonth(year, month, m[3] === 'NEXTMONTH' ? 1 : 0)
    const period = monthPeriod(makeDate(y, mo, 1) as string, mo, third)
    return push(m, period.from < today ? { from: today, to: period.to } : period)
  })
  scan(text, `${MONTH_CUE} MO(\\d{1,2})`, (m) => push(m, monthPeriod(today, Number(m[1]))))
}

/**
 * A weekday said alone lands in the period said with it ("dans 2 semaines le mercredi", "début
 * janvier un samedi", "la semaine prochaine … mardi"), or else, when the message names no other
 * day, in the conversation's period; a day of the month alone lands in the conversation's period.
 * The mention that named the period gives way to the day.
 */
export function landInPeriods(
  dates: DateMention[],
  ranges: RangeMention[],
  context: WhenContext,
  today: string,
): { dates: DateMention[]; ranges: RangeMention[] } {
  const weekdays = dates.filter((d) => d.plainWeekday && d.weekday !== undefined)
  const others = dates.filter((d) => !d.plainWeekday)
  const namer = others.find((d) => d.week) ?? ranges[0]
  if (namer && weekdays.length > 0) {
    const period = 'week' in namer && namer.week ? namer.week : (namer as Period)
    const landed = weekdays.filter((d) => landWeekday(d, period, today))
    if (landed.length > 0)
      return { dates: dates.filter((d) => d !== namer), ranges: ranges.filter((range) => range !== namer) }
  }
  const { week } = context
  if (!week || namer) return { dates, ranges }
  if (others.length === 0) for (const d of weekdays) landWeekday(d, week, today)
  for (const d of others) {
    if (d.kind !== 'explicit' || d.dayOfMonth === undefined || d.weekday !== undefined) continue
    const date = dayInPeriod(week, d.dayOfMonth, today)
    if (date) d.date = date
  }
  return { dates, ranges }
}

function landWeekday(mention: DateMention, period: Period, today: string): boolean {
  const date = weekdayInPeriod(period, mention.weekday as number, today)
  if (!date) return false
  mention.date = date
  return true
}
