import type { Booking } from '@common/schemas/booking'
import type { WorkingHours } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { describe, expect, it } from 'vitest'
import {
  bookingSpan,
  dayColumns,
  gridSpan,
  lanes,
  nowOnDay,
  placeInGrid,
  shadedSpans,
  snapMinute,
  startsAtOf,
  weekOf,
} from './agenda-grid'

const PARIS = 'Europe/Paris'
const open = (openTime: string, closeTime: string) => ({
  isOpen: true,
  openTime,
  closeTime,
  intervals: [{ openTime, closeTime }],
})
const closed = { isOpen: false, openTime: null, closeTime: null, intervals: [] }
/** Tuesday to Saturday 09:00–19:00 (Saturday to 17:00), closed Sunday and Monday: the demo's week. */
const DEMO_WEEK: WorkingHours = {
  '0': closed,
  '1': open('09:00', '19:00'),
  '2': open('09:00', '19:00'),
  '3': open('09:00', '19:00'),
  '4': open('09:00', '19:00'),
  '5': open('09:00', '17:00'),
  '6': closed,
}
const EVERY_DAY: WorkingHours = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, open('09:00', '19:00')]),
) as WorkingHours

function member(overrides: Partial<TeamMember>): TeamMember {
  return {
    id: 'm1',
    name: 'Léa',
    colour: '#7c3aed',
    isOwner: true,
    isActive: true,
    position: 0,
    serviceIds: [],
    followsSalonHours: true,
    workingHours: null,
    ...overrides,
  }
}

const booking = (appointmentDate: string, endDate: string) => ({ appointmentDate, endDate }) as Booking

describe('the grid of hours', () => {
  it('spans at least 08:00–20:00, and the earliest opening to the latest closing of the week beyond', () => {
    expect(gridSpan(DEMO_WEEK)).toEqual({ start: 8 * 60, end: 20 * 60 })
    const late = member({ followsSalonHours: false, workingHours: { ...DEMO_WEEK, '2': open('07:30', '21:15') } })
    expect(gridSpan(DEMO_WEEK, [late])).toEqual({ start: 7 * 60, end: 22 * 60 })
  })

  it('places a booking by its time on the salon clock, also on the day Paris skips an hour (29 March 2026)', () => {
    const grid = gridSpan(DEMO_WEEK)
    // 10:00 in Paris is 08:00 UTC on the DST day, 09:00 UTC the day before.
    const dst = bookingSpan(booking('2026-03-29T08:00:00.000Z', '2026-03-29T08:45:00.000Z'), '2026-03-29', PARIS)
    const before = bookingSpan(booking('2026-03-28T09:00:00.000Z', '2026-03-28T09:45:00.000Z'), '2026-03-28', PARIS)
    expect(dst).toEqual({ start: 600, end: 645 })
    expect(before).toEqual(dst)
    expect(placeInGrid(dst as { start: number; end: number }, grid)).toEqual({ top: (120 / 720) * 100, height: 6.25 })
    // A booking across the jump lasts one real hour but spans 01:30–03:30 on the wall clock.
    expect(bookingSpan(booking('2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z'), '2026-03-29', PARIS)).toEqual({
      start: 90,
      end: 210,
    })
    // Its instants, converted back, start where the grid shows them.
    expect(startsAtOf('2026-03-29', 600, PARIS)).toBe('2026-03-29T08:00:00.000Z')
    expect(startsAtOf('2026-03-28', 600, PARIS)).toBe('2026-03-28T09:00:00.000Z')
  })

  it('clips a booking to the grid and leaves out one of another day', () => {
    const grid = { start: 480, end: 1200 }
    expect(placeInGrid({ start: 450, end: 510 }, grid)).toEqual({ top: 0, height: (30 / 720) * 100 })
    expect(placeInGrid({ start: 1200, end: 1230 }, grid)).toBeNull()
    expect(bookingSpan(booking('2026-12-02T09:00:00.000Z', '2026-12-02T09:30:00.000Z'), '2026-12-01', PARIS)).toBeNull()
  })
})

describe('what the grid shades', () => {
  const grid = { start: 480, end: 1200 }
  const context = { timeZone: PARIS, salonHours: DEMO_WEEK, timeOff: [] }

  it('shades outside the opening hours, a whole closed day, and outside a member’s own hours within the salon’s', () => {
    expect(shadedSpans('2026-12-01', grid, context, null).closed).toEqual([
      { start: 480, end: 540 },
      { start: 1140, end: 1200 },
    ])
    expect(shadedSpans('2026-11-30', grid, context, null).closed).toEqual([{ start: 480, end: 1200 }])
    const hugo = member({
      id: 'm2',
      followsSalonHours: false,
      workingHours: {
        ...DEMO_WEEK,
        '1': {
          isOpen: true,
          openTime: '08:00',
          closeTime: '18:00',
          intervals: [
            { openTime: '08:00', closeTime: '12:00' },
            { openTime: '13:00', closeTime: '18:00' },
          ],
        },
      },
    })
    expect(shadedSpans('2026-12-01', grid, context, hugo).closed).toEqual([
      { start: 480, end: 540 },
      { start: 720, end: 780 },
      { start: 1080, end: 1200 },
    ])
  })

  it('shades the salon’s absences in every column, a member’s only in theirs, on the salon clock (DST day too)', () => {
    const timeOff = [
      // 29 March 00:00 to 12:00 in Paris: 23:00 UTC the day before to 10:00 UTC.
      {
        id: 't1',
        startDate: '2026-03-28T23:00:00.000Z',
        endDate: '2026-03-29T10:00:00.000Z',
        reason: 'Inventaire',
        memberId: null,
      },
      {
        id: 't2',
        startDate: '2026-03-29T12:00:00.000Z',
        endDate: '2026-03-30T22:00:00.000Z',
        reason: null,
        memberId: 'm2',
      },
    ]
    const withAbsences = { timeZone: PARIS, salonHours: EVERY_DAY, timeOff }
    const lea = member({})
    const hugo = member({ id: 'm2', name: 'Hugo' })
    expect(shadedSpans('2026-03-29', grid, withAbsences, lea).absences).toEqual([
      { start: 0, end: 720, reason: 'Inventaire', salonWide: true },
    ])
    expect(shadedSpans('2026-03-29', grid, withAbsences, hugo).absences).toEqual([
      { start: 0, end: 720, reason: 'Inventaire', salonWide: true },
      { start: 840, end: 1440, reason: null, salonWide: false },
    ])
    expect(shadedSpans('2026-03-30', grid, withAbsences, hugo).absences).toEqual([
      { start: 0, end: 1440, reason: null, salonWide: false },
    ])
    // The week of the whole team shades only what closes the salon.
    expect(shadedSpans('2026-03-30', grid, withAbsences, null).absences).toEqual([])
  })

  it('shades the weekly breaks on their weekdays between their first and last day (issue 39)', () => {
    const block = { weekdays: [0, 1], firstDay: '2026-12-01', lastDay: '2026-12-31' }
    const blocks = [
      { id: 'b1', memberId: null, startTime: '12:30', endTime: '13:15', reason: 'Déjeuner', ...block },
      { id: 'b2', memberId: 'm2', startTime: '17:00', endTime: '24:00', reason: null, ...block, lastDay: null },
    ]
    const context = { timeZone: PARIS, salonHours: EVERY_DAY, timeOff: [], blocks }
    const hugo = member({ id: 'm2', name: 'Hugo' })
    // Tuesday 8 December: the salon's lunch, and Hugo's evening.
    expect(shadedSpans('2026-12-08', grid, context, hugo).absences).toEqual([
      { start: 750, end: 795, reason: 'Déjeuner', salonWide: true, block: 'weekly' },
      { start: 1020, end: 1440, reason: null, salonWide: false, block: 'weekly' },
    ])
    expect(shadedSpans('2026-12-08', grid, context, member({})).absences).toHaveLength(1)
    // Wednesday: neither; Monday 30 November: before the first day.
    expect(shadedSpans('2026-12-09', grid, context, hugo).absences).toEqual([])
    expect(shadedSpans('2026-11-30', grid, context, hugo).absences).toEqual([])
    // January: the lunch has ended, Hugo's evening goes on.
    expect(shadedSpans('2027-01-04', grid, context, hugo).absences).toEqual([
      { start: 1020, end: 1440, reason: null, salonWide: false, block: 'weekly' },
    ])
  })

  it('shades a block made for one day on that day only, as blocked rather than a break', () => {
    const once = { id: 'b3', memberId: 'm2', weekdays: [4], firstDay: '2026-12-04', lastDay: '2026-12-04' }
    const context = {
      timeZone: PARIS,
      salonHours: EVERY_DAY,
      timeOff: [],
      blocks: [{ ...once, startTime: '09:00', endTime: '11:00', reason: 'Formation' }],
    }
    const hugo = member({ id: 'm2', name: 'Hugo' })
    expect(shadedSpans('2026-12-04', grid, context, hugo).absences).toEqual([
      { start: 540, end: 660, reason: 'Formation', salonWide: false, block: 'once' },
    ])
    expect(shadedSpans('2026-12-11', grid, context, hugo).absences).toEqual([])
  })
})

describe('the phone shows one member at a time', () => {
  const lea = member({ id: 'lea', name: 'Léa', position: 0 })
  const hugo = member({ id: 'hugo', name: 'Hugo', position: 1, isOwner: false })
  const gone = member({ id: 'gone', name: 'Zoé', position: 2, isOwner: false, isActive: false })

  it('a desktop shows every active member in the team’s order, and a former one only on a day they are booked', () => {
    expect(dayColumns([hugo, gone, lea], false, undefined).map((m) => m.name)).toEqual(['Léa', 'Hugo'])
    expect(dayColumns([hugo, gone, lea], false, undefined, new Set(['gone'])).map((m) => m.name)).toEqual([
      'Léa',
      'Hugo',
      'Zoé',
    ])
  })

  it('a phone shows the member picked, else the first', () => {
    expect(dayColumns([hugo, lea], true, undefined).map((m) => m.name)).toEqual(['Léa'])
    expect(dayColumns([hugo, lea], true, 'hugo').map((m) => m.name)).toEqual(['Hugo'])
    expect(dayColumns([hugo, lea, gone], true, 'gone').map((m) => m.name)).toEqual(['Léa'])
    expect(dayColumns([], true, undefined)).toEqual([])
  })
})

describe('moving and laying out blocks', () => {
  const grid = { start: 480, end: 1200 }

  it('snaps a drop to the slot step and keeps the whole booking inside the grid', () => {
    expect(snapMinute(0.25, grid, 15, 30)).toBe(660) // 11:00
    expect(snapMinute(0.26, grid, 15, 30)).toBe(660) // 11:07 → 11:00
    expect(snapMinute(0.262, grid, 15, 30)).toBe(675) // 11:08.6 → 11:15
    expect(snapMinute(-0.2, grid, 15, 30)).toBe(480)
    expect(snapMinute(0.99, grid, 15, 90)).toBe(1110) // 18:30, ends at 20:00
    expect(snapMinute(0.5, grid, 20, 30)).toBe(840)
  })

  it('puts overlapping blocks side by side, and the others full width', () => {
    const laid = lanes([
      { id: 'a', span: { start: 600, end: 660 } },
      { id: 'b', span: { start: 630, end: 690 } },
      { id: 'c', span: { start: 660, end: 720 } },
      { id: 'd', span: { start: 800, end: 830 } },
    ])
    const byId = Object.fromEntries(laid.map((l) => [l.id, [l.lane, l.lanes]]))
    expect(byId).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] })
  })

  it('knows the week from Monday, and the now line only on today', () => {
    expect(weekOf('2026-12-03')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ])
    expect(weekOf('2026-11-30')[0]).toBe('2026-11-30')
    expect(weekOf('2026-12-06')[0]).toBe('2026-11-30')
    const now = Date.parse('2026-03-29T08:20:00.000Z')
    expect(nowOnDay('2026-03-29', now, PARIS)).toBe(10 * 60 + 20)
    expect(nowOnDay('2026-03-28', now, PARIS)).toBeNull()
  })
})
