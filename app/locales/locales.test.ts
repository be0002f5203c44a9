import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LANGUAGES } from '@common/languages'
import { describe, expect, it } from 'vitest'

/** Every text of the interface exists in the four languages, with the same placeholders. */

type Texts = { [key: string]: string | Texts }
const dir = import.meta.dirname
const read = (file: string): Texts => JSON.parse(readFileSync(join(dir, file), 'utf8'))
/** The area parts: areas/ itself and each of its folders (one per part of the dashboard). */
const areaFolders = [
  'areas',
  ...readdirSync(join(dir, 'areas'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `areas/${entry.name}`),
]
/** The texts of public pages loaded with their page only (pages/<part>/: the booking page). */
const pageFolders = readdirSync(join(dir, 'pages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `pages/${entry.name}`)
/** Every folder of texts loaded apart from the main file. */
const partFolders = [...areaFolders, ...pageFolders]
/** A language's texts loaded apart: the parts merged (their top-level keys are distinct, checked below). */
const partTexts = (language: string): Texts =>
  Object.assign({}, ...partFolders.map((folder) => read(`${folder}/${language}.json`)))
/** A language's texts: every page's, and the areas' (professional, admin, sign-in) and pages' loaded apart. */
const load = (language: string): Texts => ({ ...read(`${language}.json`), ...partTexts(language) })

function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

const catalogues = Object.fromEntries(LANGUAGES.map((language) => [language, flatten(load(language))]))
const english = catalogues.en as Map<string, string>
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g)].map((m) => m[1] ?? m[2]).sort()

/** Keys written literally in the app's code: t('a.b') and i18nKey="a.b". */
function keysUsedInCode(folder: string): string[] {
  const keys: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue
    const source = readFileSync(join(entry.parentPath, entry.name), 'utf8')
    for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.push(match[1] as string)
  }
  return keys
}

describe('the four locale files', () => {
  it('are the only locale files', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(LANGUAGES.map((l) => `${l}.json`).sort())
  })

  it.each(LANGUAGES)('%s keeps the areas apart from the texts of every page, each part its own keys', (language) => {
    const seen = Object.keys(read(`${language}.json`))
    for (const folder of partFolders) {
      const keys = Object.keys(read(`${folder}/${language}.json`))
      expect(
        keys.filter((key) => seen.includes(key)),
        folder,
      ).toEqual([])
      seen.push(...keys)
    }
  })

  it.each(partFolders)('%s holds one file per language, and nothing else', (folder) => {
    expect(
      readdirSync(join(dir, folder))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(LANGUAGES.map((l) => `${l}.json`).sort())
  })

  it.each(LANGUAGES)('%s has exactly the keys of the others', (language) => {
    const keys = [...(catalogues[language] as Map<string, string>).keys()].sort()
    expect(keys).toEqual([...english.keys()].sort())
  })

  it.each(LANGUAGES)('%s has no empty text and the same placeholders as English', (language) => {
    for (const [key, text] of catalogues[language] as Map<string, string>) {
      expect(text.trim(), `${language}: ${key}`).not.toBe('')
      expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(english.get(key) ?? ''))
    }
  })

  it('holds every key the code asks for', () => {
    const missing = keysUsedInCode(join(dir, '..')).filter((key) => !english.has(key))
    expect(missing).toEqual([])
  })
})
