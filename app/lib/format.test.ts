import { describe, expect, it } from 'vitest'
import { countryName, formatDayAndTime, formatMoney } from './format'

describe('formatting for the interface language', () => {
  const saturday = new Date(2026, 11, 5, 10, 0)

  it.each([
    ['fr', 'samedi 5 décembre, 10:00'],
    ['de', 'Samstag, 5. Dezember, 10:00'],
    ['it', 'sabato 5 dicembre, 10:00'],
    ['en', 'Saturday 5 December, 10:00'],
  ] as const)('writes a day and time in %s', (language, expected) => {
    expect(formatDayAndTime(saturday, language)).toBe(expected)
  })

  it.each([
    ['fr', 4500, 'EUR', '45 €'],
    ['fr', 4550, 'EUR', '45,50 €'],
    ['de', 4550, 'EUR', '45,50 €'],
    ['en', 4550, 'GBP', '£45.50'],
    ['it', 2500, 'CHF', '25 CHF'],
    ['fr', 1500, 'JPY', '1 500 JPY'],
  ] as const)('writes a price in %s: %i %s', (language, minor, currency, expected) => {
    // Intl separates thousands with a narrow no-break space in French.
    expect(formatMoney(minor, currency, language).replace(/[\u202f\u00a0]/g, ' ')).toBe(expected)
  })

  it('names countries in the interface language', () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne')
    expect(countryName('DE', 'it')).toBe('Germania')
    expect(countryName('CH', 'de')).toBe('Schweiz')
  })
})
