import { formatDate } from '@app/lib/format'
import type { Language } from '@common/languages'

/**
 * A salon date (YYYY-MM-DD, on the salon's clock) as a person reads it: "mer. 2 déc. 2026". It is
 * read as a plain date, never through the browser's time zone.
 */
export function formatSalonDate(localDate: string, language: Language, pattern = 'EEE d MMM yyyy'): string {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number]
  return formatDate(new Date(year, month - 1, day), pattern, language)
}

/** "tel:" wants the number without its spaces and punctuation. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
