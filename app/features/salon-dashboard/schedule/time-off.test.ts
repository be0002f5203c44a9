import { de, en, fr } from '@app/locales/all'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { describeTimeOff, describeTimeOffInWords, toTimeOffBody, validateTimeOff } from './time-off'

/** The translation function of one language, without the app's loading. */
async function tIn(language: 'fr' | 'de' | 'en', translation: object) {
  const instance = i18next.createInstance()
  await instance.init({
    lng: language,
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
  })
  return instance.t
}

describe('an absence', () => {
  it('needs both dates and an end strictly after the start', () => {
    expect(validateTimeOff({ startDate: '', endDate: '2026-12-27', reason: '' })).toBe('missingDates')
    expect(validateTimeOff({ startDate: '2026-12-24', endDate: '', reason: '' })).toBe('missingDates')
    // One day off: its first day is its last (issue 39).
    expect(validateTimeOff({ startDate: '2026-12-24', endDate: '2026-12-24', reason: '' })).toBeUndefined()
    expect(validateTimeOff({ startDate: '2026-12-24', endDate: '2026-12-20', reason: '' })).toBe('endBeforeStart')
    expect(validateTimeOff({ startDate: '2026-12-24', endDate: '2026-12-25', reason: '' })).toBeUndefined()
  })

  it('leaves an empty reason out of the payload', () => {
    expect(toTimeOffBody({ startDate: '2026-12-24', endDate: '2026-12-27', reason: '  ' })).toEqual({
      startDate: '2026-12-24',
      endDate: '2026-12-27',
    })
    expect(toTimeOffBody({ startDate: '2026-12-24', endDate: '2026-12-27', reason: ' Noël ' }).reason).toBe('Noël')
  })

  it("reads as dd/MM/yyyy on the salon's clock, with times only when it does not run midnight to midnight", () => {
    const christmas = { startDate: '2026-12-23T23:00:00.000Z', endDate: '2026-12-26T23:00:00.000Z' }
    expect(describeTimeOff(christmas, 'Europe/Paris')).toEqual({ start: '24/12/2026', end: '26/12/2026', days: 3 })
    expect(describeTimeOff(christmas, 'America/New_York')).toEqual({
      start: '23/12/2026 18:00',
      end: '26/12/2026 18:00',
      days: undefined,
    })
  })

  it('reads in words that say the last day off is included, and the day back (issue 18)', async () => {
    const christmas = { startDate: '2026-12-23T23:00:00.000Z', endDate: '2026-12-26T23:00:00.000Z' }
    expect(describeTimeOffInWords(christmas, 'Europe/Paris', 'fr', await tIn('fr', fr))).toEqual({
      period: 'Du 24 déc. au 26 déc. 2026 inclus (3\u00a0jours)',
      back: 'De retour le 27 déc.',
    })
    expect(describeTimeOffInWords(christmas, 'Europe/Paris', 'de', await tIn('de', de))).toEqual({
      period: 'Vom 24. Dez. bis einschließlich 26. Dez. 2026 (3 Tage)',
      back: 'Zurück am 27. Dez.',
    })
    // One day; across the new year, both years.
    const oneDay = { startDate: '2026-12-24T23:00:00.000Z', endDate: '2026-12-25T23:00:00.000Z' }
    expect(describeTimeOffInWords(oneDay, 'Europe/Paris', 'en', await tIn('en', en)).period).toBe(
      'On 25 Dec 2026 (1 day)',
    )
    const newYear = { startDate: '2026-12-30T23:00:00.000Z', endDate: '2027-01-02T23:00:00.000Z' }
    expect(describeTimeOffInWords(newYear, 'Europe/Paris', 'en', await tIn('en', en)).period).toBe(
      'From 31 Dec 2026 to 2 Jan 2027 inclusive (3 days)',
    )
    // Not midnight to midnight: both instants with their times, no day count.
    expect(describeTimeOffInWords(christmas, 'America/New_York', 'fr', await tIn('fr', fr))).toEqual({
      period: 'Du 23 déc. 2026, 18:00 au 26 déc. 2026, 18:00',
      back: undefined,
    })
  })
})
