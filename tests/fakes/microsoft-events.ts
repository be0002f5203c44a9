import { graphErrors } from './microsoft-errors'
import {
  type Instance,
  instanceId,
  instancesOf,
  occurrenceStarts,
  parseOccurrenceId,
  singleInstance,
} from './microsoft-graph-series'
import { graphDateTime, graphTimestamp, ianaZone, parseDateTime } from './microsoft-time'
import {
  type Calendar,
  changeKey,
  iCalUId,
  type Json,
  type Mailbox,
  outlookId,
  type Preferences,
  type Recurrence,
  type StoredEvent,
  type World,
} from './microsoft-world'

/**
 * Outlook events as the fake Microsoft's mailbox keeps them, and as Graph shows them
 * (https://learn.microsoft.com/graph/api/resources/event): what a client may write and how it is
 * checked (OData refuses a property the type does not define), creation, changes (a change to one
 * occurrence makes it an exception) and deletion, each told to the world so subscriptions notify,
 * lookup by either id form, and the JSON Graph answers, in the zone and id form the request
 * prefers (`Prefer: outlook.timezone`, `Prefer: IdType="ImmutableId"`).
 */

/** Fields a client writes on an event. Graph refuses names its type does not define. */
const WRITABLE = new Set([
  'subject',
  'body',
  'start',
  'end',
  'location',
  'locations',
  'showAs',
  'isAllDay',
  'transactionId',
  'categories',
  'sensitivity',
  'importance',
  'isReminderOn',
  'reminderMinutesBeforeStart',
  'attendees',
  'recurrence',
  'singleValueExtendedProperties',
  'multiValueExtendedProperties',
  'responseRequested',
  'allowNewTimeProposals',
  'hideAttendees',
  'isOnlineMeeting',
  'onlineMeetingProvider',
])
/** Read-only properties of the type: accepted and ignored in a body, as OData does. */
const READ_ONLY = new Set([
  'id',
  'createdDateTime',
  'lastModifiedDateTime',
  'changeKey',
  'originalStartTimeZone',
  'originalEndTimeZone',
  'iCalUId',
  'uid',
  'hasAttachments',
  'bodyPreview',
  'isCancelled',
  'isOrganizer',
  'seriesMasterId',
  'type',
  'webLink',
  'onlineMeetingUrl',
  'isDraft',
  'responseStatus',
  'organizer',
  'onlineMeeting',
])
const SHOW_AS = new Set(['free', 'tentative', 'busy', 'oof', 'workingElsewhere', 'unknown'])
const PATTERNS = new Set(['daily', 'weekly', 'absoluteMonthly'])

// --- writing ------------------------------------------------------------------------------------

interface Times {
  start: number
  end: number
  startZone: string
  endZone: string
}

function timeOf(value: unknown, which: 'start' | 'end'): { instant: number; zone: string } {
  if (typeof value !== 'object' || value === null) {
    throw graphErrors.propertyValidation(`${which} must be a dateTimeTimeZone.`)
  }
  const { dateTime, timeZone } = value as Json
  if (typeof dateTime !== 'string') throw graphErrors.propertyValidation(`${which}.dateTime is required.`)
  const zoneName = typeof timeZone === 'string' && timeZone !== '' ? timeZone : 'UTC'
  const zone = ianaZone(zoneName)
  if (!zone) throw graphErrors.timeZoneNotSupported(zoneName)
  const instant = parseDateTime(dateTime, zone)
  if (Number.isNaN(instant)) throw graphErrors.propertyValidation(`${which}.dateTime is not a date-time.`)
  return { instant, zone: zoneName }
}

// The messages below are the fake's wording: Graph's reference only says such bodies fail.
function checkTimes(fields: Json, isAllDay: boolean): Times {
  if (fields.start === undefined || fields.end === undefined) {
    throw graphErrors.propertyValidation('An event needs a start and an end.')
  }
  const start = timeOf(fields.start, 'start')
  const end = timeOf(fields.end, 'end')
  if (end.instant < start.instant) {
    throw graphErrors.invalidRequest("Your request can't be completed. The end time must be after the start time.")
  }
  if (isAllDay) {
    const midnight = (t: { instant: number; zone: string }) =>
      graphDateTime(t.instant, ianaZone(t.zone) ?? 'UTC').endsWith('T00:00:00.0000000')
    if (!midnight(start) || !midnight(end) || end.instant <= start.instant) {
      throw graphErrors.propertyValidation(
        'The start and end of an all-day event must be midnights, a day or more apart.',
      )
    }
  }
  return { start: start.instant, end: end.instant, startZone: start.zone, endZone: end.zone }
}

function checkRecurrence(value: unknown): Recurrence | null {
  if (value === null || value === undefined) return null
  const recurrence = value as Recurrence
  if (!recurrence.pattern || !recurrence.range || !/^\d{4}-\d{2}-\d{2}$/.test(recurrence.range.startDate ?? '')) {
    throw graphErrors.propertyValidation('recurrence needs a pattern and a range with a startDate.')
  }
  if (!PATTERNS.has(recurrence.pattern.type)) {
    throw graphErrors.propertyValidation(`(fake Microsoft) the ${recurrence.pattern.type} pattern is not faked`)
  }
  return structuredClone(recurrence)
}

/** The writable fields of a body; an unknown property is refused as OData refuses it. */
function writableFields(body: Json): Json {
  const fields: Json = {}
  for (const [name, value] of Object.entries(body)) {
    if (name.startsWith('@odata.') || READ_ONLY.has(name)) continue
    if (!WRITABLE.has(name)) throw graphErrors.unknownProperty(name, 'microsoft.graph.event')
    fields[name] = structuredClone(value)
  }
  if (fields.transactionId !== undefined && fields.transactionId !== null && typeof fields.transactionId !== 'string') {
    throw graphErrors.propertyValidation('transactionId must be a string.')
  }
  return fields
}

export interface Writer {
  world: World
  mailbox: Mailbox
  author: 'app' | 'owner'
}

/** A new event in a calendar (from the app's POST, or the owner in Outlook). */
export function createEvent(writer: Writer, calendar: Calendar, body: Json): StoredEvent {
  const fields = checkedFields(body)
  const isAllDay = fields.isAllDay === true
  const times = checkTimes(fields, isAllDay)
  const recurrence = checkRecurrence(fields.recurrence)
  const now = writer.world.now()
  const event: StoredEvent = {
    id: outlookId('AAkALgAAAAAAHYQDEapmEc2byACqAC-EWg0A'),
    restId: outlookId('AAMkAGI2'),
    calendarId: calendar.id,
    author: writer.author,
    fields: stripTimes(fields),
    ...times,
    isAllDay,
    recurrence,
    exceptions: new Map(),
    cancelledOccurrences: new Set(),
    iCalUId: iCalUId(),
    created: now,
    lastModified: now,
    changeKey: changeKey(),
    deleted: false,
    order: writer.mailbox.events.size,
  }
  writer.mailbox.events.set(event.id, event)
  writer.mailbox.restIds.set(event.restId, event.id)
  if (typeof fields.transactionId === 'string') writer.mailbox.transactions.set(fields.transactionId, event.id)
  writer.world.changed(writer.mailbox, event, 'created')
  return event
}

function checkedFields(body: Json): Json {
  const fields = writableFields(body)
  if (fields.showAs !== undefined && !SHOW_AS.has(fields.showAs as string)) {
    throw graphErrors.unknownProperty(String(fields.showAs), 'microsoft.graph.freeBusyStatus')
  }
  return fields
}

const stripTimes = (fields: Json): Json => {
  const { start, end, isAllDay, recurrence, ...rest } = fields
  return rest
}

/** A PATCH (or the owner's edit): fields merged, times replaced when given. Occurrences become exceptions. */
export function updateInstance(writer: Writer, found: Found, body: Json): void {
  const fields = checkedFields(body)
  const now = writer.world.now()
  const { event } = found
  if (found.originalStart !== undefined) {
    const current = instancesAt(event, found.originalStart)
    if (!current) throw graphErrors.itemNotFound()
    const times =
      fields.start !== undefined || fields.end !== undefined
        ? checkTimes(
            {
              start: fields.start ?? { dateTime: graphDateTime(current.start, 'UTC'), timeZone: 'UTC' },
              end: fields.end ?? { dateTime: graphDateTime(current.end, 'UTC'), timeZone: 'UTC' },
            },
            event.isAllDay,
          )
        : { start: current.start, end: current.end }
    const previous = event.exceptions.get(found.originalStart)?.fields ?? {}
    event.exceptions.set(found.originalStart, {
      start: times.start,
      end: times.end,
      fields: { ...previous, ...stripTimes(fields) },
      changeKey: changeKey(),
      lastModified: now,
    })
    writer.world.changed(writer.mailbox, event, 'updated', found.originalStart)
    return
  }
  const isAllDay = typeof fields.isAllDay === 'boolean' ? fields.isAllDay : event.isAllDay
  if (fields.start !== undefined || fields.end !== undefined || fields.isAllDay !== undefined) {
    const times = checkTimes(
      {
        start: fields.start ?? {
          dateTime: graphDateTime(event.start, ianaZone(event.startZone) ?? 'UTC'),
          timeZone: event.startZone,
        },
        end: fields.end ?? {
          dateTime: graphDateTime(event.end, ianaZone(event.endZone) ?? 'UTC'),
          timeZone: event.endZone,
        },
      },
      isAllDay,
    )
    Object.assign(event, times)
    event.isAllDay = isAllDay
  }
  if (fields.recurrence !== undefined) event.recurrence = checkRecurrence(fields.recurrence)
  event.fields = { ...event.fields, ...stripTimes(fields) }
  event.lastModified = now
  event.changeKey = changeKey()
  writer.world.changed(writer.mailbox, event, 'updated')
}

/** A DELETE (or the owner's): the event, the whole series, or one occurrence. */
export function deleteInstance(writer: Writer, found: Found): void {
  if (found.originalStart !== undefined) {
    found.event.cancelledOccurrences.add(found.originalStart)
    found.event.exceptions.delete(found.originalStart)
    writer.world.changed(writer.mailbox, found.event, 'deleted', found.originalStart)
    return
  }
  found.event.deleted = true
  found.event.lastModified = writer.world.now()
  writer.world.changed(writer.mailbox, found.event, 'deleted')
}

// --- reading ------------------------------------------------------------------------------------

export interface Found {
  event: StoredEvent
  originalStart: number | undefined
}

/** The event (or occurrence) an id names, in either id form; undefined when gone or unknown. */
export function findEvent(mailbox: Mailbox, id: string): Found | undefined {
  const direct = mailbox.events.get(id) ?? mailbox.events.get(mailbox.restIds.get(id) ?? '')
  if (direct) return direct.deleted ? undefined : { event: direct, originalStart: undefined }
  const occurrence = parseOccurrenceId(id)
  if (!occurrence) return undefined
  const master = findEvent(mailbox, occurrence.masterId)
  if (!master || master.originalStart !== undefined || !master.event.recurrence) return undefined
  if (!instancesAt(master.event, occurrence.originalStart)) return undefined
  return { event: master.event, originalStart: occurrence.originalStart }
}

/** The live instance of a series whose original start this is. */
function instancesAt(event: StoredEvent, originalStart: number): Instance | undefined {
  if (!event.recurrence || event.cancelledOccurrences.has(originalStart)) return undefined
  if (!occurrenceStarts(event, event.recurrence, originalStart + 1).includes(originalStart)) return undefined
  const exception = event.exceptions.get(originalStart)
  const from = Math.min(originalStart, exception?.start ?? originalStart)
  const to = Math.max(originalStart, exception?.end ?? originalStart) + event.end - event.start + 1
  return instancesOf(event, from, to).find((i) => i.originalStart === originalStart)
}

/** The instance an id names (an event, or an occurrence of a series). */
export function instanceOf(found: Found): Instance {
  if (found.originalStart !== undefined) {
    const instance = instancesAt(found.event, found.originalStart)
    if (instance) return instance
  }
  return singleInstance(found.event)
}

/** An event as Graph answers it, in the preferred zone and id form. */
export function represent(instance: Instance, prefer: Preferences, mailbox: Mailbox): Json {
  const { event, fields } = instance
  const seriesMaster = instance.originalStart === undefined && event.recurrence !== null
  const id = instanceId(instance, prefer.immutableIds)
  // All-day events keep their dates whatever outlook.timezone asks: midnight to midnight in their
  // own zone (as Graph's users report it), labelled with the zone asked.
  const shown = (at: number, zoneName: string) => ({
    dateTime: graphDateTime(at, event.isAllDay ? (ianaZone(zoneName) ?? 'UTC') : prefer.zone),
    timeZone: prefer.timeZone,
  })
  const body = (fields.body as Json | undefined) ?? { contentType: 'html', content: '' }
  const text = String(body.content ?? '')
    .replace(/<[^>]*>/g, '')
    .trim()
  return {
    '@odata.etag': `W/"${instance.changeKey}"`,
    id,
    createdDateTime: graphTimestamp(event.created),
    lastModifiedDateTime: graphTimestamp(instance.lastModified),
    changeKey: instance.changeKey,
    categories: fields.categories ?? [],
    transactionId: fields.transactionId ?? null,
    originalStartTimeZone: event.startZone,
    originalEndTimeZone: event.endZone,
    iCalUId: event.iCalUId,
    uid: event.iCalUId,
    reminderMinutesBeforeStart: fields.reminderMinutesBeforeStart ?? 15,
    isReminderOn: fields.isReminderOn ?? true,
    hasAttachments: false,
    subject: fields.subject ?? '',
    bodyPreview: text.slice(0, 255),
    importance: fields.importance ?? 'normal',
    sensitivity: fields.sensitivity ?? 'normal',
    isAllDay: event.isAllDay,
    isCancelled: fields.isCancelled === true,
    isOrganizer: true,
    responseRequested: fields.responseRequested ?? true,
    seriesMasterId: instance.originalStart === undefined ? null : prefer.immutableIds ? event.id : event.restId,
    showAs: fields.showAs ?? 'busy',
    type: seriesMaster ? 'seriesMaster' : instance.type,
    webLink: `https://outlook.office365.com/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
    onlineMeetingUrl: null,
    isOnlineMeeting: fields.isOnlineMeeting ?? false,
    onlineMeetingProvider: fields.onlineMeetingProvider ?? 'unknown',
    allowNewTimeProposals: fields.allowNewTimeProposals ?? true,
    isDraft: false,
    hideAttendees: fields.hideAttendees ?? false,
    responseStatus: { response: 'organizer', time: '0001-01-01T00:00:00Z' },
    body,
    start: shown(instance.start, event.startZone),
    end: shown(instance.end, event.endZone),
    location: {
      displayName: '',
      locationType: 'default',
      uniqueIdType: 'unknown',
      address: {},
      coordinates: {},
      ...((fields.location as Json | undefined) ?? {}),
    },
    locations: fields.locations ?? [],
    recurrence: seriesMaster ? event.recurrence : null,
    attendees: fields.attendees ?? [],
    organizer: {
      emailAddress: {
        name: mailbox.account.displayName,
        address: mailbox.account.mail ?? mailbox.account.userPrincipalName,
      },
    },
    onlineMeeting: null,
  }
}

export const defaultCalendar = (mailbox: Mailbox): Calendar =>
  mailbox.calendars.find((c) => c.isDefaultCalendar) ?? (mailbox.calendars[0] as Calendar)
