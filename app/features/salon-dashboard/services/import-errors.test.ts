import { de, en, fr, it as italian } from '@app/locales/all'
import { AMOUNT_PROBLEMS } from '@common/money'
import { CSV_LINE_CODES } from '@common/schemas/catalog'
import { describe, expect, it } from 'vitest'
import { IMPORT_FILE_ERRORS, importLineKey } from './import-errors'

type Texts = { [key: string]: string | Texts }
const lookUp = (texts: Texts, key: string) =>
  key
    .split('.')
    .reduce<string | Texts | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), texts)

/** The keys the services editor builds from codes (not written literally, so the locale test cannot see them). */
describe('the services texts built from codes', () => {
  it.each(['fr', 'de', 'it', 'en'] as const)(
    'exist in %s for every CSV line code, file error and price problem',
    (language) => {
      const texts = { fr, de, it: italian, en }[language] as unknown as Texts
      const keys = [
        ...CSV_LINE_CODES.map(importLineKey),
        ...Object.values(IMPORT_FILE_ERRORS),
        'services.importLine.unknown',
        'services.importFile.unreadableAt',
        ...AMOUNT_PROBLEMS.map((problem) => `services.problems.price.${problem}`),
      ]
      for (const key of keys) expect(typeof lookUp(texts, key), `${language}: ${key}`).toBe('string')
    },
  )
})
