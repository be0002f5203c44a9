import type { Booking } from '@common/schemas/booking'
import type { RecurringBlock, TimeOff, WeekdayKey, WorkingHours } from '@common/schemas/schedule'
import { blockMinutes, intervalMinutes } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { addDays, instantToLocal, localToInstant, minutesOfDay, weekdayOf } from '@common/time'

/**
 * The agenda's geometry, on the salon's wall clock: which hours the grid spans, where a booking
 * sits in it, what is closed or absent, and where a dragged block lands. Every instant goes
 * through the salon's time zone (common/time), never the browser's, so a DST day (29 March in
 * Paris) places 10:00 at 10:00 even though that day lasts 23 hours.
 */

/** A stretch of one day in minutes after the salon's midnight: [start, end). */
export interface Span {
  start: number
  end: number
}

const DAY_MINUTES = 24 * 60
/** The grid shows at least 08:00–20:00, so an early or late booking of a short day still fits. */
const MIN_GRID: Span = { start: 8 * 60, end: 20 * 60 }

/** The opening intervals of a week's day as spans (a closing past midnight stops at midnight). */
function openSpans(hours: WorkingHours | null | undefined, weekday: number): Span[] {
  const day = hours?.[String(weekday) as WeekdayKey]
  if (!day?.isOpen) return []
  const intervals =
    day.intervals.length > 0
      ? day.intervals
      : day.openTime && day.closeTime
        ? [{ openTime: day.openTime, closeTime: day.closeTime }]
        : []
  return intervals.map(({ openTime, closeTime }) => {
    const [start, end] = intervalMinutes(openTime, closeTime)
    return { start, end: Math.min(end, DAY_MINUTES) }
  })
}

/**
 * The hours the grid spans: from the earliest opening to the latest closing of the week (the
 * salon's and every member's own), whole hours, at least 08:00–20:00.
 */
export function gridSpan(salonHours: WorkingHours | null | undefined, members: TeamMember[] = []): Span {
  let { start, end } = MIN_GRID
  const weeks = [salonHours, ...members.filter((m) => !m.followsSalonHours).map((m) => m.workingHours)]
  for (const week of weeks)
    for (let weekday = 0; weekday < 7; weekday++)
      for (const span of openSpans(week, weekday)) {
        start = Math.min(start, span.start)
        end = Math.max(end, span.end)
      }
  return { start: Math.floor(start / 60) * 60, end: Math.min(DAY_MINUTES, Math.ceil(end / 60) * 60) }
}

/** Where the salon's midnight starts that day, and the next one: a DST day lasts 23 or 25 hours. */
function dayBounds(date: string, timeZone: string): { from: number; to: number } {
  return { from: localToInstant(date, 0, timeZone), to: localToInstant(addDays(date, 1), 0, timeZone) }
}

/** Minutes on the salon's wall clock of an instant within `date` (its next midnight reads 24:00). */
function wallMinutes(instant: number, date: string, timeZone: string): number {
  const local = instantToLocal(instant, timeZone)
  return local.date === date ? local.minutes : local.date < date ? 0 : DAY_MINUTES
}

/** The wall-clock span of a stretch of time on `date`, or null when it does not touch that day. */
export function spanOnDay(from: number, to: number, date: string, timeZone: string): Span | null {
  const day = dayBounds(date, timeZone)
  const start = Math.max(from, day.from)
  const end = Math.min(to, day.to)
  if (end <= start) return null
  return { start: wallMinutes(start, date, timeZone), end: wallMinutes(end, date, timeZone) }
}

/** A booking's span on its day, by its instants read on the salon's clock. */
export function bookingSpan(booking: Booking, date: string, timeZone: string): Span | null {
  return spanOnDay(Date.parse(booking.appointmentDate), Date.parse(booking.endDate), date, timeZone)
}

/** A span inside the grid as percentages of its height: what CSS `top` and `height` take. */
export function placeInGrid(span: Span, grid: Span): { top: number; height: number } | null {
  const start = Math.max(span.start, grid.start)
  const end = Math.min(span.end, grid.end)
  if (end <= start) return null
  const length = grid.end - grid.start
  return { top: ((start - grid.start) / length) * 100, height: ((end - start) / length) * 100 }
}

/** The complement of some spans within the grid, merged and in order. */
function complement(open: Span[], grid: Span): Span[] {
  const closed: Span[] = []
  let cursor = grid.start
  for (const span of [...open].sort((a, b) => a.start - b.start)) {
    if (span.start > cursor) closed.push({ start: cursor, end: Math.min(span.start, grid.end) })
    cursor = Math.max(cursor, span.end)
  }
  if (cursor < grid.end) closed.push({ start: cursor, end: grid.end })
  return closed.filter((s) => s.end > s.start)
}

/** Where two lists of open spans overlap: a member works within the salon's hours. */
function intersect(a: Span[], b: Span[]): Span[] {
  const out: Span[] = []
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start)
      const end = Math.min(x.end, y.end)
      if (end > start) out.push({ start, end })
    }
  return out
}

/**
 * What the grid shades on a day for one member (or the whole salon when `member` is null): the
 * closed periods (outside the salon's hours, or the member's own), and the absences and weekly
 * breaks (the salon's, and that member's), each as wall-clock spans of that day.
 */
export function shadedSpans(
  date: string,
  grid: Span,
  context: {
    timeZone: string
    salonHours: WorkingHours | null | undefined
    timeOff: TimeOff[]
    blocks?: readonly RecurringBlock[] | undefined
  },
  member: TeamMember | null,
): { closed: Span[]; absences: (Span & { reason: string | null; salonWide: boolean; block?: 'weekly' | 'once' })[] } {
  const weekday = weekdayOf(date)
  let open = openSpans(context.salonHours, weekday)
  if (member && !member.followsSalonHours && member.workingHours)
    open = intersect(open, openSpans(member.workingHours, weekday))
  const absences = context.timeOff
    .filter((off) => off.memberId === null || (member !== null && off.memberId === member.id))
    .flatMap((off) => {
      const span = spanOnDay(Date.parse(off.startDate), Date.parse(off.endDate), date, context.timeZone)
      return span ? [{ ...span, reason: off.reason, salonWide: off.memberId === null }] : []
    })
  const breaks = (context.blocks ?? [])
    .filter((block) => block.memberId === null || (member !== null && block.memberId === member.id))
    .filter((block) => block.weekdays.includes(weekday) && block.firstDay <= date)
    .filter((block) => block.lastDay === null || date <= block.lastDay)
    .map((block) => ({
      start: minutesOfDay(block.startTime),
      end: blockMinutes(block.endTime),
      reason: block.reason,
      salonWide: block.memberId === null,
      block: block.firstDay === block.lastDay ? ('once' as const) : ('weekly' as const),
    }))
  return { closed: complement(open, grid), absences: [...absences, ...breaks] }
}

/** The Monday of a date's week, and the seven days from it. */
export function weekOf(date: string): string[] {
  const monday = addDays(date, -weekdayOf(date))
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** The salon's wall-clock minute of "now" on `date`, or null when today is another day there. */
export function nowOnDay(date: string, now: number, timeZone: string): number | null {
  const local = instantToLocal(now, timeZone)
  return local.date === date ? local.minutes : null
}

/**
 * Where a block dragged to a point of a column lands: the minute under its top edge, snapped to
 * the salon's slot step and kept inside the grid with its whole length.
 */
export function snapMinute(offsetRatio: number, grid: Span, step: number, durationMinutes: number): number {
  const raw = grid.start + offsetRatio * (grid.end - grid.start)
  const snapped = Math.round(raw / step) * step
  const latest = Math.max(grid.start, grid.end - durationMinutes)
  return Math.min(Math.max(snapped, grid.start), Math.floor(latest / step) * step)
}

/**
 * Side-by-side lanes for blocks that overlap (the week view of several members, or a cancelled
 * booking under its replacement): each block gets its lane and how many lanes its cluster has.
 */
export function lanes<T extends { span: Span }>(items: T[]): (T & { lane: number; lanes: number })[] {
  const sorted = [...items].sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end)
  const out: (T & { lane: number; lanes: number })[] = []
  let cluster: (T & { lane: number; lanes: number })[] = []
  let clusterEnd = -1
  const close = () => {
    const count = Math.max(0, ...cluster.map((c) => c.lane + 1))
    for (const c of cluster) c.lanes = count
    out.push(...cluster)
    cluster = []
  }
  for (const item of sorted) {
    if (item.span.start >= clusterEnd) close()
    const laneEnds: number[] = []
    for (const c of cluster) laneEnds[c.lane] = Math.max(laneEnds[c.lane] ?? -1, c.span.end)
    let lane = laneEnds.findIndex((end) => end <= item.span.start)
    if (lane === -1) lane = laneEnds.length
    cluster.push({ ...item, lane, lanes: 1 })
    clusterEnd = Math.max(clusterEnd, item.span.end)
  }
  close()
  return out
}

/**
 * The columns a day shows: every active member side by side (and a former one who still has
 * bookings that day), or on a phone the one member picked (the first when none is, or when the
 * picked one is not shown), so the grid never overflows a phone.
 */
export function dayColumns(
  members: TeamMember[],
  narrow: boolean,
  picked: string | undefined,
  booked: ReadonlySet<string> = new Set(),
): TeamMember[] {
  const active = members.filter((m) => m.isActive || booked.has(m.id)).sort((a, b) => a.position - b.position)
  if (!narrow) return active
  const one = active.find((m) => m.id === picked) ?? active[0]
  return one ? [one] : []
}

/** The instant a block dropped at a wall-clock minute of a date starts, in the salon's zone. */
export function startsAtOf(date: string, minute: number, timeZone: string): string {
  return new Date(localToInstant(date, minute, timeZone)).toISOString()
}
