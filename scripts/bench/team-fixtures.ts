import { addDays, instantToLocal, localToInstant, type Weekday, weekdayOf } from '@common/time'
import type { OpeningInterval } from '@server/modules/schedule/availability'
import { intersectHours } from '@server/modules/schedule/team-availability'
import { BENCH_OPENING_HOURS, BENCH_TIME_ZONE, isTimeOffDay, type Span, seededRandom } from './fixtures'

/**
 * The team the team benchmark measures (team.ts): the demo salon's week (fixtures.ts) with five
 * members who all perform every service, each with `count` bookings of the salon's services
 * around "now" inside their own hours, the salon's absences (fixtures.ts: Christmas, a summer week,
 * a training day every 41 days) and each member's own (a week off a quarter, a day off a month).
 * Deterministic: the same seed gives the same team on every run.
 */

export interface TeamMemberPlan {
  name: string
  /** Own week within the salon's; null: whenever the salon is open. */
  hours: OpeningInterval[] | null
}

const week = (days: Weekday[], opens: number, closes: number): OpeningInterval[] =>
  days.map((weekday) => ({ weekday, opens: opens * 60, closes: closes * 60 }))

/** Two full-time stylists (the demo's two), one part-time on three days, one mornings, one afternoons. */
export const BENCH_TEAM: readonly TeamMemberPlan[] = [
  { name: 'Camille', hours: null },
  { name: 'Hugo', hours: null },
  { name: 'Inès', hours: week([1, 2, 3], 9, 19) },
  { name: 'Malik', hours: week([1, 2, 3, 4, 5], 9, 14) },
  { name: 'Sofia', hours: week([2, 3, 4, 5], 12, 19) },
]

export interface TeamBooking extends Span {
  /** Index in the salon's services list passed to the generator. */
  service: number
}

export interface MemberHistory {
  bookings: TeamBooking[]
  /** The member's own absences (whole local days), in start order. */
  timeOff: Span[]
  firstDate: string
  lastDate: string
}

export interface TeamHistory {
  members: MemberHistory[]
  /** The salon's absences over the whole period, in start order. */
  salonTimeOff: Span[]
  firstDate: string
  lastDate: string
}

// Gaps between two bookings of one member: mostly back to back, sometimes a pause.
const GAPS = [0, 0, 0, 15, 15, 30, 45] as const

/** A member's own days off: a week every 13 weeks and a day every 29 days, at a member-specific offset. */
function isOwnDayOff(dayIndex: number, member: number): boolean {
  const quarter = (dayIndex + member * 17) % 91
  return quarter < 7 || (dayIndex + member * 5) % 29 === 11
}

function pushDay(spans: Span[], date: string): void {
  const start = localToInstant(date, 0, BENCH_TIME_ZONE)
  const end = localToInstant(addDays(date, 1), 0, BENCH_TIME_ZONE)
  const last = spans[spans.length - 1]
  // Consecutive days off are one absence, as a salon would enter them.
  if (last && last.end === start) last.end = end
  else spans.push({ start, end })
}

/** Days since 1970-01-01 of a local date: one day numbering for every member, whatever their period. */
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000)

/** One member's bookings from `startDate` within their hours, and their own absences; `days`: how many days that took. */
function generateMember(
  startDate: string,
  count: number,
  member: number,
  hours: readonly OpeningInterval[],
  durations: readonly number[],
  seed: number,
): MemberHistory & { days: number } {
  const random = seededRandom(seed + member * 7919)
  const byWeekday = new Map<Weekday, OpeningInterval[]>()
  for (const interval of hours) byWeekday.set(interval.weekday, [...(byWeekday.get(interval.weekday) ?? []), interval])
  const bookings: TeamBooking[] = []
  const timeOff: Span[] = []
  let date = startDate
  let day = 0
  for (; bookings.length < count && day < 20_000; day++, date = addDays(date, 1)) {
    if (isTimeOffDay(date, dayNumber(date))) continue
    if (isOwnDayOff(dayNumber(date), member)) {
      if (byWeekday.has(weekdayOf(date))) pushDay(timeOff, date)
      continue
    }
    for (const interval of byWeekday.get(weekdayOf(date)) ?? []) {
      let minute = interval.opens
      while (bookings.length < count) {
        minute += GAPS[Math.floor(random() * GAPS.length)] as number
        const service = Math.floor(random() * durations.length)
        const duration = durations[service] as number
        if (minute + duration > interval.closes) break
        bookings.push({
          start: localToInstant(date, minute, BENCH_TIME_ZONE),
          end: localToInstant(date, minute + duration, BENCH_TIME_ZONE),
          service,
        })
        minute += duration
      }
    }
  }
  return { bookings, timeOff, firstDate: startDate, lastDate: addDays(date, -1), days: day }
}

/**
 * `count` bookings for each member of BENCH_TEAM (each member's period centred on `now`: about
 * half before it, half after), of services with these durations, never overlapping within a member.
 */
export function generateTeamHistory(
  now: number,
  count: number,
  durations: readonly number[],
  seed = 20_261_203,
): TeamHistory {
  const today = instantToLocal(now, BENCH_TIME_ZONE).date
  const members = BENCH_TEAM.map((plan, member) => {
    const hours = plan.hours ? intersectHours(BENCH_OPENING_HOURS, plan.hours) : [...BENCH_OPENING_HOURS]
    const { days } = generateMember(today, count, member, hours, durations, seed)
    const start = addDays(today, -Math.round(days / 2))
    const { bookings, timeOff, firstDate, lastDate } = generateMember(start, count, member, hours, durations, seed)
    return { bookings, timeOff, firstDate, lastDate }
  })
  const firstDate = members.map((m) => m.firstDate).sort()[0] ?? today
  const lastDate =
    members
      .map((m) => m.lastDate)
      .sort()
      .at(-1) ?? today
  // The salon's absences over the whole period, the days generateMember skipped for everyone.
  const salonTimeOff: Span[] = []
  for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) {
    if (isTimeOffDay(date, dayNumber(date))) pushDay(salonTimeOff, date)
  }
  return { members, salonTimeOff, firstDate, lastDate }
}
