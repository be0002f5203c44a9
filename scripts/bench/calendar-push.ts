import { createServer } from 'node:net'
import { join } from 'node:path'
import { addDays } from '@common/time'
import { startFakeGoogle } from '@tests/fakes/google'
import { type BookingSlot, bookingPool, type ServerHandle, startServer } from './http'
import { type ProfileSummary, summarizeProfile } from './profile'
import type { Driver } from './protocol'
import { type Summary, summarize } from './stats'

/**
 * How long a booking takes to appear in the salon's Google calendar under a burst: the app in its
 * own process as a server runs it (job engine with production timings, every worker), connected
 * through the fake Google's consent screen to the fake's Calendar API (in this process, so the
 * event's creation and the booking's answer are read on one clock). `bookings` bookings of distinct
 * free slots over the next days are sent `concurrency` at a time; for each, the time from its 201
 * answer to the `created` stamp of its event in the fake.
 */

export interface CalendarPushResult {
  driver: Driver
  databaseVersion: string
  bookings: number
  concurrency: number
  /** Wall time of the burst (first request to last answer), in seconds. */
  burstSeconds: number
  /** POST booking, send to answer, in ms. */
  answer: Summary
  /** From the 201 answer to the event's creation in Google, in ms (negative: created before the answer arrived). */
  delay: Summary
  /** Events created before their booking's answer reached the client. */
  beforeAnswer: number
  /** From the first request to the last event, in seconds. */
  allInSeconds: number
  days: number
  /** Calendar API requests Google received from the first booking to the last event. */
  calendarRequests: { inserts: number; updates: number; lists: number; conflicts: number; other: number }
  /** Push notifications Google sent the app over the same period. */
  notifications: number
  /** The server process over the same period: CPU time over wall time (100 % = one core), event loop busy share. */
  serverCpuPercent: number
  serverEventLoopUtilization: number
  /** Where the server's CPU time went over a second, profiled burst (with profileDir). */
  profile?: ProfileSummary
}

export interface CalendarPushOptions {
  driver: Driver
  databaseUrl?: string
  bookings: number
  concurrency: number
  /** Profile the server over a second burst and write the .cpuprofile to this folder. */
  profileDir?: string
  log: (line: string) => void
}

const OWNER = { email: 'salon.lumiere.demo@gmail.com', name: 'Claire Dubois' }
const FIRST_DAY = '2026-12-01'
/** Free slots are taken from this many days (Tuesday to Saturday open), in time order. */
const SLOT_DAYS = 56
/** A booking whose event is not there after this long counts as lost and fails the run. */
const EVENT_TIMEOUT_MS = 300_000

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

function withCookies(jar: string, setCookies: string[]): string {
  const cookies = new Map(
    jar
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c] as const),
  )
  for (const header of setCookies) {
    const pair = header.split(';')[0] ?? ''
    cookies.set(pair.slice(0, pair.indexOf('=')), pair)
  }
  return [...cookies.values()].join('; ')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>
type Measured = Omit<CalendarPushResult, 'driver' | 'databaseVersion' | 'concurrency' | 'profile'>

export async function runCalendarPushBenchmark(options: CalendarPushOptions): Promise<CalendarPushResult> {
  const { driver, log } = options
  const google = await startFakeGoogle({ accounts: [OWNER], calendarTimeZone: 'Europe/Paris' })
  const port = await freePort()
  const server = await startServer({
    driver,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    historyBookings: 0,
    extraSalons: 0,
    google: { baseUrl: google.baseUrl, clientId: google.clientId, clientSecret: google.clientSecret, port },
  })
  try {
    log(`  ${driver}: the owner connects the calendar through Google's consent screen`)
    const owner = await connect(server.url, google)
    await settle(server.url, owner)

    // Free slots in time order: the measured burst takes the first ones, a profiled one the next.
    const [slots = []] = await bookingPool(server, { salons: ['SAL001'], lastDay: addDays(FIRST_DAY, SLOT_DAYS - 1) })
    const needed = options.bookings * (options.profileDir ? 2 : 1)
    if (slots.length < needed) throw new Error(`Only ${slots.length} free slots for ${needed} bookings`)
    log(`  ${driver}: ${options.bookings} bookings, ${options.concurrency} at a time`)
    const measured = await burst(server, google, slots.slice(0, options.bookings), options.concurrency)
    let profile: ProfileSummary | undefined
    if (options.profileDir) {
      // A second burst under the CPU profiler, so the profiler does not distort the figures above.
      await settle(server.url, owner)
      log(`  ${driver}: profiling the server over a second burst`)
      const file = join(options.profileDir, `server-${driver}-calendar-burst.cpuprofile`)
      await server.ask({ type: 'profile-start' }, 'profile-started')
      await burst(server, google, slots.slice(options.bookings, needed), options.concurrency)
      await server.ask({ type: 'profile-stop', file }, 'profile-written')
      profile = await summarizeProfile(file)
    }
    return {
      driver,
      databaseVersion: server.ready.databaseVersion,
      concurrency: options.concurrency,
      ...measured,
      ...(profile ? { profile } : {}),
    }
  } finally {
    await server.close()
    await google.close()
  }
}

/** Books every slot, `concurrency` at a time, then waits for every event to be in Google. */
async function burst(
  server: ServerHandle,
  google: FakeGoogle,
  slots: BookingSlot[],
  concurrency: number,
): Promise<Measured> {
  const firstRequest = google.calendar.requests.length
  const firstNotification = google.calendar.notifications.length
  const before = await server.usage()
  const answered = new Map<string, number>()
  const answerMs: number[] = []
  let next = 0
  const started = Date.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < slots.length; i = next++) {
        const slot = slots[i]
        if (!slot) break
        const sent = performance.now()
        const response = await fetch(`${server.url}${slot.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: slot.cookie },
          body: JSON.stringify({
            serviceId: slot.serviceId,
            startsAt: slot.startsAt,
            customer: { name: `Rafale ${i}` },
          }),
        })
        const at = Date.now()
        answerMs.push(performance.now() - sent)
        if (response.status !== 201)
          throw new Error(`Booking ${slot.startsAt}: HTTP ${response.status} ${await response.text()}`)
        answered.set(((await response.json()) as { id: string }).id, at)
      }
    }),
  )
  const burstSeconds = (Date.now() - started) / 1000

  // The fake is in this process: its events are read directly, every 10 ms, until all are there.
  const created = new Map<string, number>()
  const deadline = Date.now() + EVENT_TIMEOUT_MS
  while (created.size < answered.size) {
    if (Date.now() > deadline)
      throw new Error(`${answered.size - created.size} events missing after ${EVENT_TIMEOUT_MS} ms`)
    for (const event of google.calendar.events(OWNER.email)) {
      const bookingId = event.extendedProperties?.private?.saloniaBookingId
      if (bookingId && answered.has(bookingId) && !created.has(bookingId))
        created.set(bookingId, Date.parse(event.created))
    }
    if (created.size < answered.size) await sleep(10)
  }
  const after = await server.usage()
  const delays = [...answered].map(([id, at]) => (created.get(id) as number) - at)
  const requests = google.calendar.requests.slice(firstRequest)
  const onEvents = (r: { path: string }) => /\/events$/.test(r.path)
  const inserts = requests.filter((r) => r.method === 'POST' && onEvents(r)).length
  const updates = requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH').length
  const lists = requests.filter((r) => r.method === 'GET' && onEvents(r)).length
  const busy = after.elu.active - before.elu.active
  return {
    bookings: answered.size,
    days: new Set(slots.map((s) => s.startsAt.slice(0, 10))).size,
    burstSeconds,
    answer: summarize(answerMs),
    delay: summarize(delays),
    beforeAnswer: delays.filter((d) => d < 0).length,
    allInSeconds: (Math.max(...created.values()) - started) / 1000,
    calendarRequests: {
      inserts,
      updates,
      lists,
      conflicts: requests.filter((r) => r.status === 409).length,
      other: requests.length - inserts - updates - lists,
    },
    notifications: google.calendar.notifications.length - firstNotification,
    serverCpuPercent:
      (100 * (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system)) / 1000 / (after.at - before.at),
    serverEventLoopUtilization: busy / (busy + after.elu.idle - before.elu.idle),
  }
}

/** Signs the owner in through Google's consent, as a browser would; their session cookie. */
async function connect(url: string, google: FakeGoogle): Promise<string> {
  const start = await fetch(`${url}/api/google/auth-url/SAL001`)
  if (!start.ok) throw new Error(`auth-url: HTTP ${start.status} ${await start.text()}`)
  let cookie = withCookies('', start.headers.getSetCookie())
  const callback = new URL(await google.consent(((await start.json()) as { authUrl: string }).authUrl, OWNER))
  const back = await fetch(`${url}${callback.pathname}${callback.search}`, { headers: { cookie }, redirect: 'manual' })
  if (!back.headers.get('location')?.startsWith('/professional?connected=true')) {
    throw new Error(`Google sign-in: HTTP ${back.status} to ${back.headers.get('location')}`)
  }
  cookie = withCookies(cookie, back.headers.getSetCookie())
  return cookie
}

/** Waits for the first synchronisation (and the reads Google's notifications of it cause) to end. */
async function settle(url: string, cookie: string): Promise<void> {
  const deadline = Date.now() + 60_000
  let quiet = 0
  while (quiet < 3) {
    if (Date.now() > deadline) throw new Error('The first calendar synchronisation did not end within 60 s')
    const response = await fetch(`${url}/api/salons/SAL001/calendar`, { headers: { cookie } })
    if (!response.ok) throw new Error(`calendar status: HTTP ${response.status} ${await response.text()}`)
    const status = (await response.json()) as { lastSyncedAt: string | null; syncing: boolean; pendingEvents: number }
    quiet = status.lastSyncedAt && !status.syncing && status.pendingEvents === 0 ? quiet + 1 : 0
    await sleep(500)
  }
}
