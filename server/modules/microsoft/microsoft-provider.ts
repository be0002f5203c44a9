import type {
  CalendarChanges,
  CalendarProvider,
  ConnectionContext,
  ReadWindow,
  RemoteLink,
} from '@server/modules/calendar-sync/calendar-providers'
import * as repo from '@server/modules/calendar-sync/calendar-sync.repository'
import { bookingIdOfGraphEvent, busyTimeOfGraphEvent, instantOfGraph } from './graph-busy'
import type { CalendarView, GraphApi, GraphViewEvent, WrittenEvent } from './graph-calendar'
import { graphEventOf, graphFingerprint } from './graph-event'
import { GraphError } from './graph-http'
import { callGraph, goneIsDone } from './microsoft-access'
import { keepSubscription, subscriptionDue } from './microsoft-subscription'

/**
 * Outlook (Microsoft Graph) as a calendar provider (calendar-sync/calendar-providers.ts). Bookings
 * are written with a transactionId `<bookingId>-<generation>` (graph-event.ts), so a create retried
 * after a lost answer meets the event it made; the calendar is read with calendarView delta over
 * calendar sync's window, its deltaLink kept as the cursor; a subscription pushes its changes.
 */

/** The periodic read: every 5 minutes without a subscription, hourly with one (a safety net). */
const POLL_WITHOUT_PUSH_MS = 5 * 60 * 1000
const POLL_WITH_PUSH_MS = 60 * 60 * 1000

export const microsoftProvider: CalendarProvider = {
  name: 'microsoft',
  available: (config) => Boolean(config.microsoft),
  fingerprint: graphFingerprint,

  writeEvent: (ctx, event, link) =>
    callGraph(ctx, async (token, api) => {
      const calendarId = ctx.connection.calendarRef
      const create = async (generation: number) => {
        const body = graphEventOf(event, { generation })
        const created = await api.createEvent(token, calendarId, body)
        // A create repeated after a lost answer meets the event the first attempt made, and Graph
        // answers it as it was then, not as this request describes it: a booking moved (or renamed)
        // between the two attempts would stay at its old time while we record it as written. The
        // contract's model found it (tests/helpers/calendar-contract.ts): what Graph answers is
        // compared with what we sent, and an event that differs is brought up to date.
        if (!answersBody(created, body)) return linkOf(await api.updateEvent(token, created.id, body), generation)
        return linkOf(created, generation)
      }
      // Not only a present link: one calendar sync marked gone because a read saw the event at
      // other times than the booking's (moved by hand in Outlook, or a read that raced our own move)
      // still names an event that is there. Writing it anew under the next transactionId left that
      // one beside it: two events for one booking (found by the calendar contract's lost-answer
      // case, tests/helpers/calendar-contract.ts). The event we know is updated back first; only
      // one that is really gone (404) is written anew.
      if (link?.remoteId) {
        try {
          return linkOf(
            await api.updateEvent(token, link.remoteId, graphEventOf(event, { generation: link.sequence })),
            link.sequence,
          )
        } catch (error) {
          // Deleted (by hand, or by us when the booking was cancelled): written anew. Its
          // transactionId is past: gone by hand, calendar sync counted it up already; removed by
          // us, it was not. Reusing it could answer the deleted event, so the next one is taken; a
          // retry of this create takes the same.
          if (!(error instanceof GraphError && error.kind === 'not_found')) throw error
          return create(link.sequence + 1)
        }
      }
      return create(link ? link.sequence + 1 : 0)
    }),

  removeEvent: async (ctx, _bookingId, link) => {
    // Graph finds our events by id only: without a link, no event of ours was ever recorded there.
    const remoteId = link?.remoteId
    if (!remoteId) return
    await callGraph(ctx, (token, api) => api.deleteEvent(token, remoteId).catch(goneIsDone))
  },

  readChanges: async (ctx, cursor, window) => {
    const view = await callGraph(ctx, (token, api) => readView(ctx, token, api, cursor, window))
    return changesOf(ctx, view, window)
  },

  keepNotifications: keepSubscription,
  channelDue: subscriptionDue,
  pollEveryMs: (_, push) => (push ? POLL_WITH_PUSH_MS : POLL_WITHOUT_PUSH_MS),
  removed: async (db, jobs, connection) => {
    if (!connection.credentials) return
    await jobs.send(db, 'microsoft.release', {
      sealedCredentials: connection.credentials,
      subscriptionId: connection.channelId,
    })
  },
}

/** The event Graph answered says what `body` does (subject and times; what Graph leaves out is taken as said). */
function answersBody(written: WrittenEvent, body: ReturnType<typeof graphEventOf>): boolean {
  const sameTime = (answered: WrittenEvent['start'], sent: typeof body.start) =>
    !answered || instantOfGraph(answered)?.getTime() === instantOfGraph(sent)?.getTime()
  return (
    (written.subject === undefined || written.subject === body.subject) &&
    sameTime(written.start, body.start) &&
    sameTime(written.end, body.end)
  )
}

function linkOf(written: WrittenEvent, generation: number): RemoteLink {
  return { remoteId: written.id, version: written.changeKey ?? null, sequence: generation }
}

/** The round since the deltaLink, or a full read of the window when there is none or Graph forgot it (410). */
async function readView(
  ctx: ConnectionContext,
  token: string,
  api: GraphApi,
  cursor: string | null,
  window: ReadWindow,
): Promise<CalendarView> {
  const calendarId = ctx.connection.calendarRef
  if (cursor) {
    try {
      return await api.readCalendarView(token, { calendarId, deltaLink: cursor })
    } catch (error) {
      // Graph forgot the round (410), or the link names another host (MICROSOFT_BASE_URL changed
      // since): the token must not follow it, and a full read starts a new round.
      if (!(error instanceof GraphError && (error.kind === 'sync_reset' || error.code === 'foreignLink'))) throw error
    }
  }
  return api.readCalendarView(token, { calendarId, window: { start: window.from, end: window.to } })
}

/** The generation a transactionId `<bookingId>-<n>` names (0 when unreadable). */
function generationOf(transactionId: string | null | undefined): number {
  const match = transactionId ? /-(\d+)$/.exec(transactionId) : null
  const generation = Number(match?.[1] ?? 0)
  return Number.isSafeInteger(generation) ? generation : 0
}

/**
 * A round of delta in calendar sync's terms. The owner's events become busy times (or free them);
 * ours are reported as the calendar has them. A deleted item names only its id, so ours are found
 * by the links calendar sync keeps; a copy of ours other than the linked one (an older generation
 * the owner kept) is neither busy nor reported, so editing it never makes another.
 */
async function changesOf(ctx: ConnectionContext, view: CalendarView, window: ReadWindow): Promise<CalendarChanges> {
  const busy: repo.BusyTime[] = []
  const freed: string[] = []
  const ours: CalendarChanges['ours'] = []
  const oursSeen = view.events.some((item) => item.removed || bookingIdOfGraphEvent(item as GraphViewEvent))
  const links = oursSeen ? await repo.listPresentLinks(ctx.deps.db, ctx.connection.id) : []
  const bookingOfRemote = new Map(links.map((link) => [link.eventId, link.bookingId]))
  const remoteOfBooking = new Map(links.map((link) => [link.bookingId, link.eventId]))
  for (const item of view.events) {
    if (item.removed) {
      freed.push(item.id)
      const bookingId = bookingOfRemote.get(item.id)
      if (bookingId) ours.push({ bookingId, remote: null })
      continue
    }
    const bookingId = bookingIdOfGraphEvent(item)
    if (bookingId) {
      const linked = remoteOfBooking.get(bookingId)
      if (linked && linked !== item.id) continue
      ours.push(ourEvent(bookingId, item))
      continue
    }
    const time = busyTimeOfGraphEvent(item, ctx.salon.timeZone)
    if (time) busy.push(time)
    else freed.push(item.id)
  }
  return {
    full: view.full,
    busy,
    freed,
    ours,
    nextCursor: view.deltaLink,
    ...(view.full ? { windowEnd: window.to } : {}),
  }
}

function ourEvent(bookingId: string, event: GraphViewEvent): CalendarChanges['ours'][number] {
  if (event.isCancelled) return { bookingId, remote: null }
  const startsAt = event.start ? instantOfGraph(event.start) : undefined
  const endsAt = event.end ? instantOfGraph(event.end) : undefined
  return {
    bookingId,
    remote: { remoteId: event.id, version: event.changeKey ?? null, sequence: generationOf(event.transactionId) },
    ...(startsAt && endsAt ? { startsAt, endsAt } : {}),
  }
}
