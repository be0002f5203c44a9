/**
 * Calendar arithmetic on local dates ('YYYY-MM-DD'): making and shifting dates, the next or previous
 * weekday, the Monday of a week, a month and its thirds, and finding a weekday or a day of the month
 * inside a period. No reading of words here.
 */
import { addDays, isLocalDate, weekdayOf } from '@common/time'

export function pad(n: number): string {
  return String(n).padStart(2, '0')
}

export function makeDate(year: number, month: number, day: number): string | undefined {
  const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`
  return isLocalDate(date) ? date : undefined
}

export function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))]
}

/** The first day of `month` (1-12) of `year`, `offset` months later. */
export function shiftMonth(year: number, month: number, offset: number): [number, number] {
  const index = year * 12 + (month - 1) + offset
  return [Math.floor(index / 12), (index % 12) + 1]
}

/**
 * Day of month without a month: this month unless passed, else the next month that has that day.
 * With a weekday ("Wednesday the 9th", "Sunday the 10th"): the first of the next two such days that
 * falls on it; when a date the conversation speaks of is given (`near`), the first such day from
 * that date's month on that falls on it ("mardi 2" while speaking of February → 2 February).
 */
export function resolveDayOfMonth(today: string, day: number, weekday?: number, near?: string): string | undefined {
  const [year, month] = parts(today)
  if (weekday !== undefined) {
    const [nearYear, nearMonth] = near && near > today ? parts(near) : [year, month]
    const candidates: string[] = []
    for (let offset = 0; offset < 13 && candidates.length < 2; offset++) {
      const [y, m] = shiftMonth(nearYear, nearMonth, offset)
      const date = makeDate(y, m, day)
      if (date && date >= today) candidates.push(date)
    }
    const matching = candidates.find((date) => weekdayOf(date) === weekday)
    if (matching) return matching
  }
  for (let offset = 0; offset < 13; offset++) {
    const [y, m] = shiftMonth(year, month, offset)
    const date = makeDate(y, m, day)
    if (date && date >= today) return date
  }
  return undefined
}

/** The same day `count` months earlier, on the last day of that month when it is shorter (31 August → 28 February). */
export function monthsBefore(date: string, count: number): string {
  const [year, month, day] = parts(date)
  const [y, m] = shiftMonth(year, month, -count)
  for (let d = day; d > 28; d--) {
    const earlier = makeDate(y, m, d)
    if (earlier) return earlier
  }
  return makeDate(y, m, Math.min(day, 28)) as string
}

/**
 * Day and month without a year: this year's date when it has passed at most 6 months ago (a past
 * date), else the next such date, today included (29 February: the next leap year).
 */
export function resolveDayMonth(today: string, day: number, month: number): { date: string; past?: true } | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  const [year] = parts(today)
  const thisYear = makeDate(year, month, day)
  if (thisYear && thisYear < today && thisYear >= monthsBefore(today, 6)) return { date: thisYear, past: true }
  for (let y = year; y < year + 9; y++) {
    const date = makeDate(y, month, day)
    if (date && date >= today) return { date }
  }
  return undefined
}

export function nextWeekday(today: string, weekday: number, strictlyAfter: boolean): string {
  let delta = (weekday - weekdayOf(today) + 7) % 7
  if (delta === 0 && strictlyAfter) delta = 7
  return addDays(today, delta)
}

export function previousWeekday(today: string, weekday: number): string {
  let delta = (weekdayOf(today) - weekday + 7) % 7
  if (delta === 0) delta = 7
  return addDays(today, -delta)
}

export function mondayOf(date: string): string {
  return addDays(date, -weekdayOf(date))
}

export function fullYear(text: string): number {
  const n = Number(text)
  return text.length <= 2 ? 2000 + n : n
}

export interface Period {
  from: string
  to: string
}

/** Monday to Sunday of the week of `date`. */
export function weekOf(date: string): Period {
  const monday = mondayOf(date)
  return { from: monday, to: addDays(monday, 6) }
}

/** The first and last day of a month. */
export function monthBounds(year: number, month: number): Period {
  const [ny, nm] = shiftMonth(year, month, 1)
  return { from: makeDate(year, month, 1) as string, to: addDays(makeDate(ny, nm, 1) as string, -1) }
}

/** Thirds of a month: "début janvier" (1–10), "mi-janvier" (11–20), "fin janvier" (21–end). */
export type MonthPart = 'early' | 'mid' | 'late'

/**
 * A month named without a year, from today on: the next such month (this month when today is in
 * it), or one of its thirds; a third already over this month is next year's. `from` is never
 * before today.
 */
export function monthPeriod(today: string, month: number, third?: MonthPart): Period {
  const [year, thisMonth] = parts(today)
  const of = (y: number): Period => {
    const whole = monthBounds(y, month)
    if (third === 'early') return { from: whole.from, to: makeDate(y, month, 10) as string }
    if (third === 'mid') return { from: makeDate(y, month, 11) as string, to: makeDate(y, month, 20) as string }
    if (third === 'late') return { from: makeDate(y, month, 21) as string, to: whole.to }
    return whole
  }
  let period = of(month < thisMonth ? year + 1 : year)
  if (period.to < today) period = of(year + 1)
  return period.from < today ? { from: today, to: period.to } : period
}

/** The first `weekday` (0 = Monday) inside a period, from today on. */
export function weekdayInPeriod(period: Period, weekday: number, today: string): string | undefined {
  const from = period.from < today ? today : period.from
  const date = addDays(from, (weekday - weekdayOf(from) + 7) % 7)
  return date <= period.to ? date : undefined
}

/** The first day numbered `day` inside a period, from today on. */
export function dayInPeriod(period: Period, day: number, today: string): string | undefined {
  const from = period.from < today ? today : period.from
  const [year, month] = parts(from)
  for (let offset = 0; offset < 13; offset++) {
    const [y, m] = shiftMonth(year, month, offset)
    const date = makeDate(y, m, day)
    if (date && date > period.to) return undefined
    if (date && date >= from) return date
  }
  return undefined
}
