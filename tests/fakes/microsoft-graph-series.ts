import { DAY_MS, dayOf, ianaZone, instantToWall, parseDateTime, wallToInstant } from './microsoft-time'
import type { Json, Recurrence, StoredEvent } from './microsoft-world'

/**
 * What a calendar view holds: single events as they are, series expanded into their occurrences
 * and exceptions ("The returned events may include single instances or occurrences and exceptions
 * of a recurring series", delta-query-events), never the series master. Occurrences follow the
 * series' wall-clock time in its zone, so a 10:00 weekly event stays at 10:00 across a DST change
 * (https://learn.microsoft.com/graph/api/resources/patternedrecurrence). Daily, weekly and
 * absoluteMonthly patterns are faked; Outlook's relative patterns are not.
 */

export type InstanceType = 'singleInstance' | 'occurrence' | 'exception'

export interface Instance {
  event: StoredEvent
  type: InstanceType
  /** The occurrence's start by the pattern (undefined for a single instance). */
  originalStart: number | undefined
  start: number
  end: number
  fields: Json
  changeKey: string
  lastModified: number
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
/** A guard against a pattern that never matches: ten years of days. */
const MAX_DAYS = 3660

export const seriesZone = (event: StoredEvent): string =>
  ianaZone(event.recurrence?.range.recurrenceTimeZone ?? event.startZone) ?? 'UTC'

/** The occurrences' original starts of a series, in order, up to (excluding) `until`. */
export function occurrenceStarts(event: StoredEvent, recurrence: Recurrence, until: number): number[] {
  const zone = seriesZone(event)
  const wallStart = instantToWall(event.start, zone)
  const timeOfDay = wallStart - dayOf(wallStart)
  const first = dayOf(parseDateTime(`${recurrence.range.startDate}T00:00:00`, 'UTC'))
  const last =
    recurrence.range.type === 'endDate' && recurrence.range.endDate
      ? dayOf(parseDateTime(`${recurrence.range.endDate}T00:00:00`, 'UTC'))
      : Number.POSITIVE_INFINITY
  const limit =
    recurrence.range.type === 'numbered' ? (recurrence.range.numberOfOccurrences ?? 0) : Number.POSITIVE_INFINITY
  const { pattern } = recurrence
  const interval = Math.max(1, pattern.interval || 1)
  const weekStartDay = WEEKDAYS.indexOf(pattern.firstDayOfWeek ?? 'sunday')
  const firstWeek = first - ((new Date(first).getUTCDay() - weekStartDay + 7) % 7) * DAY_MS
  const firstDate = new Date(first)
  const starts: number[] = []
  for (let day = first, n = 0; n < MAX_DAYS && day <= last && starts.length < limit; day += DAY_MS, n++) {
    const date = new Date(day)
    let matches: boolean
    if (pattern.type === 'daily') matches = Math.round((day - first) / DAY_MS) % interval === 0
    else if (pattern.type === 'weekly') {
      const week = Math.floor((day - firstWeek) / (7 * DAY_MS))
      matches = week % interval === 0 && (pattern.daysOfWeek ?? []).includes(WEEKDAYS[date.getUTCDay()] ?? '')
    } else {
      const months =
        (date.getUTCFullYear() - firstDate.getUTCFullYear()) * 12 + date.getUTCMonth() - firstDate.getUTCMonth()
      matches = months % interval === 0 && date.getUTCDate() === pattern.dayOfMonth
    }
    if (!matches) continue
    const start = wallToInstant(day + timeOfDay, zone)
    if (start >= until) break
    starts.push(start)
  }
  return starts
}

/** The instances of one stored event that overlap [from, to). */
export function instancesOf(event: StoredEvent, from: number, to: number): Instance[] {
  if (event.deleted) return []
  if (!event.recurrence) {
    const overlaps = event.end > from && event.start < to
    // An event of no length at the window's start still shows, as Outlook's calendar view shows it.
    const point = event.end === event.start && event.start >= from && event.start < to
    return overlaps || point ? [singleInstance(event)] : []
  }
  const duration = event.end - event.start
  const instances: Instance[] = []
  // An exception may have been moved into the window from an occurrence outside it: look wider.
  const movedFrom = [...event.exceptions.keys()]
  const until = Math.max(to, ...movedFrom.map((s) => s + 1))
  for (const originalStart of occurrenceStarts(event, event.recurrence, until)) {
    if (event.cancelledOccurrences.has(originalStart)) continue
    const exception = event.exceptions.get(originalStart)
    const instance: Instance = exception
      ? {
          event,
          type: 'exception',
          originalStart,
          start: exception.start,
          end: exception.end,
          fields: { ...event.fields, ...exception.fields },
          changeKey: exception.changeKey,
          lastModified: exception.lastModified,
        }
      : {
          event,
          type: 'occurrence',
          originalStart,
          start: originalStart,
          end: originalStart + duration,
          fields: event.fields,
          // A change to the series changes every occurrence it did not override.
          changeKey: event.changeKey,
          lastModified: event.lastModified,
        }
    if (instance.end > from && instance.start < to) instances.push(instance)
  }
  return instances
}

/**
 * An occurrence's id: its series' id and original start. Outlook derives occurrence ids from the
 * master's as well; the fake's form only has to be stable, opaque and reversible.
 */
export function occurrenceId(masterId: string, originalStart: number): string {
  return `${masterId.replace(/=+$/, '')}OCC${originalStart.toString(36)}=`
}

export function parseOccurrenceId(id: string): { masterId: string; originalStart: number } | undefined {
  const bare = id.replace(/=+$/, '')
  const at = bare.lastIndexOf('OCC')
  if (at < 0) return undefined
  const originalStart = Number.parseInt(bare.slice(at + 3), 36)
  if (!/^[0-9a-z]+$/.test(bare.slice(at + 3)) || !Number.isFinite(originalStart)) return undefined
  return { masterId: `${bare.slice(0, at)}=`, originalStart }
}

/** The id an instance is known by, in the id form the request prefers. */
export function instanceId(instance: Instance, immutable: boolean): string {
  const master = immutable ? instance.event.id : instance.event.restId
  return instance.originalStart === undefined ? master : occurrenceId(master, instance.originalStart)
}

/** An event that is not a series, as the one instance Graph lists for it. */
export function singleInstance(event: StoredEvent): Instance {
  return {
    event,
    type: 'singleInstance',
    originalStart: undefined,
    start: event.start,
    end: event.end,
    fields: event.fields,
    changeKey: event.changeKey,
    lastModified: event.lastModified,
  }
}
