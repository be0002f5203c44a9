import { type ChildProcess, fork } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { addDays } from '@common/time'
import autocannon from 'autocannon'
import { type ProfileSummary, summarizeProfile } from './profile'
import type { BenchSalon, Driver, FromServer, ToServer, Usage } from './protocol'
import { type Summary, summarize } from './stats'

/**
 * HTTP load on a real listening server (server.ts, in a child process) with autocannon, always on
 * 127.0.0.1 and always time-bounded: the availability endpoint, then booking creation with every
 * request aimed at a different free slot.
 */

export interface LoadResult {
  label: string
  connections: number
  /** Measured wall time of the run, in seconds. */
  seconds: number
  requests: number
  requestsPerSecond: number
  /** Latency over every response (any status), in ms, from autocannon's per-response timings. */
  latency: Summary
  statusCounts: Record<string, number>
  errors: number
  timeouts: number
  /** Server process CPU time over wall time (100% = one core). */
  serverCpuPercent: number
  /** Share of the time the server's event loop was busy. */
  serverEventLoopUtilization: number
  /** Where the server's CPU time went (with --profile). */
  profile?: ProfileSummary
  profileFile?: string
}

export interface BookingLoadResult extends LoadResult {
  /** Distinct free slots prepared for the run, over how many salons. */
  poolSize: number
  salons: number
}

export interface DriverResult {
  driver: Driver
  databaseVersion: string
  setupSeconds: number
  seeded: { bookings: number; timeOff: number; firstDate: string; lastDate: string }
  /** GET /api/health under the same load: the ceiling of the stack (Fastify + one query). */
  baseline?: LoadResult
  availability: LoadResult
  booking: BookingLoadResult
}

export interface HttpOptions {
  driver: Driver
  databaseUrl?: string
  connections: number
  durationSeconds: number
  historyBookings: number
  extraSalons: number
  /** Write a CPU profile of the server for each measured run to this folder. */
  profileDir?: string
  log: (line: string) => void
}

const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
/** 7-day ranges the availability load rotates through, from the demo "now" (Tuesday 1 December 2026). */
const AVAILABILITY_WEEKS = 12
const FIRST_DAY = '2026-12-01'
/** Booking horizon of the demo salons, asked in one availability call to collect free slots. */
const POOL_LAST_DAY = addDays(FIRST_DAY, 89)
const BOOKING_SERVICE = 'Taille de barbe'
const BOOKING_SERVICE_MINUTES = 20
const AVAILABILITY_SERVICE = 'Coupe femme'
const BASELINE_SECONDS = 5
const PROFILE_SECONDS = 3
/** Pause after each run so requests still in flight when it stopped do not spill into the next one. */
const SETTLE_MS = 500

export interface ServerHandle {
  child: ChildProcess
  ready: Extract<FromServer, { type: 'ready' }>
  url: string
  ask<T extends FromServer['type']>(message: ToServer, reply: T): Promise<Extract<FromServer, { type: T }>>
  usage(): Promise<Usage>
  close(): Promise<void>
}

/** What server.ts is started with (see protocol.ts). */
export type ServerOptions = Omit<Extract<ToServer, { type: 'start' }>, 'type'>

/** Starts server.ts and waits until it listens. */
export async function startServer(options: ServerOptions): Promise<ServerHandle> {
  const child = fork(SERVER_ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting: { type: FromServer['type']; resolve: (m: FromServer) => void; reject: (e: Error) => void }[] = []
  const failAll = (error: Error) => {
    for (const w of waiting.splice(0)) w.reject(error)
  }
  child.on('message', (message: FromServer) => {
    if (message.type === 'error') return failAll(new Error(`Bench server: ${message.message}`))
    const index = waiting.findIndex((w) => w.type === message.type)
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(message)
  })
  child.on('exit', (code) => failAll(new Error(`Bench server exited (code ${code})`)))
  const ask = <T extends FromServer['type']>(message: ToServer, reply: T) =>
    new Promise<Extract<FromServer, { type: T }>>((resolve, reject) => {
      waiting.push({ type: reply, resolve: resolve as (m: FromServer) => void, reject })
      child.send(message)
    })

  const ready = await ask(
    {
      type: 'start',
      driver: options.driver,
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      historyBookings: options.historyBookings,
      extraSalons: options.extraSalons,
      ...(options.team ? { team: options.team } : {}),
      ...(options.google ? { google: options.google } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.port ? { port: options.port } : {}),
    },
    'ready',
  )
  return {
    child,
    ready,
    url: `http://127.0.0.1:${ready.port}`,
    ask,
    usage: async () => {
      const { cpu, elu, at } = await ask({ type: 'usage' }, 'usage')
      return { cpu, elu, at }
    },
    close: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      await ask({ type: 'close' }, 'closed').catch(() => {})
      // Last resort, on our own child only: it closes the app and drops its database first.
      const timer = setTimeout(() => child.kill('SIGTERM'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

interface LoadSpec {
  label: string
  url: string
  connections: number
  durationSeconds: number
  /** Stop after this many requests (the run is still cut at durationSeconds). */
  amount?: number
  requests: autocannon.Request[]
  /** Profile the server during the run and write the .cpuprofile here. */
  profileFile?: string
}

/** One autocannon run, with per-response timings and the server's CPU use over the same period. */
export async function load(spec: LoadSpec, server: ServerHandle): Promise<LoadResult> {
  const latencies: number[] = []
  if (spec.profileFile) await server.ask({ type: 'profile-start' }, 'profile-started')
  const before = await server.usage()
  const started = performance.now()
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.durationSeconds,
        ...(spec.amount ? { amount: spec.amount } : {}),
        timeout: 10,
        requests: spec.requests,
      },
      (error, res) => {
        clearTimeout(timer)
        if (error) reject(error)
        else resolve(res)
      },
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime)
    })
    // `amount` makes autocannon ignore `duration`: keep the time bound ourselves.
    if (spec.amount) timer = setTimeout(() => instance.stop(), spec.durationSeconds * 1000)
  })
  const seconds = (performance.now() - started) / 1000
  const after = await server.usage()
  if (spec.profileFile) await server.ask({ type: 'profile-stop', file: spec.profileFile }, 'profile-written')
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))

  const statusCounts: Record<string, number> = {}
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = stats.count ?? 0
  const cpuMicros = after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system
  const active = after.elu.active - before.elu.active
  const idle = after.elu.idle - before.elu.idle
  return {
    label: spec.label,
    connections: spec.connections,
    seconds,
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    latency: summarize(latencies),
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuPercent: (100 * cpuMicros) / 1000 / (after.at - before.at),
    serverEventLoopUtilization: active / (active + idle),
    ...(spec.profileFile ? { profile: await summarizeProfile(spec.profileFile), profileFile: spec.profileFile } : {}),
  }
}

function salonNamed(salons: BenchSalon[], publicId: string): BenchSalon {
  const salon = salons.find((s) => s.publicId === publicId)
  if (!salon) throw new Error(`No salon ${publicId}`)
  return salon
}

function serviceOf(salon: BenchSalon, name: string): string {
  const id = salon.services[name]
  if (!id) throw new Error(`Salon ${salon.publicId} has no service "${name}"`)
  return id
}

/** One booking request of the load: the salon's route, its professional's session, a free start. */
export interface BookingSlot {
  path: string
  cookie: string
  serviceId: string
  startsAt: string
}

/**
 * Free starts for the booking service over the whole horizon, from the availability endpoint,
 * thinned so no two overlap (09:00, 09:30, … for 20 min on a 15-min grid): every request of the
 * booking load can then succeed. Salons are interleaved so consecutive requests hit different salons.
 */
export async function bookingPool(
  server: ServerHandle,
  options: { salons?: string[]; lastDay?: string } = {},
): Promise<BookingSlot[][]> {
  const perSalon: BookingSlot[][] = []
  for (const salon of server.ready.salons) {
    if (options.salons && !options.salons.includes(salon.publicId)) continue
    const serviceId = salon.services[BOOKING_SERVICE]
    if (!serviceId) continue
    const response = await fetch(
      `${server.url}/api/salons/${salon.publicId}/availability?serviceId=${serviceId}&from=${FIRST_DAY}&to=${options.lastDay ?? POOL_LAST_DAY}`,
    )
    if (!response.ok) throw new Error(`Availability of ${salon.publicId}: HTTP ${response.status}`)
    const { slots } = (await response.json()) as { slots: { start: string }[] }
    const picked: BookingSlot[] = []
    let freeFrom = Number.NEGATIVE_INFINITY
    for (const slot of slots) {
      const start = Date.parse(slot.start)
      if (start < freeFrom) continue
      picked.push({
        path: `/api/salons/${salon.publicId}/bookings`,
        cookie: salon.cookie,
        serviceId,
        startsAt: slot.start,
      })
      freeFrom = start + BOOKING_SERVICE_MINUTES * 60_000
    }
    perSalon.push(picked)
  }
  return perSalon
}

function interleave<T>(lists: T[][]): T[] {
  const out: T[] = []
  const longest = Math.max(0, ...lists.map((l) => l.length))
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i] as T)
  return out
}

/** GET availability of SAL001: a 7-day range of Coupe femme, rotating through the next 12 weeks. */
export async function availabilityLoad(
  server: ServerHandle,
  serviceNames: readonly string[] = [AVAILABILITY_SERVICE],
): Promise<autocannon.Request[]> {
  const salon = salonNamed(server.ready.salons, 'SAL001')
  const paths = serviceNames.flatMap((name) =>
    Array.from({ length: AVAILABILITY_WEEKS }, (_, week) => {
      const from = addDays(FIRST_DAY, week * 7)
      return `/api/salons/SAL001/availability?serviceId=${serviceOf(salon, name)}&from=${from}&to=${addDays(from, 6)}`
    }),
  )
  const check = await fetch(`${server.url}${paths[0]}`)
  if (!check.ok) throw new Error(`Availability: HTTP ${check.status} ${await check.text()}`)
  let nextPath = 0
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: paths[nextPath++ % paths.length] as string }),
    },
  ]
}

export async function runHttpBenchmark(options: HttpOptions): Promise<DriverResult> {
  const { log } = options
  const server = await startServer(options)
  try {
    const { ready } = server
    log(
      `  ${options.driver}: server on ${server.url}, ${ready.seeded.bookings} bookings seeded, ${ready.salons.length} salons (${(ready.setupMs / 1000).toFixed(1)} s)`,
    )
    const availabilityRequests = await availabilityLoad(server)
    const base = { url: server.url, connections: options.connections }
    log(`  ${options.driver}: warming up (3 s)`)
    await load({ ...base, label: 'warm-up', durationSeconds: 3, requests: availabilityRequests }, server)
    log(`  ${options.driver}: baseline GET /api/health (${BASELINE_SECONDS} s)`)
    const baseline = await load(
      {
        ...base,
        label: 'GET /api/health (baseline)',
        durationSeconds: BASELINE_SECONDS,
        requests: [{ method: 'GET', path: '/api/health' }],
      },
      server,
    )
    log(`  ${options.driver}: availability load (${options.durationSeconds} s)`)
    const availability = await load(
      {
        ...base,
        label: 'GET availability, 7 days, Coupe femme',
        durationSeconds: options.durationSeconds,
        requests: availabilityRequests,
      },
      server,
    )

    // Booking creation: every request takes a different free slot (round-robin over the salons), as
    // the salon's signed-in professional (free slots above are public and asked without a session).
    const perSalon = await bookingPool(server)
    const pool = interleave(perSalon)
    let nextSlot = 0
    const bookingRequests: autocannon.Request[] = [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          // Wrapping round (only if the pool runs out) re-books taken slots: those answer 409.
          const i = nextSlot++
          const slot = pool[i % pool.length]
          if (!slot) throw new Error('Empty booking pool')
          return {
            ...request,
            path: slot.path,
            headers: { ...request.headers, cookie: slot.cookie },
            body: JSON.stringify({
              serviceId: slot.serviceId,
              startsAt: slot.startsAt,
              customer: { name: `Client ${i}` },
            }),
          }
        },
      },
    ]
    const slotsLeft = () => Math.max(options.connections, pool.length - nextSlot)
    log(`  ${options.driver}: warming up booking creation (300 bookings)`)
    await load(
      { ...base, label: 'warm-up', durationSeconds: 5, amount: Math.min(300, slotsLeft()), requests: bookingRequests },
      server,
    )
    log(
      `  ${options.driver}: booking creation load (${options.durationSeconds} s, ${pool.length - nextSlot} free slots)`,
    )
    const booking = await load(
      {
        ...base,
        label: 'POST booking, distinct free slots',
        durationSeconds: options.durationSeconds,
        amount: slotsLeft(),
        requests: bookingRequests,
      },
      server,
    )

    // Separate short runs under the CPU profiler, so the profiler does not distort the figures above.
    if (options.profileDir) {
      log(`  ${options.driver}: profiling the server under availability load (${PROFILE_SECONDS} s)`)
      const profiled = await load(
        {
          ...base,
          label: 'profile',
          durationSeconds: PROFILE_SECONDS,
          requests: availabilityRequests,
          profileFile: join(options.profileDir, `server-${options.driver}-availability.cpuprofile`),
        },
        server,
      )
      if (profiled.profile) availability.profile = profiled.profile
      if (profiled.profileFile) availability.profileFile = profiled.profileFile
      if (pool.length - nextSlot > options.connections * 20) {
        log(`  ${options.driver}: profiling the server under booking load (${PROFILE_SECONDS} s)`)
        const profiledBooking = await load(
          {
            ...base,
            label: 'profile',
            durationSeconds: PROFILE_SECONDS,
            amount: slotsLeft(),
            requests: bookingRequests,
            profileFile: join(options.profileDir, `server-${options.driver}-booking.cpuprofile`),
          },
          server,
        )
        if (profiledBooking.profile) booking.profile = profiledBooking.profile
        if (profiledBooking.profileFile) booking.profileFile = profiledBooking.profileFile
      }
    }

    return {
      driver: options.driver,
      databaseVersion: ready.databaseVersion,
      setupSeconds: ready.setupMs / 1000,
      seeded: ready.seeded,
      baseline,
      availability,
      booking: { ...booking, poolSize: pool.length, salons: perSalon.length },
    }
  } finally {
    await server.close()
  }
}
