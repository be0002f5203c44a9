import { defaultPoolSize } from '@server/db/client'
import type { Summary } from './stats'

/** Messages between the benchmark (parent) and the server it measures (child process, server.ts). */

export type Driver = 'pglite' | 'postgres'

/** The PostgreSQL pool of the server measured: what a server opens (DATABASE_POOL_SIZE, else the machine's default). */
export function benchPoolSize(): number {
  return Number(process.env.DATABASE_POOL_SIZE) || defaultPoolSize()
}

export type ToServer =
  | {
      type: 'start'
      driver: Driver
      /** Admin URL for openTestDatabase('postgres') (which creates and later drops its own database). */
      databaseUrl?: string
      /** Bookings (and the absences of the same period) seeded into SAL001 before measuring. */
      historyBookings: number
      /** Extra salons with the demo week and a 20-minute service, for the booking-creation load. */
      extraSalons: number
      /** Instead of the history: SAL001 as the team benchmark's salon, five members with this many bookings each (team-seed.ts). */
      team?: { bookingsPerMember: number }
      /**
       * Connect to this (fake) Google: the app runs the job engine with production timings and the
       * product's workers, and listens on `port`, its PUBLIC_URL, where Google's push notifications come.
       */
      google?: { baseUrl: string; clientId: string; clientSecret: string; port: number }
      /** Without `google`: the app's environment for another provider (the Microsoft fake's), and the port to listen on (its PUBLIC_URL). */
      env?: Record<string, string>
      port?: number
    }
  | { type: 'usage' }
  /**
   * SAL001's calendar counts as connected (a google_accounts row) and holds `count` personal
   * events as busy times over `days` days (0: none), as the calendar sync would have stored them;
   * with `calendars` 2, a second (CalDAV) calendar holds `count` more (server.ts setBusyTimes).
   */
  | { type: 'busy-times'; count: number; days: number; calendars?: number }
  /** Times the repository read and the team engine in the server process (team-seed.ts). */
  | { type: 'team-engine'; warmup: number; iterations: number; readIterations: number }
  /** Starts the V8 CPU profiler in the server process. */
  | { type: 'profile-start' }
  /** Stops it and writes the profile (Chrome DevTools .cpuprofile) to `file`. */
  | { type: 'profile-stop'; file: string }
  | { type: 'close' }

export interface BenchSalon {
  publicId: string
  /** Service ids by name. */
  services: Record<string, string>
  /** Cookie header of a professional's session of this salon (booking creation needs one). */
  cookie: string
}

export interface Usage {
  /** process.cpuUsage() in microseconds. */
  cpu: { user: number; system: number }
  /** performance.eventLoopUtilization(). */
  elu: { idle: number; active: number; utilization: number }
  /** performance.now() when sampled, in ms. */
  at: number
}

export type FromServer =
  | {
      type: 'ready'
      port: number
      databaseVersion: string
      salons: BenchSalon[]
      seeded: { bookings: number; timeOff: number; firstDate: string; lastDate: string }
      /** What the team seed wrote, when the server was started with `team`. */
      team?: TeamSeeded
      setupMs: number
    }
  | { type: 'team-engine-done'; cases: TeamEngineCase[] }
  | ({ type: 'usage' } & Usage)
  | { type: 'busy-times-set'; count: number; allDay: number; calendars: number; mirrored: number }
  | { type: 'profile-started' }
  | { type: 'profile-written'; file: string }
  | { type: 'closed' }
  | { type: 'error'; message: string }

/** The team benchmark's salon as seeded (team-seed.ts). */
export interface TeamSeeded {
  members: number
  /** Bookings of every member (cancelled ones included), and of each. */
  bookings: number
  perMember: number[]
  cancelled: number
  customers: number
  salonTimeOff: number
  memberTimeOff: number
  /** Members with a weekly lunch break on every open day (issue 39). */
  dailyBreaks: number
  firstDate: string
  lastDate: string
}

/** One input of the team engine timing: the repository read and the engine on what it returned. */
export interface TeamEngineCase {
  label: string
  days: number
  /** Members the engine judged, and the busy entries (salon's and theirs) it was given. */
  members: number
  busy: number
  slots: number
  read: Summary
  engine: Summary
  /** A comparison, not held to the target. */
  diagnostic: boolean
}
