import type { WorkingDay, WorkingHours } from '@common/schemas/schedule'
import { describe, expect, it } from 'vitest'
import { formatRate, formatServicePrice, summarizeHours } from './admin-format'

const open = (openTime: string, closeTime: string): WorkingDay => ({
  isOpen: true,
  openTime,
  closeTime,
  intervals: [{ openTime, closeTime }],
})
const CLOSED: WorkingDay = { isOpen: false, openTime: null, closeTime: null, intervals: [] }

describe('the success rate', () => {
  it('has one decimal in the interface language, and is a dash without conversations', () => {
    expect(formatRate(94.25, 'en')).toBe('94.3%')
    expect(formatRate(50, 'fr')).toMatch(/^50,0\s%$/)
    expect(formatRate(0, 'de')).toMatch(/^0,0\s%$/)
    expect(formatRate(null, 'it')).toBe('—')
  })
})

describe('the opening-hours summary', () => {
  it('joins consecutive days with the same hours, lunch breaks included', () => {
    const split: WorkingDay = {
      isOpen: true,
      openTime: '09:00',
      closeTime: '18:00',
      intervals: [
        { openTime: '09:00', closeTime: '12:00' },
        { openTime: '14:00', closeTime: '18:00' },
      ],
    }
    const week: WorkingHours = {
      '0': CLOSED,
      '1': split,
      '2': split,
      '3': split,
      '4': open('09:00', '20:00'),
      '5': open('09:00', '17:00'),
      '6': CLOSED,
    }
    expect(summarizeHours(week)).toEqual([
      { from: '0', to: '0', hours: undefined },
      { from: '1', to: '3', hours: '09:00–12:00, 14:00–18:00' },
      { from: '4', to: '4', hours: '09:00–20:00' },
      { from: '5', to: '5', hours: '09:00–17:00' },
      { from: '6', to: '6', hours: undefined },
    ])
  })

  it('reads a day without intervals from its opening and closing times', () => {
    const day: WorkingDay = { isOpen: true, openTime: '10:00', closeTime: '19:00', intervals: [] }
    const week = { '0': day, '1': day, '2': day, '3': day, '4': day, '5': day, '6': day } as WorkingHours
    expect(summarizeHours(week)).toEqual([{ from: '0', to: '6', hours: '10:00–19:00' }])
  })
})

describe('service prices', () => {
  it('carry the currency symbol as the interface language writes it, with the currency’s decimals', () => {
    const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
    expect(nbsp(formatServicePrice(4500, 'EUR', 'fr'))).toBe('45,00 €')
    expect(formatServicePrice(4500, 'EUR', 'en')).toBe('€45.00')
    expect(nbsp(formatServicePrice(4550, 'CHF', 'de'))).toBe('45,50 CHF')
    expect(formatServicePrice(4500, 'EUR', 'fr')).not.toContain('EUR')
  })
})
