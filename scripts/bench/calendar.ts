import type { OtherActivity } from './activity'
import { type BusyTimesResult, runBusyTimesBenchmark } from './busy-times'
import { CALENDAR_PROVIDERS, type CalendarPushResult, providerSkipped, runCalendarPushBenchmark } from './calendar-push'
import { runOnEachDriver } from './driver-runs'
import { type JobsResult, runJobsBenchmark } from './jobs'
import type { Driver } from './protocol'
import { describeMachine, type Machine } from './report'

/**
 * `npm run bench -- --only=calendar`: what the background jobs and the calendar sync cost (issues
 * 12 and 42) — availability of a salon whose calendar holds 2,000 of the owner's events, and whose
 * two calendars hold 2,000 each; the time from a booking to its event under a burst, for Google,
 * Microsoft (Outlook) and CalDAV (Radicale, when TEST_RADICALE_URL is set); and the job engine's
 * own throughput — on each database. Reported in its own section of docs/PERFORMANCE.md (calendar-report.ts).
 */

export interface CalendarBenchReport {
  date: Date
  command: string
  machine: Machine
  totalSeconds: number
  stealPercent?: number
  otherActivity?: OtherActivity
  busyTimes: BusyTimesResult[]
  pushes: CalendarPushResult[]
  jobs: JobsResult[]
  skipped: { driver: string; reason: string }[]
}

export interface CalendarBenchOptions {
  command: string
  /** The drivers to measure, with PostgreSQL's admin URL or why it is missing. */
  drivers: { driver: Driver; databaseUrl?: string; skipped?: string }[]
  connections: number
  durationSeconds: number
  /** Bookings of the burst and how many are sent at once. */
  bookings: number
  bookingConcurrency: number
  /** Jobs enqueued, then drained, by the job engine benchmark. */
  jobs: number
  profileDir?: string
  log: (line: string) => void
}

export async function runCalendarBenchmarks(options: CalendarBenchOptions): Promise<CalendarBenchReport> {
  const { log } = options
  const report: CalendarBenchReport = {
    date: new Date(),
    command: options.command,
    machine: describeMachine(),
    totalSeconds: 0,
    busyTimes: [],
    pushes: [],
    jobs: [],
    skipped: [],
  }
  return runOnEachDriver(report, options.drivers, log, async (driver, databaseUrl) => {
    const url = databaseUrl ? { databaseUrl } : {}
    log(`Availability with 2,000 and 2 × 2,000 busy times on ${driver} (${options.connections} connections) …`)
    report.busyTimes.push(
      await runBusyTimesBenchmark({
        driver,
        ...url,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        log,
      }),
    )
    for (const provider of CALENDAR_PROVIDERS) {
      const skipped = providerSkipped(provider)
      if (skipped) {
        log(`Booking to ${provider} event on ${driver}: skipped, ${skipped}`)
        if (!report.skipped.some((s) => s.driver === provider))
          report.skipped.push({ driver: provider, reason: skipped })
        continue
      }
      log(`Booking to ${provider} event on ${driver} (${options.bookings} bookings) …`)
      report.pushes.push(
        await runCalendarPushBenchmark({
          driver,
          provider,
          ...url,
          bookings: options.bookings,
          concurrency: options.bookingConcurrency,
          ...(options.profileDir ? { profileDir: options.profileDir } : {}),
          log,
        }),
      )
    }
    log(`Job engine throughput on ${driver} (${options.jobs} jobs) …`)
    report.jobs.push(await runJobsBenchmark({ driver, jobs: options.jobs, log }))
  })
}
