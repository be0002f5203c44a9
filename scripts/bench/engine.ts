import { performance } from 'node:perf_hooks'
import { DAY_MS, MINUTE_MS } from '@common/time'
import {
  type BusyInterval,
  DEFAULT_BOOKING_RULES,
  findFreeSlots,
  type SalonSchedule,
  type SlotQuery,
} from '@server/modules/schedule/availability'
import {
  BENCH_NOW,
  BENCH_OPENING_HOURS,
  BENCH_TIME_ZONE,
  type BookingSpan,
  generateSalonHistory,
  type Span,
  touching,
} from './fixtures'
import { type Summary, summarize } from './stats'

/**
 * Micro-benchmark of the pure availability engine: findFreeSlots over 90 days for a 45-minute
 * service, on a salon with 10,000 bookings, fed either every booking or (as the API does) only
 * those touching the query range.
 */

export interface EngineCase {
  label: string
  /** Entries of schedule.busy (bookings + time off). */
  busyCount: number
  slots: number
  summary: Summary
  /** A diagnostic (not held to the target): what a query costs with no busy time at all. */
  diagnostic: boolean
}

export interface EngineResult {
  bookings: number
  timeOff: number
  firstDate: string
  lastDate: string
  rangeDays: number
  durationMinutes: number
  warmup: number
  iterations: number
  cases: EngineCase[]
}

export interface EngineOptions {
  bookings?: number
  iterations?: number
  warmup?: number
}

const RANGE_DAYS = 90
const DURATION_MINUTES = 45

/** schedule.busy in the order loadSalonSchedule builds it: absences first, then bookings by start. */
function busyList(timeOff: readonly Span[], bookings: readonly BookingSpan[]): BusyInterval[] {
  return [
    ...timeOff.map((t) => ({ start: t.start, end: t.end, kind: 'time_off' as const })),
    ...bookings.map((b) => ({ start: b.start, end: b.end, kind: 'booking' as const })),
  ]
}

function measure(schedule: SalonSchedule, query: SlotQuery, warmup: number, iterations: number) {
  let slots: number[] = []
  for (let i = 0; i < warmup; i++) slots = findFreeSlots(schedule, query)
  const times: number[] = new Array(iterations)
  for (let i = 0; i < iterations; i++) {
    const started = performance.now()
    slots = findFreeSlots(schedule, query)
    times[i] = performance.now() - started
  }
  return { slots, summary: summarize(times) }
}

export function runEngineBenchmark(options: EngineOptions = {}): EngineResult {
  const count = options.bookings ?? 10_000
  const iterations = options.iterations ?? 2_000
  const warmup = options.warmup ?? 300
  const now = new Date(BENCH_NOW).getTime()
  const history = generateSalonHistory(now, count)

  const query: SlotQuery = {
    durationMinutes: DURATION_MINUTES,
    from: now,
    to: now + RANGE_DAYS * DAY_MS,
    now,
  }
  // The API loads what touches [from, to + duration): see getAvailability / loadSalonSchedule.
  const loadedTo = query.to + DURATION_MINUTES * MINUTE_MS
  const base = { timeZone: BENCH_TIME_ZONE, openingHours: BENCH_OPENING_HOURS, rules: DEFAULT_BOOKING_RULES }
  const variants: { label: string; schedule: SalonSchedule; sameSlots: boolean }[] = [
    {
      label: `all ${count.toLocaleString('en-US')} bookings passed`,
      schedule: { ...base, busy: busyList(history.timeOff, history.bookings) },
      sameSlots: true,
    },
    {
      label: 'only bookings in range (as the API)',
      schedule: {
        ...base,
        busy: busyList(
          touching(history.timeOff, query.from, loadedTo),
          touching(history.bookings, query.from, loadedTo),
        ),
      },
      sameSlots: true,
    },
    {
      // What does not depend on bookings: the opening windows of 90 days in the salon's time zone.
      label: 'no bookings, no time off (fixed cost)',
      schedule: { ...base, busy: [] },
      sameSlots: false,
    },
  ]

  const cases: EngineCase[] = []
  let reference: number[] | undefined
  for (const { label, schedule, sameSlots } of variants) {
    const { slots, summary } = measure(schedule, query, warmup, iterations)
    // All bookings or only those in range must give the same answer, or the comparison means nothing.
    if (sameSlots && reference && (reference.length !== slots.length || reference.some((s, i) => s !== slots[i]))) {
      throw new Error(`Engine benchmark: "${label}" found different slots than "${variants[0]?.label}"`)
    }
    if (sameSlots) reference ??= slots
    cases.push({ label, busyCount: schedule.busy.length, slots: slots.length, summary, diagnostic: !sameSlots })
  }

  return {
    bookings: history.bookings.length,
    timeOff: history.timeOff.length,
    firstDate: history.firstDate,
    lastDate: history.lastDate,
    rangeDays: RANGE_DAYS,
    durationMinutes: DURATION_MINUTES,
    warmup,
    iterations,
    cases,
  }
}
