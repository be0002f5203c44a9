import { LANGUAGES } from '@common/languages'
import { describe, expect, it } from 'vitest'
import { formatLocalDay } from './format'
import { nextSaturday, writeDay } from './format-intl'

describe('writeDay', () => {
  it('writes every day of a year as date-fns does, in the four languages', () => {
    for (const language of LANGUAGES) {
      for (let n = 0; n < 366; n += 1) {
        const date = new Date(Date.UTC(2026, 0, 1 + n))
        const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
        const iso = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`
        expect(writeDay(day, language)).toBe(formatLocalDay(iso, language))
      }
    }
  })
})

describe('nextSaturday', () => {
  it('gives the first Saturday after tomorrow', () => {
    expect(nextSaturday(new Date('2026-11-26T12:00:00Z'), 'Europe/Paris')).toEqual({ year: 2026, month: 11, day: 28 })
    // On a Friday, tomorrow is Saturday: "next Saturday" is the one after.
    expect(nextSaturday(new Date('2026-11-27T12:00:00Z'), 'Europe/Paris')).toEqual({ year: 2026, month: 12, day: 5 })
    expect(nextSaturday(new Date('2026-11-28T12:00:00Z'), 'Europe/Paris')).toEqual({ year: 2026, month: 12, day: 5 })
    expect(nextSaturday(new Date('2026-12-31T12:00:00Z'), 'Europe/Paris')).toEqual({ year: 2027, month: 1, day: 2 })
  })

  it('takes the date in the given zone, not the machine’s', () => {
    // Thursday 23:30 in UTC is already Friday in Paris: there, tomorrow is Saturday.
    expect(nextSaturday(new Date('2026-11-26T23:30:00Z'), 'Europe/Paris')).toEqual({ year: 2026, month: 12, day: 5 })
    expect(nextSaturday(new Date('2026-11-26T23:30:00Z'), 'UTC')).toEqual({ year: 2026, month: 11, day: 28 })
  })
})
