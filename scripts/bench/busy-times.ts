import { availabilityLoad, type LoadResult, load, startServer } from './http'
import type { Driver } from './protocol'

/**
 * Availability of a salon whose Google calendar is connected and full of the owner's own events:
 * the same load as the HTTP benchmark's availability run (SAL001 with its 10,000-booking history,
 * a 7-day range rotating over 12 weeks), with and without 2,000 personal events stored as busy
 * times over the 90-day horizon. The two alternate on one server, twice, so a drift of the shared
 * machine does not land on one side only.
 */

export interface BusyTimesRun {
  busyTimes: number
  round: number
  load: LoadResult
}

export interface BusyTimesResult {
  driver: Driver
  databaseVersion: string
  events: number
  allDay: number
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
const HORIZON_DAYS = 90
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
    const setBusyTimes = (count: number) =>
      server.ask({ type: 'busy-times', count, days: HORIZON_DAYS }, 'busy-times-set')
    await setBusyTimes(0)
    log(`  ${driver}: warming up (${WARM_UP_SECONDS} s)`)
    await load({ ...base, label: 'warm-up', durationSeconds: WARM_UP_SECONDS, requests }, server)
    const runs: BusyTimesRun[] = []
    let allDay = 0
    for (let round = 1; round <= ROUNDS; round++) {
      for (const count of [0, PERSONAL_EVENTS]) {
        const set = await setBusyTimes(count)
        if (count > 0) allDay = set.allDay
        await load({ ...base, label: 'warm-up', durationSeconds: REWARM_SECONDS, requests }, server)
        log(`  ${driver}: availability with ${count} busy times, round ${round} (${options.durationSeconds} s)`)
        const result = await load(
          {
            ...base,
            label: count > 0 ? `with ${count.toLocaleString('en-US')} busy times` : 'connected, no busy times',
            durationSeconds: options.durationSeconds,
            requests,
          },
          server,
        )
        runs.push({ busyTimes: count, round, load: result })
      }
    }
    return {
      driver,
      databaseVersion: server.ready.databaseVersion,
      events: PERSONAL_EVENTS,
      allDay,
      horizonDays: HORIZON_DAYS,
      durationSeconds: options.durationSeconds,
      runs,
    }
  } finally {
    await server.close()
  }
}
