import { availabilityLoad, type LoadResult, load, startServer } from './http'
import type { Driver } from './protocol'

/**
 * Availability of a salon whose calendars are connected and full of the owner's own events: the
 * same load as the HTTP benchmark's availability run (SAL001 with its 10,000-booking history, a
 * 7-day range rotating over 12 weeks), without busy times, with 2,000 personal events of one
 * calendar stored as busy times over the year ahead, and with two calendars of 2,000 each (one
 * in ten of the second's a copy of one of the first's, as when one calendar mirrors another). The
 * three alternate on one server, twice, so a drift of the shared machine does not land on one side only.
 */

export interface BusyTimesRun {
  /** Busy times stored, every calendar together. */
  busyTimes: number
  /** Calendars holding them (0: none). */
  calendars: number
  round: number
  load: LoadResult
}

export interface BusyTimesResult {
  driver: Driver
  databaseVersion: string
  events: number
  allDay: number
  /** Of the two-calendar case: all-day events, and the second calendar's copies of the first's. */
  twoCalendars: { allDay: number; mirrored: number }
  horizonDays: number
  /** Seconds of each measured run. */
  durationSeconds: number
  runs: BusyTimesRun[]
}

export interface BusyTimesOptions {
  driver: Driver
  databaseUrl?: string
  connections: number
  durationSeconds: number
  log: (line: string) => void
}

export const PERSONAL_EVENTS = 2000
/** Where the events are spread: the year ahead (calendar sync keeps the next 400 days). */
const HORIZON_DAYS = 365
const ROUNDS = 2
const WARM_UP_SECONDS = 3
/** After the busy times change, a short load so PostgreSQL re-plans and caches warm before measuring. */
const REWARM_SECONDS = 1

export async function runBusyTimesBenchmark(options: BusyTimesOptions): Promise<BusyTimesResult> {
  const { driver, log } = options
  const server = await startServer({
    driver,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    historyBookings: 10_000,
    extraSalons: 0,
  })
  try {
    const base = { url: server.url, connections: options.connections }
    const requests = await availabilityLoad(server)
    const setBusyTimes = (count: number, calendars: number) =>
      server.ask({ type: 'busy-times', count, days: HORIZON_DAYS, calendars }, 'busy-times-set')
    await setBusyTimes(0, 0)
    log(`  ${driver}: warming up (${WARM_UP_SECONDS} s)`)
    await load({ ...base, label: 'warm-up', durationSeconds: WARM_UP_SECONDS, requests }, server)
    const runs: BusyTimesRun[] = []
    let allDay = 0
    const twoCalendars = { allDay: 0, mirrored: 0 }
    const cases = [
      { count: 0, calendars: 0 },
      { count: PERSONAL_EVENTS, calendars: 1 },
      { count: PERSONAL_EVENTS, calendars: 2 },
    ]
    for (let round = 1; round <= ROUNDS; round++) {
      for (const { count, calendars } of cases) {
        const set = await setBusyTimes(count, calendars)
        if (calendars === 1) allDay = set.allDay
        if (calendars === 2) Object.assign(twoCalendars, { allDay: set.allDay, mirrored: set.mirrored })
        await load({ ...base, label: 'warm-up', durationSeconds: REWARM_SECONDS, requests }, server)
        const label =
          calendars === 0
            ? 'connected, no busy times'
            : calendars === 1
              ? `with ${count.toLocaleString('en-US')} busy times`
              : `with ${calendars} × ${count.toLocaleString('en-US')} busy times`
        log(`  ${driver}: availability ${label}, round ${round} (${options.durationSeconds} s)`)
        const result = await load({ ...base, label, durationSeconds: options.durationSeconds, requests }, server)
        runs.push({ busyTimes: set.count, calendars: count > 0 ? calendars : 0, round, load: result })
      }
    }
    return {
      driver,
      databaseVersion: server.ready.databaseVersion,
      events: PERSONAL_EVENTS,
      allDay,
      twoCalendars,
      horizonDays: HORIZON_DAYS,
      durationSeconds: options.durationSeconds,
      runs,
    }
  } finally {
    await server.close()
  }
}
