import { createServer } from 'node:net'
import { bookings } from '@server/db/schema'
import { eventIdOf } from '@server/modules/google/calendar-event'
import { queueSettings } from '@server/modules/jobs/queues'
import { type FakeGoogle, startFakeGoogle } from '@tests/fakes/google'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { startTestApp, type TestApp } from './app'
import type { Driver } from './database'
import { bookingRequest } from './demo'
import { drainJobs } from './jobs'
import { cookiesFrom } from './sign-in'

/**
 * A salon whose owner connects Google Calendar through the fake Google, with the app's job
 * workers running: what the calendar-sync tests start from. The app listens on a real port
 * (PUBLIC_URL) so Google's push notifications can reach it.
 */

export const OWNER = { email: 'salon.lumiere.demo@gmail.com', name: 'Claire Dubois' }

export interface CalendarTest {
  t: TestApp
  google: FakeGoogle
  publicUrl: string
  /** Signs the owner in through Google's consent (which connects the calendar); their cookie. */
  connect(): Promise<string>
  /** Waits for every calendar job to finish. */
  drain(timeoutMs?: number): Promise<void>
  /** The events of the owner's calendar that stand for bookings, by booking id. */
  bookingEvents(): Map<string, ReturnType<FakeGoogle['calendar']['events']>[number]>
  close(): Promise<void>
}

/** Every product queue (plugged in by the tests' setup before this file is read). */
export const CALENDAR_QUEUES = Object.keys(queueSettings())

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export async function startCalendarTest(
  options: { driver?: Driver; workers?: boolean; now?: string } = {},
): Promise<CalendarTest> {
  const google = await startFakeGoogle({ accounts: [OWNER], calendarTimeZone: 'Europe/Paris' })
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const t = await startTestApp({
    driver: options.driver,
    now: options.now,
    workers: options.workers ?? true,
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_BASE_URL: google.baseUrl,
      PUBLIC_URL: publicUrl,
    },
  })
  await t.app.listen({ port, host: '127.0.0.1' })
  return {
    t,
    google,
    publicUrl,
    connect: async () => {
      const start = await t.app.inject({ url: '/api/google/auth-url/SAL001' })
      const cookie = cookiesFrom(start)
      const location = new URL(await google.consent(start.json().authUrl, OWNER))
      const back = await t.app.inject({ url: `${location.pathname}${location.search}`, headers: { cookie } })
      expect(back.headers.location).toMatch(/^\/professional\?connected=true/)
      return cookiesFrom(back, cookie)
    },
    drain: (timeoutMs) => drainJobs(t.database, CALENDAR_QUEUES, timeoutMs),
    bookingEvents: () => {
      const events = google.calendar.events(OWNER.email)
      return new Map(
        events
          .filter((event) => event.extendedProperties?.private?.saloniaBookingId)
          .map((event) => [event.extendedProperties?.private?.saloniaBookingId as string, event]),
      )
    },
    close: async () => {
      await t.close()
      await google.close()
    },
  }
}

/** Books a service of the demo salon through the API as its owner (a local start: "2026-12-02T10:00"). */
export async function bookThroughApi(
  t: TestApp,
  cookie: string,
  startsAt: string,
  options: { name?: string; channel?: 'api' | 'dashboard' } = {},
): Promise<string> {
  const list = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/services', headers: { cookie } })
  const service = (list.json() as { id: string }[])[0]
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    headers: { cookie },
    payload: { ...bookingRequest(service?.id ?? '', startsAt, options.name), channel: options.channel },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

/** The ids of the salon's bookings that are active and still to come. */
export async function futureActiveBookingIds(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.select().from(bookings)
  const now = t.clock.now().getTime()
  return rows
    .filter((row) => row.status !== 'cancelled' && row.endsAt.getTime() > now)
    .map((row) => row.id)
    .sort()
}

export async function bookingRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id))
  return row
}

export { eventIdOf }

/**
 * The times a Brushing can start on a day (the salon's clock, "HH:MM"), as the public availability
 * API offers them — what a connected calendar's own events must take out, whatever its provider.
 */
export async function brushingTimes(t: TestApp, ownerCookie: string, date: string): Promise<string[]> {
  const services = (
    await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie: ownerCookie } })
  ).json() as {
    id: string
    name: string
  }[]
  const brushing = services.find((s) => s.name === 'Brushing')?.id
  const res = await t.app.inject({
    url: `/api/salons/SAL001/availability?serviceId=${brushing}&from=${date}&to=${date}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().slots as { local: string }[]).map((slot) => slot.local.slice(11, 16))
}
