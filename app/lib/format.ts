import type { Language } from '@common/languages'
import { format } from 'date-fns'
import { de, enGB, fr, it } from 'date-fns/locale'

// Formatting with Intl alone (no date-fns) lives in format-intl.ts, for the pages held to a budget.
export { countryName, formatMoney } from './format-intl'

const DATE_LOCALES = { fr, de, it, en: enGB } as const

/** A date in the interface language, with a date-fns pattern ('EEEE d MMMM', 'HH:mm'). */
export function formatDate(date: Date | number, pattern: string, language: Language): string {
  return format(date, pattern, { locale: DATE_LOCALES[language] })
}

/** How each language writes a weekday with its date: "samedi 5 décembre", "Samstag, 5. Dezember". */
const DAY_PATTERNS: Record<Language, string> = {
  fr: 'EEEE d MMMM',
  de: 'EEEE, d. MMMM',
  it: 'EEEE d MMMM',
  en: 'EEEE d MMMM',
}

/** A day and time as the language writes it: "samedi 5 décembre, 10:00". */
export function formatDayAndTime(date: Date | number, language: Language): string {
  return `${formatDate(date, DAY_PATTERNS[language], language)}, ${formatDate(date, 'HH:mm', language)}`
}

/** A day given as a local date ("2026-12-05") as the language writes it: "samedi 5 décembre". */
export function formatLocalDay(date: string, language: Language): string {
  const [year = 2000, month = 1, day = 1] = date.split('-').map(Number)
  return formatDate(new Date(year, month - 1, day), DAY_PATTERNS[language], language)
}
