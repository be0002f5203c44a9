import { describe, expect, it } from 'vitest'
import { amountForInput, amountString, parseAmount } from './money'

describe('amounts typed in the salon currency', () => {
  it.each([
    ['35', 'fr', 3500],
    ['35,50', 'fr', 3550],
    ['35.50', 'fr', 3550],
    ['35,5', 'fr', 3550],
    ['  35,50 € ', 'fr', 3550],
    ['1 234,50', 'fr', 123450],
    ['1\u202f234,50', 'fr', 123450],
    ['1.234,50', 'de', 123450],
    ['1.234', 'de', 123400],
    ['1,234.50', 'en', 123450],
    ['1,234', 'en', 123400],
    ['35.50', 'en', 3550],
    ['0', 'en', 0],
    ['EUR 12', 'en', 1200],
    ['+12', 'it', 1200],
  ])('reads %s in %s', (raw, language, minor) => {
    expect(parseAmount(raw, 'EUR', language)).toEqual({ minor })
  })

  it.each([
    ['', 'empty'],
    ['  € ', 'empty'],
    ['-5', 'negative'],
    ['−5,00', 'negative'],
    ['35,505', 'too_many_decimals'],
    ['35.505', 'too_many_decimals'],
    ['abc', 'invalid'],
    ['35,', 'invalid'],
    ['12 34', 'invalid'],
    ['1e5', 'invalid'],
    ['3,5,0', 'invalid'],
    ['2000000', 'too_high'],
    ['99999999999999999', 'too_high'],
  ])('refuses %s (%s)', (raw, problem) => {
    expect(parseAmount(raw, 'EUR', 'fr')).toEqual({ problem })
  })

  it('reads a lone mark before three digits as decimals when no language says otherwise: refused', () => {
    expect(parseAmount('1.234', 'EUR')).toEqual({ problem: 'too_many_decimals' })
    expect(parseAmount('1.234', 'EUR', 'fr')).toEqual({ problem: 'too_many_decimals' })
  })

  it('takes JSON numbers, and no decimals for a currency without them', () => {
    expect(parseAmount(35.5, 'EUR')).toEqual({ minor: 3550 })
    expect(parseAmount(35, 'EUR')).toEqual({ minor: 3500 })
    expect(parseAmount(35.505, 'EUR')).toEqual({ problem: 'too_many_decimals' })
    expect(parseAmount(-1, 'EUR')).toEqual({ problem: 'negative' })
    expect(parseAmount(Number.NaN, 'EUR')).toEqual({ problem: 'invalid' })
    expect(parseAmount('3500', 'JPY', 'en')).toEqual({ minor: 3500 })
    expect(parseAmount('35.5', 'JPY', 'en')).toEqual({ problem: 'too_many_decimals' })
  })

  it('writes amounts back for an API and for a field', () => {
    expect(amountString(3550, 'EUR')).toBe('35.50')
    expect(amountString(5, 'EUR')).toBe('0.05')
    expect(amountString(500, 'JPY')).toBe('500')
    expect(amountForInput(3550, 'EUR', 'fr')).toBe('35,50')
    expect(amountForInput(3550, 'EUR', 'en')).toBe('35.50')
    expect(amountForInput(4500, 'EUR', 'de')).toBe('45')
    for (const minor of [0, 5, 3550, 99_999_999])
      expect(parseAmount(amountForInput(minor, 'EUR', 'fr'), 'EUR', 'fr')).toEqual({ minor })
  })
})
