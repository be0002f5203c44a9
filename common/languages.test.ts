import { describe, expect, it } from 'vitest'
import { languageFromAcceptLanguage, visitorLanguage } from './languages'

describe('languageFromAcceptLanguage', () => {
  it('takes the supported language the browser ranks highest', () => {
    expect(languageFromAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de')
    expect(languageFromAcceptLanguage('es-ES,es;q=0.9,it;q=0.7,en;q=0.5')).toBe('it')
    expect(languageFromAcceptLanguage('en;q=0.4, fr;q=0.8')).toBe('fr')
    expect(languageFromAcceptLanguage('EN-gb')).toBe('en')
  })

  it('keeps the order of equal q-values and ignores refused or unknown tags', () => {
    expect(languageFromAcceptLanguage('it, de')).toBe('it')
    expect(languageFromAcceptLanguage('de;q=0, en;q=0.1')).toBe('en')
    expect(languageFromAcceptLanguage('frr, fil, *')).toBeUndefined()
    expect(languageFromAcceptLanguage('')).toBeUndefined()
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined()
    expect(languageFromAcceptLanguage('de;q=abc')).toBeUndefined()
  })
})

describe('visitorLanguage', () => {
  it('prefers the chosen language (cookie) to the browser’s, and falls back to French', () => {
    expect(visitorLanguage('it', 'de')).toBe('it')
    expect(visitorLanguage('xx', 'de')).toBe('de')
    expect(visitorLanguage(undefined, 'es')).toBe('fr')
  })
})
