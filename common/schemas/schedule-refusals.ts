import type { WeekdayKey } from './schedule'

/**
 * Why a week of opening hours is refused (PUT …/working-hours, or a member's own week through the
 * team's PATCH): stable codes the schedule editor words in the interface language. Each travels in
 * the 400 `request.invalid`'s `issues`, beside the `path` and the English `message`, with its
 * parameters: `day` (the weekday key, '0' Monday … '6' Sunday; for `time_invalid`, the `path` names
 * it), `time` (both ends of an empty interval), `first` and `second` (the overlapping intervals, as
 * `09:00–13:00`), `max`. Kept apart from schedule.ts, which the chat's bundle carries.
 */
export const HOURS_REFUSAL_CODES = [
  'schedule.hours.time_invalid',
  'schedule.hours.times_missing',
  'schedule.hours.same_time',
  'schedule.hours.overlap',
  'schedule.hours.too_many_intervals',
] as const
export type HoursRefusalCode = (typeof HOURS_REFUSAL_CODES)[number]

export interface HoursRefusal {
  code: HoursRefusalCode
  day?: WeekdayKey
  time?: string
  first?: string
  second?: string
  max?: number
}
