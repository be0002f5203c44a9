import { calendarEvents } from '@server/db/schema'
import { type CalendarApi, googleCalendarApi } from '@server/modules/google/google-calendar'
import { type CalendarSyncDeps, pushBooking, syncSalon } from '@server/modules/google/google-calendar-sync'
import { googleClient } from '@server/modules/google/google-client'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { countFailedJobs, countUnfinishedJobs, listFailedJobs } from '@server/modules/jobs/jobs.repository'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { productWorkers } from '@server/workers'
import {
  bookingRow,
  CALENDAR_QUEUES,
  type CalendarTest,
  eventIdOf,
  futureActiveBookingIds,
  OWNER,
  startCalendarTest,
} from '@tests/helpers/calendar'
import { describeCalendarContract } from '@tests/helpers/calendar-contract'
import { googleWorld } from '@tests/helpers/calendar-world'
import type { Driver } from '@tests/helpers/database'
import { bookingRequest } from '@tests/helpers/demo'
import { eventually, startTestJobEngine } from '@tests/helpers/jobs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The calendar sync loses nothing and duplicates nothing: whatever Google does (down, rate
 * limiting, slow), however often a push is retried, across restarts and with several instances
 * working the same queue, the owner's calendar ends up holding exactly the salon's bookings still
 * to come, once each, at their times. The workers run with short retry timings (1 s, up to 2 s).
 * What every provider guarantees alike (an outage, moves and cancels while down, a lost answer,
 * revoked access, the model) is the calendar contract (tests/helpers/calendar-contract.ts), run at
 * the end with the Google world; the cases here are Google's own or test the shared orchestration.
 */

/** A local start on the salon's clock: 2026-12-<day> at 09:00 plus `slot` quarters of an hour. */
function localStart(day: number, slot: number): string {
  const minutes = 9 * 60 + slot * 15
  const pad = (n: number) => String(n).padStart(2, '0')
  return `2026-12-${pad(day)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

async function firstServiceId(c: CalendarTest, cookie: string): Promise<string> {
  const list = await c.t.app.inject({ method: 'GET', url: '/api/salons/SAL001/services', headers: { cookie } })
  return (list.json() as { id: string }[])[0]?.id ?? ''
}

/** Books through the API; undefined when the salon refuses the slot (taken, closed…). */
async function tryBook(c: CalendarTest, cookie: string, startsAt: string, name = 'Camille') {
  const res = await c.t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    headers: { cookie },
    payload: bookingRequest(await firstServiceId(c, cookie), startsAt, name),
  })
  if (res.statusCode === 409 || res.statusCode === 422) return undefined
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

async function book(c: CalendarTest, cookie: string, startsAt: string, name?: string): Promise<string> {
  const id = await tryBook(c, cookie, startsAt, name)
  if (!id) throw new Error(`the salon refused ${startsAt}`)
  return id
}

/** Moves a booking; false when the salon refuses the new slot. */
async function tryMove(c: CalendarTest, cookie: string, id: string, startsAt: string): Promise<boolean> {
  const res = await c.t.app.inject({
    method: 'POST',
    url: `/api/bookings/${id}/reschedule`,
    headers: { cookie },
    payload: { startsAt },
  })
  if (res.statusCode === 409 || res.statusCode === 422) return false
  expect(res.statusCode, res.body).toBe(200)
  return true
}

async function move(c: CalendarTest, cookie: string, id: string, startsAt: string): Promise<void> {
  if (!(await tryMove(c, cookie, id, startsAt))) throw new Error(`the salon refused to move ${id} to ${startsAt}`)
}

async function cancel(c: CalendarTest, cookie: string, id: string): Promise<void> {
  const res = await c.t.app.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: { cookie } })
  expect(res.statusCode, res.body).toBe(200)
}

/**
 * Waits until nothing moves any more: every job done and every push notification answered (each
 * write to the calendar notifies the app, whose read is another job), twice in a row.
 */
async function quiesce(c: CalendarTest, timeoutMs = 60_000): Promise<void> {
  const calendar = c.google.calendar
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const seen = calendar.requests.length + calendar.notifications.length
    await c.drain(Math.max(deadline - Date.now(), 1))
    await calendar.settled()
    await c.drain(Math.max(deadline - Date.now(), 1))
    if (calendar.requests.length + calendar.notifications.length === seen) return
    if (Date.now() > deadline) throw new Error('the calendar sync did not settle')
  }
}

/** The calendar's live events that stand for bookings (several for one booking would show here). */
function ourEvents(c: CalendarTest) {
  return c.google.calendar
    .events(OWNER.email)
    .filter((event) => event.extendedProperties?.private?.saloniaBookingId)
    .map((event) => ({
      bookingId: event.extendedProperties?.private?.saloniaBookingId as string,
      id: event.id,
      start: new Date(event.start.dateTime ?? Number.NaN).getTime(),
      end: new Date(event.end.dateTime ?? Number.NaN).getTime(),
    }))
}

/** Event inserts (events.insert) from `from` on in the fake's log. */
const inserts = (c: CalendarTest, from = 0) =>
  c.google.calendar.requests.slice(from).filter((r) => r.method === 'POST' && /\/events$/.test(r.path))

/** The whole invariant: the calendar holds the salon's future active bookings, once each, at their times. */
async function expectCalendarMirrorsBookings(c: CalendarTest): Promise<void> {
  const expected = await futureActiveBookingIds(c.t)
  const events = ourEvents(c)
  const failed = await listFailedJobs(c.t.database.db, 20)
  const context = `failed jobs: ${JSON.stringify(failed.map((j) => [j.name, j.data, j.output?.message]))}`
  expect(events.map((e) => e.bookingId).sort(), context).toEqual(expected)
  for (const event of events) {
    const row = await bookingRow(c.t, event.bookingId)
    expect(event.id).toBe(eventIdOf(event.bookingId))
    expect({ start: event.start, end: event.end }, context).toEqual({
      start: row?.startsAt.getTime(),
      end: row?.endsAt.getTime(),
    })
  }
}

function eventOfBooking(c: CalendarTest, bookingId: string) {
  const found = ourEvents(c).filter((e) => e.bookingId === bookingId)
  return found.length === 1 ? found[0] : undefined
}

describe('the calendar sync with Google failing', () => {
  let c: CalendarTest
  let cookie: string
  beforeAll(async () => {
    c = await startCalendarTest()
    cookie = await c.connect()
    await quiesce(c)
  })
  afterAll(() => c.close())

  const failures = [
    { name: 'Google down (503 for every call)', start: (x: CalendarTest) => x.google.calendar.outage({ status: 503 }) },
    { name: 'rate limited (429)', start: (x: CalendarTest) => x.google.calendar.failNext(2, { status: 429 }) },
    {
      name: 'over quota (403 rateLimitExceeded)',
      start: (x: CalendarTest) => x.google.calendar.failNext(2, { status: 403, reason: 'rateLimitExceeded' }),
    },
  ]

  it.each(failures.map((f, i) => [f.name, f, i] as const))(
    'answers a booking made while %s at once, and its event appears once Google is back',
    async (_, failure, i) => {
      const from = c.google.calendar.requests.length
      failure.start(c)
      const id = await book(c, cookie, localStart(2, i * 4), `Client ${i}`)
      // The push was tried and refused: the calendar does not have it yet.
      await eventually(() => (inserts(c, from).some((r) => r.status >= 403) ? true : undefined))
      expect(eventOfBooking(c, id)).toBeUndefined()
      if (i === 0) {
        // The dashboard says so.
        const status = await eventually(async () => {
          const res = await c.t.app.inject({ url: '/api/salons/SAL001/calendar', headers: { cookie } })
          return res.json().lastError ? res.json() : undefined
        })
        expect(status).toMatchObject({ pendingEvents: 1, lastError: 'google_unavailable' })
      }
      c.google.calendar.outage(null)
      await quiesce(c)
      expect(eventOfBooking(c, id)).toBeDefined()
      await expectCalendarMirrorsBookings(c)
      expect(await countFailedJobs(c.t.database.db)).toBe(0)
    },
  )

  it('answers a booking without waiting for a slow Google (5 s per call)', async () => {
    const from = c.google.calendar.requests.length
    c.google.calendar.setDelay(5000)
    try {
      const started = performance.now()
      const id = await book(c, cookie, localStart(2, 16), 'Pressée')
      expect(performance.now() - started).toBeLessThan(2000)
      // The insert reached Google (and waits there) after the answer was given.
      await eventually(() => (inserts(c, from).length > 0 ? true : undefined))
      expect(eventOfBooking(c, id)).toBeUndefined()
      c.google.calendar.setDelay(0)
      await quiesce(c)
      expect(eventOfBooking(c, id)).toBeDefined()
      await expectCalendarMirrorsBookings(c)
    } finally {
      c.google.calendar.setDelay(0)
    }
  })

  it('never makes a second event for a booking whose record of its event was lost (insert meets 409)', async () => {
    const id = await book(c, cookie, localStart(3, 0), 'Lost Answer')
    await quiesce(c)
    const forget = () => c.t.database.db.delete(calendarEvents).where(eq(calendarEvents.bookingId, id))

    // As if the insert's answer had been lost: Google has the event, we have no record of it.
    await forget()
    let from = c.google.calendar.requests.length
    await move(c, cookie, id, localStart(3, 8))
    await quiesce(c)
    expect(inserts(c, from).map((r) => r.status)).toContain(409)
    const moved = await bookingRow(c.t, id)
    expect(eventOfBooking(c, id)).toMatchObject({ start: moved?.startsAt.getTime(), end: moved?.endsAt.getTime() })

    // The same through a synchronisation of the whole calendar.
    await forget()
    from = c.google.calendar.requests.length
    const sync = await c.t.app.inject({ method: 'POST', url: '/api/salons/SAL001/sync-calendar', headers: { cookie } })
    expect(sync.statusCode).toBe(202)
    await quiesce(c)
    expect(inserts(c, from).map((r) => r.status)).toContain(409)
    expect(eventOfBooking(c, id)).toMatchObject({ start: moved?.startsAt.getTime() })
    await expectCalendarMirrorsBookings(c)
  })
})

/** A second instance's job engine with the product's workers, on the app's database. */
async function secondInstance(c: CalendarTest, onJob?: () => void): Promise<JobEngine> {
  const { t } = c
  const engine = await startTestJobEngine(t.database)
  const workers = productWorkers({ db: t.database.db, clock: t.clock, config: t.config, jobs: engine })
  const counted = Object.fromEntries(
    Object.entries(workers).map(([name, handler]) => [
      name,
      async (data: never, job: never) => {
        onJob?.()
        await (handler as (d: never, j: never) => Promise<void>)(data, job)
      },
    ]),
  )
  await engine.work(counted)
  return engine
}

describe.each<Driver>(process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'])(
  'a restart in the middle of the queue (%s)',
  (driver) => {
    it('leaves the waiting pushes in the queue, and the next instance pushes each once', async () => {
      // The app's own engine only enqueues: its instance "died" before working.
      const c = await startCalendarTest({ driver, workers: false })
      const engines: JobEngine[] = []
      try {
        const cookie = await c.connect()
        // A first instance starts working while Google is down, then stops with jobs awaiting retry.
        c.google.calendar.outage({ status: 503 })
        engines.push(await secondInstance(c))
        const ids = [await book(c, cookie, localStart(2, 0)), await book(c, cookie, localStart(2, 4))]
        await eventually(() => (inserts(c).filter((r) => r.status === 503).length >= 2 ? true : undefined))
        await engines[0]?.stop()
        // More bookings while no instance runs at all.
        ids.push(await book(c, cookie, localStart(2, 8)), await book(c, cookie, localStart(3, 0)))
        ids.push(await book(c, cookie, localStart(3, 4)))
        c.google.calendar.outage(null)
        // No instance works now (the first was stopped, its jobs settled; the app's engine only
        // enqueues): Google is up, yet nothing reaches it and every push is still waiting.
        expect(ourEvents(c)).toEqual([])
        expect(await countUnfinishedJobs(c.t.database.db, CALENDAR_QUEUES)).toBeGreaterThanOrEqual(ids.length)

        const before = c.google.calendar.requests.length
        engines.push(await secondInstance(c))
        await quiesce(c)
        expect(
          ourEvents(c)
            .map((e) => e.bookingId)
            .sort(),
        ).toEqual([...ids].sort())
        expect(inserts(c, before).filter((r) => r.status === 200)).toHaveLength(ids.length)
        await expectCalendarMirrorsBookings(c)
      } finally {
        for (const engine of engines) await engine.stop({ graceful: false }).catch(() => {})
        await c.close()
      }
    })
  },
)

describe.runIf(process.env.TEST_DATABASE_URL)('two instances sharing the queue (PostgreSQL)', () => {
  it('puts every booking of a burst in the calendar exactly once', async () => {
    const c = await startCalendarTest({ driver: 'postgres' })
    let second: JobEngine | undefined
    try {
      let jobsOnSecond = 0
      second = await secondInstance(c, () => jobsOnSecond++)
      const cookie = await c.connect()
      await quiesce(c)
      const from = c.google.calendar.requests.length
      // 30 bookings at once: 10 a day on three days, one every 45 minutes from 09:00.
      const starts = [2, 3, 4].flatMap((day) => Array.from({ length: 10 }, (_, i) => localStart(day, i * 3)))
      // A few of Google's answers fail, and a synchronisation of the whole calendar runs alongside the
      // pushes: both instances' jobs meet the same bookings.
      c.google.calendar.failNext(5, { status: 503 })
      const [ids, sync] = await Promise.all([
        Promise.all(starts.map((start, i) => book(c, cookie, start, `Burst ${i}`))),
        c.t.app.inject({ method: 'POST', url: '/api/salons/SAL001/sync-calendar', headers: { cookie } }),
      ])
      expect(sync.statusCode).toBe(202)
      await quiesce(c)
      const events = ourEvents(c)
      expect(events).toHaveLength(30)
      expect(new Set(events.map((e) => e.bookingId))).toEqual(new Set(ids))
      // Each event was inserted by one successful call; any other attempt met its own event (409).
      expect(inserts(c, from).filter((r) => r.status === 200)).toHaveLength(30)
      expect(c.google.calendar.events(OWNER.email, { includeCancelled: true })).toHaveLength(30)
      await expectCalendarMirrorsBookings(c)
      expect(await countFailedJobs(c.t.database.db)).toBe(0)
      expect(jobsOnSecond).toBeGreaterThan(0)
    } finally {
      await second?.stop({ graceful: false }).catch(() => {})
      await c.close()
    }
  })
})

/** A gate a test opens: calls waiting on it go on once it is open. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

describe('a synchronisation racing a push of the same booking', () => {
  it('removes the event a synchronisation wrote back for a booking cancelled meanwhile', async () => {
    // No workers: the test runs the two jobs itself, interleaved as two instances could run them.
    const c = await startCalendarTest({ workers: false })
    try {
      const cookie = await c.connect()
      const { t } = c
      const salon = await findSalonByPublicId(t.database.db, 'SAL001')
      const api = googleCalendarApi(t.config)
      const base = { db: t.database.db, clock: t.clock, config: t.config, jobs: t.jobs, google: googleClient(t.config) }
      const deps = (calendar: CalendarApi): CalendarSyncDeps => ({ ...base, calendar })
      const salonId = salon?.id ?? ''
      await syncSalon(deps(api), salonId, 'manual')
      const id = await book(c, cookie, localStart(2, 0), 'Raced')

      // The synchronisation reads the booking (active, not pushed yet), then is slow to insert it.
      const insertReached = gate()
      const insertMayGo = gate()
      const slowInsert: CalendarApi = {
        ...api,
        insertEvent: async (...args) => {
          insertReached.open()
          await insertMayGo.opened
          return api.insertEvent(...args)
        },
      }
      const sync = syncSalon(deps(slowInsert), salonId, 'manual')
      await insertReached.opened
      // Meanwhile the booking is cancelled and its push deletes (nothing yet: 404), but its answer
      // comes back only after the synchronisation inserted the event and recorded it.
      await cancel(c, cookie, id)
      const deleteAnswered = gate()
      const slowDeleteAnswer: CalendarApi = {
        ...api,
        deleteEvent: async (...args) => {
          try {
            await api.deleteEvent(...args)
          } finally {
            await deleteAnswered.opened
          }
        },
      }
      const push = pushBooking(deps(slowDeleteAnswer), id)
      await eventually(() => (c.google.calendar.requests.some((r) => r.method === 'DELETE') ? true : undefined))
      insertMayGo.open()
      await sync
      deleteAnswered.open()
      await push

      // Google wrote the insert back (a change the calendar reports): the next read sets it right.
      await syncSalon(deps(api), salonId, 'manual')
      expect(eventOfBooking(c, id)).toBeUndefined()
      await expectCalendarMirrorsBookings(c)
    } finally {
      await c.close()
    }
  })
})

// ——— The contract every provider meets: outage, moves and cancels while down, a lost answer, ———
// ——— revoked access, and the model of any sequence of changes and failures (9 scenarios)     ———

describe('Google Calendar', () => {
  describeCalendarContract(googleWorld, { modelRuns: 9 })
})
