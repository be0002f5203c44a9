import { isLocalDate, localToInstant } from '@common/time'
import type { BusyTime } from '@server/modules/calendar-sync/calendar-sync.repository'
import { bookingIdOf } from './calendar-event'
import { type CalendarApi, CalendarApiError, type CalendarEvent } from './google-calendar'

/**
 * Reading the salon's calendar: every change since the last read (Google's sync token), or all of
 * it when there is no token yet or Google dropped it (410: a full read starts over). Each change is
 * sorted: our own bookings' events, and the salon's own events, which make it busy or free.
 */

export interface CalendarChanges {
  /** true: the busy times below are the whole calendar (replace); false: changes to apply. */
  full: boolean
  busy: BusyTime[]
  /** Events that no longer make the salon busy: deleted, declined as free, or ended. */
  freed: string[]
  /** Our bookings' events as Google has them now (deleted or changed by hand in Google). */
  ours: { bookingId: string; event: CalendarEvent }[]
  nextSyncToken: string
}

/** Events that ended this long ago are not kept: availability never looks back. */
const KEEP_PAST_MS = 24 * 60 * 60 * 1000
/** A full read of a calendar holding years of events stops here (it is resumed by the next). */
const MAX_PAGES = 200

export async function readCalendarChanges(
  api: CalendarApi,
  token: string,
  calendarId: string,
  syncToken: string | null,
  context: { timeZone: string; now: Date },
): Promise<CalendarChanges> {
  let current = syncToken ?? undefined
  for (;;) {
    try {
      return await readPages(api, token, calendarId, current, context)
    } catch (error) {
      // The token expired or Google invalidated it: start again with a full read.
      if (current && error instanceof CalendarApiError && error.status === 410) {
        current = undefined
        continue
      }
      throw error
    }
  }
}

async function readPages(
  api: CalendarApi,
  token: string,
  calendarId: string,
  syncToken: string | undefined,
  context: { timeZone: string; now: Date },
): Promise<CalendarChanges> {
  const changes: CalendarChanges = { full: !syncToken, busy: [], freed: [], ours: [], nextSyncToken: '' }
  let pageToken: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await api.listEvents(token, calendarId, { syncToken, pageToken })
    for (const event of answer.items) sortEvent(event, changes, context)
    if (answer.nextSyncToken) {
      changes.nextSyncToken = answer.nextSyncToken
      return changes
    }
    if (!answer.nextPageToken) break
    pageToken = answer.nextPageToken
  }
  throw new CalendarApiError(502, 'incompleteListing', 'events.list ended without a sync token')
}

function sortEvent(event: CalendarEvent, changes: CalendarChanges, context: { timeZone: string; now: Date }) {
  const bookingId = bookingIdOf(event)
  if (bookingId) {
    changes.ours.push({ bookingId, event })
    return
  }
  const span = spanOf(event, context.timeZone)
  const blocks =
    event.status !== 'cancelled' &&
    event.transparency !== 'transparent' &&
    span !== undefined &&
    span.endsAt.getTime() > context.now.getTime() - KEEP_PAST_MS
  if (blocks && span) {
    changes.busy.push({
      eventId: event.id,
      ...span,
      summary: event.summary ? event.summary.slice(0, 200) : null,
    })
  } else {
    changes.freed.push(event.id)
  }
}

/** When an event makes the salon busy: a timed event's instants, an all-day event's whole days in the salon's zone. */
export function spanOf(
  event: CalendarEvent,
  timeZone: string,
): { startsAt: Date; endsAt: Date; allDay: boolean } | undefined {
  const { start, end } = event
  if (start?.dateTime && end?.dateTime) {
    const startsAt = new Date(start.dateTime)
    const endsAt = new Date(end.dateTime)
    if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime()) || endsAt <= startsAt) return undefined
    return { startsAt, endsAt, allDay: false }
  }
  if (start?.date && end?.date && isLocalDate(start.date) && isLocalDate(end.date)) {
    // Google's all-day end date is exclusive: 1–2 December is one day, the 1st.
    const startsAt = new Date(localToInstant(start.date, 0, timeZone))
    const endsAt = new Date(localToInstant(end.date, 0, timeZone))
    if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime()) || endsAt <= startsAt) return undefined
    return { startsAt, endsAt, allDay: true }
  }
  return undefined
}
