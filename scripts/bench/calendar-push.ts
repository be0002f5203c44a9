import { createServer } from 'node:net'
import { join } from 'node:path'
import { addDays } from '@common/time'
import { bookingIdOfGraphEvent } from '@server/modules/microsoft/graph-busy'
import { startCaldavProxy } from '@tests/fakes/caldav-proxy'
import { startFakeGoogle } from '@tests/fakes/google'
import { startFakeMicrosoft } from '@tests/fakes/microsoft'
import { newCalendar, radicaleUrl } from '@tests/helpers/radicale'
import { type BookingSlot, bookingPool, type ServerHandle, type ServerOptions, startServer } from './http'
import { type ProfileSummary, summarizeProfile } from './profile'
import type { Driver } from './protocol'
import { type Summary, summarize } from './stats'

/**
 * How long a booking takes to appear in the salon's calendar under a burst, for each provider: the
 * app in its own process as a server runs it (job engine with production timings, every worker),
 * its one calendar connected as an owner connects it, the provider in this process so the event's
 * creation and the booking's answer are read on one clock:
 *  - google: the fake Google, through its consent screen; creation is the event's `created` stamp;
 *  - microsoft: the fake Microsoft Graph, through its consent screen, with its MailboxConcurrency
 *    limit on (4 requests at once per mailbox, then 429 with Retry-After); creation is the event's
 *    `createdDateTime` (the fake keeps the real clock);
 *  - caldav: a new calendar on Radicale (TEST_RADICALE_URL), connected through POST
 *    …/caldav/connect via the CalDAV proxy (tests/fakes/caldav-proxy.ts) in this process; creation
 *    is when the proxy passed on Radicale's 201 to the event's PUT (its log read every 5 ms).
 * `bookings` bookings of distinct free slots over the next days are sent `concurrency` at a time;
 * for each, the time from its 201 answer to the event's creation.
 */

export type CalendarProvider = 'google' | 'microsoft' | 'caldav'
export const CALENDAR_PROVIDERS: CalendarProvider[] = ['google', 'microsoft', 'caldav']

/** Why a provider cannot be measured here (Radicale absent), or undefined. */
export function providerSkipped(provider: CalendarProvider): string | undefined {
  if (provider === 'caldav' && !process.env.TEST_RADICALE_URL)
    return 'TEST_RADICALE_URL is not set (start Radicale with `scripts/ci/radicale.sh start` and export the line it prints last)'
  return undefined
}

export interface CalendarPushResult {
  driver: Driver
  provider: CalendarProvider
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
  /**
   * Requests the provider received from the first booking to the last event: event creations
   * (Google POST, Graph POST, CalDAV PUT answered 201), updates (PUT/PATCH; CalDAV: PUT answered
   * otherwise), reads (GET, CalDAV REPORT/PROPFIND), conflicts (Google 409, CalDAV 412), throttled
   * (429), other (token endpoint, subscriptions, deletes…).
   */
  calendarRequests: {
    inserts: number
    updates: number
    lists: number
    conflicts: number
    throttled: number
    other: number
  }
  /** Push notifications the provider sent the app over the same period (CalDAV: none exist). */
  notifications: number
  /** The server process over the same period: CPU time over wall time (100 % = one core), event loop busy share. */
  serverCpuPercent: number
  serverEventLoopUtilization: number
  /** Where the server's CPU time went over a second, profiled burst (with profileDir). */
  profile?: ProfileSummary
}

export interface CalendarPushOptions {
  driver: Driver
  provider: CalendarProvider
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
type Measured = Omit<CalendarPushResult, 'driver' | 'provider' | 'databaseVersion' | 'concurrency' | 'profile'>
type Counts = CalendarPushResult['calendarRequests'] & { notifications: number }

/** One provider as the burst sees it. */
interface Target {
  /** The server's start options for this provider. */
  serverOptions: { google?: ServerOptions['google']; env?: Record<string, string>; port: number }
  /** Connects SAL001's calendar as its owner does; their session cookie. */
  connect(server: ServerHandle): Promise<string>
  /** When each of our events was created at the provider (Date.now() milliseconds), by booking id. */
  created(into: Map<string, number>, wanted: Map<string, number>): void
  /** Requests and notifications so far (the burst counts the difference). */
  counts(): Counts
  close(): Promise<void>
}

export async function runCalendarPushBenchmark(options: CalendarPushOptions): Promise<CalendarPushResult> {
  const { driver, provider, log } = options
  const port = await freePort()
  const target = await startTarget(provider, port)
  let server: ServerHandle | undefined
  try {
    server = await startServer({
      driver,
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      historyBookings: 0,
      extraSalons: 0,
      ...target.serverOptions,
    })
    log(`  ${driver}/${provider}: the owner connects the calendar`)
    const owner = await target.connect(server)
    await settle(server.url, owner)

    // Free slots in time order: the measured burst takes the first ones, a profiled one the next.
    const [slots = []] = await bookingPool(server, { salons: ['SAL001'], lastDay: addDays(FIRST_DAY, SLOT_DAYS - 1) })
    const needed = options.bookings * (options.profileDir ? 2 : 1)
    if (slots.length < needed) throw new Error(`Only ${slots.length} free slots for ${needed} bookings`)
    log(`  ${driver}/${provider}: ${options.bookings} bookings, ${options.concurrency} at a time`)
    const measured = await burst(server, target, slots.slice(0, options.bookings), options.concurrency)
    let profile: ProfileSummary | undefined
    if (options.profileDir) {
      // A second burst under the CPU profiler, so the profiler does not distort the figures above.
      await settle(server.url, owner)
      log(`  ${driver}/${provider}: profiling the server over a second burst`)
      const file = join(options.profileDir, `server-${driver}-${provider}-calendar-burst.cpuprofile`)
      await server.ask({ type: 'profile-start' }, 'profile-started')
      await burst(server, target, slots.slice(options.bookings, needed), options.concurrency)
      await server.ask({ type: 'profile-stop', file }, 'profile-written')
      profile = await summarizeProfile(file)
    }
    return {
      driver,
      provider,
      databaseVersion: server.ready.databaseVersion,
      concurrency: options.concurrency,
      ...measured,
      ...(profile ? { profile } : {}),
    }
  } finally {
    await server?.close()
    await target.close()
  }
}

async function startTarget(provider: CalendarProvider, port: number): Promise<Target> {
  if (provider === 'google') return googleTarget(port)
  if (provider === 'microsoft') return microsoftTarget(port)
  return caldavTarget(port)
}

async function googleTarget(port: number): Promise<Target> {
  const google = await startFakeGoogle({ accounts: [OWNER], calendarTimeZone: 'Europe/Paris' })
  return {
    serverOptions: {
      google: { baseUrl: google.baseUrl, clientId: google.clientId, clientSecret: google.clientSecret, port },
      port,
    },
    connect: (server) => connect(server.url, google),
    created(into, wanted) {
      for (const event of google.calendar.events(OWNER.email)) {
        const bookingId = event.extendedProperties?.private?.saloniaBookingId
        if (bookingId && wanted.has(bookingId) && !into.has(bookingId)) into.set(bookingId, Date.parse(event.created))
      }
    },
    counts() {
      const requests = google.calendar.requests
      const onEvents = (r: { path: string }) => /\/events$/.test(r.path)
      const inserts = requests.filter((r) => r.method === 'POST' && onEvents(r)).length
      const updates = requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH').length
      const lists = requests.filter((r) => r.method === 'GET' && onEvents(r)).length
      const conflicts = requests.filter((r) => r.status === 409).length
      const throttled = requests.filter((r) => r.status === 429).length
      return {
        inserts,
        updates,
        lists,
        conflicts,
        throttled,
        other: requests.length - inserts - updates - lists,
        notifications: google.calendar.notifications.length,
      }
    },
    close: () => google.close(),
  }
}

async function microsoftTarget(port: number): Promise<Target> {
  // Outlook's limit on: four Graph requests at once per mailbox, the fifth answered 429.
  const microsoft = await startFakeMicrosoft({ mailboxConcurrency: 4 })
  return {
    serverOptions: { env: { ...microsoft.env(), PUBLIC_URL: `http://127.0.0.1:${port}` }, port },
    async connect(server) {
      const owner = ownerOf(server)
      const start = await fetch(`${server.url}/api/salons/SAL001/microsoft/auth-url`, { headers: { cookie: owner } })
      if (!start.ok) throw new Error(`microsoft auth-url: HTTP ${start.status} ${await start.text()}`)
      const cookie = withCookies(owner, start.headers.getSetCookie())
      const back = new URL(await microsoft.consent(((await start.json()) as { authUrl: string }).authUrl))
      const done = await fetch(`${server.url}${back.pathname}${back.search}`, {
        headers: { cookie },
        redirect: 'manual',
      })
      const location = done.headers.get('location') ?? ''
      if (done.status !== 302 || !location.includes('calendar=microsoft') || location.includes('error'))
        throw new Error(`Microsoft sign-in: HTTP ${done.status} to ${location}`)
      return withCookies(cookie, done.headers.getSetCookie())
    },
    created(into, wanted) {
      for (const event of microsoft.ourEvents()) {
        const bookingId = bookingIdOfGraphEvent({ transactionId: (event.transactionId as string | null) ?? null })
        if (bookingId && wanted.has(bookingId) && !into.has(bookingId))
          into.set(bookingId, Date.parse(String(event.createdDateTime)))
      }
    },
    counts() {
      const requests = microsoft.requests()
      const graph = requests.filter((r) => r.service === 'graph')
      const onEvents = (r: { path: string }) => /\/events$/.test(r.path)
      const inserts = graph.filter((r) => r.method === 'POST' && onEvents(r)).length
      const updates = graph.filter((r) => r.method === 'PATCH' || r.method === 'PUT').length
      const lists = graph.filter((r) => r.method === 'GET').length
      const throttled = requests.filter((r) => r.status === 429).length
      return {
        inserts,
        updates,
        lists,
        conflicts: graph.filter((r) => r.status === 409 || r.status === 412).length,
        throttled,
        other: requests.length - inserts - updates - lists,
        notifications: microsoft.notifications.length,
      }
    },
    close: () => microsoft.close(),
  }
}

async function caldavTarget(_port: number): Promise<Target> {
  const radicale = radicaleUrl()
  if (!radicale) throw new Error('TEST_RADICALE_URL is not set')
  const calendar = await newCalendar(undefined, { displayName: 'Salon (bench)' })
  const proxy = await startCaldavProxy(radicale)
  // The proxy's log has no clock: read it every 5 ms, and stamp each PUT when its 201 is first seen.
  const seen = new Map<string, number>()
  let scanned = 0
  const scan = () => {
    const log = proxy.requests()
    // Entries are pushed on arrival and their status set when Radicale answers: rescan from the
    // first one still unanswered.
    for (let i = scanned; i < log.length; i++) {
      const r = log[i]
      if (!r) continue
      if (r.status === 0 && i === scanned) {
        // still in flight: stay here next time
      } else if (i === scanned) scanned++
      if (r.method !== 'PUT' || r.status !== 201) continue
      const bookingId = decodeURIComponent(r.path.split('/').at(-1) ?? '').replace(/\.ics$/, '')
      if (!seen.has(bookingId)) seen.set(bookingId, Date.now())
    }
  }
  const timer = setInterval(scan, 5)
  return {
    serverOptions: { port: 0 },
    async connect(server) {
      const owner = ownerOf(server)
      const response = await fetch(`${server.url}/api/salons/SAL001/caldav/connect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner },
        body: JSON.stringify({
          account: { preset: 'custom', serverUrl: proxy.url, username: calendar.username, password: calendar.password },
          calendarUrl: proxy.urlFor(calendar.url),
        }),
      })
      if (response.status !== 201) throw new Error(`caldav connect: HTTP ${response.status} ${await response.text()}`)
      return owner
    },
    created(into, wanted) {
      scan()
      for (const [bookingId, at] of seen) if (wanted.has(bookingId) && !into.has(bookingId)) into.set(bookingId, at)
    },
    counts() {
      const requests = proxy.requests()
      const puts = requests.filter((r) => r.method === 'PUT')
      const inserts = puts.filter((r) => r.status === 201).length
      const lists = requests.filter((r) => ['GET', 'REPORT', 'PROPFIND'].includes(r.method)).length
      return {
        inserts,
        updates: puts.length - inserts,
        lists,
        conflicts: requests.filter((r) => r.status === 412).length,
        throttled: requests.filter((r) => r.status === 429).length,
        other: requests.length - puts.length - lists,
        notifications: 0,
      }
    },
    close: async () => {
      clearInterval(timer)
      await proxy.close()
    },
  }
}

function ownerOf(server: ServerHandle): string {
  const cookie = server.ready.salons.find((s) => s.publicId === 'SAL001')?.cookie
  if (!cookie) throw new Error('No session for SAL001')
  return cookie
}

/** Books every slot, `concurrency` at a time, then waits for every event to be at the provider. */
async function burst(
  server: ServerHandle,
  target: Target,
  slots: BookingSlot[],
  concurrency: number,
): Promise<Measured> {
  const first = target.counts()
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

  // The provider is in this process: its events are read directly, every 10 ms, until all are there.
  const created = new Map<string, number>()
  const deadline = Date.now() + EVENT_TIMEOUT_MS
  while (created.size < answered.size) {
    if (Date.now() > deadline)
      throw new Error(`${answered.size - created.size} events missing after ${EVENT_TIMEOUT_MS} ms`)
    target.created(created, answered)
    if (created.size < answered.size) await sleep(10)
  }
  const after = await server.usage()
  const last = target.counts()
  const delays = [...answered].map(([id, at]) => (created.get(id) as number) - at)
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
      inserts: last.inserts - first.inserts,
      updates: last.updates - first.updates,
      lists: last.lists - first.lists,
      conflicts: last.conflicts - first.conflicts,
      throttled: last.throttled - first.throttled,
      other: last.other - first.other,
    },
    notifications: last.notifications - first.notifications,
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
