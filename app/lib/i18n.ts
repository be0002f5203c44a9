import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@common/languages'
import i18next from 'i18next'
import { initReactI18next, useTranslation } from 'react-i18next'

/**
 * Where the visitor's choice is kept (spec §9: the product's name, a hyphen, 'language'): in
 * localStorage, and in a cookie of the same name so that the server renders pages in it.
 */
export const LANGUAGE_STORAGE_KEY = LANGUAGE_COOKIE

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
  // On the server every text is bundled in (i18n-server.ts): its pages have nothing to load.
  if (typeof window === 'undefined') return
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const load = catalogues[`../locales/${language}.json`]
    if (!load) throw new Error(`No texts for ${language}`)
    i18next.addResourceBundle(language, 'translation', (await load()).default)
  }
  if (areaTextsWanted && !areaLoaded.has(language)) {
    const parts = Object.entries(areaCatalogues).filter(([path]) => path.endsWith(`/${language}.json`))
    if (parts.length === 0) throw new Error(`No area texts for ${language}`)
    // Fetched side by side (one round trip on a slow connection, not one per part), then merged
    // into the same namespace: the area screens use plain keys like every other page.
    const texts = await Promise.all(parts.map(([, load]) => load()))
    for (const { default: part } of texts) i18next.addResourceBundle(language, 'translation', part, true, false)
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
  await loadWantedTexts()
}

/**
 * Loads the texts of the professional, admin and sign-in screens (in the current language, and in
 * any language switched to afterwards). Their pages wait for it before they render.
 */
export async function loadAreaTexts(): Promise<void> {
  areaTextsWanted = true
  await loadWantedTexts()
}

/** The language being switched to while its texts load (showLanguage). */
let switchingTo: Language | undefined

/**
 * The wanted texts in the current language, and in the one being switched to: a part asked for
 * while a switch loads its texts (a signed-in page arriving as the stored language is applied)
 * must not be missing in the language shown a moment later.
 */
async function loadWantedTexts(): Promise<void> {
  const languages = new Set([currentLanguage(), switchingTo ?? currentLanguage()])
  await Promise.all([...languages].map((language) => loadCatalogue(language)))
}

/** How every i18next instance reads the texts: the browser's, and the server's four (i18n-server.ts). */
export const I18N_OPTIONS = {
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
} as const

/**
 * Readies the global instance in `language` (the one the server rendered the page in, else
 * initialLanguage()) with the common texts; the page's own texts come with its module (App.tsx).
 */
export async function setupI18n(language: Language = initialLanguage()): Promise<void> {
  await i18next.use(initReactI18next).init({ ...I18N_OPTIONS, lng: language, resources: {} })
  await loadCatalogue(language)
  await i18next.changeLanguage(language)
  markDocumentLanguage(language)
}

/**
 * `<html lang>`, written only when it changes: any write, even of the same value, restyles the whole
 * page, a long task on a phone just as the page the server rendered in that language hydrates.
 */
function markDocumentLanguage(language: Language): void {
  if (document.documentElement.lang !== language) document.documentElement.lang = language
}

/** Switches the interface language and remembers the choice on this device (storage and cookie). */
export async function changeLanguage(language: Language): Promise<void> {
  await showLanguage(language)
  rememberLanguage(language)
}

function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage disabled: the cookie still carries the choice.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari before 18.4
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
}

function cookieLanguage(): Language | undefined {
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1]
  return isLanguage(value) ? value : undefined
}

/**
 * After the first render: the cookie and the storage agree. A device that chose a language before
 * the cookie existed has it in storage only: it becomes the cookie, and the page switches to it
 * (once). When both are there, the cookie — the language the page was rendered in — wins.
 */
export async function reconcileLanguageChoice(): Promise<void> {
  const cookie = cookieLanguage()
  const stored = storedLanguage()
  if (cookie) {
    if (stored !== cookie) rememberLanguage(cookie)
    return
  }
  if (stored) {
    rememberLanguage(stored)
    if (stored !== currentLanguage()) await showLanguage(stored)
  }
}

/**
 * Shows the interface in `language` for now, without making it this device's choice: a page about
 * someone's appointment opens in their language, whatever the device last used.
 */
export async function showLanguage(language: Language): Promise<void> {
  switchingTo = language
  try {
    await loadCatalogue(language)
    await i18next.changeLanguage(language)
  } finally {
    if (switchingTo === language) switchingTo = undefined
  }
  markDocumentLanguage(language)
}

/** The language this render is in: the server renders the four at once, each with its own i18next instance. */
export function useLanguage(): Language {
  const { i18n } = useTranslation()
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
}

/** The interface language, outside rendering (event handlers, requests). */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE
}
