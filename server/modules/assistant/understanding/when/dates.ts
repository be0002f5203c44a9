/**
 * Dates written as such: numbers ("15/12", "15.12.", "2026-12-15", "15.1"), a day and a month
 * ("9 décembre", "the 2nd of January", "am 5ten Februar", "il 1° febbraio", "Dec 9"), a weekday with
 * a day number ("mardi 2", "Friday 26th", "Do 17.12."), a weekday in a named week ("mardi de la
 * semaine prochaine", "übernächste Woche Dienstag"), a weekday alone ("samedi", "next Wednesday",
 * "mercoledì prossimo", "last Friday"), a day of the month alone ("le 12", "the 3rd", "am 3.",
 * "il 31", "le 1er", "am ersten"). Relative days and periods are in `relative.ts`.
 */
import type { Language } from '@common/languages'
import { addDays, weekdayOf } from '@common/time'
import {
  fullYear,
  makeDate,
  mondayOf,
  nextWeekday,
  parts,
  previousWeekday,
  resolveDayMonth,
  resolveDayOfMonth,
  shiftMonth,
} from './calendar'
import { isPartMarker } from './canonical'
import { CHANGE, CLOCK_CUES, HOUR_PART_FILLERS, TIME_CUES, TIME_MARKERS, UNIT_WORDS } from './cue-words'
import { type DateMention, scan, type Text } from './tokens'
import type { WhenContext } from './types'

export const DAYN = '(\\d{1,2})\\.?(?: ORD)?'
const YEAR = '(\\d{4})\\.?'
const MONTH = 'MO(\\d{1,2})'
const WEEKDAY = 'WD([0-6])'
/** Markers of a named week, where a weekday said with it lands. */
const WEEK_MARKERS = 'NEXTWEEK|THISWEEK|WEEKAFTERNEXT|FOLLOWINGWEEK'

/** What the date readers share: the text, today, and the dates found so far. */
export class DateScan {
  readonly dates: DateMention[] = []
  constructor(
    readonly text: Text,
    readonly today: string,
    readonly language: Language | undefined,
    readonly context: WhenContext,
  ) {}

  /** The day the conversation speaks of, if any (see `WhenContext.near`). */
  get near(): string | undefined {
    return this.context.near ?? this.context.week?.from
  }

  push(m: RegExpExecArray, mention: Omit<DateMention, 'start' | 'end'>): true {
    this.dates.push({ start: m.index, end: m.index + m[0].length, ...mention })
    return true
  }

  /** A date with a day number; an invalid one (31 February) is still no time nor anything else. */
  explicit(m: RegExpExecArray, date: string | undefined, extra: Partial<DateMention> = {}): true {
    if (date) this.push(m, { kind: 'explicit', date, ...extra })
    return true
  }

  /** A day of a month that has no such day ("31 February", "31/04"): said back as impossible. */
  impossible?: { day: number; month: number }

  withYear(m: RegExpExecArray, year: number, month: number, day: number): true {
    const date = makeDate(year, month, day)
    if (!date) this.noSuchDay(day, month)
    return this.explicit(m, date, date && date < this.today ? { past: true } : {})
  }

  /** A day and month without a year (see `resolveDayMonth`). */
  dayMonth(m: RegExpExecArray, day: number, month: number): boolean {
    const resolved = resolveDayMonth(this.today, day, month)
    if (!resolved) this.noSuchDay(day, month)
    return this.explicit(m, resolved?.date, resolved?.past ? { past: true } : {})
  }

  private noSuchDay(day: number, month: number): void {
    // Only a day some month has (29–31) in a real month: "31 février", not "45/13".
    if (month >= 1 && month <= 12 && day >= 29 && day <= 31) this.impossible = { day, month }
  }

  /** "11 h", "10 Uhr", "9 e mezza": the number was an hour. */
  nextIsTime(m: RegExpExecArray): boolean {
    const next = this.text.after(m.index + m[0].length, 2)
    return (
      (next[0] !== undefined && (TIME_MARKERS.has(next[0]) || UNIT_WORDS.has(next[0]) || next[0] === 'e')) ||
      (next[0] === 'meno' && next[1] !== undefined)
    )
  }

  prevIsTimeCue(m: RegExpExecArray): boolean {
    const prev = this.text.before(m.index, 2)
    return prev[0] !== undefined && (TIME_CUES.has(prev[0]) || (prev[0] === 'le' && prev[1] === 'verso'))
  }

  /** "le 3 de l'après-midi", "le 3 del pomeriggio": an hour, not a day. */
  nextIsPart(end: number): boolean {
    for (const token of this.text.after(end, 4)) {
      if (isPartMarker(token)) return true
      if (!HOUR_PART_FILLERS.has(token)) return false
    }
    return false
  }
}

/** 2026-12-15, 15/12/2026, 15.12.2026, 15-12-26, 15.12. (German, closing dot), 15/12 (12/15 in English). */
export function readNumericDates(r: DateScan): void {
  const { text, language } = r
  scan(text, '(\\d{4})-(\\d{1,2})-(\\d{1,2})\\.?', (m) => r.withYear(m, Number(m[1]), Number(m[2]), Number(m[3])))
  scan(text, '(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4}|\\d{2})\\.?', (m) => {
    const [a, b] = [Number(m[1]), Number(m[3])]
    const year = fullYear(m[4] as string)
    if (!makeDate(year, b, a) && language === 'en' && makeDate(year, a, b)) return r.withYear(m, year, a, b)
    return r.withYear(m, year, b, a)
  })
  // "alle 9.30." and "um 9.10." at the end of a sentence are times
  scan(text, '(\\d{1,2})\\.(\\d{1,2})\\.', (m) => {
    if (Number(m[2]) > 12 || CLOCK_CUES.has(text.before(m.index, 1)[0] ?? '')) return false
    return r.dayMonth(m, Number(m[1]), Number(m[2]))
  })
  scan(text, '(\\d{1,2})/(\\d{1,2})', (m) => {
    if (r.nextIsTime(m)) return false
    const [a, b] = [Number(m[1]), Number(m[2])]
    if (resolveDayMonth(r.today, a, b) || language !== 'en') return r.dayMonth(m, a, b)
    return r.dayMonth(m, b, a)
  })
}

/** Words before "15.1" that make it a date (a one-digit month without the closing dot). */
const BEFORE_SHORT_DATE = new Set(['am', 'den', 'vom', 'zum', 'bis', 'le', 'il', 'du', 'au', 'dal', 'al'])

/** 15.12 (no closing dot), 15.1 after a weekday or "am", 15-12: dates unless they read as times ("um 11.12", "9.30"). */
export function readLooseNumericDates(r: DateScan): void {
  scan(r.text, '(\\d{1,2})\\.(\\d{1,2})', (m) => {
    if (r.prevIsTimeCue(m) || r.nextIsTime(m) || Number(m[2]) > 12) return false
    const prev = r.text.before(m.index, 1)[0] ?? ''
    if (m[2]?.length !== 2 && !prev.startsWith('WD') && !BEFORE_SHORT_DATE.has(prev)) return false
    return resolveDayMonth(r.today, Number(m[1]), Number(m[2])) ? r.dayMonth(m, Number(m[1]), Number(m[2])) : false
  })
  scan(r.text, '(\\d{1,2})-(\\d{1,2})', (m) => {
    if (r.prevIsTimeCue(m) || r.nextIsTime(m)) return false
    return resolveDayMonth(r.today, Number(m[1]), Number(m[2])) ? r.dayMonth(m, Number(m[1]), Number(m[2])) : false
  })
}

/** "the 4th of this month", "le 12 du mois prochain", "9 décembre (2026)", "the 9th of March", "December 9th". */
export function readDayMonthDates(r: DateScan): void {
  const { text, today } = r
  const article = '(?:(?:on the|for the|the|le|il|am|den|dem|der|l|on) )?'
  scan(text, `${article}${DAYN} (?:(?:of|de|du|di|del|dello|des) )?(?:the )?(THISMONTH|NEXTMONTH)`, (m) => {
    const [year, month] = parts(today)
    const [y, mo] = shiftMonth(year, month, m[2] === 'NEXTMONTH' ? 1 : 0)
    const date = makeDate(y, mo, Number(m[1]))
    return r.explicit(m, date, date && date < today ? { past: true } : {})
  })
  scan(
    text,
    `(?:(?:on the|for the|the|le|il|am|den|dem|der|l|lo|on|du|au|vom|zum|dal|al) )?${DAYN} (?:(?:of|de|di|del|du) )?${MONTH}(?: \\.)?(?: ,)?(?: ${YEAR})?`,
    (m) => {
      const [day, month, year] = [Number(m[1]), Number(m[2]), m[3]]
      return year ? r.withYear(m, Number(year), month, day) : r.dayMonth(m, day, month)
    },
  )
  scan(text, `${MONTH}(?: \\.)?(?: ,)? (?:the )?${DAYN}(?: ,)?(?: ${YEAR})?`, (m) => {
    if (!m[3] && r.nextIsTime(m)) return false
    const [month, day, year] = [Number(m[1]), Number(m[2]), m[3]]
    return year ? r.withYear(m, Number(year), month, day) : r.dayMonth(m, day, month)
  })
}

/** The Monday of a named week: this, next, the one after next, or the one after the week spoken of. */
export function mondayOfWeek(marker: string, today: string, context: WhenContext): string {
  const monday = mondayOf(today)
  if (marker === 'THISWEEK') return monday
  if (marker === 'WEEKAFTERNEXT') return addDays(monday, 14)
  if (marker === 'FOLLOWINGWEEK' && context.week) return addDays(mondayOf(context.week.to), 7)
  return addDays(monday, 7)
}

/** "Tuesday next week", "mardi de la semaine prochaine", "übernächste Woche Dienstag", "sabato di questa settimana". */
export function readWeekdaysInWeek(r: DateScan): void {
  const inWeek = (m: RegExpExecArray, weekday: number, marker: string) => {
    const date = addDays(mondayOfWeek(marker, r.today, r.context), weekday)
    return r.push(m, { kind: 'weekday', date, weekday, ...(date < r.today ? { past: true } : {}) })
  }
  scan(
    r.text,
    `${WEEKDAY}(?: (?:or|ou|oder|o|and|et|und|e|,) WD[0-6])*(?: ,)?(?: (?:of|de|la|della|di|der|in|dans|nella|im|on|the|,)){0,2} (${WEEK_MARKERS})`,
    (m) => inWeek(m, Number(m[1]), m[2] as string),
  )
  scan(r.text, `(${WEEK_MARKERS})(?: (?:on|am|le|il|au|el|den|,)){0,2} ${WEEKDAY}`, (m) =>
    inWeek(m, Number(m[2]), m[1] as string),
  )
}

/** "next Wednesday the 9th", "mercredi 9", "Mittwoch, den 9.", "sabato 5", "mardi 2" (said of February). */
export function readWeekdaysWithDay(r: DateScan): void {
  scan(
    r.text,
    `(?:(?:the next|next|this|this coming|coming|on|le|am|il|ce|diesen|nachsten|questo|prossimo) )?${WEEKDAY}(?: ,)? (?:(?:the|le|den|dem|der|il|lo) )?(\\d{1,2})\\.?(?: ORD)?`,
    (m) => {
      if (r.nextIsTime(m)) return false
      const [weekday, day] = [Number(m[1]), Number(m[2])]
      if (day < 1 || day > 31) return false
      const date = resolveDayOfMonth(r.today, day, weekday, r.near)
      if (date) r.push(m, { kind: 'explicit', date, weekday, dayOfMonth: day })
      return true
    },
  )
}

const NEXT_BEFORE =
  'the next|next|this coming|coming|le prochain|la prochaine|prochain|nachsten|nachster|nachstes|nachste|kommenden|kommender|kommendes|kommende|il prossimo|la prossima|prossimo|prossima'
const LAST_BEFORE = 'last|past|letzten|letzter|letztes|vergangenen|vergangener|lo scorso|la scorsa|scorso|scorsa'
const THIS_BEFORE = 'this|ce|cette|diesen|dieser|diesem|questo|questa|jeden'
/** Articles and prepositions before a weekday that leave it "alone" ("le mardi", "on Tuesday", "am Dienstag"). */
const ARTICLE_BEFORE = 'on|le|(?<![0-9] )am|il|la|lo|the|au'
const NEXT_AFTER = 'prochain|prochaine|prossimo|prossima|qui vient'
const LAST_AFTER = 'dernier|derniere|passe|scorso|scorsa'
/** "this coming Wednesday", "mercredi qui vient": the coming one, never ambiguous. */
const COMING = /^(?:the next|this coming|coming|qui vient)$/

/**
 * Weekdays: "samedi", "this Saturday", "next Sunday", "dimanche prochain", "nächsten Sonntag",
 * "sabato scorso". "next <weekday>" said while that weekday is still to come this week is ambiguous:
 * both dates are kept as alternatives, this week's first.
 */
export function readWeekdays(r: DateScan): void {
  const { today } = r
  scan(
    r.text,
    `(?:(${NEXT_BEFORE}) |(${LAST_BEFORE}) |(${THIS_BEFORE}) |(?:${ARTICLE_BEFORE}) )?${WEEKDAY}(?: (${NEXT_AFTER})| (${LAST_AFTER}))?`,
    (m) => {
      const weekday = Number(m[4])
      const nextWord = m[1] ?? m[5]
      const last = m[2] !== undefined || m[6] !== undefined
      const date = last ? previousWeekday(today, weekday) : nextWeekday(today, weekday, nextWord !== undefined)
      const ambiguous = nextWord !== undefined && !COMING.test(nextWord) && weekday > weekdayOf(today)
      return r.push(m, {
        kind: 'weekday',
        date,
        weekday,
        ...(last ? { past: true } : {}),
        ...(nextWord === undefined && !last && m[3] === undefined ? { plainWeekday: true } : {}),
        ...(ambiguous ? { alternatives: [date, addDays(date, 7)] } : {}),
      })
    },
  )
}

/** "the 12th", "on the 5th", "le 12", "le 1er", "am 12.", "den 3.", "il 12", "l'11", "reporter au 10". */
export function readDaysOfMonth(r: DateScan): void {
  const { text, language } = r
  const bareDay = (m: RegExpExecArray) => {
    if (r.nextIsTime(m) || (!m[0].endsWith('ORD') && r.nextIsPart(m.index + m[0].length))) return false
    const day = Number(m[1])
    if (day < 1 || day > 31) return false
    const date = resolveDayOfMonth(r.today, day)
    if (date) r.push(m, { kind: 'explicit', date, dayOfMonth: day })
    return true
  }
  scan(text, '(?:(?:on the|for the|by the|until the|the|on|for|le|il|am|den|der|l|lo|el) )?(\\d{1,2})\\.? ORD', bareDay)
  if (language !== 'it') scan(text, 'le (\\d{1,2})', bareDay)
  // "reporter au 10" (only when something is being moved: "au 10" is also an address)
  if (language !== 'it' && language !== 'de' && CHANGE.test(text.text)) scan(text, 'au (\\d{1,2})', bareDay)
  if (language !== 'fr' && language !== 'en') scan(text, '(?:il|l) (\\d{1,2})', bareDay)
  if (language !== 'fr' && language !== 'it' && language !== 'en')
    scan(text, '(?:(?<![0-9] )am|den|dem|der|zum|vom|bis zum) (\\d{1,2})\\.?', bareDay)
  if (language === 'en') scan(text, '(?:on the|for the) (\\d{1,2})', bareDay)
}

/** A weekday next to an explicit date ("samedi 5 décembre", "Friday, December 4th") goes with it. */
export function mergeWeekdays(text: Text, dates: DateMention[], today: string, near?: string): DateMention[] {
  const sorted = [...dates].sort((a, b) => a.start - b.start)
  const dropped = new Set<DateMention>()
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as DateMention
    const b = sorted[i + 1]
    if (!b) break
    const gap = text.text.slice(a.end, b.start)
    const [weekday, date] = a.kind === 'weekday' ? [a, b] : b.kind === 'weekday' ? [b, a] : [undefined, undefined]
    if (!weekday || !date || date.kind !== 'explicit') continue
    if (!/^[\s,.]*(?:(?:the|le|den|dem|der|il|lo|on|am|a|an|un|une|ein|einem|uno|una)\s+)*[\s,.]*$/.test(gap)) continue
    dropped.add(weekday)
    if (date.dayOfMonth !== undefined && date.weekday === undefined && weekday.weekday !== undefined) {
      date.date = resolveDayOfMonth(today, date.dayOfMonth, weekday.weekday, near) ?? date.date
      date.weekday = weekday.weekday
    }
    date.start = Math.min(date.start, weekday.start)
    date.end = Math.max(date.end, weekday.end)
  }
  return sorted.filter((d) => !dropped.has(d))
}
