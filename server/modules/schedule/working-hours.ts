import type { WorkingDay, WorkingHours, WorkingHoursInput } from '@common/schemas/schedule'
import { intervalMinutes, WEEKDAY_KEYS } from '@common/schemas/schedule'
import { formatMinutes, type Weekday } from '@common/time'
import type { OpeningHoursRow } from '@server/db/schema'
import type { OpeningInterval } from './availability'

/** Conversions between the API's weekday map, the opening_hours rows and the engine's intervals. */

export function rowsToWorkingHours(
  rows: readonly Pick<OpeningHoursRow, 'weekday' | 'opensMinute' | 'closesMinute'>[],
): WorkingHours {
  const days = {} as Record<(typeof WEEKDAY_KEYS)[number], WorkingDay>
  for (const key of WEEKDAY_KEYS) {
    const intervals = rows
      .filter((r) => r.weekday === Number(key))
      .sort((a, b) => a.opensMinute - b.opensMinute)
      .map((r) => ({ openTime: formatMinutes(r.opensMinute), closeTime: formatMinutes(r.closesMinute) }))
    days[key] = {
      isOpen: intervals.length > 0,
      openTime: intervals[0]?.openTime ?? null,
      closeTime: intervals[intervals.length - 1]?.closeTime ?? null,
      intervals,
    }
  }
  return days
}

export function workingHoursToRows(input: WorkingHoursInput['workingHours']): Omit<OpeningHoursRow, 'salonId'>[] {
  return WEEKDAY_KEYS.flatMap((key) =>
    input[key].intervals.map((i) => {
      const [opensMinute, closesMinute] = intervalMinutes(i.openTime, i.closeTime)
      return { weekday: Number(key), opensMinute, closesMinute }
    }),
  )
}

export function rowsToOpeningIntervals(
  rows: readonly Pick<OpeningHoursRow, 'weekday' | 'opensMinute' | 'closesMinute'>[],
): OpeningInterval[] {
  return rows.map((r) => ({ weekday: r.weekday as Weekday, opens: r.opensMinute, closes: r.closesMinute }))
}
