import { WEEKDAY_KEYS, type WorkingDay, type WorkingHours, workingHoursInputSchema } from '@common/schemas/schedule'
import { describe, expect, it } from 'vitest'
import {
  closesNextDay,
  dayError,
  draftFromWorkingHours,
  keptBreaks,
  switchDay,
  toWorkingHoursBody,
} from './hours-draft'

const closed: WorkingDay = { isOpen: false, openTime: null, closeTime: null, intervals: [] }
const week = (day: WorkingDay): WorkingHours =>
  Object.fromEntries(WEEKDAY_KEYS.map((key) => [key, key === '1' ? day : closed])) as WorkingHours
const lunchBreak: WorkingDay = {
  isOpen: true,
  openTime: '09:00',
  closeTime: '19:00',
  intervals: [
    { openTime: '09:00', closeTime: '12:00' },
    { openTime: '14:00', closeTime: '19:00' },
  ],
}

describe('the opening-hours draft', () => {
  it('opens a day without times at 09:00–18:00, and keeps times it already had', () => {
    const monday = draftFromWorkingHours(week(closed))['0']
    expect(switchDay(monday, true)).toMatchObject({ isOpen: true, openTime: '09:00', closeTime: '18:00' })
    const reopened = switchDay(
      switchDay({ ...monday, isOpen: true, openTime: '10:00', closeTime: '16:00' }, false),
      true,
    )
    expect(reopened).toMatchObject({ openTime: '10:00', closeTime: '16:00' })
  })

  it('keeps a lunch break when the opening and closing times move', () => {
    const draft = draftFromWorkingHours(week(lunchBreak))
    draft['1'] = { ...draft['1'], openTime: '08:30', closeTime: '20:00' }
    const body = toWorkingHoursBody(draft)
    expect(body.workingHours['1']).toMatchObject({
      intervals: [
        { openTime: '08:30', closeTime: '12:00' },
        { openTime: '14:00', closeTime: '20:00' },
      ],
    })
    expect(workingHoursInputSchema.safeParse(body).success).toBe(true)
  })

  it('drops a break that no longer falls inside the day', () => {
    const draft = draftFromWorkingHours(week(lunchBreak))
    draft['1'] = { ...draft['1'], closeTime: '13:00' }
    expect(keptBreaks(draft['1'])).toEqual([])
    expect(toWorkingHoursBody(draft).workingHours['1']).toEqual({ isOpen: true, openTime: '09:00', closeTime: '13:00' })
  })

  it('reads a closing time before the opening time as after midnight, and refuses equal or missing times', () => {
    const day = { isOpen: true, openTime: '18:00', closeTime: '02:00', breaks: [] }
    expect(dayError(day)).toBeUndefined()
    expect(closesNextDay(day)).toBe(true)
    expect(dayError({ ...day, closeTime: '18:00' })).toBe('sameTime')
    expect(dayError({ ...day, openTime: '' })).toBe('missingTime')
    expect(dayError({ ...day, isOpen: false, openTime: '' })).toBeUndefined()
  })
})
