import { addDays, canonicalTimeZone, daysBetween, instantToWallClock, localToInstant } from '@common/time'
import type { BusyTime } from '@server/modules/calendar-sync/calendar-sync.repository'
import ICAL from 'ical.js'

/**
 * Reading one CalDAV calendar object (an .ics file) into the times it makes the salon busy. Pure:
 * no HTTP, no database. Series are expanded here with ical.js, inside the window only.
 *
 * Rules chosen:
 * - Event ids: a series' instance is `href#<instance's original start, ISO UTC>` (its RECURRENCE-ID,
 *   so a moved instance keeps its id); a single event is `href`. When the object holds several
 *   UIDs (allowed by some servers), each id carries the UID too: `href#<uid>` for a single event,
 *   `href#<uid>#<ISO>` for an instance, so ids never collide.
 * - Times: UTC as is; a TZID defined by a VTIMEZONE in the object through that VTIMEZONE; a TZID
 *   without one read as an IANA name; an unknown TZID or a floating time on the salon's clock.
 *   VALUE=DATE covers whole days in the salon's zone (DTEND exclusive; no DTEND = one day).
 * - A series' instances last as long as its first one (DTEND − DTSTART, or DURATION).
 * - An override (RECURRENCE-ID) replaces its instance, wherever it moved; a cancelled or
 *   transparent override frees it. An override without its series counts as a single instance.
 * - Empty (zero-length) events block nothing. Our own events (UID `salonia-<bookingId>`) block
 *   nothing and are returned in `ours`.
 * - Malformed input gives nothing, without throwing or logging: the caller decides.
 */

/** What a calendar's event blocks, as calendar sync keeps it (calendar_busy_times). */
export type { BusyTime }

export interface CalendarObjectBusy {
  busy: BusyTime[]
  /** Booking ids of our own events (UID `salonia-<bookingId>`) found in the object. */
  ours: string[]
}

/** A series yields at most this many instances in the window… */
const MAX_INSTANCES = 1_000
/** …and is followed at most this many steps from its start (a malformed rule cannot hang a job). */
const MAX_STEPS = 50_000
const OUR_UID_PREFIX = 'salonia-'

type Window = { from: Date; to: Date }
type Span = { startsAt: Date; endsAt: Date; allDay: boolean }

export function busyTimesOfCalendarObject(
  ics: string,
  href: string,
  window: Window,
  timeZone: string,
): CalendarObjectBusy {
  try {
    return readObject(ics, href, window, timeZone)
  } catch {
    return { busy: [], ours: [] }
  }
}

/**
 * Our own events in an object as the calendar has them now: their times (moved by hand when they
 * differ from the booking's), or `cancelled` when the owner cancelled one there.
 */
export function ourEventsOfCalendarObject(
  ics: string,
  timeZone: string,
): { bookingId: string; startsAt?: Date; endsAt?: Date; cancelled: boolean }[] {
  try {
    const root = new ICAL.Component(ICAL.parse(ics))
    const vevents = root.name === 'vevent' ? [root] : root.getAllSubcomponents('vevent')
    return vevents.flatMap((vevent) => {
      const uid = String(vevent.getFirstPropertyValue('uid') ?? '')
      if (!uid.startsWith(OUR_UID_PREFIX) || vevent.hasProperty('recurrence-id')) return []
      const span = spanOfComponent(vevent, timeZone)
      const cancelled = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED'
      return [
        { bookingId: uid.slice(OUR_UID_PREFIX.length), startsAt: span?.startsAt, endsAt: span?.endsAt, cancelled },
      ]
    })
  } catch {
    return []
  }
}

function readObject(ics: string, href: string, window: Window, timeZone: string): CalendarObjectBusy {
  const root = new ICAL.Component(ICAL.parse(ics))
  const vevents = root.name === 'vevent' ? [root] : root.getAllSubcomponents('vevent')
  const byUid = new Map<string, { master?: ICAL.Component; overrides: ICAL.Component[] }>()
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '')
    const entry = byUid.get(uid) ?? { overrides: [] }
    if (vevent.hasProperty('recurrence-id')) entry.overrides.push(vevent)
    else entry.master ??= vevent
    byUid.set(uid, entry)
  }

  const result: CalendarObjectBusy = { busy: [], ours: [] }
  const several = byUid.size > 1
  for (const [uid, { master, overrides }] of byUid) {
    if (uid.startsWith(OUR_UID_PREFIX)) {
      const bookingId = uid.slice(OUR_UID_PREFIX.length)
      if (bookingId && !result.ours.includes(bookingId)) result.ours.push(bookingId)
      continue
    }
    const base = several ? `${href}#${uid}` : href
    const isSeries = master !== undefined && (master.hasProperty('rrule') || master.hasProperty('rdate'))
    if (master && !isSeries) {
      const span = spanOfComponent(master, timeZone)
      if (span) addBusy(result.busy, master, base, span, window)
      continue
    }
    if (master) expandSeries(master, overrides, base, window, timeZone, result.busy)
    else {
      for (const override of overrides) addOverride(override, base, window, timeZone, result.busy)
    }
  }
  return result
}

function expandSeries(
  master: ICAL.Component,
  overrides: ICAL.Component[],
  base: string,
  window: Window,
  timeZone: string,
  busy: BusyTime[],
) {
  const event = new ICAL.Event(master)
  const startProp = master.getFirstProperty('dtstart')
  if (!startProp) return
  const startTzid = tzidOf(startProp)
  const first = spanOfComponent(master, timeZone, true)
  if (!first) return
  const replaced = new Set<number>()
  for (const override of overrides) {
    const recurrenceProp = override.getFirstProperty('recurrence-id')
    const recurrenceId = recurrenceProp ? timeOf(recurrenceProp) : undefined
    if (recurrenceProp && recurrenceId) replaced.add(instantOf(recurrenceId, tzidOf(recurrenceProp), timeZone))
    addOverride(override, base, window, timeZone, busy)
  }
  // EXDATEs compared by instant too (ical.js compares a UTC EXDATE with a zone it does not know as wall time).
  for (const exdate of master.getAllProperties('exdate')) {
    for (const value of exdate.getValues()) {
      if (value instanceof ICAL.Time) replaced.add(instantOf(value, tzidOf(exdate), timeZone))
    }
  }
  alignUntil(master, startProp, timeZone)
  const iterator = event.iterator()
  let instances = 0
  for (let step = 0; step < MAX_STEPS && instances < MAX_INSTANCES; step++) {
    const next = iterator.next()
    if (!next) break
    const startMs = instantOf(next, startTzid, timeZone)
    if (startMs >= window.to.getTime()) break
    if (replaced.has(startMs)) continue
    const span = instanceSpan(next, first, startTzid, timeZone)
    if (!span || span.endsAt.getTime() <= window.from.getTime()) continue
    instances++
    addBusy(busy, master, `${base}#${new Date(startMs).toISOString()}`, span, window)
  }
}

/**
 * ical.js compares a UTC UNTIL with the wall clock of a DTSTART whose TZID has no VTIMEZONE (or that
 * is floating), which can drop or add the last instance: UNTIL is rewritten on that wall clock.
 */
function alignUntil(master: ICAL.Component, startProp: ICAL.Property, timeZone: string) {
  const start = timeOf(startProp)
  if (!start || start.isDate || start.zone === ICAL.Timezone.utcTimezone || start.zone?.component) return
  const zone = canonicalTimeZone(tzidOf(startProp) ?? '') ?? timeZone
  for (const rule of master.getAllProperties('rrule')) {
    const recur = rule.getFirstValue()
    if (!(recur instanceof ICAL.Recur)) continue
    const until = recur.until
    if (!until || until.isDate || until.zone !== ICAL.Timezone.utcTimezone) continue
    const wall = new Date(instantToWallClock(until.toUnixTime() * 1000, zone))
    recur.until = new ICAL.Time(
      {
        year: wall.getUTCFullYear(),
        month: wall.getUTCMonth() + 1,
        day: wall.getUTCDate(),
        hour: wall.getUTCHours(),
        minute: wall.getUTCMinutes(),
        second: wall.getUTCSeconds(),
        isDate: false,
      },
      ICAL.Timezone.localTimezone,
    )
  }
}

/** An instance lasts as long as the series' first one: whole days for an all-day series. */
function instanceSpan(start: ICAL.Time, first: Span, tzid: string | undefined, timeZone: string): Span | undefined {
  if (start.isDate) {
    const startDate = localDateOf(start)
    const days = Math.round((first.endsAt.getTime() - first.startsAt.getTime()) / 86_400_000)
    const startsAt = new Date(localToInstant(startDate, 0, timeZone))
    const endsAt = new Date(localToInstant(addDays(startDate, Math.max(days, 1)), 0, timeZone))
    return { startsAt, endsAt, allDay: true }
  }
  const startsAt = new Date(instantOf(start, tzid, timeZone))
  return {
    startsAt,
    endsAt: new Date(startsAt.getTime() + first.endsAt.getTime() - first.startsAt.getTime()),
    allDay: false,
  }
}

function addOverride(override: ICAL.Component, base: string, window: Window, timeZone: string, busy: BusyTime[]) {
  const recurrenceProp = override.getFirstProperty('recurrence-id')
  const recurrenceId = recurrenceProp ? timeOf(recurrenceProp) : undefined
  if (!recurrenceProp || !recurrenceId) return
  const id = `${base}#${new Date(instantOf(recurrenceId, tzidOf(recurrenceProp), timeZone)).toISOString()}`
  const span = spanOfComponent(override, timeZone)
  if (span) addBusy(busy, override, id, span, window)
}

function addBusy(busy: BusyTime[], vevent: ICAL.Component, eventId: string, span: Span, window: Window) {
  if (!blocks(vevent)) return
  if (span.endsAt.getTime() <= window.from.getTime() || span.startsAt.getTime() >= window.to.getTime()) return
  const summary = vevent.getFirstPropertyValue('summary')
  busy.push({ eventId, ...span, summary: typeof summary === 'string' && summary ? summary.slice(0, 200) : null })
}

function blocks(vevent: ICAL.Component): boolean {
  const transparency = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase()
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase()
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED'
}

/**
 * When a VEVENT makes the salon busy, from its own DTSTART and DTEND (or DURATION). `keepEmpty`
 * keeps a zero-length first instance of a series (its instances are as empty, and dropped later).
 */
function spanOfComponent(vevent: ICAL.Component, timeZone: string, keepEmpty = false): Span | undefined {
  const startProp = vevent.getFirstProperty('dtstart')
  const start = startProp ? timeOf(startProp) : undefined
  if (!startProp || !start) return undefined
  const endProp = vevent.getFirstProperty('dtend')
  const duration = vevent.getFirstPropertyValue('duration')
  let span: Span
  if (start.isDate) {
    const startDate = localDateOf(start)
    let endDate = addDays(startDate, 1)
    const end = endProp ? timeOf(endProp) : undefined
    if (end) endDate = localDateOf(end)
    else if (duration instanceof ICAL.Duration) endDate = addDays(startDate, Math.ceil(duration.toSeconds() / 86_400))
    if (daysBetween(startDate, endDate) <= 0) endDate = addDays(startDate, 1)
    span = {
      startsAt: new Date(localToInstant(startDate, 0, timeZone)),
      endsAt: new Date(localToInstant(endDate, 0, timeZone)),
      allDay: true,
    }
  } else {
    const startMs = instantOf(start, tzidOf(startProp), timeZone)
    let endMs = startMs
    const end = endProp ? timeOf(endProp) : undefined
    if (endProp && end) endMs = instantOf(end, tzidOf(endProp), timeZone)
    else if (duration instanceof ICAL.Duration) {
      const wall = start.clone()
      wall.addDuration(duration)
      endMs = instantOf(wall, tzidOf(startProp), timeZone)
    }
    span = { startsAt: new Date(startMs), endsAt: new Date(endMs), allDay: false }
  }
  if (Number.isNaN(span.startsAt.getTime()) || Number.isNaN(span.endsAt.getTime())) return undefined
  if (span.endsAt.getTime() < span.startsAt.getTime()) return undefined
  if (span.endsAt.getTime() === span.startsAt.getTime() && !keepEmpty) return undefined
  return span
}

function timeOf(prop: ICAL.Property): ICAL.Time | undefined {
  const value = prop.getFirstValue()
  return value instanceof ICAL.Time ? value : undefined
}

function tzidOf(prop: ICAL.Property): string | undefined {
  const tzid = prop.getParameter('tzid')
  return typeof tzid === 'string' && tzid ? tzid : undefined
}

function localDateOf(time: ICAL.Time): string {
  return `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`
}

/** The instant of a date-time: see the rules above (dates are midnight on the salon's clock). */
function instantOf(time: ICAL.Time, tzid: string | undefined, timeZone: string): number {
  const date = localDateOf(time)
  if (time.isDate) return localToInstant(date, 0, timeZone)
  const zone = time.zone
  if (zone && (zone === ICAL.Timezone.utcTimezone || zone.tzid === 'UTC')) {
    return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)
  }
  // A VTIMEZONE of the object: ical.js knows its offsets.
  if (zone?.component) return time.toUnixTime() * 1000
  const ianaZone = (tzid && canonicalTimeZone(tzid)) || timeZone
  return localToInstant(date, time.hour * 60 + time.minute, ianaZone) + time.second * 1000
}
