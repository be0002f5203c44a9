import { addDays, instantToLocal, localToInstant, type Weekday, weekdayOf } from '@common/time'
import type { OpeningInterval } from '@server/modules/schedule/availability'

/**
 * The salon the benchmarks measure, shared by the engine micro-benchmark and the HTTP seed:
 * Europe/Paris, Tuesday–Friday 09:00–19:00, Saturday 09:00–17:00 (the demo salon's week), a
 * history of non-overlapping bookings inside opening hours around "now", and some time off.
 * Deterministic: the same seed gives the same salon on every run.
 */

/** The instant every benchmark treats as "now" (tests/helpers/app.ts's DEMO_NOW). */
export const BENCH_NOW = '2026-12-01T08:30:00+01:00'
export const BENCH_TIME_ZONE = 'Europe/Paris'

export const BENCH_OPENING_HOURS: readonly OpeningInterval[] = [
  { weekday: 1, opens: 9 * 60, closes: 19 * 60 },
  { weekday: 2, opens: 9 * 60, closes: 19 * 60 },
  { weekday: 3, opens: 9 * 60, closes: 19 * 60 },
  { weekday: 4, opens: 9 * 60, closes: 19 * 60 },
  { weekday: 5, opens: 9 * 60, closes: 17 * 60 },
]

export interface Span {
  start: number
  end: number
}

export interface BookingSpan extends Span {
  durationMinutes: number
}

export interface SalonHistory {
  bookings: BookingSpan[]
  timeOff: Span[]
  firstDate: string
  lastDate: string
}

/** mulberry32: a tiny seeded PRNG, so the generated salon is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T
}

// A busy salon: mostly short services, gaps of 0–45 min between them (≈ 60 bookings a week).
const DURATIONS = [15, 20, 30, 30, 45, 60] as const
const GAPS = [0, 0, 0, 15, 15, 30, 45] as const

/**
 * Local dates of absences: Christmas (24–26 Dec, as the demo seed does), a summer week from the
 * first Monday of August, and one training day every 41 days.
 */
export function isTimeOffDay(date: string, dayIndex: number): boolean {
  const month = date.slice(5, 7)
  const day = Number(date.slice(8, 10))
  if (month === '12' && day >= 24 && day <= 26) return true
  if (month === '08' && day <= 14) {
    // The week starting on the first Monday of August.
    const firstOfAugust = `${date.slice(0, 7)}-01`
    const firstMonday = 1 + ((7 - weekdayOf(firstOfAugust)) % 7)
    if (day >= firstMonday && day < firstMonday + 7) return true
  }
  return dayIndex % 41 === 20
}

function generateFrom(startDate: string, count: number, seed: number): SalonHistory & { days: number } {
  const random = seededRandom(seed)
  const byWeekday = new Map<Weekday, OpeningInterval[]>()
  for (const interval of BENCH_OPENING_HOURS) {
    byWeekday.set(interval.weekday, [...(byWeekday.get(interval.weekday) ?? []), interval])
  }
  const bookings: BookingSpan[] = []
  const timeOff: Span[] = []
  let date = startDate
  let day = 0
  for (; bookings.length < count && day < 20_000; day++, date = addDays(date, 1)) {
    if (isTimeOffDay(date, day)) {
      const start = localToInstant(date, 0, BENCH_TIME_ZONE)
      const end = localToInstant(addDays(date, 1), 0, BENCH_TIME_ZONE)
      const last = timeOff[timeOff.length - 1]
      // Consecutive days off are one absence, as a salon would enter them.
      if (last && last.end === start) last.end = end
      else timeOff.push({ start, end })
      continue
    }
    for (const interval of byWeekday.get(weekdayOf(date)) ?? []) {
      let minute = interval.opens
      while (bookings.length < count) {
        minute += pick(random, GAPS)
        const duration = pick(random, DURATIONS)
        if (minute + duration > interval.closes) break
        bookings.push({
          start: localToInstant(date, minute, BENCH_TIME_ZONE),
          end: localToInstant(date, minute + duration, BENCH_TIME_ZONE),
          durationMinutes: duration,
        })
        minute += duration
      }
    }
  }
  return { bookings, timeOff, firstDate: startDate, lastDate: addDays(date, -1), days: day }
}

/**
 * `count` bookings in start order (as the database returns them), about half before `now` and
 * half after, with the absences of the same period in start order.
 */
export function generateSalonHistory(now: number, count = 10_000, seed = 20_261_201): SalonHistory {
  const today = instantToLocal(now, BENCH_TIME_ZONE).date
  // First pass to learn how many days `count` bookings fill, then centre that period on today.
  const { days } = generateFrom(today, count, seed)
  const { bookings, timeOff, firstDate, lastDate } = generateFrom(addDays(today, -Math.round(days / 2)), count, seed)
  return { bookings, timeOff, firstDate, lastDate }
}

/** The spans touching [from, to), as the repositories select them. */
export function touching<T extends Span>(spans: readonly T[], from: number, to: number): T[] {
  return spans.filter((s) => s.start < to && s.end > from)
}

export interface PersonalEvent {
  eventId: string
  startsAt: Date
  endsAt: Date
  allDay: boolean
  summary: string
}

const PERSONAL_SUMMARIES = ['Dentiste', 'Comptable', 'Fournisseur', 'Formation', 'Réunion', 'École', 'Sport', 'Banque']
const PERSONAL_MINUTES = [15, 30, 30, 45, 60, 60, 60, 90, 120, 180] as const

/**
 * The owner's own events, as the calendar sync keeps them (busy times): `count` of them spread
 * evenly over `days` days from `now`'s date, seven days a week. About 1 in 40 is all day (one day,
 * sometimes two or three: a trip, a holiday); the others start between 07:00 and 21:45 on a
 * quarter hour and last 15 minutes to 3 hours, overlapping each other and the opening hours as
 * a real calendar does. Spread over a year, 2,000 of them are five or six a day: a busy owner's
 * calendar that still leaves free times for availability to find (over 90 days they would be 22
 * a day, and whole days blocked one after the other, leaving the engine nothing to search).
 * Deterministic, like the rest of the fixtures.
 */
export function generatePersonalEvents(now: number, count: number, days: number, seed = 20_261_202): PersonalEvent[] {
  const random = seededRandom(seed)
  const today = instantToLocal(now, BENCH_TIME_ZONE).date
  const events: PersonalEvent[] = []
  for (let i = 0; i < count; i++) {
    const date = addDays(today, Math.floor((i * days) / count))
    const eventId = `bench${i.toString(36).padStart(4, '0')}`
    const summary = pick(random, PERSONAL_SUMMARIES)
    if (random() < 1 / 40) {
      const length = random() < 0.8 ? 1 : 2 + Math.floor(random() * 2)
      events.push({
        eventId,
        startsAt: new Date(localToInstant(date, 0, BENCH_TIME_ZONE)),
        endsAt: new Date(localToInstant(addDays(date, length), 0, BENCH_TIME_ZONE)),
        allDay: true,
        summary,
      })
      continue
    }
    const start = localToInstant(date, 7 * 60 + 15 * Math.floor(random() * 60), BENCH_TIME_ZONE)
    events.push({
      eventId,
      startsAt: new Date(start),
      endsAt: new Date(start + pick(random, PERSONAL_MINUTES) * 60_000),
      allDay: false,
      summary,
    })
  }
  return events
}
