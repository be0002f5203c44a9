import { phasesOfLength, type ServicePhases, workOffsets } from '@common/service-phases'
import {
  addDays,
  DAY_MS,
  instantToLocal,
  instantToWallClock,
  localToInstant,
  MINUTE_MS,
  type Weekday,
  wallClockDay,
  wallClockToInstant,
  weekdayOfWallClock,
} from '@common/time'

/**
 * The availability engine: the one place that decides which start times a salon can offer.
 * Pure (no I/O, no clock): the API, the assistant and calendar sync all call it with the salon's
 * facts and their "now".
 */

/** One opening interval on a weekday, in minutes after local midnight. `closes` may pass 24:00. */
export interface OpeningInterval {
  weekday: Weekday
  opens: number
  closes: number
}

/**
 * 'booking': an appointment's first working stretch (one per appointment, as the day's load counts
 * them); 'booking_resumed': its working time after a processing pause, clean-up included.
 */
export type BusyKind = 'booking' | 'booking_resumed' | 'time_off' | 'external'

/** A span of time the salon cannot sell: an active booking, an absence, an external calendar event. */
export interface BusyInterval {
  start: number
  end: number
  kind: BusyKind
}

export interface BookingRules {
  slotStepMinutes: number
  minimumNoticeMinutes: number
  horizonDays: number
}

export const DEFAULT_BOOKING_RULES: BookingRules = {
  slotStepMinutes: 15,
  minimumNoticeMinutes: 60,
  horizonDays: 90,
}

export interface SalonSchedule {
  timeZone: string
  openingHours: readonly OpeningInterval[]
  busy: readonly BusyInterval[]
  rules: BookingRules
}

/**
 * What a service takes of the member's time: its length in minutes (all of it work), or its phases
 * (common/service-phases.ts: the processing pause frees the member, the clean-up keeps them busy).
 * The customer's time — what must fit in opening hours — is the length, clean-up left out.
 */
export type ServiceLength = number | ServicePhases

export interface Shape {
  /** The customer's time, in ms. */
  duration: number
  /** The member's working stretches from the start, in ms. */
  work: Window[]
}

export function shapeOf(length: ServiceLength): Shape {
  const phases = phasesOfLength(length)
  return {
    duration: phases.durationMinutes * MINUTE_MS,
    work: workOffsets(phases).map((w) => ({ start: w.start * MINUTE_MS, end: w.end * MINUTE_MS })),
  }
}

/** The first busy interval that one of the working stretches of a start at `start` runs into. */
function clashAt(busy: readonly BusyInterval[], start: number, work: readonly Window[]) {
  for (const span of work) {
    const hit = busy.find((x) => x.start < start + span.end && start + span.start < x.end)
    if (hit) return { busy: hit, span }
  }
  return undefined
}

export interface SlotQuery {
  durationMinutes: ServiceLength
  /** Slots starting at or after this instant … */
  from: number
  /** … and strictly before this one. */
  to: number
  now: number
}

interface Window {
  start: number
  end: number
}

/**
 * Opening windows (as instants) that reach [from, to), merged when they touch (09:00–12:00 and
 * 12:00–19:00 are one window, and so are Friday 20:00–24:00 and Saturday 00:00–02:00), so the slot
 * grid and the closing time never depend on the range asked for. `until` (at least `to`) is how far
 * the caller needs closing times to be right: a window still open then is followed into the next
 * days up to there. Backwards, a window is followed to its real opening (a salon that never closes
 * counts its grid from local midnight of a fixed Monday instead).
 */
function openingWindows(schedule: SalonSchedule, from: number, to: number, until = to): Window[] {
  const { timeZone, openingHours } = schedule
  const byWeekday: OpeningInterval[][] = [[], [], [], [], [], [], []]
  for (const interval of openingHours) byWeekday[interval.weekday]?.push(interval)
  // Days are walked as wall-clock readings (see common/time.ts): no date strings on this hot path.
  const windowsOn = (day: number): Window[] =>
    (byWeekday[weekdayOfWallClock(day)] ?? []).map((interval) => ({
      start: wallClockToInstant(day + interval.opens * MINUTE_MS, timeZone),
      end: wallClockToInstant(day + interval.closes * MINUTE_MS, timeZone),
    }))

  // Start a day early so an interval that runs past midnight from the previous day is seen, and end
  // on the day of `until`: intervals of later days open after it, so they cannot change a closing
  // time up to `until`.
  let firstDay = wallClockDay(instantToWallClock(from, timeZone)) - DAY_MS
  const lastDay = wallClockDay(instantToWallClock(Math.max(to, until), timeZone))
  const windows: Window[] = []
  for (let day = firstDay, guard = 0; day <= lastDay && guard < 10_000; guard++) {
    for (const window of windowsOn(day)) windows.push(window)
    day += DAY_MS
  }
  let merged = mergeIntervals(windows)

  // The first window that reaches the range may continue one that opened on an earlier day (an
  // overnight interval running into the next day's hours): add earlier days while one of their
  // intervals reaches it. Opening hours repeat weekly, so a window still growing after more than a
  // week never closes.
  for (let back = 0; ; back++) {
    const first = merged.find((w) => w.end > from)
    if (!first || first.start >= from) break
    firstDay -= DAY_MS
    const earlier = windowsOn(firstDay)
    if (!earlier.some((w) => w.end > w.start && w.end >= first.start)) break
    if (back === 8) {
      const reference = localToInstant(NEVER_CLOSED_GRID_ORIGIN, 0, timeZone)
      const step = schedule.rules.slotStepMinutes * MINUTE_MS
      if (step > 0) first.start = reference + Math.floor((first.start - reference) / step) * step
      break
    }
    merged = mergeIntervals([...earlier, ...merged])
  }
  return merged.filter((w) => w.end > from && w.start < to)
}

/** A Monday: the grid of a salon whose opening hours never end is counted from its local midnight. */
const NEVER_CLOSED_GRID_ORIGIN = '2001-01-01'

/** Sorts and merges touching or overlapping intervals. */
function mergeIntervals<T extends Window>(intervals: readonly T[]): Window[] {
  const sorted = isSortedByStart(intervals) ? intervals : [...intervals].sort((a, b) => a.start - b.start)
  const merged: Window[] = []
  for (const { start, end } of sorted) {
    if (end <= start) continue
    const last = merged[merged.length - 1]
    if (last && start <= last.end) last.end = Math.max(last.end, end)
    else merged.push({ start, end })
  }
  return merged
}

function isSortedByStart(intervals: readonly Window[]): boolean {
  for (let i = 1; i < intervals.length; i++) {
    if ((intervals[i] as Window).start < (intervals[i - 1] as Window).start) return false
  }
  return true
}

/** The earliest and latest start instants the rules allow at `now`. */
function bookableRange(rules: BookingRules, now: number): Window {
  return {
    start: now + rules.minimumNoticeMinutes * MINUTE_MS,
    end: now + rules.horizonDays * DAY_MS,
  }
}

/**
 * Every start instant in [from, to) at which a service of `durationMinutes` fits: inside one
 * opening window (ending by closing time), on the slot grid counted from the window's opening,
 * clear of every busy interval, no sooner than the minimum notice and within the horizon.
 * Returned in ascending order.
 */
export function findFreeSlots(schedule: SalonSchedule, query: SlotQuery): number[] {
  const step = schedule.rules.slotStepMinutes * MINUTE_MS
  const { duration, work } = shapeOf(query.durationMinutes)
  if (step <= 0 || duration <= 0) return []
  const bookable = bookableRange(schedule.rules, query.now)
  const lower = Math.max(query.from, bookable.start)
  const upper = Math.min(query.to, bookable.end)
  if (lower >= upper) return []

  const busy = mergeIntervals(schedule.busy)
  const slots: number[] = []
  // One cursor per working stretch into the sorted busy list: starts only grow, so each moves forward.
  const cursors = work.map(() => 0)
  for (const window of openingWindows(schedule, lower, upper, upper + duration)) {
    const offset = Math.max(0, lower - window.start)
    let t = window.start + Math.ceil(offset / step) * step
    grid: while (t < upper && t + duration <= window.end) {
      for (let i = 0; i < work.length; i++) {
        const span = work[i] as Window
        let b = cursors[i] as number
        while (b < busy.length && (busy[b] as Window).end <= t + span.start) b++
        cursors[i] = b
        const next = busy[b]
        if (next && next.start < t + span.end) {
          // Jump to the first grid point where this stretch starts at or after the busy interval's end.
          t = window.start + Math.ceil((next.end - span.start - window.start) / step) * step
          continue grid
        }
      }
      slots.push(t)
      t += step
    }
  }
  return slots
}

/**
 * Whether [start, end) lies inside one opening window of the schedule's hours (windows that touch
 * count as one, as for the slot grid): a booking's time within working time, whatever the grid.
 */
export function withinOpeningHours(schedule: SalonSchedule, start: number, end: number): boolean {
  if (end <= start) return false
  return openingWindows(schedule, start, end, end).some((w) => w.start <= start && end <= w.end)
}

export type SlotRefusal =
  | 'too_soon'
  | 'beyond_horizon'
  | 'closed_day'
  | 'time_off'
  | 'outside_hours'
  | 'ends_after_closing'
  | 'off_grid'
  | 'taken'

/**
 * Why a given start cannot be sold, or null when it can. Agrees with findFreeSlots: a start is
 * refused here exactly when findFreeSlots would not return it.
 */
export function explainSlot(
  schedule: SalonSchedule,
  start: number,
  durationMinutes: ServiceLength,
  now: number,
): SlotRefusal | null {
  const { duration, work } = shapeOf(durationMinutes)
  const step = schedule.rules.slotStepMinutes * MINUTE_MS
  const bookable = bookableRange(schedule.rules, now)
  if (start < bookable.start) return 'too_soon'
  if (start >= bookable.end) return 'beyond_horizon'

  const { date } = instantToLocal(start, schedule.timeZone)
  const dayStart = localToInstant(date, 0, schedule.timeZone)
  const dayEnd = localToInstant(addDays(date, 1), 0, schedule.timeZone)
  const dayWindows = openingWindows(schedule, dayStart, dayEnd, start + duration)
  const window = dayWindows.find((w) => w.start <= start && start < w.end)
  // An absence or a break counts where the member works: not during a processing pause.
  const offDay = clashAt(
    schedule.busy.filter((x) => x.kind === 'time_off'),
    start,
    work,
  )
  if (dayWindows.length === 0) return 'closed_day'
  if (offDay) return 'time_off'
  if (!window) return 'outside_hours'
  if (start + duration > window.end) return 'ends_after_closing'
  if ((start - window.start) % step !== 0) return 'off_grid'
  if (clashAt(schedule.busy, start, work)) return 'taken'
  return null
}
