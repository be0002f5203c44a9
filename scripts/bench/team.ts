import { join } from 'node:path'
import type { OtherActivity } from './activity'
import { runOnEachDriver } from './driver-runs'
import { availabilityLoad, type LoadResult, load, startServer } from './http'
import type { Driver, TeamEngineCase, TeamSeeded } from './protocol'
import { describeMachine, type Machine } from './report'

/**
 * `npm run bench -- --only=team`: a salon of five members (issue 14), each with 2,000 bookings
 * over past and coming months, their own hours and absences (team-fixtures.ts) — availability
 * under HTTP load (the HTTP benchmark's method: autocannon, 7-day ranges of Coupe femme rotating
 * over 12 weeks), and in the server's process the repository read and the team engine
 * (findTeamFreeSlots) on what it read, one call at a time. Written to its own section of
 * docs/PERFORMANCE.md (team-report.ts).
 */

export const TEAM_BOOKINGS_PER_MEMBER = 2000

export interface TeamDriverResult {
  driver: Driver
  databaseVersion: string
  setupSeconds: number
  seeded: TeamSeeded
  engine: TeamEngineCase[]
  /** GET /api/health under the same load: the ceiling of the stack on the machine as it was. */
  baseline: LoadResult
  availability: LoadResult
}

export interface TeamBenchReport {
  date: Date
  command: string
  machine: Machine
  totalSeconds: number
  stealPercent?: number
  otherActivity?: OtherActivity
  engineIterations: number
  engineWarmup: number
  readIterations: number
  results: TeamDriverResult[]
  skipped: { driver: string; reason: string }[]
}

export interface TeamBenchOptions {
  command: string
  drivers: { driver: Driver; databaseUrl?: string; skipped?: string }[]
  connections: number
  durationSeconds: number
  profileDir?: string
  log: (line: string) => void
}

const WARM_UP_SECONDS = 3
const BASELINE_SECONDS = 5
const PROFILE_SECONDS = 3
/** The services whose free times the load asks for, in turn: a plain one and one with a processing pause. */
const LOADED_SERVICES = ['Coupe femme', 'Coloration'] as const
const ENGINE = { warmup: 300, iterations: 2000, readIterations: 300 }

export async function runTeamBenchmark(options: TeamBenchOptions): Promise<TeamBenchReport> {
  const { log } = options
  const report: TeamBenchReport = {
    date: new Date(),
    command: options.command,
    machine: describeMachine(),
    totalSeconds: 0,
    engineIterations: ENGINE.iterations,
    engineWarmup: ENGINE.warmup,
    readIterations: ENGINE.readIterations,
    results: [],
    skipped: [],
  }
  return runOnEachDriver(report, options.drivers, log, async (driver, databaseUrl) => {
    log(`Team of five, ${TEAM_BOOKINGS_PER_MEMBER.toLocaleString('en-US')} bookings each, on ${driver}: seeding …`)
    const server = await startServer({
      driver,
      ...(databaseUrl ? { databaseUrl } : {}),
      historyBookings: 0,
      extraSalons: 0,
      team: { bookingsPerMember: TEAM_BOOKINGS_PER_MEMBER },
    })
    try {
      const seeded = server.ready.team
      if (!seeded) throw new Error('The bench server did not seed the team')
      log(`  ${driver}: ${seeded.bookings} bookings seeded (${(server.ready.setupMs / 1000).toFixed(1)} s)`)
      log(`  ${driver}: repository read and team engine, one call at a time …`)
      const { cases } = await server.ask({ type: 'team-engine', ...ENGINE }, 'team-engine-done')
      // A cut and a colour whose processing frees the member (issue 39), in turn.
      const requests = await availabilityLoad(server, LOADED_SERVICES)
      const base = { url: server.url, connections: options.connections, requests }
      log(`  ${driver}: warming up (${WARM_UP_SECONDS} s)`)
      await load({ ...base, label: 'warm-up', durationSeconds: WARM_UP_SECONDS }, server)
      log(`  ${driver}: baseline GET /api/health (${BASELINE_SECONDS} s)`)
      const baseline = await load(
        {
          ...base,
          label: 'GET /api/health (baseline)',
          durationSeconds: BASELINE_SECONDS,
          requests: [{ method: 'GET', path: '/api/health' }],
        },
        server,
      )
      log(`  ${driver}: availability load (${options.durationSeconds} s, ${options.connections} connections)`)
      const availability = await load(
        {
          ...base,
          label: 'GET availability, 7 days, Coupe femme and Coloration (phases), 5 members with daily breaks',
          durationSeconds: options.durationSeconds,
        },
        server,
      )
      if (options.profileDir) {
        log(`  ${driver}: profiling the server under availability load (${PROFILE_SECONDS} s)`)
        const profiled = await load(
          {
            ...base,
            label: 'profile',
            durationSeconds: PROFILE_SECONDS,
            profileFile: join(options.profileDir, `server-${driver}-team-availability.cpuprofile`),
          },
          server,
        )
        if (profiled.profile) availability.profile = profiled.profile
        if (profiled.profileFile) availability.profileFile = profiled.profileFile
      }
      report.results.push({
        driver,
        databaseVersion: server.ready.databaseVersion,
        setupSeconds: server.ready.setupMs / 1000,
        seeded,
        engine: cases,
        baseline,
        availability,
      })
    } finally {
      await server.close()
    }
  })
}
