import { randomBytes } from 'node:crypto'
import { calendarErrors } from './google-calendar-errors'
import { isValidTimeZone, wallToInstant, zoneOffset } from './zones'

/**
 * The Events resource of Google Calendar API v3 as the fake keeps it: what a client may write, how
 * start and end are checked and normalised, and how insert, update (full replace) and patch (merge)
 * build the stored resource. Field meanings follow the Events reference
 * (https://developers.google.com/workspace/calendar/api/v3/reference/events).
 */

export interface EventDateTime {
  date?: string
  dateTime?: string
  timeZone?: string
}

export interface CalendarEvent {
  kind: 'calendar#event'
  etag: string
  id: string
  status: 'confirmed' | 'tentative' | 'cancelled'
  htmlLink: string
  created: string
  updated: string
  summary?: string
  description?: string
  location?: string
  creator: { email: string; self: true }
  organizer: { email: string; self: true }
  start: EventDateTime
  end: EventDateTime
  transparency?: 'opaque' | 'transparent'
  visibility?: string
  iCalUID: string
  sequence: number
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> }
  reminders: { useDefault: boolean; overrides?: { method: string; minutes: number }[] }
  eventType: string
  [field: string]: unknown
}

/** What a client (or the owner, in Google's own UI) writes. */
export type EventInput = Partial<Omit<CalendarEvent, 'kind' | 'etag' | 'htmlLink' | 'created' | 'updated'>> &
  Record<string, unknown>

/**
 * The fields a client may set. Google ignores any other field of a request body (read-only ones
 * such as `created`, and unknown ones): so does the fake, so a misspelt field is lost here as there.
 */
const WRITABLE = [
  'summary',
  'description',
  'location',
  'colorId',
  'start',
  'end',
  'endTimeUnspecified',
  'recurrence',
  'originalStartTime',
  'transparency',
  'visibility',
  'attendees',
  'attendeesOmitted',
  'extendedProperties',
  'conferenceData',
  'anyoneCanAddSelf',
  'guestsCanInviteOthers',
  'guestsCanModify',
  'guestsCanSeeOtherGuests',
  'reminders',
  'source',
  'attachments',
  'status',
  'sequence',
] as const

const STATUSES = new Set(['confirmed', 'tentative', 'cancelled'])
const EVENT_ID = /^[a-v0-9]{5,1024}$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/i

/** An id as Google generates them: 26 characters of base32hex. */
export function generatedEventId(): string {
  const alphabet = 'abcdefghijklmnopqrstuv0123456789'
  return Array.from(randomBytes(26), (b) => alphabet[b % 32]).join('')
}

export function checkClientId(id: unknown): string {
  if (typeof id !== 'string' || !EVENT_ID.test(id)) throw calendarErrors.invalid('Invalid resource id value.')
  return id
}

/** `2026-05-12T09:00:00+02:00`, Google's way of writing a time in a zone (`Z` when the offset is nil). */
export function formatInZone(instant: number, zone: string): string {
  const offset = zoneOffset(zone, instant)
  const wall = new Date(Math.floor(instant / 1000) * 1000 + offset).toISOString().slice(0, 19)
  if (offset === 0) return `${wall}Z`
  const minutes = Math.abs(offset) / 60_000
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0')
  const mm = String(minutes % 60).padStart(2, '0')
  return `${wall}${offset > 0 ? '+' : '-'}${hh}:${mm}`
}

/** An RFC 3339 timestamp with its offset, as list's timeMin/timeMax/updatedMin must be; else undefined. */
export function parseTimestamp(value: string): number | undefined {
  const match = DATE_TIME.exec(value)
  if (!match?.[8]) return undefined
  const instant = Date.parse(value)
  return Number.isNaN(instant) ? undefined : instant
}

/** The instant an event's start or end stands for; an all-day date is midnight in the calendar's zone. */
export function instantOf(time: EventDateTime, calendarZone: string): number {
  if (time.date) {
    const [, y, m, d] = DATE.exec(time.date) ?? []
    return wallToInstant(Date.UTC(Number(y), Number(m) - 1, Number(d)), calendarZone)
  }
  const match = DATE_TIME.exec(time.dateTime ?? '')
  if (!match) return Number.NaN
  const [, y, mo, d, h, mi, s, , offset] = match
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  if (offset) return Date.parse(time.dateTime ?? '')
  return wallToInstant(wall, time.timeZone ?? calendarZone)
}

function validDate(value: string): boolean {
  const match = DATE.exec(value)
  if (!match) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/**
 * Checks and normalises one end of an event. Google answers a `dateTime` in the event's zone (or the
 * calendar's) with its offset, whatever offset the client wrote: clients must compare instants, not
 * strings, and so must code tested here. The messages are Google's as seen in the wild (the reference
 * is silent on them).
 */
function normaliseTime(value: unknown, which: 'start' | 'end', calendarZone: string): EventDateTime {
  if (value === undefined || value === null) throw calendarErrors.required(`Missing ${which} time.`)
  if (typeof value !== 'object') throw calendarErrors.invalid(`Invalid ${which} time.`)
  const time = value as Record<string, unknown>
  const zone = time.timeZone
  if (zone !== undefined && (typeof zone !== 'string' || !isValidTimeZone(zone))) {
    throw calendarErrors.invalid(`Invalid time zone definition for ${which} time.`)
  }
  const hasDate = typeof time.date === 'string'
  const hasDateTime = typeof time.dateTime === 'string'
  if (hasDate === hasDateTime) throw calendarErrors.invalid(`Invalid ${which} time.`)
  if (hasDate) {
    if (!validDate(time.date as string)) throw calendarErrors.invalid(`Invalid ${which} time.`)
    return { date: time.date as string, ...(zone ? { timeZone: zone as string } : {}) }
  }
  const match = DATE_TIME.exec(time.dateTime as string)
  if (!match) throw calendarErrors.invalid(`Invalid ${which} time.`)
  if (!match[8] && !zone) throw calendarErrors.invalid(`Missing time zone definition for ${which} time.`)
  const instant = instantOf({ dateTime: time.dateTime as string, ...(zone ? { timeZone: zone as string } : {}) }, '')
  if (Number.isNaN(instant)) throw calendarErrors.invalid(`Invalid ${which} time.`)
  return {
    dateTime: formatInZone(instant, (zone as string | undefined) ?? calendarZone),
    ...(zone ? { timeZone: zone as string } : {}),
  }
}

/**
 * Start and end must be of one kind, and the end after the start (exclusive for all-day events, so
 * an all-day end is at least the next day). A timed event may last no time at all: Google accepts
 * start = end (the reference is silent; Google's UI itself makes such events).
 */
function checkTimes(fields: Record<string, unknown>, calendarZone: string) {
  const start = normaliseTime(fields.start, 'start', calendarZone)
  const end = normaliseTime(fields.end, 'end', calendarZone)
  if (Boolean(start.date) !== Boolean(end.date)) {
    throw calendarErrors.invalid('Start and end times must either both be date or both be dateTime.')
  }
  const from = instantOf(start, calendarZone)
  const to = instantOf(end, calendarZone)
  if (to < from || (start.date && to === from)) throw calendarErrors.timeRangeEmpty('end')
  fields.start = start
  fields.end = end
}

function checkFields(fields: Record<string, unknown>) {
  if (fields.status !== undefined && !STATUSES.has(fields.status as string)) {
    throw calendarErrors.invalid('Invalid value for: status')
  }
  if (fields.transparency !== undefined && fields.transparency !== 'opaque' && fields.transparency !== 'transparent') {
    throw calendarErrors.invalid('Invalid value for: transparency')
  }
  for (const side of ['private', 'shared'] as const) {
    const properties = (fields.extendedProperties as Record<string, unknown> | undefined)?.[side]
    if (properties === undefined) continue
    if (typeof properties !== 'object' || properties === null) throw calendarErrors.invalid('Invalid extended property')
    for (const value of Object.values(properties)) {
      if (typeof value !== 'string') throw calendarErrors.invalid('Invalid extended property value')
    }
  }
}

/** The writable fields of a body, everything else dropped. */
export function writableFields(body: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const name of WRITABLE) if (body[name] !== undefined) fields[name] = structuredClone(body[name])
  return fields
}

/**
 * Patch semantics of Google's APIs: a field present replaces, nested objects merge field by field,
 * arrays are replaced whole, and `null` clears a field.
 */
export function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...target }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else if (isPlainObject(value) && isPlainObject(merged[key])) {
      merged[key] = mergePatch(merged[key] as Record<string, unknown>, value)
    } else merged[key] = structuredClone(value)
  }
  return merged
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export interface Stamp {
  email: string
  calendarZone: string
  now: Date
  etag: string
}

/** A new event from an insert (or from the owner in Google's UI). */
export function createdEvent(id: string, body: Record<string, unknown>, stamp: Stamp): CalendarEvent {
  const fields = writableFields(body)
  checkFields(fields)
  checkTimes(fields, stamp.calendarZone)
  const sequence = typeof fields.sequence === 'number' ? fields.sequence : 0
  const iCalUID = typeof body.iCalUID === 'string' ? body.iCalUID : `${id}@google.com`
  const at = stamp.now.toISOString()
  return {
    kind: 'calendar#event',
    etag: stamp.etag,
    id,
    status: 'confirmed',
    htmlLink: htmlLink(id, stamp.email),
    created: at,
    updated: at,
    creator: { email: stamp.email, self: true },
    organizer: { email: stamp.email, self: true },
    reminders: { useDefault: true },
    eventType: 'default',
    ...fields,
    iCalUID,
    sequence,
  } as CalendarEvent
}

/**
 * The event after an update (`replace`: the body is the whole new event) or a patch (merged into
 * the current one). `updated`, `etag` and `sequence` move on with every change. A body's `sequence`
 * below the current one is refused, as Google refuses it. An update without `status` is `confirmed`
 * (the resource's default): so an update, or a patch with `status: 'confirmed'`, restores a deleted
 * event, which Google keeps with its details on the organizer's calendar so that it can be restored.
 */
export function changedEvent(
  current: CalendarEvent,
  body: Record<string, unknown>,
  mode: 'replace' | 'patch',
  stamp: Stamp,
): CalendarEvent {
  const incoming = writableFields(body)
  if (typeof incoming.sequence === 'number' && incoming.sequence < current.sequence) {
    throw calendarErrors.invalid(
      'Invalid sequence value. The specified sequence number is below the current sequence number of the resource.',
    )
  }
  const fields = mode === 'patch' ? mergePatch(writableFields(current), incoming) : incoming
  checkFields(fields)
  checkTimes(fields, stamp.calendarZone)
  const kept = {
    kind: current.kind,
    id: current.id,
    htmlLink: current.htmlLink,
    created: current.created,
    creator: current.creator,
    organizer: current.organizer,
    iCalUID: current.iCalUID,
    eventType: current.eventType,
    reminders: { useDefault: true },
  }
  return {
    ...kept,
    status: 'confirmed',
    ...fields,
    etag: stamp.etag,
    updated: stamp.now.toISOString(),
    sequence: current.sequence + 1,
  } as CalendarEvent
}

/** What a deletion leaves: the same event, cancelled. */
export function cancelledEvent(current: CalendarEvent, stamp: Stamp): CalendarEvent {
  return {
    ...structuredClone(current),
    status: 'cancelled',
    etag: stamp.etag,
    updated: stamp.now.toISOString(),
    sequence: current.sequence + 1,
  }
}

/**
 * A deleted event as incremental sync gives it without showDeleted: "Deleted events are only
 * guaranteed to have the id field populated" (Events reference, `status`). The fake gives exactly
 * the fields every real one carries, so a client relying on more fails here first.
 */
export function minimalCancelled(event: CalendarEvent) {
  return { kind: event.kind, etag: event.etag, id: event.id, status: 'cancelled' as const }
}

/** Google's link to an event: `eid` is base64 of "<event id> <calendar id>". */
function htmlLink(id: string, email: string): string {
  const eid = Buffer.from(`${id} ${email}`).toString('base64').replace(/=+$/, '')
  return `https://www.google.com/calendar/event?eid=${eid}`
}
