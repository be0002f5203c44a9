import { format } from 'date-fns'
import { de, enGB, fr, it } from 'date-fns/locale'
import type { Language } from '../../common/languages'
import { formatMoney as formatMoneyIn } from '../../common/money'

const DATE_LOCALES = { fr, de, it, en: enGB } as const

/** A date in the interface language, with a date-fns pattern ('EEEE d MMMM', 'HH:mm'). */
export function formatDate(date: Date | number, pattern: string, language: Language): string {
  return format(date, pattern, { locale: DATE_LOCALES[language] })
}

/** A price in minor units for the interface language: 4500 EUR → "45 €" in French. */
export function formatMoney(minor: number, currency: string, language: Language): string {
  return formatMoneyIn(minor, currency, language === 'en' ? 'en-GB' : language)
}

/** A country's name in the interface language ("Allemagne", "Germany"). */
export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
