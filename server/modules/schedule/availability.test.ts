import {
  addDays,
  DAY_MS,
  formatLocalDateTime,
  HOUR_MS,
  instantToLocal,
  localToInstant,
  MINUTE_MS,
  minutesOfDay,
  type Weekday,
  weekdayOf,
} from '@common/time'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type BookingRules,
  type BusyInterval,
  DEFAULT_BOOKING_RULES,
  explainSlot,
  findFreeSlots,
  type OpeningInterval,
  type SalonSchedule,
  type SlotRefusal,
} from './availability'

const PARIS = 'Europe/Paris'
const NEW_YORK = 'America/New_York'
const KOLKATA = 'Asia/Kolkata'
const LORD_HOWE = 'Australia/Lord_Howe'

const MON = 0
const TUE = 1
const FRI = 4
const SAT = 5
const SUN = 6

/** Minutes after midnight of `HH:mm`. */
const hm = (time: string) => minutesOfDay(time)

type Hours = Partial<Record<Weekday, readonly (readonly [number, number])[]>>

function salon(
  hours: Hours,
  options: { timeZone?: string; busy?: BusyInterval[]; rules?: Partial<BookingRules> } = {},
): SalonSchedule {
  const openingHours: OpeningInterval[] = []
  for (const [weekday, intervals] of Object.entries(hours)) {
    for (const [opens, closes] of intervals ?? [])
      openingHours.push({ weekday: Number(weekday) as Weekday, opens, closes })
  }
  return {
    timeZone: options.timeZone ?? PARIS,
    openingHours,
    busy: options.busy ?? [],
    rules: { ...DEFAULT_BOOKING_RULES, ...options.rules },
  }
}

const NINE_TO_SEVEN = [[hm('09:00'), hm('19:00')]] as const
const weekdays = (intervals: readonly (readonly [number, number])[], days: Weekday[]): Hours =>
  Object.fromEntries(days.map((d) => [d, intervals]))
const EVERY_DAY: Weekday[] = [0, 1, 2, 3, 4, 5, 6]

/** The instant the salon's clock shows `YYYY-MM-DDTHH:mm` (minutes may pass 24:00 as `+minutes`). */
function at(dateTime: string, timeZone = PARIS): number {
  return localToInstant(dateTime.slice(0, 10), hm(dateTime.slice(11, 16)), timeZone)
}

const show = (slots: readonly number[], timeZone = PARIS) => slots.map((t) => formatLocalDateTime(t, timeZone))
const times = (slots: readonly number[], timeZone = PARIS) => slots.map((t) => instantToLocal(t, timeZone).time)

/** Free starts over one whole local day, asked a week ahead (well past the notice, well within the horizon). */
function dayOf(schedule: SalonSchedule, date: string, durationMinutes: number): number[] {
  return findFreeSlots(schedule, {
    durationMinutes,
    from: localToInstant(date, 0, schedule.timeZone),
    to: localToInstant(addDays(date, 1), 0, schedule.timeZone),
    now: localToInstant(addDays(date, -7), hm('08:00'), schedule.timeZone),
  })
}

function weekBefore(date: string, timeZone = PARIS): number {
  return localToInstant(addDays(date, -7), hm('08:00'), timeZone)
}

/** `count` starts every `step` minutes from `first` (as `HH:mm`). */
function grid(first: string, count: number, step = 15): string[] {
  return Array.from({ length: count }, (_, i) => {
    const m = hm(first) + i * step
    return `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
  })
}

function expectStrictlyIncreasing(slots: readonly number[]) {
  for (let i = 1; i < slots.length; i++) expect(slots[i] as number).toBeGreaterThan(slots[i - 1] as number)
}

describe('findFreeSlots on an ordinary day', () => {
  // 2026-12-01 is a Tuesday.
  const tuesday = salon({ [TUE]: NINE_TO_SEVEN })

  it('offers every quarter hour from opening until the last start that still ends by closing time', () => {
    const slots = dayOf(tuesday, '2026-12-01', 45)
    expect(times(slots)).toEqual(grid('09:00', 38))
    expect(show(slots)[0]).toBe('2026-12-01T09:00')
    expect(show(slots).at(-1)).toBe('2026-12-01T18:15')
    expect(new Date(slots[0] as number).toISOString()).toBe('2026-12-01T08:00:00.000Z')
  })

  it('never offers a slot that ends after closing time', () => {
    for (const duration of [5, 15, 45, 60, 95, 240, 600]) {
      const slots = dayOf(tuesday, '2026-12-01', duration)
      for (const s of slots) expect(s + duration * MINUTE_MS).toBeLessThanOrEqual(at('2026-12-01T19:00'))
      expect(slots.at(-1)).toBe(at('2026-12-01T19:00') - Math.ceil(duration / 15) * 15 * MINUTE_MS)
    }
    expect(dayOf(tuesday, '2026-12-01', 605)).toEqual([])
  })

  it('offers a service exactly as long as the opening', () => {
    expect(show(dayOf(tuesday, '2026-12-01', 600))).toEqual(['2026-12-01T09:00'])
  })

  it('offers nothing on a day without opening intervals', () => {
    expect(dayOf(tuesday, '2026-11-30', 30)).toEqual([])
    expect(dayOf(tuesday, '2026-12-02', 30)).toEqual([])
    expect(dayOf(salon({}), '2026-12-01', 30)).toEqual([])
  })

  it('returns the same days for every week', () => {
    const slots = findFreeSlots(tuesday, {
      durationMinutes: 60,
      from: at('2026-11-30T00:00'),
      to: at('2026-12-21T00:00'),
      now: at('2026-11-23T08:00'),
    })
    expect([...new Set(show(slots).map((s) => s.slice(0, 10)))]).toEqual(['2026-12-01', '2026-12-08', '2026-12-15'])
    expect(slots).toHaveLength(3 * 37)
  })

  it('does not offer a start that would run into the lunch break', () => {
    const lunch = salon({
      [TUE]: [
        [hm('09:00'), hm('12:00')],
        [hm('14:00'), hm('18:00')],
      ],
    })
    const slots = times(dayOf(lunch, '2026-12-01', 60))
    expect(slots).toContain('11:00')
    expect(slots).not.toContain('11:15')
    expect(slots).toEqual([...grid('09:00', 9), ...grid('14:00', 13)])
  })

  it('treats adjacent intervals as one window (a service may run across the join)', () => {
    const split = salon({
      [TUE]: [
        [hm('09:00'), hm('12:00')],
        [hm('12:00'), hm('19:00')],
      ],
    })
    const slots = dayOf(split, '2026-12-01', 60)
    expect(times(slots)).toContain('11:30')
    expect(slots).toEqual(dayOf(tuesday, '2026-12-01', 60))
    // Listed in either order.
    const reversed = { ...split, openingHours: [...split.openingHours].reverse() }
    expect(dayOf(reversed, '2026-12-01', 60)).toEqual(slots)
  })

  it('treats overlapping intervals as one window', () => {
    const overlapping = salon({
      [TUE]: [
        [hm('09:00'), hm('13:00')],
        [hm('12:00'), hm('19:00')],
      ],
    })
    expect(dayOf(overlapping, '2026-12-01', 60)).toEqual(dayOf(tuesday, '2026-12-01', 60))
  })

  it('counts the grid from the opening, not from the start of the range', () => {
    const offset = salon({ [TUE]: [[hm('09:10'), hm('12:00')]] })
    expect(times(dayOf(offset, '2026-12-01', 30))).toEqual(grid('09:10', 10))
    const slots = findFreeSlots(offset, {
      durationMinutes: 30,
      from: at('2026-12-01T09:30'),
      to: at('2026-12-01T11:00'),
      now: weekBefore('2026-12-01'),
    })
    expect(times(slots)).toEqual(['09:40', '09:55', '10:10', '10:25', '10:40', '10:55'])
  })

  it('honours a slot step other than 15 minutes', () => {
    const halfHourly = salon({ [TUE]: NINE_TO_SEVEN }, { rules: { slotStepMinutes: 30 } })
    expect(times(dayOf(halfHourly, '2026-12-01', 45))).toEqual(grid('09:00', 19, 30))
    const odd = salon({ [TUE]: NINE_TO_SEVEN }, { rules: { slotStepMinutes: 25 } })
    expect(times(dayOf(odd, '2026-12-01', 60))).toEqual(grid('09:00', 22, 25))
  })

  it('offers nothing for a zero or negative duration or slot step', () => {
    expect(dayOf(tuesday, '2026-12-01', 0)).toEqual([])
    expect(dayOf(tuesday, '2026-12-01', -30)).toEqual([])
    expect(dayOf(salon({ [TUE]: NINE_TO_SEVEN }, { rules: { slotStepMinutes: 0 } }), '2026-12-01', 30)).toEqual([])
  })
})

describe('findFreeSlots and the booking rules', () => {
  const tuesday = salon({ [TUE]: NINE_TO_SEVEN })

  it('respects the minimum notice (now 08:30, 60 minutes → first slot 09:30)', () => {
    const slots = findFreeSlots(tuesday, {
      durationMinutes: 30,
      from: at('2026-12-01T00:00'),
      to: at('2026-12-02T00:00'),
      now: at('2026-12-01T08:30'),
    })
    expect(show(slots)[0]).toBe('2026-12-01T09:30')
    expect(slots).toHaveLength(37)
  })

  it('keeps to the grid when the notice ends between two grid points', () => {
    const slots = findFreeSlots(tuesday, {
      durationMinutes: 30,
      from: at('2026-12-01T00:00'),
      to: at('2026-12-02T00:00'),
      now: at('2026-12-01T08:37'),
    })
    expect(times(slots)[0]).toBe('09:45')
  })

  it('offers a start exactly at now + notice', () => {
    const noNotice = salon({ [TUE]: NINE_TO_SEVEN }, { rules: { minimumNoticeMinutes: 0 } })
    const now = at('2026-12-01T10:15')
    const slots = findFreeSlots(noNotice, { durationMinutes: 30, from: now - HOUR_MS, to: now + HOUR_MS, now })
    expect(slots[0]).toBe(now)
    expect(explainSlot(noNotice, now, 30, now)).toBeNull()
    expect(explainSlot(noNotice, now - 15 * MINUTE_MS, 30, now)).toBe('too_soon')
  })

  it('offers nothing at or after now + the horizon (90 days)', () => {
    const everyDay = salon(weekdays(NINE_TO_SEVEN, EVERY_DAY))
    const now = at('2026-12-01T10:00')
    const horizon = now + 90 * DAY_MS
    expect(formatLocalDateTime(horizon, PARIS)).toBe('2027-03-01T10:00')
    const slots = findFreeSlots(everyDay, { durationMinutes: 30, from: now, to: now + 120 * DAY_MS, now })
    expect(Math.max(...slots)).toBeLessThan(horizon)
    expect(show(slots).slice(-4)).toEqual([
      '2027-03-01T09:00',
      '2027-03-01T09:15',
      '2027-03-01T09:30',
      '2027-03-01T09:45',
    ])
    expect(explainSlot(everyDay, horizon, 30, now)).toBe('beyond_horizon')
    expect(explainSlot(everyDay, horizon - 15 * MINUTE_MS, 30, now)).toBeNull()
  })

  it('offers nothing when the whole range is beyond the horizon or before the notice', () => {
    const now = at('2026-12-01T08:00')
    expect(
      findFreeSlots(tuesday, { durationMinutes: 30, from: now + 91 * DAY_MS, to: now + 100 * DAY_MS, now }),
    ).toEqual([])
    expect(findFreeSlots(tuesday, { durationMinutes: 30, from: now - DAY_MS, to: now + 30 * MINUTE_MS, now })).toEqual(
      [],
    )
    expect(findFreeSlots(tuesday, { durationMinutes: 30, from: now + DAY_MS, to: now, now })).toEqual([])
  })

  it('removes whole days of time off (Christmas closure 24–27 December)', () => {
    const weekdaysAndSaturday = salon(weekdays(NINE_TO_SEVEN, [0, 1, 2, 3, 4, 5]), {
      busy: [{ start: at('2026-12-24T00:00'), end: at('2026-12-28T00:00'), kind: 'time_off' }],
    })
    const slots = findFreeSlots(weekdaysAndSaturday, {
      durationMinutes: 60,
      from: at('2026-12-21T00:00'),
      to: at('2027-01-01T00:00'),
      now: at('2026-12-14T08:00'),
    })
    const days = [...new Set(show(slots).map((s) => s.slice(0, 10)))]
    expect(days).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
    ])
    expect(slots.filter((s) => s >= at('2026-12-23T00:00') && s < at('2026-12-24T00:00'))).toHaveLength(37)
    const now = at('2026-12-14T08:00')
    expect(explainSlot(weekdaysAndSaturday, at('2026-12-24T10:00'), 60, now)).toBe('time_off')
    expect(explainSlot(weekdaysAndSaturday, at('2026-12-26T09:00'), 60, now)).toBe('time_off')
    expect(explainSlot(weekdaysAndSaturday, at('2026-12-27T10:00'), 60, now)).toBe('closed_day') // a Sunday
    expect(explainSlot(weekdaysAndSaturday, at('2026-12-28T09:00'), 60, now)).toBeNull()
  })

  it('blocks starts that overlap a booking and resumes the grid after it (09:00–09:20 → next 30-minute start 09:30)', () => {
    const booked = salon(
      { [TUE]: NINE_TO_SEVEN },
      { busy: [{ start: at('2026-12-01T09:00'), end: at('2026-12-01T09:20'), kind: 'booking' }] },
    )
    const slots = times(dayOf(booked, '2026-12-01', 30))
    expect(slots.slice(0, 3)).toEqual(['09:30', '09:45', '10:00'])
    expect(slots).toHaveLength(39 - 2)
  })

  it('lets a slot end exactly when a booking starts and start exactly when it ends', () => {
    const booked = salon(
      { [TUE]: NINE_TO_SEVEN },
      { busy: [{ start: at('2026-12-01T10:00'), end: at('2026-12-01T10:45'), kind: 'booking' }] },
    )
    const slots = times(dayOf(booked, '2026-12-01', 30))
    expect(slots.filter((t) => t >= '09:00' && t <= '11:00')).toEqual(['09:00', '09:15', '09:30', '10:45', '11:00'])
    expect(explainSlot(booked, at('2026-12-01T10:15'), 30, weekBefore('2026-12-01'))).toBe('taken')
    expect(explainSlot(booked, at('2026-12-01T09:45'), 30, weekBefore('2026-12-01'))).toBe('taken')
    expect(explainSlot(booked, at('2026-12-01T10:45'), 30, weekBefore('2026-12-01'))).toBeNull()
  })

  it('blocks external calendar events and overlapping or unsorted busy intervals alike', () => {
    const busy: BusyInterval[] = [
      { start: at('2026-12-01T15:00'), end: at('2026-12-01T16:00'), kind: 'external' },
      { start: at('2026-12-01T10:00'), end: at('2026-12-01T11:00'), kind: 'booking' },
      { start: at('2026-12-01T10:30'), end: at('2026-12-01T12:10'), kind: 'booking' },
      { start: at('2026-12-01T13:00'), end: at('2026-12-01T13:00'), kind: 'booking' }, // empty, blocks nothing
    ]
    const slots = times(dayOf(salon({ [TUE]: NINE_TO_SEVEN }, { busy }), '2026-12-01', 60))
    expect(slots).toEqual([...grid('09:00', 1), ...grid('12:15', 8), ...grid('16:00', 9)])
  })

  it('returns nothing when bookings fill the day', () => {
    const full = salon(
      { [TUE]: NINE_TO_SEVEN },
      { busy: [{ start: at('2026-12-01T08:00'), end: at('2026-12-01T20:00'), kind: 'booking' }] },
    )
    expect(dayOf(full, '2026-12-01', 15)).toEqual([])
  })
})

describe('findFreeSlots on days when the clocks change', () => {
  const sundays = (zone: string) =>
    salon(
      {
        [SUN]: [
          [hm('01:00'), hm('04:00')],
          [hm('09:00'), hm('19:00')],
        ],
      },
      { timeZone: zone },
    )

  const dstDays: [string, string, string][] = [
    [PARIS, '2026-10-25', 'fall back'],
    [PARIS, '2027-03-28', 'spring forward'],
    [NEW_YORK, '2026-03-08', 'spring forward'],
    [NEW_YORK, '2026-11-01', 'fall back'],
    [LORD_HOWE, '2026-10-04', 'spring forward by 30 minutes'],
    [LORD_HOWE, '2026-04-05', 'fall back by 30 minutes'],
  ]

  it.each(dstDays)('keeps 09:00–19:00 on the wall clock in %s on %s (%s)', (zone, date) => {
    const daytime = salon({ [SUN]: NINE_TO_SEVEN }, { timeZone: zone })
    const slots = dayOf(daytime, date, 45)
    expect(show(slots, zone)).toEqual(grid('09:00', 38).map((t) => `${date}T${t}`))
    for (let i = 1; i < slots.length; i++) expect((slots[i] as number) - (slots[i - 1] as number)).toBe(15 * MINUTE_MS)
  })

  it('offers each real instant once across the Paris fall-back (01:00–04:00 lasts four hours)', () => {
    const slots = dayOf(sundays(PARIS), '2026-10-25', 60).filter((s) => s < at('2026-10-25T05:00'))
    expect(slots).toHaveLength(4 * 4 - 4 + 1)
    expect(new Set(slots).size).toBe(slots.length)
    expectStrictlyIncreasing(slots)
    expect(new Date(slots[0] as number).toISOString()).toBe('2026-10-24T23:00:00.000Z')
    expect(new Date(slots.at(-1) as number).toISOString()).toBe('2026-10-25T02:00:00.000Z')
    // 02:00–02:45 happen twice (summer time, then winter time); both are real instants.
    expect(times(slots)).toEqual([...grid('01:00', 8), ...grid('02:00', 5)])
    for (let i = 1; i < slots.length; i++) expect((slots[i] as number) - (slots[i - 1] as number)).toBe(15 * MINUTE_MS)
  })

  it('offers no phantom wall times in the Paris spring-forward gap (01:00–04:00 lasts two hours)', () => {
    const slots = dayOf(sundays(PARIS), '2027-03-28', 60).filter((s) => s < at('2027-03-28T05:00'))
    expect(times(slots)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00'])
    expect(slots.map((s) => new Date(s).toISOString().slice(11, 16))).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
    ])
    // A 30-minute service fits until 03:30.
    const short = dayOf(sundays(PARIS), '2027-03-28', 30).filter((s) => s < at('2027-03-28T05:00'))
    expect(times(short)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30'])
  })

  it('counts the real length of a night that loses an hour in New York (00:00–06:00 on 2026-03-08)', () => {
    const night = salon({ [SUN]: [[0, hm('06:00')]] }, { timeZone: NEW_YORK })
    const slots = dayOf(night, '2026-03-08', 30)
    expect(slots).toHaveLength(5 * 4 - 2 + 1)
    expect(times(slots, NEW_YORK)).toEqual([...grid('00:00', 8), ...grid('03:00', 11)])
    expect(times(slots, NEW_YORK).some((t) => t.startsWith('02:'))).toBe(false)
  })

  it('counts the real length of a night that gains an hour in New York (00:00–06:00 on 2026-11-01)', () => {
    const night = salon({ [SUN]: [[0, hm('06:00')]] }, { timeZone: NEW_YORK })
    const slots = dayOf(night, '2026-11-01', 30)
    expect(slots).toHaveLength(7 * 4 - 2 + 1)
    expect(new Set(slots).size).toBe(slots.length)
    expect(times(slots, NEW_YORK)).toEqual([...grid('00:00', 8), ...grid('01:00', 19)])
  })

  it('follows the 30-minute shift of Lord Howe Island', () => {
    const forward = dayOf(sundays(LORD_HOWE), '2026-10-04', 60).filter((s) => s < at('2026-10-04T05:00', LORD_HOWE))
    expect(times(forward, LORD_HOWE)).toEqual(['01:00', '01:15', '01:30', '01:45', '02:30', '02:45', '03:00'])
    const back = dayOf(sundays(LORD_HOWE), '2026-04-05', 60).filter((s) => s < at('2026-04-05T05:00', LORD_HOWE))
    expect(times(back, LORD_HOWE)).toEqual([...grid('01:00', 4), ...grid('01:30', 7)])
    expect(new Set(back).size).toBe(11)
    expectStrictlyIncreasing(back)
  })

  it('finds the same slots on a DST day whatever the range around it', () => {
    for (const [zone, date] of dstDays) {
      const s = sundays(zone)
      const wide = findFreeSlots(s, {
        durationMinutes: 60,
        from: localToInstant(addDays(date, -3), 0, zone),
        to: localToInstant(addDays(date, 3), 0, zone),
        now: localToInstant(addDays(date, -10), 0, zone),
      })
      const day = dayOf(s, date, 60)
      expect(wide.filter((t) => instantToLocal(t, zone).date === date)).toEqual(day)
    }
  })
})

describe('findFreeSlots in half-hour zones', () => {
  it('reads opening hours on the wall clock of Asia/Kolkata (+05:30)', () => {
    const kolkata = salon({ [TUE]: NINE_TO_SEVEN }, { timeZone: KOLKATA })
    const slots = dayOf(kolkata, '2026-12-01', 45)
    expect(times(slots, KOLKATA)).toEqual(grid('09:00', 38))
    expect(new Date(slots[0] as number).toISOString()).toBe('2026-12-01T03:30:00.000Z')
    expect(new Date(slots.at(-1) as number).toISOString()).toBe('2026-12-01T12:45:00.000Z')
  })

  it('reads opening hours on the wall clock of Australia/Lord_Howe in summer and in winter', () => {
    const lordHowe = salon({ [TUE]: NINE_TO_SEVEN }, { timeZone: LORD_HOWE })
    const summer = dayOf(lordHowe, '2026-12-01', 45)
    expect(times(summer, LORD_HOWE)).toEqual(grid('09:00', 38))
    expect(new Date(summer[0] as number).toISOString()).toBe('2026-11-30T22:00:00.000Z') // +11:00
    const winter = dayOf(lordHowe, '2026-07-07', 45)
    expect(times(winter, LORD_HOWE)).toEqual(grid('09:00', 38))
    expect(new Date(winter[0] as number).toISOString()).toBe('2026-07-06T22:30:00.000Z') // +10:30
  })
})

describe('findFreeSlots across midnight', () => {
  // Friday 2026-12-04 20:00 until Saturday 02:00; Saturday itself is closed.
  const lateFriday = salon({ [FRI]: [[hm('20:00'), 26 * 60]] })

  it('offers 01:00 for a 60-minute service in an interval open 20:00–02:00, but not 01:15', () => {
    const slots = findFreeSlots(lateFriday, {
      durationMinutes: 60,
      from: at('2026-12-04T00:00'),
      to: at('2026-12-06T00:00'),
      now: weekBefore('2026-12-04'),
    })
    expect(show(slots)).toContain('2026-12-05T01:00')
    expect(show(slots)).not.toContain('2026-12-05T01:15')
    expect(slots).toHaveLength(6 * 4 - 4 + 1)
    expect(show(slots)[0]).toBe('2026-12-04T20:00')
    expect(explainSlot(lateFriday, at('2026-12-05T01:15'), 60, weekBefore('2026-12-04'))).toBe('ends_after_closing')
  })

  it('sees the previous evening’s window from a range that starts at 00:30', () => {
    const slots = findFreeSlots(lateFriday, {
      durationMinutes: 60,
      from: at('2026-12-05T00:30'),
      to: at('2026-12-05T12:00'),
      now: weekBefore('2026-12-04'),
    })
    expect(show(slots)).toEqual(['2026-12-05T00:30', '2026-12-05T00:45', '2026-12-05T01:00'])
    const now = weekBefore('2026-12-04')
    expect(explainSlot(lateFriday, at('2026-12-05T00:30'), 60, now)).toBeNull()
    expect(explainSlot(lateFriday, at('2026-12-05T03:00'), 60, now)).toBe('outside_hours')
    expect(explainSlot(lateFriday, at('2026-12-06T00:30'), 60, now)).toBe('closed_day')
  })

  it('keeps the grid of the evening after midnight', () => {
    const late = salon({ [FRI]: [[hm('20:10'), 26 * 60]] })
    const slots = findFreeSlots(late, {
      durationMinutes: 30,
      from: at('2026-12-05T00:00'),
      to: at('2026-12-05T12:00'),
      now: weekBefore('2026-12-04'),
    })
    expect(times(slots)).toEqual(['00:10', '00:25', '00:40', '00:55', '01:10', '01:25'])
  })

  it('joins an evening ending at midnight to the next day’s interval starting at midnight, even when the range ends before midnight', () => {
    const split = salon({ [FRI]: [[hm('20:00'), 24 * 60]], [SAT]: [[0, hm('02:00')]] })
    const now = weekBefore('2026-12-04')
    const slots = findFreeSlots(split, {
      durationMinutes: 60,
      from: at('2026-12-04T22:00'),
      to: at('2026-12-04T23:30'),
      now,
    })
    expect(times(slots)).toEqual(['22:00', '22:15', '22:30', '22:45', '23:00', '23:15'])
    expect(explainSlot(split, at('2026-12-04T23:15'), 60, now)).toBeNull()
    expect(explainSlot(split, at('2026-12-05T01:00'), 60, now)).toBeNull()
    expect(explainSlot(split, at('2026-12-05T01:15'), 60, now)).toBe('ends_after_closing')
  })

  it('counts the grid from the real opening of a window that began days earlier', () => {
    // Open from Friday 20:00 to Sunday 02:00 with a 45-minute grid: Sunday's starts follow Friday's opening.
    const weekend = salon(
      { [FRI]: [[hm('20:00'), 24 * 60]], [SAT]: [[0, 24 * 60]], [SUN]: [[0, hm('02:00')]] },
      { rules: { slotStepMinutes: 45 } },
    )
    const now = weekBefore('2026-12-04')
    const sunday = findFreeSlots(weekend, {
      durationMinutes: 30,
      from: at('2026-12-06T00:00'),
      to: at('2026-12-06T12:00'),
      now,
    })
    const whole = findFreeSlots(weekend, {
      durationMinutes: 30,
      from: at('2026-12-04T00:00'),
      to: at('2026-12-06T12:00'),
      now,
    })
    expect(show(sunday)).toEqual(['2026-12-06T00:30', '2026-12-06T01:15'])
    expect(whole.filter((t) => t >= at('2026-12-06T00:00'))).toEqual(sunday)
    expect(show(whole)[0]).toBe('2026-12-04T20:00')
    for (const t of sunday) expect(explainSlot(weekend, t, 30, now)).toBeNull()
    expect(explainSlot(weekend, at('2026-12-06T00:00'), 30, now)).toBe('off_grid')
  })

  it('follows a window back through every interval of an earlier day that joins it', () => {
    // Wednesday 00:00–15:50 + 15:50–24:00, Thursday 00:00–10:00 + 10:00–24:00, Friday 00:00–03:30: one window
    // opening on Wednesday at 00:00, so Friday 00:00 is on the grid.
    const long = salon({
      2: [
        [hm('15:50'), 24 * 60],
        [0, hm('15:50')],
      ],
      3: [
        [hm('10:00'), 24 * 60],
        [0, hm('10:00')],
      ],
      [FRI]: [[0, hm('03:30')]],
    })
    const now = weekBefore('2026-12-02')
    expect(explainSlot(long, at('2026-12-04T00:00'), 5, now)).toBeNull()
    const slots = findFreeSlots(long, {
      durationMinutes: 5,
      from: at('2026-12-03T01:00'),
      to: at('2026-12-04T00:01'),
      now,
    })
    expect(show(slots).at(-1)).toBe('2026-12-04T00:00')
    for (const t of slots) expect(explainSlot(long, t, 5, now)).toBeNull()
  })

  it('follows a window back through an earlier day’s overnight interval that covers several of its hours', () => {
    // Saturday 22:05 until Sunday 20:00 spans Sunday's 10:00–10:05 and joins Sunday's 11:40–00:10.
    const s = salon({
      [SAT]: [[hm('22:05'), 44 * 60]],
      [SUN]: [
        [hm('10:00'), hm('10:05')],
        [hm('11:40'), 24 * 60 + 10],
      ],
    })
    const now = weekBefore('2026-12-05')
    const monday = findFreeSlots(s, {
      durationMinutes: 5,
      from: at('2026-12-07T00:00'),
      to: at('2026-12-08T00:00'),
      now,
    })
    expect(times(monday)).toEqual(['00:05'])
    expect(explainSlot(s, at('2026-12-07T00:05'), 5, now)).toBeNull()
    expect(explainSlot(s, at('2026-12-07T00:00'), 5, now)).toBe('off_grid')
  })

  it('gives a salon that never closes one grid whatever the range', () => {
    const always = salon(
      weekdays(
        [
          [0, hm('12:00')],
          [hm('12:00'), 24 * 60],
        ],
        EVERY_DAY,
      ),
      { rules: { slotStepMinutes: 45, minimumNoticeMinutes: 0 } },
    )
    const now = at('2026-11-01T00:00')
    const query = (from: string, to: string) =>
      findFreeSlots(always, { durationMinutes: 30, from: at(from), to: at(to), now })
    const wide = query('2026-11-20T00:00', '2026-12-10T00:00')
    const narrow = query('2026-12-06T00:00', '2026-12-07T00:00')
    expect(narrow.length).toBe(32)
    expect(wide.filter((t) => t >= at('2026-12-06T00:00') && t < at('2026-12-07T00:00'))).toEqual(narrow)
    for (let i = 1; i < wide.length; i++) expect((wide[i] as number) - (wide[i - 1] as number)).toBe(45 * MINUTE_MS)
    for (const t of narrow) expect(explainSlot(always, t, 30, now)).toBeNull()
  })
})

describe('findFreeSlots with ranges that cut through a day', () => {
  const tuesday = salon({ [TUE]: NINE_TO_SEVEN })
  const now = weekBefore('2026-12-01')

  it('returns starts in [from, to): from included, to excluded, even when the service ends after `to`', () => {
    const slots = findFreeSlots(tuesday, {
      durationMinutes: 45,
      from: at('2026-12-01T10:15'),
      to: at('2026-12-01T11:00'),
      now,
    })
    expect(times(slots)).toEqual(['10:15', '10:30', '10:45'])
  })

  it('starts at the next grid point after a `from` between two grid points', () => {
    const slots = findFreeSlots(tuesday, {
      durationMinutes: 45,
      from: at('2026-12-01T10:07'),
      to: at('2026-12-01T10:46'),
      now,
    })
    expect(times(slots)).toEqual(['10:15', '10:30', '10:45'])
  })

  it('returns the same starts for a day whether it is asked in one piece or in several', () => {
    const lunch = salon(
      {
        [TUE]: [
          [hm('09:00'), hm('12:00')],
          [hm('14:00'), hm('18:00')],
        ],
      },
      { busy: [{ start: at('2026-12-01T15:05'), end: at('2026-12-01T15:40'), kind: 'booking' }] },
    )
    const whole = dayOf(lunch, '2026-12-01', 40)
    const cuts = ['00:00', '09:10', '11:45', '13:00', '14:00', '15:30', '17:59', '23:59'].map((t) =>
      at(`2026-12-01T${t}`),
    )
    const pieces = cuts
      .slice(1)
      .flatMap((to, i) => findFreeSlots(lunch, { durationMinutes: 40, from: cuts[i] as number, to, now }))
    expect(pieces).toEqual(whole)
  })

  it('returns nothing for an empty range', () => {
    const t = at('2026-12-01T10:00')
    expect(findFreeSlots(tuesday, { durationMinutes: 30, from: t, to: t, now })).toEqual([])
  })
})

describe('explainSlot', () => {
  const now = at('2026-12-01T08:00')
  const schedule = salon(
    {
      [MON]: NINE_TO_SEVEN,
      [TUE]: [
        [hm('09:00'), hm('12:00')],
        [hm('14:00'), hm('19:00')],
      ],
      [FRI]: [[hm('20:00'), 26 * 60]],
    },
    {
      busy: [
        { start: at('2026-12-01T15:00'), end: at('2026-12-01T16:00'), kind: 'booking' },
        { start: at('2026-12-01T17:00'), end: at('2026-12-01T17:30'), kind: 'external' },
        { start: at('2026-12-07T00:00'), end: at('2026-12-08T00:00'), kind: 'time_off' },
      ],
    },
  )

  const cases: [string, string, number, SlotRefusal | null][] = [
    ['a free slot', '2026-12-01T10:00', 60, null],
    ['a free slot that ends at closing time', '2026-12-01T18:00', 60, null],
    ['a start before now + notice', '2026-12-01T08:45', 30, 'too_soon'],
    ['a start in the past', '2026-11-30T10:00', 30, 'too_soon'],
    ['a start at or after now + horizon', '2027-03-01T09:00', 30, 'beyond_horizon'],
    ['a day without opening hours', '2026-12-02T10:00', 30, 'closed_day'],
    ['a day of time off', '2026-12-07T10:00', 30, 'time_off'],
    ['a start during the lunch break', '2026-12-01T12:30', 30, 'outside_hours'],
    ['a start after closing', '2026-12-01T19:00', 30, 'outside_hours'],
    ['a service running into the lunch break', '2026-12-01T11:45', 30, 'ends_after_closing'],
    ['a service running past closing time', '2026-12-01T18:45', 30, 'ends_after_closing'],
    ['a start between two grid points', '2026-12-01T10:05', 30, 'off_grid'],
    ['a start overlapping a booking', '2026-12-01T14:45', 30, 'taken'],
    ['a start overlapping an external event', '2026-12-01T17:15', 30, 'taken'],
    ['a start right after a booking', '2026-12-01T16:00', 60, null],
    ['a start after midnight in the previous evening’s window', '2026-12-05T01:00', 60, null],
    ['a start that runs past an overnight closing', '2026-12-05T01:30', 60, 'ends_after_closing'],
  ]

  it.each(cases)('judges %s (%s, %i min) as %s', (_label, start, duration, expected) => {
    expect(explainSlot(schedule, at(start), duration, now)).toBe(expected)
  })

  it('says outside_hours for a start before opening when the notice allows it', () => {
    expect(explainSlot(schedule, at('2026-12-08T08:45'), 30, now)).toBe('outside_hours')
  })

  it('agrees with findFreeSlots on every 5 minutes of a busy week', () => {
    const from = at('2026-11-30T00:00')
    const to = at('2026-12-08T00:00')
    for (const duration of [30, 60]) {
      const offered = new Set(findFreeSlots(schedule, { durationMinutes: duration, from, to, now }))
      for (let t = from; t < to; t += 5 * MINUTE_MS) {
        expect(explainSlot(schedule, t, duration, now) === null, formatLocalDateTime(t, PARIS)).toBe(offered.has(t))
      }
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const PROPERTY_ZONES = [PARIS, NEW_YORK, KOLKATA, LORD_HOWE, 'UTC'] as const

/** Days on which one of the property zones changes its clocks, so ranges often contain one. */
const TRANSITION_DAYS = [
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
  '2027-03-14',
  '2027-03-28',
  '2027-04-04',
  '2027-10-03',
  '2027-10-31',
  '2027-11-07',
  '2028-03-12',
  '2028-03-26',
  '2028-04-02',
  '2028-10-01',
  '2028-10-29',
  '2028-11-05',
]

const START_2026 = Date.parse('2026-01-01T00:00:00Z')
const END_2028 = Date.parse('2028-12-11T00:00:00Z')

const minutes5 = (min: number, max: number) => fc.integer({ min: min / 5, max: max / 5 }).map((n) => n * 5)

const intervalArb = fc.oneof(
  // Daytime, possibly several a day (lunch breaks), possibly touching or overlapping each other.
  fc
    .tuple(minutes5(0, 1435), minutes5(5, 600))
    .map(([opens, length]) => ({ opens, closes: Math.min(opens + length, 1440) })),
  // Overnight (closing after midnight), sometimes up to 24 hours long.
  fc.tuple(minutes5(600, 1435), minutes5(5, 1440)).map(([opens, length]) => ({ opens, closes: opens + length })),
  // Exactly to or from midnight, so that days chain.
  minutes5(0, 1435).map((opens) => ({ opens, closes: 1440 })),
  minutes5(5, 1440).map((closes) => ({ opens: 0, closes })),
)

const openingHoursArb: fc.Arbitrary<OpeningInterval[]> = fc
  .array(fc.array(intervalArb, { maxLength: 3 }), { minLength: 7, maxLength: 7 })
  .map((days) => days.flatMap((intervals, weekday) => intervals.map((i) => ({ weekday: weekday as Weekday, ...i }))))

interface Scenario {
  schedule: SalonSchedule
  durationMinutes: number
  from: number
  to: number
  now: number
  /** Instants (on the zone's 15-minute grid and elsewhere) to ask explainSlot about. */
  probes: number[]
}

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    timeZone: fc.constantFrom(...PROPERTY_ZONES),
    openingHours: openingHoursArb,
    rules: fc.record({
      slotStepMinutes: fc.constantFrom(15, 15, 15, 5, 10, 20, 30, 45, 60),
      minimumNoticeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 * 24 * 60 })),
      horizonDays: fc.integer({ min: 1, max: 30 }),
    }),
    durationMinutes: minutes5(5, 240),
    fromInstant: fc.oneof(
      fc.integer({ min: START_2026, max: END_2028 }),
      fc
        .tuple(fc.constantFrom(...TRANSITION_DAYS), fc.integer({ min: -3 * 24 * 60, max: 24 * 60 }))
        .map(([day, minutes]) => Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE_MS),
    ),
    alignFrom: fc.boolean(),
    spanMinutes: fc.integer({ min: 1, max: 20 * 24 * 60 }),
    nowOffsetMinutes: fc.integer({ min: -25 * 24 * 60, max: 2 * 24 * 60 }),
    bookings: fc.array(
      fc.record({
        at: fc.double({ min: -0.05, max: 1.05, noNaN: true }),
        length: minutes5(5, 300),
        shift: minutes5(0, 55),
        kind: fc.constantFrom<BusyInterval['kind']>('booking', 'booking', 'external'),
      }),
      { maxLength: 25 },
    ),
    timeOff: fc.array(
      fc.record({
        at: fc.double({ min: -0.1, max: 1, noNaN: true }),
        lengthHours: fc.integer({ min: 1, max: 96 }),
      }),
      { maxLength: 2 },
    ),
    probes: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 20, maxLength: 40 }),
  })
  .map((r) => {
    const quarter = 15 * MINUTE_MS
    const from = r.alignFrom
      ? Math.floor(r.fromInstant / quarter) * quarter
      : Math.floor(r.fromInstant / MINUTE_MS) * MINUTE_MS
    const to = from + r.spanMinutes * MINUTE_MS
    const span = to - from
    const alignTo5 = (t: number) => Math.floor(t / (5 * MINUTE_MS)) * 5 * MINUTE_MS
    const busy: BusyInterval[] = [
      ...r.bookings.map((b) => {
        const start = alignTo5(from + b.at * span) + b.shift * MINUTE_MS
        return { start, end: start + b.length * MINUTE_MS, kind: b.kind }
      }),
      ...r.timeOff.map((o) => {
        const start = Math.floor((from + o.at * span) / HOUR_MS) * HOUR_MS
        return { start, end: start + o.lengthHours * HOUR_MS, kind: 'time_off' as const }
      }),
    ]
    return {
      schedule: { timeZone: r.timeZone, openingHours: r.openingHours, busy, rules: r.rules },
      durationMinutes: r.durationMinutes,
      from,
      to,
      now: from + r.nowOffsetMinutes * MINUTE_MS,
      probes: r.probes.map((p) => Math.floor((from + p * span) / quarter) * quarter),
    }
  })

/** Opening intervals converted one by one with localToInstant (not merged), over enough days around [from, to). */
function rawOpenings(schedule: SalonSchedule, from: number, to: number): { start: number; end: number }[] {
  const { timeZone } = schedule
  const first = addDays(instantToLocal(from, timeZone).date, -12)
  const last = addDays(instantToLocal(to, timeZone).date, 2)
  const out: { start: number; end: number }[] = []
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const weekday = weekdayOf(date)
    for (const i of schedule.openingHours) {
      if (i.weekday !== weekday) continue
      const start = localToInstant(date, i.opens, timeZone)
      const end = localToInstant(date, i.closes, timeZone)
      if (end > start) out.push({ start, end })
    }
  }
  return out.sort((a, b) => a.start - b.start)
}

/** The stretch of uninterrupted opening (raw intervals chained while they touch or overlap) around `t`. */
function openStretch(raw: readonly { start: number; end: number }[], t: number): { start: number; end: number } | null {
  let stretch: { start: number; end: number } | null = null
  for (const i of raw) {
    if (stretch && i.start <= stretch.end) {
      stretch.end = Math.max(stretch.end, i.end)
      continue
    }
    if (stretch && stretch.start <= t && t < stretch.end) return stretch
    stretch = { ...i }
  }
  return stretch && stretch.start <= t && t < stretch.end ? stretch : null
}

const PROPERTY_RUNS = 250

describe('findFreeSlots properties (random salons, bookings, zones and ranges)', () => {
  it('never offers a slot that overlaps a booking, an external event or time off', () => {
    fc.assert(
      fc.property(scenarioArb, ({ schedule, durationMinutes, from, to, now }) => {
        const duration = durationMinutes * MINUTE_MS
        for (const s of findFreeSlots(schedule, { durationMinutes, from, to, now })) {
          for (const b of schedule.busy) expect(b.start < s + duration && s < b.end).toBe(false)
        }
      }),
      { numRuns: PROPERTY_RUNS },
    )
  })

  it('only offers slots lying wholly inside the salon’s opening hours', () => {
    fc.assert(
      fc.property(scenarioArb, ({ schedule, durationMinutes, from, to, now }) => {
        const raw = rawOpenings(schedule, from, to)
        for (const s of findFreeSlots(schedule, { durationMinutes, from, to, now })) {
          const stretch = openStretch(raw, s)
          expect(stretch, formatLocalDateTime(s, schedule.timeZone)).not.toBeNull()
          expect(s + durationMinutes * MINUTE_MS).toBeLessThanOrEqual((stretch as { end: number }).end)
        }
      }),
      { numRuns: PROPERTY_RUNS },
    )
  })

  it('only offers starts within [from, to), no sooner than the notice and before the horizon', () => {
    fc.assert(
      fc.property(scenarioArb, ({ schedule, durationMinutes, from, to, now }) => {
        const { minimumNoticeMinutes, horizonDays } = schedule.rules
        for (const s of findFreeSlots(schedule, { durationMinutes, from, to, now })) {
          expect(s).toBeGreaterThanOrEqual(from)
          expect(s).toBeLessThan(to)
          expect(s).toBeGreaterThanOrEqual(now + minimumNoticeMinutes * MINUTE_MS)
          expect(s).toBeLessThan(now + horizonDays * DAY_MS)
        }
      }),
      { numRuns: PROPERTY_RUNS },
    )
  })

  it('returns strictly increasing starts on the grid counted from the opening', () => {
    fc.assert(
      fc.property(scenarioArb, ({ schedule, durationMinutes, from, to, now }) => {
        const slots = findFreeSlots(schedule, { durationMinutes, from, to, now })
        expectStrictlyIncreasing(slots)
        const step = schedule.rules.slotStepMinutes * MINUTE_MS
        const raw = rawOpenings(schedule, from, to)
        const firstRaw = raw[0]?.start ?? 0
        for (const s of slots) {
          const stretch = openStretch(raw, s)
          if (!stretch) throw new Error('slot outside opening hours')
          // A stretch reaching back to the first day looked at belongs to a salon that never closes:
          // its grid has no opening to count from, but it is still one grid.
          if (stretch.start === firstRaw && s - stretch.start > 8 * DAY_MS) {
            expect((s - (slots[0] as number)) % step).toBe(0)
          } else {
            expect((s - stretch.start) % step).toBe(0)
          }
        }
      }),
      { numRuns: PROPERTY_RUNS },
    )
  })

  it('agrees with explainSlot: null for every offered start, a reason for every start not offered', () => {
    fc.assert(
      fc.property(scenarioArb, ({ schedule, durationMinutes, from, to, now, probes }) => {
        const slots = findFreeSlots(schedule, { durationMinutes, from, to, now })
        const offered = new Set(slots)
        const sample = slots.length <= 60 ? slots : slots.filter((_, i) => i % Math.ceil(slots.length / 60) === 0)
        for (const s of sample) expect(explainSlot(schedule, s, durationMinutes, now)).toBeNull()
        const near = sample.flatMap((s) => [s + 5 * MINUTE_MS, s + schedule.rules.slotStepMinutes * MINUTE_MS])
        for (const p of [...probes, ...near.slice(0, 40)]) {
          if (p < from || p >= to || offered.has(p)) continue
          expect(
            explainSlot(schedule, p, durationMinutes, now),
            formatLocalDateTime(p, schedule.timeZone),
          ).not.toBeNull()
        }
      }),
      { numRuns: PROPERTY_RUNS },
    )
  })

  it('offers the same starts in a range whatever wider range it is asked as part of', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        ({ schedule, durationMinutes, from, to, now }, before, after) => {
          const narrow = findFreeSlots(schedule, { durationMinutes, from, to, now })
          const wide = findFreeSlots(schedule, {
            durationMinutes,
            from: from - before * MINUTE_MS,
            to: to + after * MINUTE_MS,
            now,
          })
          expect(wide.filter((s) => s >= from && s < to)).toEqual(narrow)
        },
      ),
      { numRuns: PROPERTY_RUNS },
    )
  })
})
