import {
  DAY_MS,
  instantToWallClock,
  MINUTE_MS,
  wallClockDay,
  wallClockToInstant,
  weekdayOfWallClock,
} from '@common/time'

/**
 * What the schedule read returns as it is stored, turned into busy intervals here rather than in
 * SQL: a booking's working stretches (around its processing pause, its clean-up after), and each
 * day's occurrence of a weekly block. PostgreSQL unnesting `work_spans` and expanding blocks with
 * `generate_series … at time zone` cost the read as much as everything else it does
 * (docs/PERFORMANCE.md, 3 December 2026); here it is arithmetic, the zone conversions remembered
 * per minute (common/time.ts). The results are exactly what the trigger `bookings_work_spans`
 * writes and what the blocks meant in SQL.
 */

export type BusyKind = 'time_off' | 'booking' | 'booking_resumed' | 'external'
export type BusyFact = [number, number, BusyKind, string | null]

/** An active booking as read: [starts, ends, processing after, processing minutes, clean-up, member]. */
export type BookingFact = [number, number, number, number, number, string]

/** A weekly block as read: [weekdays (0 Monday), starts minute, ends minute, first day, last day or null, member or null]. */
export type BlockFact = [number[], number, number, string, string | null, string | null]

/**
 * The booking's working stretches, as `bookings_work_spans` computes its `work_spans`: the work
 * before and after a processing pause that ends before the booking does, or the whole booking;
 * the clean-up after its end. The first stretch is the 'booking', the one after the pause
 * 'booking_resumed' (the day's load counts a booking once).
 */
export function bookingStretches(booking: BookingFact, into: BusyFact[] = []): BusyFact[] {
  const [starts, ends, after, processing, cleanup, member] = booking
  if (ends <= starts) return into
  const end = ends + cleanup * MINUTE_MS
  // Pushed straight into the caller's list: a week of a team is hundreds of bookings a request.
  if (!(processing > 0 && after + processing < (ends - starts) / MINUTE_MS)) {
    into.push([starts, end, 'booking', member])
    return into
  }
  const resumes = starts + (after + processing) * MINUTE_MS
  if (after > 0) into.push([starts, starts + after * MINUTE_MS, 'booking', member])
  if (end > resumes) into.push([resumes, end, after > 0 ? 'booking_resumed' : 'booking', member])
  return into
}

/**
 * Each occurrence of a weekly block touching [from, to): on its weekdays between its first and
 * last day (included), from its start to its end minute on the salon's clock (a skipped wall time
 * moves forward by the jump, a repeated one is the later, as PostgreSQL reads them).
 */
export function blockOccurrences(
  block: BlockFact,
  timeZone: string,
  from: number,
  to: number,
  into: BusyFact[] = [],
): BusyFact[] {
  const [weekdays, startsMinute, endsMinute, firstDay, lastDay, member] = block
  // Days walked as wall-clock readings (common/time.ts), as the engine walks opening hours: no
  // date strings in the loop.
  const first = Math.max(wallClockOf(firstDay), wallClockDay(instantToWallClock(from, timeZone)) - DAY_MS)
  const lastOfRange = wallClockDay(instantToWallClock(to, timeZone)) + DAY_MS
  const last = lastDay === null ? lastOfRange : Math.min(wallClockOf(lastDay), lastOfRange)
  for (let day = first; day <= last; day += DAY_MS) {
    if (!weekdays.includes(weekdayOfWallClock(day))) continue
    const starts = wallClockToInstant(day + startsMinute * MINUTE_MS, timeZone)
    const ends = wallClockToInstant(day + endsMinute * MINUTE_MS, timeZone)
    if (starts < to && ends > from) into.push([starts, ends, 'time_off', member])
  }
  return into
}

/** A local date ('YYYY-MM-DD') as the wall-clock reading of its midnight. */
function wallClockOf(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))
}
