import { calendarConnections, googleAccounts } from '@server/db/schema'
import { countUnfinishedJobs } from '@server/modules/jobs/jobs.repository'
import { decryptSecret } from '@server/security/secrets'
import { type CaldavProxy, startCaldavProxy } from '@tests/fakes/caldav-proxy'
import { expect } from 'vitest'
import { startTestApp, type TestApp } from './app'
import { CALENDAR_QUEUES, OWNER, startCalendarTest } from './calendar'
import { startMicrosoftCalendarTest } from './microsoft-calendar'
import { listObjects, newCalendar, putEvent } from './radicale'
import { ownerCookie } from './sign-in'

/**
 * One calendar provider as the calendar contract (calendar-contract.ts) sees it: a test app whose
 * salon's bookings go to that provider's calendar, what the calendar holds (read at the provider —
 * the fake or Radicale — never from our database), and the provider's failures on demand. Google
 * and Microsoft are fakes; CalDAV is Radicale behind a proxy that fails (tests/fakes/caldav-proxy.ts).
 */

export interface CalendarEventTimes {
  start: Date
  end: Date
}

export interface CalendarWorld {
  name: string
  t: TestApp
  /** Connects the provider's calendar as the one receiving bookings; the owner's cookie. */
  connect(): Promise<string>
  /** Waits until nothing moves any more: every job done and every provider answer and notification settled. */
  drain(timeoutMs?: number): Promise<void>
  /** What the provider's calendar holds for our bookings, by booking id (several for one booking: see `ourEventCount`). */
  ourEvents(): Promise<Map<string, CalendarEventTimes>>
  /** How many events of ours the calendar holds (more than `ourEvents().size` means a booking has two). */
  ourEventCount(): Promise<number>
  faults: {
    /** Every call fails (503) until `restore()`. */
    outage(): void
    /** Ends the outage, the scripted failures and the lost answers still pending. */
    restore(): void
    /** The next `n` calls (default 1) fail as the provider fails for a moment (503, 429…). */
    failNext(n?: number): void
    /** The next call creating or changing an event is carried out, but its answer never reaches us. */
    loseNextWriteAnswer(): void
    /** The next call deleting an event is carried out, but its answer never reaches us. */
    loseNextRemoveAnswer(): void
    /** How many calls the failures above refused so far (an answer lost counts too). */
    refused(): number
  }
  /** The owner moves our event of the booking by hand in their calendar app (the calendar notifies, if it can). */
  moveOurEventByHand(bookingId: string, times: CalendarEventTimes): Promise<void>
  /** The provider stops accepting our access (a revoked grant, a changed password). */
  revoke(): Promise<void>
  /** The owner connects the calendar again (after `revoke`); their cookie. */
  reconnect(): Promise<string>
  close(): Promise<void>
}

/**
 * Waits for the calendar jobs to finish. The test app's clock stands still, so a provider's
 * Retry-After (kept as the connection's throttled_until) would never pass: the clock is moved to its
 * end, as time would have passed.
 */
async function drainJobsPastThrottling(t: TestApp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if ((await countUnfinishedJobs(t.database.db, CALENDAR_QUEUES)) === 0) return
    const throttled = await t.database.db
      .select({ until: calendarConnections.throttledUntil })
      .from(calendarConnections)
    const until = Math.max(0, ...throttled.map((row) => row.until?.getTime() ?? 0))
    if (until >= t.clock.now().getTime()) t.clock.set(new Date(until + 1))
    if (Date.now() > deadline) throw new Error(`calendar jobs still unfinished after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Drains until the provider saw no new request (nor sent a notification) across a whole round, twice in a row. */
async function quiesce(
  t: TestApp,
  activity: () => number,
  settled: () => Promise<void>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const seen = activity()
    await drainJobsPastThrottling(t, Math.max(deadline - Date.now(), 1))
    await settled()
    await drainJobsPastThrottling(t, Math.max(deadline - Date.now(), 1))
    if (activity() === seen) return
    if (Date.now() > deadline) throw new Error('the calendar sync did not settle')
  }
}

// ——— Google ———

/** Google's transient failures, taken in turn: unavailable, rate limited, an internal error. */
const GOOGLE_FAILURES = [503, 429, 500] as const
/** Requests that create or change an event (insert, update, patch). */
const GOOGLE_WRITES = ['POST', 'PUT', 'PATCH']

export async function googleWorld(): Promise<CalendarWorld> {
  const c = await startCalendarTest()
  const calendar = c.google.calendar
  let turn = 0
  const events = () =>
    calendar
      .events(OWNER.email)
      .filter((event) => event.extendedProperties?.private?.saloniaBookingId)
      .map((event) => ({
        id: event.id,
        bookingId: event.extendedProperties?.private?.saloniaBookingId as string,
        start: new Date(event.start.dateTime ?? Number.NaN),
        end: new Date(event.end.dateTime ?? Number.NaN),
      }))
  return {
    name: 'Google',
    t: c.t,
    connect: () => c.connect(),
    drain: (timeoutMs) =>
      quiesce(c.t, () => calendar.requests.length + calendar.notifications.length, calendar.settled, timeoutMs),
    ourEvents: async () => new Map(events().map(({ bookingId, start, end }) => [bookingId, { start, end }])),
    ourEventCount: async () => events().length,
    faults: {
      outage: () => calendar.outage({ status: 503 }),
      restore: () => {
        calendar.outage(null)
        calendar.failNext(0, { status: 503 })
      },
      failNext: (n = 1) => {
        const status = GOOGLE_FAILURES[turn++ % GOOGLE_FAILURES.length] ?? 503
        calendar.failNext(n, { status })
      },
      loseNextWriteAnswer: () => calendar.loseNextAnswer(GOOGLE_WRITES),
      loseNextRemoveAnswer: () => calendar.loseNextAnswer(['DELETE']),
      refused: () => calendar.requests.filter((r) => r.status === 0 || r.status === 429 || r.status >= 500).length,
    },
    moveOurEventByHand: async (bookingId, { start, end }) => {
      const event = events().find((e) => e.bookingId === bookingId)
      if (!event) throw new Error(`Google has no event for ${bookingId}`)
      calendar.updateEvent(OWNER.email, event.id, {
        start: { dateTime: start.toISOString() },
        end: { dateTime: end.toISOString() },
      })
    },
    revoke: async () => {
      // The owner removes Salonia's access in their Google account: the grant and its tokens end.
      const [row] = await c.t.database.db.select().from(googleAccounts)
      const refresh = decryptSecret(c.t.config.appSecret, 'google-token', row?.refreshToken ?? '')
      const res = await fetch(`${c.google.baseUrl}/revoke?token=${refresh}`, { method: 'POST' })
      expect(res.status, 'revoking the grant at Google').toBe(200)
      c.google.expireAccessTokens()
    },
    reconnect: () => c.connect(),
    close: () => c.close(),
  }
}

// ——— CalDAV (Radicale through the failing proxy) ———

const SALON = '/api/salons/SAL001'

/** One VEVENT's UTC date-time property: DTSTART:20261204T090000Z. */
function icsInstant(ics: string, name: string): Date {
  const match = new RegExp(`^${name}:(\\d{4})(\\d{2})(\\d{2})T(\\d{2})(\\d{2})(\\d{2})Z\\r?$`, 'm').exec(ics)
  if (!match) return new Date(Number.NaN)
  const [, y, mo, d, h, mi, s] = match
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`)
}

export async function caldavWorld(): Promise<CalendarWorld> {
  const calendar = await newCalendar(undefined, { displayName: 'Salon (resilience)' })
  const proxy: CaldavProxy = await startCaldavProxy()
  const t = await startTestApp({ workers: true })
  const owner = await ownerCookie(t)
  const events = async () =>
    (await listObjects(calendar.url))
      .filter((o) => /^UID:salonia-/m.test(o.ics))
      .map((o) => ({
        object: o,
        bookingId: /^UID:salonia-(\S+?)\r?$/m.exec(o.ics)?.[1] ?? '',
        start: icsInstant(o.ics, 'DTSTART'),
        end: icsInstant(o.ics, 'DTEND'),
      }))
  const connect = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${SALON}/caldav/connect`,
      headers: { cookie: owner },
      payload: {
        account: { preset: 'custom', serverUrl: proxy.url, username: calendar.username, password: calendar.password },
        calendarUrl: proxy.urlFor(calendar.url),
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    return owner
  }
  return {
    name: 'CalDAV',
    t,
    connect,
    drain: (timeoutMs) => quiesce(t, () => proxy.requests().length, proxy.settled, timeoutMs),
    ourEvents: async () => new Map((await events()).map(({ bookingId, start, end }) => [bookingId, { start, end }])),
    ourEventCount: async () => (await events()).length,
    faults: {
      outage: () => proxy.outage(503),
      restore: () => proxy.restore(),
      failNext: (n = 1) => proxy.failNext(503, n),
      // A PUT (create or update) that reaches Radicale, which stores it, and whose answer is cut.
      loseNextWriteAnswer: () => proxy.cutAnswerNext('PUT'),
      loseNextRemoveAnswer: () => proxy.cutAnswerNext('DELETE'),
      refused: () => proxy.requests().filter((r) => r.status === 0 || r.status === 503 || r.status === 401).length,
    },
    moveOurEventByHand: async (bookingId, { start, end }) => {
      const found = (await events()).find((e) => e.bookingId === bookingId)
      if (!found) throw new Error(`Radicale has no object for ${bookingId}`)
      const stamp = (d: Date) =>
        d
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '')
      // As a phone saves an edit: the whole object again, over the version it read.
      const ics = found.object.ics
        .replace(/^DTSTART:.*$/m, `DTSTART:${stamp(start)}`)
        .replace(/^DTEND:.*$/m, `DTEND:${stamp(end)}`)
      const name = found.object.href.split('/').at(-1) ?? ''
      const put = await putEvent(calendar.url, `salonia-${bookingId}`, ics, { name, ifMatch: found.object.etag })
      expect(put.status).toBe(201)
    },
    // The app-specific password is revoked: the server answers 401 to everything until the owner
    // connects again with a working one.
    revoke: async () => proxy.outage(401),
    reconnect: async () => {
      proxy.restore()
      return connect()
    },
    close: async () => {
      await t.close()
      await proxy.close()
    },
  }
}

// ——— Microsoft (the fake Graph) ———

/** Requests that create or change an event (create, update). */
const GRAPH_WRITES = ['POST', 'PATCH']

/** A Graph dateTimeTimeZone in UTC (how the product asks for them): 2026-12-02T09:00:00.0000000. */
const graphInstant = (value: unknown) =>
  new Date(`${String((value as { dateTime?: string } | undefined)?.dateTime ?? '').slice(0, 23)}Z`)

export async function microsoftWorld(): Promise<CalendarWorld> {
  const c = await startMicrosoftCalendarTest()
  const { microsoft } = c
  const events = () =>
    microsoft.ourEvents().map((event) => ({
      id: String(event.id),
      bookingId: String(
        (event.singleValueExtendedProperties as { value: string }[] | undefined)?.[0]?.value ?? 'unknown',
      ),
      start: graphInstant(event.start),
      end: graphInstant(event.end),
    }))
  const connect = async () => {
    expect(await c.connect()).toBe('/professional?calendar=microsoft&connected=true')
    return c.owner
  }
  return {
    name: 'Microsoft',
    t: c.t,
    connect,
    drain: (timeoutMs) =>
      quiesce(c.t, () => microsoft.requests().length + microsoft.notifications.length, microsoft.settled, timeoutMs),
    ourEvents: async () => new Map(events().map(({ bookingId, start, end }) => [bookingId, { start, end }])),
    ourEventCount: async () => events().length,
    faults: {
      outage: () => microsoft.outage({ status: 503 }),
      restore: () => microsoft.restore(),
      // Throttled, as Graph throttles: 429 with Retry-After.
      failNext: (n = 1) => microsoft.failNext({ status: 429, retryAfter: 1, count: n }),
      // A create POSTed again after a lost answer carries the same transactionId (the fake de-duplicates).
      loseNextWriteAnswer: () => microsoft.loseNextAnswer(GRAPH_WRITES),
      loseNextRemoveAnswer: () => microsoft.loseNextAnswer(['DELETE']),
      refused: () =>
        microsoft
          .requests()
          .filter((r) => r.service === 'graph' && (r.status === 0 || r.status === 429 || r.status >= 500)).length,
    },
    moveOurEventByHand: async (bookingId, { start, end }) => {
      const event = events().find((e) => e.bookingId === bookingId)
      if (!event) throw new Error(`Outlook has no event for ${bookingId}`)
      const utc = (d: Date) => ({ dateTime: d.toISOString().slice(0, 19), timeZone: 'UTC' })
      microsoft.moveOwnEvent(event.id, { start: utc(start), end: utc(end) })
    },
    revoke: async () => microsoft.revokeGrant(),
    reconnect: connect,
    close: () => c.close(),
  }
}
