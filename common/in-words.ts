import type { Language } from '@common/languages'
import { formatMoney } from '@common/money'

/** How days, times and prices are written to customers in each language (the assistant, reminders, notices), on the salon's clock. */

const LOCALES: Record<Language, string> = { fr: 'fr-FR', de: 'de-DE', it: 'it-IT', en: 'en-GB' }

const dayFormats = new Map<Language, Intl.DateTimeFormat>()
const weekdayFormats = new Map<Language, Intl.DateTimeFormat>()

function cached(map: Map<Language, Intl.DateTimeFormat>, language: Language, options: Intl.DateTimeFormatOptions) {
  let format = map.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone: 'UTC' })
    map.set(language, format)
  }
  return format
}

/** A local date as the language writes it: "jeudi 3 décembre", "Donnerstag, 3. Dezember", "mardi 1er décembre". */
export function formatDay(date: string, language: Language): string {
  const text = cached(dayFormats, language, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(`${date}T12:00:00Z`),
  )
  // French writes the first day of a month as an ordinal: "1er décembre" (Intl writes "1 décembre").
  return language === 'fr' ? text.replace(/(^|\s)1(\s)/, '$11er$2') : text
}

/** The weekday of a local date: "samedi", "Samstag". */
export function formatWeekday(date: string, language: Language): string {
  return cached(weekdayFormats, language, { weekday: 'long' }).format(new Date(`${date}T12:00:00Z`))
}

const monthFormats = new Map<Language, Intl.DateTimeFormat>()

/** A month's name (1 = January): "février", "Februar", "febbraio", "February". */
export function formatMonth(month: number, language: Language): string {
  return cached(monthFormats, language, { month: 'long' }).format(new Date(Date.UTC(2000, month - 1, 15, 12)))
}

/** Minutes after midnight as a clock time: 870 → "14:30" (and "14:30 Uhr" in German prose). */
export function formatTime(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24
  const m = minutes % 60
  return `${h}:${String(m).padStart(2, '0')}`
}

export function formatPrice(minor: number, currency: string, language: Language): string {
  return formatMoney(minor, currency, LOCALES[language])
}
