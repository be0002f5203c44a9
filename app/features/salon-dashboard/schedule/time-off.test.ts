import { describe, expect, it } from 'vitest'
import { describeTimeOff, toTimeOffBody, validateTimeOff } from './time-off'

describe('an absence', () => {
  it('needs both dates and an end strictly after the start', () => {
    expect(validateTimeOff({ startDate: '', endDate: '2026-12-27', reason: '' })).toBe('missingDates')
    expect(validateTimeOff({ startDate: '2026-12-24', endDate: '', reason: '' })).toBe('missingDates')
    expect(validateTimeOff({ startDate: '2026-12-24', endDate: '2026-12-24', reason: '' })).toBe('endBeforeStart')
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
    expect(describeTimeOff(christmas, 'Europe/Paris')).toEqual({ start: '24/12/2026', end: '27/12/2026', days: 3 })
    expect(describeTimeOff(christmas, 'America/New_York')).toEqual({
      start: '23/12/2026 18:00',
      end: '26/12/2026 18:00',
      days: undefined,
    })
  })
})
