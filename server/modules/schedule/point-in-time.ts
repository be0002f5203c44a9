import { isLocalDate, localToInstant, minutesOfDay } from '@common/time'

/**
 * Reads a point in time as the API accepts it (see pointInTimeSchema): an ISO instant with offset
 * stands for itself; a local date or date-time is read on the salon's wall clock.
 */
export function resolvePointInTime(value: string, timeZone: string): Date {
  if (isLocalDate(value)) return new Date(localToInstant(value, 0, timeZone))
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) {
    return new Date(localToInstant(value.slice(0, 10), minutesOfDay(value.slice(11)), timeZone))
  }
  return new Date(value)
}
