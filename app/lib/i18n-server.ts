import { LANGUAGES, type Language } from '@common/languages'
import { createInstance, type i18n } from 'i18next'
import { I18N_OPTIONS } from './i18n'

// Every text of every language, bundled into the server's build: a render never waits for a file.
const files = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../locales/*.json', '../locales/areas/**/*.json', '../locales/pages/**/*.json'],
  { eager: true },
)

let instances: Record<Language, i18n> | undefined

/**
 * One i18next instance per language, made once and never changed afterwards: concurrent renders
 * in different languages share them safely (changing one shared instance's language would mix them).
 */
export function serverI18n(): Record<Language, i18n> {
  instances ??= Object.fromEntries(
    LANGUAGES.map((language) => {
      const instance = createInstance()
      void instance.init({ ...I18N_OPTIONS, lng: language, resources: {}, initAsync: false })
      for (const [path, file] of Object.entries(files)) {
        if (path.endsWith(`/${language}.json`))
          instance.addResourceBundle(language, 'translation', file.default, true, false)
      }
      return [language, instance]
    }),
  ) as Record<Language, i18n>
  return instances
}
