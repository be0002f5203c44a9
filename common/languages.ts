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

/**
 * The cookie (and localStorage key) holding the visitor's chosen language: the server renders pages
 * in it, so a reload shows no flash of another language. SameSite=Lax: sent on links from other sites.
 */
export const LANGUAGE_COOKIE = 'salonia-language'

/** The supported language the browser prefers most (Accept-Language, with its q-values), if any. */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return {
        base: (tag.trim().split('-')[0] ?? '').toLowerCase(),
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      }
    })
    .filter((entry) => entry.quality > 0 && isLanguage(entry.base))
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  return ranked[0]?.base as Language | undefined
}

/**
 * The visitor's language: the one they chose (the language cookie, a form's field), else the best
 * of their browser's Accept-Language among ours (`de-CH;q=0.9` counts as `de`), else French.
 */
export function visitorLanguage(chosen: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(chosen)) return chosen
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE
}
