import { localToInstant } from '@common/time'
import { describe, expect, it } from 'vitest'
import { fallsInBlock, type WeeklyBlock } from './recurring-blocks'

const PARIS = 'Europe/Paris'
const lunch: WeeklyBlock = {
  weekdays: [1, 2],
  startsMinute: 12 * 60 + 30,
  endsMinute: 13 * 60 + 15,
  firstDay: '2026-12-01',
  lastDay: '2026-12-31',
}
const at = (day: string, from: string, to: string) => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))
  return { start: localToInstant(day, minutes(from), PARIS), end: localToInstant(day, minutes(to), PARIS) }
}

describe('whether an appointment falls in a weekly block', () => {
  it('overlaps on the weekdays it names, between its first and last day', () => {
    expect(fallsInBlock(at('2026-12-08', '12:00', '12:45'), lunch, PARIS)).toBe(true) // Tuesday
    expect(fallsInBlock(at('2026-12-09', '13:00', '13:30'), lunch, PARIS)).toBe(true) // Wednesday
    expect(fallsInBlock(at('2026-12-10', '12:30', '13:15'), lunch, PARIS)).toBe(false) // Thursday
    expect(fallsInBlock(at('2027-01-05', '12:30', '13:15'), lunch, PARIS)).toBe(false) // after the last day
    expect(fallsInBlock(at('2026-11-24', '12:30', '13:15'), lunch, PARIS)).toBe(false) // before the first
  })

  it('leaves an appointment that only touches it', () => {
    expect(fallsInBlock(at('2026-12-08', '11:45', '12:30'), lunch, PARIS)).toBe(false)
    expect(fallsInBlock(at('2026-12-08', '13:15', '14:00'), lunch, PARIS)).toBe(false)
  })

  it('reads the block on the salon clock on either side of a change of time', () => {
    const always = { ...lunch, weekdays: [0, 1, 2, 3, 4, 5, 6], firstDay: '2027-03-01', lastDay: null }
    expect(fallsInBlock(at('2027-03-27', '12:40', '13:00'), always, PARIS)).toBe(true) // winter time
    expect(fallsInBlock(at('2027-03-29', '12:40', '13:00'), always, PARIS)).toBe(true) // summer time
    expect(fallsInBlock(at('2027-03-29', '11:40', '12:00'), always, PARIS)).toBe(false)
  })

  it('sees the next day of an appointment that runs past midnight', () => {
    const early = { ...lunch, weekdays: [3], startsMinute: 0, endsMinute: 60, lastDay: null }
    expect(fallsInBlock(at('2026-12-09', '23:30', '24:30'), early, PARIS)).toBe(true) // into Thursday 00:00–01:00
  })
})
