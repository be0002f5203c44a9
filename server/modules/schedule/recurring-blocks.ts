import { instantToLocal, localToInstant, weekdayOf } from '@common/time'

/** A weekly block as the rules read it: weekdays, local minutes, first and last day (included). */
export interface WeeklyBlock {
  weekdays: readonly number[]
  startsMinute: number
  endsMinute: number
  firstDay: string
  lastDay: string | null
}

/**
 * Whether a block's occurrence overlaps [start, end) on the salon's clock: the occurrences of the
 * day it starts and of the day it ends (an appointment past midnight), each placed in the zone,
 * so a block follows daylight saving time as the availability read does.
 */
export function fallsInBlock(interval: { start: number; end: number }, block: WeeklyBlock, timeZone: string): boolean {
  const days = new Set([instantToLocal(interval.start, timeZone).date, instantToLocal(interval.end - 1, timeZone).date])
  for (const day of days) {
    if (day < block.firstDay || (block.lastDay !== null && day > block.lastDay)) continue
    if (!block.weekdays.includes(weekdayOf(day))) continue
    const from = localToInstant(day, block.startsMinute, timeZone)
    const to = localToInstant(day, block.endsMinute, timeZone)
    if (interval.start < to && interval.end > from) return true
  }
  return false
}
