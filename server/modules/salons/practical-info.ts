import { type Language, languageOfCountry } from '@common/languages'
import type { SalonRow } from '@server/db/schema'

/**
 * The salon's practical information for a customer: the owner's translation into their language
 * when there is one; otherwise the salon's own text, and whether it must be said to be quoted in
 * the salon's words (the customer reads another language than the salon's).
 */
export function practicalInfoFor(
  salon: Pick<SalonRow, 'practicalInfo' | 'practicalInfoTranslations' | 'country'>,
  language: Language,
): { text: string | undefined; salonsOwnWords: boolean } {
  const own = salon.practicalInfo ?? undefined
  if (!own) return { text: undefined, salonsOwnWords: false }
  const translated = salon.practicalInfoTranslations?.[language]
  if (translated) return { text: translated, salonsOwnWords: false }
  return { text: own, salonsOwnWords: languageOfCountry(salon.country) !== language }
}
