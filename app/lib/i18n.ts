import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@common/languages'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'

/** Where the visitor's choice is kept (spec §9: the product's name, a hyphen, 'language'). */
export const LANGUAGE_STORAGE_KEY = 'salonia-language'

// Each language is its own chunk: a visitor downloads only the texts they read. The texts of the
// professional, admin and sign-in screens are apart (areas/), loaded with those pages only.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json')
// The areas' texts are split by part (areas/<lang>.json, areas/<part>/<lang>.json): each part of
// the dashboard keeps its own files, with its own top-level keys.
const areaCatalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/areas/**/*.json')
let areaTextsWanted = false
// A public page with many texts of its own (the customer's booking page) keeps them in
// pages/<part>/<lang>.json, loaded with that page only: the home page and the chat stay light.
const pageCatalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/pages/**/*.json')
const pageTextsWanted = new Set<string>()
const pageLoaded = new Set<string>()

function storedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(value) ? value : undefined
  } catch {
    return undefined // storage disabled (private mode, blocked cookies)
  }
}

/** The stored choice, else the first supported browser language, else French. */
export function initialLanguage(): Language {
  const stored = storedLanguage()
  if (stored) return stored
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase()
    if (isLanguage(base)) return base
  }
  return DEFAULT_LANGUAGE
}

const areaLoaded = new Set<Language>()

async function loadCatalogue(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const load = catalogues[`../locales/${language}.json`]
    if (!load) throw new Error(`No texts for ${language}`)
    i18next.addResourceBundle(language, 'translation', (await load()).default)
  }
  if (areaTextsWanted && !areaLoaded.has(language)) {
    const parts = Object.entries(areaCatalogues).filter(([path]) => path.endsWith(`/${language}.json`))
    if (parts.length === 0) throw new Error(`No area texts for ${language}`)
    // Merged into the same namespace: the area screens use plain keys like every other page.
    for (const [, load] of parts)
      i18next.addResourceBundle(language, 'translation', (await load()).default, true, false)
    areaLoaded.add(language)
  }
  for (const part of pageTextsWanted) {
    if (pageLoaded.has(`${part}/${language}`)) continue
    const load = pageCatalogues[`../locales/pages/${part}/${language}.json`]
    if (!load) throw new Error(`No ${part} texts for ${language}`)
    i18next.addResourceBundle(language, 'translation', (await load()).default, true, false)
    pageLoaded.add(`${part}/${language}`)
  }
}

/** Loads the texts of one public page (pages/<part>/), in the current language and any switched to later. */
export async function loadPageTexts(part: string): Promise<void> {
  pageTextsWanted.add(part)
  await loadCatalogue(currentLanguage())
}

/**
 * Loads the texts of the professional, admin and sign-in screens (in the current language, and in
 * any language switched to afterwards). Their pages wait for it before they render.
 */
export async function loadAreaTexts(): Promise<void> {
  areaTextsWanted = true
  await loadCatalogue(currentLanguage())
}

export async function setupI18n(): Promise<void> {
  const language = initialLanguage()
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources: {},
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  })
  await loadCatalogue(language)
  await i18next.changeLanguage(language)
  document.documentElement.lang = language
}

/** Switches the interface language and remembers the choice on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  await showLanguage(language)
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // The choice then lasts until the page is closed.
  }
}

/**
 * Shows the interface in `language` for now, without making it this device's choice: a page about
 * someone's appointment opens in their language, whatever the device last used.
 */
export async function showLanguage(language: Language): Promise<void> {
  await loadCatalogue(language)
  await i18next.changeLanguage(language)
  document.documentElement.lang = language
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE
}
