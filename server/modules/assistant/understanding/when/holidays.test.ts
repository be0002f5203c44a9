import { describe, expect, it } from 'vitest'
import { parseWhen } from '../when'
import { easterSunday } from './holidays'

/** Tuesday 1 December 2026. */
const today = '2026-12-01'

describe('days named instead of a date', () => {
  it('computes Easter Sunday', () => {
    expect([2026, 2027, 2028, 2030].map(easterSunday)).toEqual(['2026-04-05', '2027-03-28', '2028-04-16', '2030-04-21'])
  })

  it.each([
    ['une coupe pour la Saint-Sylvestre à 10h', '2026-12-31'],
    ['Termin an Silvester um 11', '2026-12-31'],
    ["un taglio per l'Epifania", '2027-01-06'],
    ["on New Year's Eve at 2pm", '2026-12-31'],
    ['Easter Monday morning', '2027-03-29'],
    ['le lundi de Pâques', '2027-03-29'],
    ['am Ostermontag', '2027-03-29'],
    ['a Pasquetta', '2027-03-29'],
    ['la veille de Noël', '2026-12-24'],
    ['Heiligabend', '2026-12-24'],
    ['vigilia di Natale', '2026-12-24'],
    ['pour la Saint-Valentin', '2027-02-14'],
    ['am Pfingstmontag', '2027-05-17'],
    ['Ferragosto', '2027-08-15'],
  ])('reads "%s"', (message, date) => {
    expect(parseWhen(message, { today }).date).toBe(date)
  })

  it("reads the national day of the salon's country", () => {
    expect(parseWhen('le jour de la fête nationale', { today, country: 'FR' }).date).toBe('2027-07-14')
    expect(parseWhen('am Nationalfeiertag', { today, country: 'CH' }).date).toBe('2027-08-01')
  })

  it('keeps the time said with it', () => {
    expect(parseWhen('Saint-Sylvestre à 10h', { today })).toMatchObject({ date: '2026-12-31', time: 600 })
  })
})
