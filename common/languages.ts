/** Languages of the interface and the assistant. French is the default. */
export const LANGUAGES = ['fr', 'de', 'it', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'fr'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** A stored language, or French for anything else (a row written before the column had values). */
export function languageOrDefault(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE
}

/** The language a salon of this country works in (its owner's, its services' names): English elsewhere. */
export function languageOfCountry(country: string): Language {
  if (['FR', 'BE', 'LU', 'MC'].includes(country)) return 'fr'
  if (['DE', 'AT', 'CH', 'LI'].includes(country)) return 'de'
  if (['IT', 'SM', 'VA'].includes(country)) return 'it'
  return 'en'
}
