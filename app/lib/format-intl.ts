import type { Language } from '@common/languages'
import { formatMoney as formatMoneyIn } from '@common/money'

// Formatting with the browser's own Intl, without date-fns (format.ts re-exports these).

/** A price in minor units for the interface language: 4500 EUR → "45 €" in French. */
export function formatMoney(minor: number, currency: string, language: Language): string {
  return formatMoneyIn(minor, currency, language === 'en' ? 'en-GB' : language)
}

/** A country's name in the interface language ("Allemagne", "Germany"). */
export function countryName(code: string, language: Language): string {
  try {
    return regionNames(language).of(code) ?? code
  } catch {
    return code
  }
}

// One formatter per language: the country picker names some 250 countries twice as it opens.
const regionNamers = new Map<Language, Intl.DisplayNames>()
function regionNames(language: Language): Intl.DisplayNames {
  let namer = regionNamers.get(language)
  if (!namer) {
    namer = new Intl.DisplayNames([language], { type: 'region' })
    regionNamers.set(language, namer)
  }
  return namer
}

/**
 * A calendar day written as the language writes it ("samedi 5 décembre", "Samstag, 5. Dezember"),
 * the same words as formatLocalDay (format.ts) without date-fns, for the home page, whose
 * first-load JavaScript is held to a budget.
 */
export function writeDay(day: { year: number; month: number; day: number }, language: Language): string {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day, 12))
  const parts = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  const [weekday, dayOfMonth, month] = [part('weekday'), part('day'), part('month')]
  return language === 'de' ? `${weekday}, ${dayOfMonth}. ${month}` : `${weekday} ${dayOfMonth} ${month}`
}

/**
 * The first Saturday after tomorrow, counted from `now`'s date in `timeZone` (a booking "next
 * Saturday", never tomorrow), as a calendar day: the same
 * on the server that renders the page and in the browser that hydrates it, whatever their zones.
 */
export function nextSaturday(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  const tomorrow = new Date(Date.UTC(part('year'), part('month') - 1, part('day') + 1))
  const ahead = (6 - tomorrow.getUTCDay() + 7) % 7 || 7
  const saturday = new Date(tomorrow.getTime() + ahead * 86_400_000)
  return { year: saturday.getUTCFullYear(), month: saturday.getUTCMonth() + 1, day: saturday.getUTCDate() }
}
