import { formatDate } from '@app/lib/format'
import type { Language } from '@common/languages'
import { currencyDecimals, toMajorUnits } from '@common/money'
import { WEEKDAY_KEYS, type WeekdayKey, type WorkingHours } from '@common/schemas/schedule'

/** The locale Intl should use for a language: British English writes dates day first like the others. */
const locale = (language: Language) => (language === 'en' ? 'en-GB' : language)

export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(locale(language)).format(value)
}

/** A rate the server gives in percent (94.25) with one decimal: "94,3 %" in French; null is "—". */
export function formatRate(percent: number | null, language: Language): string {
  if (percent === null) return '—'
  return new Intl.NumberFormat(locale(language), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(percent / 100)
}

/** A day of an ISO instant in the browser's zone: "3 déc. 2026". */
export function formatDay(iso: string, language: Language): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : formatDate(date, 'd MMM yyyy', language)
}

/** An instant with its time, in the browser's zone and the language's style: "1 déc. 2026, 09:12". */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** One line of the opening-hours summary: the days it covers and their hours (none when closed). */
export interface HoursLine {
  from: WeekdayKey
  to: WeekdayKey
  /** "09:00–12:00, 14:00–18:00"; undefined for closed days. */
  hours: string | undefined
}

/**
 * The week in a few lines: consecutive days with the same hours are one line, so a usual salon
 * reads "Mon–Fri 09:00–18:00 · Sat 09:00–17:00 · Sun closed".
 */
export function summarizeHours(week: WorkingHours): HoursLine[] {
  const lines: HoursLine[] = []
  for (const key of WEEKDAY_KEYS) {
    const day = week[key]
    const intervals =
      day?.intervals.length || !day?.openTime || !day.closeTime
        ? (day?.intervals ?? [])
        : [{ openTime: day.openTime, closeTime: day.closeTime }]
    const hours =
      day?.isOpen && intervals.length > 0
        ? intervals.map((interval) => `${interval.openTime}–${interval.closeTime}`).join(', ')
        : undefined
    const last = lines.at(-1)
    if (last && last.hours === hours) last.to = key
    else lines.push({ from: key, to: key, hours })
  }
  return lines
}

/**
 * A service's price as the spec's grid shows it: the currency's symbol as Intl writes it for the
 * interface language, with the currency's decimals ("45,00 €" in French, "€45.00" in English).
 */
export function formatServicePrice(minor: number, currency: string, language: Language): string {
  const decimals = currencyDecimals(currency)
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(toMajorUnits(minor, currency))
}
