import { LANGUAGES, visitorLanguage } from '@common/languages'
import { describe, expect, it } from 'vitest'
import { WAITLIST_MESSAGES } from './waitlist.messages'

describe('visitor language', () => {
  it('takes the language the form says over the browser’s', () => {
    expect(visitorLanguage('it', 'de-DE,de;q=0.9')).toBe('it')
  })

  it.each([
    ['de-CH,de;q=0.9,en;q=0.8', 'de'],
    ['EN-gb', 'en'],
    ['es-ES,es;q=0.9,it;q=0.4,de;q=0.6', 'de'],
    ['en;q=0.5, it', 'it'],
    ['de;q=0, en;q=0.1', 'en'],
    ['es, *;q=0.5', 'fr'],
    ['nonsense;;q=abc,', 'fr'],
    ['', 'fr'],
  ])('reads Accept-Language %j as %s', (header, language) => {
    expect(visitorLanguage(undefined, header)).toBe(language)
  })

  it('falls back to French, and ignores a language we do not speak', () => {
    expect(visitorLanguage(undefined, undefined)).toBe('fr')
    expect(visitorLanguage('es', 'it')).toBe('it')
  })

  it('has every message in every language', () => {
    for (const language of LANGUAGES) {
      for (const message of Object.values(WAITLIST_MESSAGES[language])) expect(message.trim()).not.toBe('')
    }
    expect(Object.keys(WAITLIST_MESSAGES).sort()).toEqual([...LANGUAGES].sort())
  })
})
