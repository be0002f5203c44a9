import { canonicalTimeZone, isLocalDate, localToInstant } from '@common/time'
import type { BusyTime } from '@server/modules/calendar-sync/calendar-sync.repository'

/**
 * When an Outlook event (Microsoft Graph) makes the salon busy. Pure: no HTTP, no database.
 *
 * Rules chosen:
 * - Times come in UTC (we send `Prefer: outlook.timezone="UTC"`): `2026-12-02T10:00:00.0000000`
 *   with timeZone `UTC` is that UTC instant (the fraction, up to 7 digits, is cut to milliseconds).
 *   Another zone, should Graph answer with one, is read as an IANA name when it is one.
 * - An all-day event's dates (midnight to midnight, end exclusive) become whole days in the
 *   salon's zone, as Google's `spanOf`.
 * - `showAs` free and workingElsewhere, cancelled and removed events, series masters (Graph gives
 *   their occurrences one by one) and our own events (see bookingIdOfGraphEvent) block nothing.
 * - Subjects are cut to 200 characters.
 */

/** What a calendar's event blocks, as calendar sync keeps it (calendar_busy_times). */
export type { BusyTime }

export type GraphShowAs = 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown'

export interface GraphDateTime {
  /** `2026-12-02T10:00:00.0000000`, on the clock of `timeZone`. */
  dateTime: string
  timeZone: string
}

export interface GraphEvent {
  id: string
  subject?: string | null
  start?: GraphDateTime
  end?: GraphDateTime
  isAllDay?: boolean
  showAs?: GraphShowAs
  isCancelled?: boolean
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster'
  transactionId?: string | null
  /** Delta's deleted items carry only their id and this. */
  '@removed'?: { reason: string }
}

const FREE: ReadonlySet<string> = new Set(['free', 'workingElsewhere'])
const GRAPH_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?Z?$/
const OUR_TRANSACTION = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d+$/i

export function busyTimeOfGraphEvent(event: GraphEvent, timeZone: string): BusyTime | undefined {
  if (event['@removed'] || event.isCancelled || event.type === 'seriesMaster') return undefined
  if (FREE.has(event.showAs ?? 'busy')) return undefined
  if (bookingIdOfGraphEvent(event)) return undefined
  const span = spanOfGraphEvent(event, timeZone)
  if (!span) return undefined
  return { eventId: event.id, ...span, summary: event.subject ? event.subject.slice(0, 200) : null }
}

/** Our events carry transactionId `<bookingId>-<generation>`: the booking's id, or undefined. */
export function bookingIdOfGraphEvent(event: Pick<GraphEvent, 'transactionId'>): string | undefined {
  const match = event.transactionId ? OUR_TRANSACTION.exec(event.transactionId) : null
  return match?.[1]?.toLowerCase()
}

function spanOfGraphEvent(
  event: GraphEvent,
  timeZone: string,
): { startsAt: Date; endsAt: Date; allDay: boolean } | undefined {
  const { start, end } = event
  if (!start || !end) return undefined
  let startsAt: Date | undefined
  let endsAt: Date | undefined
  if (event.isAllDay) {
    const startDate = start.dateTime.slice(0, 10)
    const endDate = end.dateTime.slice(0, 10)
    if (!isLocalDate(startDate) || !isLocalDate(endDate)) return undefined
    startsAt = new Date(localToInstant(startDate, 0, timeZone))
    endsAt = new Date(localToInstant(endDate, 0, timeZone))
  } else {
    startsAt = instantOfGraph(start)
    endsAt = instantOfGraph(end)
  }
  if (!startsAt || !endsAt || Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return undefined
  if (endsAt <= startsAt) return undefined
  return { startsAt, endsAt, allDay: event.isAllDay === true }
}

/** A Graph dateTimeTimeZone as an instant; undefined when unreadable. */
export function instantOfGraph(value: GraphDateTime): Date | undefined {
  const match = GRAPH_DATE_TIME.exec(value.dateTime)
  const [, date = '', h, mi, s, fraction] = match ?? []
  if (!match || !isLocalDate(date)) return undefined
  const ms = Number((fraction ?? '').padEnd(3, '0').slice(0, 3))
  const hours = Number(h)
  const minutes = Number(mi)
  const seconds = Number(s)
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined
  const zone =
    value.timeZone.toUpperCase() === 'UTC' || value.dateTime.endsWith('Z') ? 'UTC' : canonicalTimeZone(value.timeZone)
  if (!zone) return undefined
  return new Date(localToInstant(date, hours * 60 + minutes, zone) + seconds * 1000 + ms)
}
