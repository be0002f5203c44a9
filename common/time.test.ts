import { TZDate, tzOffset } from '@date-fns/tz'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  DAY_MS,
  daysBetween,
  formatLocalDateTime,
  HOUR_MS,
  instantToLocal,
  instantToWallClock,
  isLocalDate,
  isLocalTime,
  isoInstant,
  isValidTimeZone,
  localToInstant,
  MINUTE_MS,
  minutesOfDay,
  wallClockDay,
  wallClockToInstant,
  weekdayOf,
  weekdayOfWallClock,
} from './time'

const iso = (instant: number) => new Date(instant).toISOString()
const utc = (text: string) => Date.parse(text)

/** What `TZDate` makes of a wall time: the reference for ordinary times and for DST gaps. */
function tzDate(date: string, minutes: number, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, zone).getTime()
}

/** The wall time `minutes` after midnight of `date`, read as if it were UTC (no zone involved). */
function wallAsUtc(date: string, minutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS
}

/**
 * Every instant at which the zone's clock shows that wall time, found independently of
 * localToInstant: try every offset the zone uses within two days of it.
 */
function instantsShowing(date: string, minutes: number, zone: string): number[] {
  const wall = wallAsUtc(date, minutes)
  const offsets = new Set<number>()
  for (let h = -48; h <= 48; h++) offsets.add(tzOffset(zone, new Date(wall + h * HOUR_MS)))
  const found = new Set<number>()
  for (const offset of offsets) {
    const t = wall - offset * MINUTE_MS
    if (t + tzOffset(zone, new Date(t)) * MINUTE_MS === wall) found.add(t)
  }
  return [...found].sort((a, b) => a - b)
}

const ROUND_TRIP_ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'UTC',
  'Europe/London',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'America/Santiago',
] as const

/** A date from 2020 to 2035, a minute of its day and one of the zones above. */
const aWallTime = fc.record({
  date: fc.integer({ min: 0, max: daysBetween('2020-01-01', '2035-12-31') }).map((day) => addDays('2020-01-01', day)),
  minutes: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  zone: fc.constantFrom(...ROUND_TRIP_ZONES),
})

const FROM_2020 = utc('2020-01-01T00:00:00Z')
const TO_2035 = utc('2035-12-31T23:59:00Z')

describe('localToInstant', () => {
  it.each([
    ['2026-12-01', 10 * 60, 'Europe/Paris', '2026-12-01T09:00:00.000Z'],
    ['2026-07-01', 10 * 60, 'Europe/Paris', '2026-07-01T08:00:00.000Z'],
    ['2026-12-01', 9 * 60 + 15, 'America/New_York', '2026-12-01T14:15:00.000Z'],
    ['2026-07-01', 9 * 60 + 15, 'America/New_York', '2026-07-01T13:15:00.000Z'],
    ['2026-12-01', 10 * 60, 'Asia/Kolkata', '2026-12-01T04:30:00.000Z'],
    ['2026-12-01', 0, 'Asia/Kolkata', '2026-11-30T18:30:00.000Z'],
    ['2026-07-01', 10 * 60, 'Australia/Lord_Howe', '2026-06-30T23:30:00.000Z'],
    ['2026-12-01', 10 * 60, 'Australia/Lord_Howe', '2026-11-30T23:00:00.000Z'],
    ['2026-12-01', 23 * 60 + 59, 'UTC', '2026-12-01T23:59:00.000Z'],
  ])('reads %s + %i min on the wall clock of %s as %s, like TZDate', (date, minutes, zone, expected) => {
    expect(iso(localToInstant(date, minutes, zone))).toBe(expected)
    expect(localToInstant(date, minutes, zone)).toBe(tzDate(date, minutes, zone))
  })

  it('moves a wall time skipped by the spring-forward jump forward by the jump (Europe/Paris 2027-03-28)', () => {
    const t = localToInstant('2027-03-28', 2 * 60 + 30, 'Europe/Paris')
    expect(iso(t)).toBe('2027-03-28T01:30:00.000Z')
    expect(formatLocalDateTime(t, 'Europe/Paris')).toBe('2027-03-28T03:30')
    expect(t).toBe(tzDate('2027-03-28', 2 * 60 + 30, 'Europe/Paris'))
    // The first minute of the gap is the moment of the jump itself.
    expect(iso(localToInstant('2027-03-28', 2 * 60, 'Europe/Paris'))).toBe('2027-03-28T01:00:00.000Z')
  })

  it('moves a skipped wall time forward in America/New_York on 2026-03-08', () => {
    for (const minutes of [2 * 60, 2 * 60 + 30, 2 * 60 + 59]) {
      const t = localToInstant('2026-03-08', minutes, 'America/New_York')
      expect(t).toBe(tzDate('2026-03-08', minutes, 'America/New_York'))
      expect(instantToLocal(t, 'America/New_York').minutes).toBe(minutes + 60)
    }
    expect(iso(localToInstant('2026-03-08', 2 * 60 + 30, 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z')
    // Either side of the gap is unambiguous.
    expect(iso(localToInstant('2026-03-08', 60 + 59, 'America/New_York'))).toBe('2026-03-08T06:59:00.000Z')
    expect(iso(localToInstant('2026-03-08', 3 * 60, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z')
  })

  it('resolves a wall time repeated by the fall-back to the later instant in Europe/Paris', () => {
    expect(iso(localToInstant('2026-10-25', 2 * 60 + 30, 'Europe/Paris'))).toBe('2026-10-25T01:30:00.000Z')
    expect(iso(localToInstant('2026-10-25', 2 * 60, 'Europe/Paris'))).toBe('2026-10-25T01:00:00.000Z')
    expect(iso(localToInstant('2026-10-25', 2 * 60 + 59, 'Europe/Paris'))).toBe('2026-10-25T01:59:00.000Z')
    expect(iso(localToInstant('2026-10-25', 60 + 59, 'Europe/Paris'))).toBe('2026-10-24T23:59:00.000Z')
    expect(iso(localToInstant('2026-10-25', 3 * 60, 'Europe/Paris'))).toBe('2026-10-25T02:00:00.000Z')
  })

  it('resolves a repeated wall time to the later instant in America/New_York too (where TZDate picks the earlier)', () => {
    const t = localToInstant('2026-11-01', 60 + 30, 'America/New_York')
    expect(iso(t)).toBe('2026-11-01T06:30:00.000Z')
    expect(instantsShowing('2026-11-01', 60 + 30, 'America/New_York').map(iso)).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:30:00.000Z',
    ])
    expect(tzDate('2026-11-01', 60 + 30, 'America/New_York')).toBe(utc('2026-11-01T05:30:00Z'))
  })

  it('handles the 30-minute DST shift of Australia/Lord_Howe', () => {
    // Spring forward on 2026-10-04: 02:00 → 02:30.
    const skipped = localToInstant('2026-10-04', 2 * 60 + 15, 'Australia/Lord_Howe')
    expect(formatLocalDateTime(skipped, 'Australia/Lord_Howe')).toBe('2026-10-04T02:45')
    expect(iso(skipped)).toBe('2026-10-03T15:45:00.000Z')
    expect(skipped).toBe(tzDate('2026-10-04', 2 * 60 + 15, 'Australia/Lord_Howe'))
    // Fall back on 2026-04-05: 02:00 → 01:30, so 01:30–01:59 happen twice; the later one wins.
    expect(iso(localToInstant('2026-04-05', 60 + 45, 'Australia/Lord_Howe'))).toBe('2026-04-04T15:15:00.000Z')
    expect(instantsShowing('2026-04-05', 60 + 45, 'Australia/Lord_Howe').map(iso)).toEqual([
      '2026-04-04T14:45:00.000Z',
      '2026-04-04T15:15:00.000Z',
    ])
  })

  it('moves skipped wall times forward east of +12:00 too (Pacific/Auckland, Pacific/Chatham)', () => {
    // Auckland springs forward 02:00 NZST → 03:00 NZDT on 2026-09-27; before the fix 02:30 came back as 01:30.
    const auckland = localToInstant('2026-09-27', 2 * 60 + 30, 'Pacific/Auckland')
    expect(formatLocalDateTime(auckland, 'Pacific/Auckland')).toBe('2026-09-27T03:30')
    expect(auckland).toBe(tzDate('2026-09-27', 2 * 60 + 30, 'Pacific/Auckland'))
    const chatham = localToInstant('2026-09-27', 3 * 60 + 15, 'Pacific/Chatham')
    expect(formatLocalDateTime(chatham, 'Pacific/Chatham')).toBe('2026-09-27T04:15')
    // Auckland's repeated 02:30 (2026-04-05) is the later, NZST one.
    expect(iso(localToInstant('2026-04-05', 2 * 60 + 30, 'Pacific/Auckland'))).toBe('2026-04-04T14:30:00.000Z')
  })

  it('accepts minutes past 24:00 as a time on the following days', () => {
    expect(localToInstant('2026-12-01', 26 * 60, 'Europe/Paris')).toBe(
      localToInstant('2026-12-02', 2 * 60, 'Europe/Paris'),
    )
    expect(localToInstant('2026-10-24', 24 * 60 + 150, 'Europe/Paris')).toBe(
      localToInstant('2026-10-25', 150, 'Europe/Paris'),
    )
    expect(localToInstant('2026-12-31', 48 * 60, 'UTC')).toBe(utc('2027-01-02T00:00:00Z'))
  })

  it('rejects a malformed date', () => {
    expect(() => localToInstant('2026-1-01', 0, 'UTC')).toThrow(RangeError)
    expect(() => localToInstant('01/12/2026', 0, 'UTC')).toThrow(RangeError)
  })

  it('agrees with TZDate on every wall time that exists once, and moves forward like TZDate in gaps', () => {
    fc.assert(
      fc.property(aWallTime, ({ date, minutes, zone }) => {
        const showing = instantsShowing(date, minutes, zone)
        const t = localToInstant(date, minutes, zone)
        if (showing.length === 2) expect(t).toBe(showing[1])
        else expect(t).toBe(tzDate(date, minutes, zone))
        if (showing.length === 1) expect(t).toBe(showing[0])
      }),
      { numRuns: 500 },
    )
  })

  it('finds the right instant around every transition (exhaustive over the days of DST changes)', () => {
    const days: [string, string][] = [
      ['2027-03-28', 'Europe/Paris'],
      ['2026-10-25', 'Europe/Paris'],
      ['2026-03-08', 'America/New_York'],
      ['2026-11-01', 'America/New_York'],
      ['2026-10-04', 'Australia/Lord_Howe'],
      ['2026-04-05', 'Australia/Lord_Howe'],
      ['2026-09-27', 'Pacific/Auckland'],
      ['2026-04-05', 'Pacific/Auckland'],
    ]

    for (const [date, zone] of days) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
        const showing = instantsShowing(date, minutes, zone)
        const t = localToInstant(date, minutes, zone)
        if (showing.length > 0) {
          expect(t, `${zone} ${date} +${minutes}`).toBe(showing[showing.length - 1])
        } else {
          expect(t, `${zone} ${date} +${minutes}`).toBe(tzDate(date, minutes, zone))
          expect(instantToLocal(t, zone).minutes).toBeGreaterThan(minutes)
        }
      }
    }
  })
})

describe('instantToLocal', () => {
  it('reads the wall clock of an instant', () => {
    expect(instantToLocal(utc('2026-12-01T09:00:00Z'), 'Europe/Paris')).toEqual({
      date: '2026-12-01',
      time: '10:00',
      minutes: 600,
      weekday: 1,
    })
    expect(instantToLocal(new Date('2026-12-06T23:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-12-07',
      time: '05:00',
      minutes: 300,
      weekday: 0,
    })
    expect(instantToLocal(utc('2026-01-01T04:59:00Z'), 'America/New_York')).toMatchObject({
      date: '2025-12-31',
      time: '23:59',
      weekday: 2,
    })
    expect(instantToLocal(utc('2026-10-25T00:30:00Z'), 'Europe/Paris').time).toBe('02:30')
    expect(instantToLocal(utc('2026-10-25T01:30:00Z'), 'Europe/Paris').time).toBe('02:30')
  })

  it('gives back the same wall time after a round trip through localToInstant (2020–2035, several zones)', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM_2020, max: TO_2035 }), fc.constantFrom(...ROUND_TRIP_ZONES), (ms, zone) => {
        const instant = Math.floor(ms / MINUTE_MS) * MINUTE_MS
        const local = instantToLocal(instant, zone)
        const back = localToInstant(local.date, local.minutes, zone)
        expect(instantToLocal(back, zone)).toEqual(local)
        // The same instant, unless the wall time is repeated: then the later of the two.
        if (back !== instant) {
          expect(back).toBeGreaterThan(instant)
          expect(instantsShowing(local.date, local.minutes, zone)).toEqual([instant, back])
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('gives back any wall time that exists, from a random date and time', () => {
    fc.assert(
      fc.property(aWallTime, ({ date, minutes, zone }) => {
        const local = instantToLocal(localToInstant(date, minutes, zone), zone)
        if (instantsShowing(date, minutes, zone).length > 0) {
          expect(local).toMatchObject({ date, minutes, weekday: weekdayOf(date) })
        } else {
          expect(local.date === date && local.minutes === minutes).toBe(false)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('formats a local date-time', () => {
    expect(formatLocalDateTime(utc('2027-03-28T01:30:00Z'), 'Europe/Paris')).toBe('2027-03-28T03:30')
    expect(formatLocalDateTime(new Date('2026-12-01T04:30:00Z'), 'Asia/Kolkata')).toBe('2026-12-01T10:00')
  })

  it('formats any instant as instantToLocal reads it, whole minutes or not (2020–2035, several zones)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: FROM_2020, max: TO_2035 }),
        fc.boolean(),
        fc.constantFrom(...ROUND_TRIP_ZONES),
        (ms, wholeMinute, zone) => {
          const instant = wholeMinute ? Math.floor(ms / MINUTE_MS) * MINUTE_MS : ms
          const { date, time } = instantToLocal(instant, zone)
          expect(formatLocalDateTime(instant, zone)).toBe(`${date}T${time}`)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('formats local date-times of years 0000–0999 and past 9999 with their full year', () => {
    expect(formatLocalDateTime(utc('0001-01-01T00:00:00Z'), 'UTC')).toBe('0001-01-01T00:00')
    expect(formatLocalDateTime(utc('+010000-01-01T00:00:00Z'), 'UTC')).toBe('10000-01-01T00:00')
  })
})

describe('isoInstant', () => {
  it('writes an instant as toISOString does, whole minutes or not, from year 0000 to past 9999', () => {
    const edges = ['0000-01-01T00:00:00Z', '1969-12-31T23:59:00Z', '9999-12-31T23:59:00Z', '+010000-01-01T00:00:00Z']
    for (const edge of edges) expect(isoInstant(utc(edge))).toBe(iso(utc(edge)))
    fc.assert(
      fc.property(
        fc.integer({ min: utc('0000-01-01T00:00:00Z'), max: utc('+010001-01-01T00:00:00Z') }),
        fc.boolean(),
        (ms, wholeMinute) => {
          const instant = wholeMinute ? Math.floor(ms / MINUTE_MS) * MINUTE_MS : ms
          expect(isoInstant(instant)).toBe(iso(instant))
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('wall-clock readings', () => {
  it('walk local days as numbers: midnight, weekday and back to the instant, as the date strings do', () => {
    fc.assert(
      fc.property(aWallTime, ({ date, minutes, zone }) => {
        const wall = wallAsUtc(date, minutes)
        expect(wallClockToInstant(wall, zone)).toBe(localToInstant(date, minutes, zone))
        expect(wallClockDay(wall)).toBe(wallAsUtc(date, 0))
        expect(weekdayOfWallClock(wall)).toBe(weekdayOf(date))
        const instant = localToInstant(date, minutes, zone)
        const local = instantToLocal(instant, zone)
        expect(instantToWallClock(instant, zone)).toBe(wallAsUtc(local.date, local.minutes))
      }),
      { numRuns: 1000 },
    )
  })

  it('reads weekdays before 1970 too', () => {
    expect(weekdayOfWallClock(utc('1969-12-29T10:00:00Z'))).toBe(0)
    expect(weekdayOfWallClock(utc('1900-01-07T23:59:00Z'))).toBe(6)
  })
})

describe('calendar arithmetic', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2027-03-01', -1, '2027-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-12-01', 0, '2026-12-01'],
    ['2026-12-01', 90, '2027-03-01'],
    ['2026-03-28', 365, '2027-03-28'],
    ['2027-03-28', 366, '2028-03-28'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2100-02-28', 1, '2100-03-01'],
  ])('adds days: %s + %i = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected)
    expect(daysBetween(date, expected)).toBe(days)
  })

  it('knows the weekday of a date (0 = Monday … 6 = Sunday)', () => {
    expect(weekdayOf('2026-12-01')).toBe(1)
    expect(weekdayOf('2026-11-30')).toBe(0)
    expect(weekdayOf('2026-12-06')).toBe(6)
    expect(weekdayOf('2026-10-25')).toBe(6)
    expect(weekdayOf('2027-03-28')).toBe(6)
    expect(weekdayOf('2028-02-29')).toBe(1)
  })

  it('steps weekdays and day counts consistently with addDays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -800, max: 800 }), (day, n) => {
        const date = addDays('2000-01-01', day)
        const later = addDays(date, n)
        expect(isLocalDate(later)).toBe(true)
        expect(daysBetween(date, later)).toBe(n)
        expect(addDays(later, -n)).toBe(date)
        expect(weekdayOf(later)).toBe((((weekdayOf(date) + n) % 7) + 7) % 7)
      }),
      { numRuns: 300 },
    )
  })

  it('agrees with instantToLocal on the weekday of an instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM_2020, max: TO_2035 }), fc.constantFrom(...ROUND_TRIP_ZONES), (ms, zone) => {
        const local = instantToLocal(ms, zone)
        expect(local.weekday).toBe(weekdayOf(local.date))
      }),
      { numRuns: 300 },
    )
  })

  it('rejects malformed dates in calendar arithmetic', () => {
    expect(() => addDays('2026-12-1', 1)).toThrow(RangeError)
    expect(() => weekdayOf('tomorrow')).toThrow(RangeError)
    expect(() => daysBetween('2026-12-01', '')).toThrow(RangeError)
  })

  it('measures whole days between local dates, across DST changes', () => {
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2)
    expect(daysBetween('2027-03-27', '2027-03-29')).toBe(2)
    expect(daysBetween('2027-01-01', '2026-12-01')).toBe(-31)
    expect(DAY_MS).toBe(86_400_000)
  })
})

describe('validation', () => {
  it.each(['2026-12-01', '2028-02-29', '2000-02-29', '2026-01-31', '9999-12-31'])('accepts the date %s', (v) => {
    expect(isLocalDate(v)).toBe(true)
  })

  it.each([
    '2026-02-30',
    '2027-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-12-00',
    '2026-1-01',
    '26-01-01',
    '2026-12-01T00:00',
    ' 2026-12-01',
    '',
  ])('rejects the date %j', (v) => {
    expect(isLocalDate(v)).toBe(false)
  })

  it.each(['00:00', '09:00', '12:30', '23:59'])('accepts the time %s', (v) => {
    expect(isLocalTime(v)).toBe(true)
  })

  it.each(['24:00', '9:00', '09:60', '09:5', '25:00', '09:00:00', '09h00', ' 09:00', ''])(
    'rejects the time %j',
    (v) => {
      expect(isLocalTime(v)).toBe(false)
    },
  )

  it('counts minutes of the day of a local time', () => {
    expect(minutesOfDay('00:00')).toBe(0)
    expect(minutesOfDay('09:15')).toBe(555)
    expect(minutesOfDay('23:59')).toBe(1439)
    expect(() => minutesOfDay('24:00')).toThrow(RangeError)
    expect(() => minutesOfDay('9:00')).toThrow(RangeError)
  })

  it.each(['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC', 'Etc/GMT+5'])(
    'accepts the IANA zone %s',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(true)
    },
  )

  it.each(['Mars/Olympus_Mons', 'Europe/Pariss', 'Paris', 'CET', 'EST', '+01:00', ''])(
    'rejects the zone %j',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(false)
    },
  )
})
