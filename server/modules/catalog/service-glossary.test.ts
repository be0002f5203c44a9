import { LANGUAGES } from '@common/languages'
import { describe, expect, it } from 'vitest'
import { glossaryKey, lookUpServiceName, SERVICE_GLOSSARY } from './service-glossary'

describe('the glossary of service names', () => {
  it.each([
    ['Coupe femme', 'Damenhaarschnitt', 'Taglio donna', "Women's haircut"],
    ['Coupe homme', 'Herrenhaarschnitt', 'Taglio uomo', "Men's haircut"],
    ['Brushing', 'Föhnen', 'Piega', 'Blow-dry'],
    ['Coloration', 'Färben', 'Colore', 'Colour'],
    ['Balayage', 'Balayage', 'Balayage (colpi di sole)', 'Balayage'],
    ['Taille de barbe', 'Bart trimmen', 'Regolazione barba', 'Beard trim'],
    ['Permanente', 'Dauerwelle', 'Permanente', 'Perm'],
  ])('names %s in every language', (fr, de, it, en) => {
    expect(lookUpServiceName(fr, 'fr')).toEqual({ language: 'fr', names: { fr, de, it, en } })
  })

  it.each([
    'coupe enfant',
    'mèches',
    'shampooing',
    'soin',
    'lissage',
    'chignon',
    'défrisage',
    'épilation sourcils',
    'manucure',
  ])('knows the common service "%s"', (name) => {
    const match = lookUpServiceName(name, 'fr')
    expect(match?.language).toBe('fr')
    for (const language of LANGUAGES) expect(match?.names[language]).toMatch(/\S/)
  })

  it('recognises a name however it is typed, and the usual variants', () => {
    for (const name of ['COUPE FEMME', 'Coupe-femme', '  coupe   femme ', 'Coupe dame']) {
      expect(lookUpServiceName(name, 'fr')?.names.de, name).toBe('Damenhaarschnitt')
    }
    expect(lookUpServiceName('Epilation sourcils', 'fr')?.names.en).toBe('Eyebrow shaping')
    expect(lookUpServiceName('Haarschnitt Damen', 'de')).toMatchObject({ language: 'de', names: { fr: 'Coupe femme' } })
    expect(lookUpServiceName('Blow dry', 'en')).toMatchObject({ language: 'en', names: { it: 'Piega' } })
  })

  it('takes a name written alike in several languages in the salon’s own', () => {
    expect(lookUpServiceName('Balayage', 'de')?.language).toBe('de')
    expect(lookUpServiceName('Permanente', 'it')?.language).toBe('it')
    // "Manicure" is Italian and English, not French: a French salon writing it wrote it in Italian.
    expect(lookUpServiceName('Manicure', 'fr')?.language).toBe('it')
  })

  it('knows nothing of a name it does not list, not even a near one', () => {
    for (const name of ['Coupe signature', 'Coupe femme cheveux longs', 'Soin kératine maison', 'Massage', '']) {
      expect(lookUpServiceName(name, 'fr'), name).toBeUndefined()
    }
  })

  it('gives every entry a name in each language, and each written form one meaning', () => {
    const meanings = new Map<string, string>()
    for (const entry of SERVICE_GLOSSARY) {
      for (const language of LANGUAGES) {
        expect(entry.names[language].trim()).toBe(entry.names[language])
        for (const form of [entry.names[language], ...(entry.also?.[language] ?? [])]) {
          const key = glossaryKey(form)
          expect(meanings.get(key) ?? entry.names.fr, form).toBe(entry.names.fr)
          meanings.set(key, entry.names.fr)
        }
      }
    }
    expect(SERVICE_GLOSSARY.length).toBeGreaterThanOrEqual(25)
  })
})
