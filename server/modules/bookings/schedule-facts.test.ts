import { describe, expect, it } from 'vitest'
import { type BlockFact, blockOccurrences, bookingStretches } from './schedule-facts'

const at = (iso: string) => new Date(iso).getTime()
const iso = (ms: number) => new Date(ms).toISOString()
const MEMBER = 'a0000000-0000-4000-8000-000000000001'

describe("a booking's working stretches", () => {
  it('is the whole booking and its clean-up without a processing pause', () => {
    const stretches = bookingStretches([at('2026-12-09T09:00:00Z'), at('2026-12-09T09:45:00Z'), 0, 0, 10, MEMBER])
    expect(stretches.map(([s, e, kind]) => [iso(s), iso(e), kind])).toEqual([
      ['2026-12-09T09:00:00.000Z', '2026-12-09T09:55:00.000Z', 'booking'],
    ])
  })

  it('leaves the processing pause free: the work before it, then the rest and the clean-up', () => {
    const colour = bookingStretches([at('2026-12-09T09:00:00Z'), at('2026-12-09T10:30:00Z'), 30, 40, 5, MEMBER])
    expect(colour.map(([s, e, kind, member]) => [iso(s), iso(e), kind, member])).toEqual([
      ['2026-12-09T09:00:00.000Z', '2026-12-09T09:30:00.000Z', 'booking', MEMBER],
      ['2026-12-09T10:10:00.000Z', '2026-12-09T10:35:00.000Z', 'booking_resumed', MEMBER],
    ])
  })

  it('keeps the whole booking when its pause would run to its end (a booking shortened since), as the trigger does', () => {
    const shortened = bookingStretches([at('2026-12-09T09:00:00Z'), at('2026-12-09T10:00:00Z'), 30, 40, 0, MEMBER])
    expect(shortened.map(([s, e]) => [iso(s), iso(e)])).toEqual([
      ['2026-12-09T09:00:00.000Z', '2026-12-09T10:00:00.000Z'],
    ])
    expect(bookingStretches([at('2026-12-09T10:00:00Z'), at('2026-12-09T10:00:00Z'), 0, 0, 0, MEMBER])).toEqual([])
  })
})

describe("a weekly block's days", () => {
  const lunch: BlockFact = [[1, 2, 3, 4, 5], 12 * 60 + 30, 13 * 60 + 15, '2026-12-01', null, MEMBER]

  it('falls on its weekdays at the same time of the salon’s clock, on either side of a change of time', () => {
    const days = blockOccurrences(lunch, 'Europe/Paris', at('2027-03-26T00:00:00Z'), at('2027-03-31T00:00:00Z'))
    expect(days.map(([s, e]) => [iso(s), iso(e)])).toEqual([
      // Friday and Saturday in winter time (UTC+1), Tuesday in summer time (UTC+2); no Sunday or Monday.
      ['2027-03-26T11:30:00.000Z', '2027-03-26T12:15:00.000Z'],
      ['2027-03-27T11:30:00.000Z', '2027-03-27T12:15:00.000Z'],
      ['2027-03-30T10:30:00.000Z', '2027-03-30T11:15:00.000Z'],
    ])
  })

  it('starts on its first day and ends on its last one (included), and only where it touches the range', () => {
    const training: BlockFact = [[1], 9 * 60, 12 * 60, '2026-12-08', '2026-12-15', null]
    const days = blockOccurrences(training, 'Europe/Paris', at('2026-12-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))
    expect(days.map(([s, , kind, member]) => [iso(s), kind, member])).toEqual([
      ['2026-12-08T08:00:00.000Z', 'time_off', null],
      ['2026-12-15T08:00:00.000Z', 'time_off', null],
    ])
    expect(blockOccurrences(training, 'Europe/Paris', at('2026-12-08T11:00:00Z'), at('2026-12-15T08:00:00Z'))).toEqual(
      [],
    )
  })

  it('runs to midnight when it ends at 24:00', () => {
    const evening: BlockFact = [[2], 18 * 60, 24 * 60, '2026-12-01', null, null]
    const [day] = blockOccurrences(evening, 'Europe/Paris', at('2026-12-09T00:00:00Z'), at('2026-12-10T00:00:00Z'))
    expect(day && [iso(day[0]), iso(day[1])]).toEqual(['2026-12-09T17:00:00.000Z', '2026-12-09T23:00:00.000Z'])
  })
})
