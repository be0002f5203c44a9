import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { watchOtherActivity } from './activity'
import { ASSISTANT_MARKER_END, ASSISTANT_MARKER_START, assistantSection, runAssistantBenchmark } from './assistant'
import { BUNDLE_MARKER_END, BUNDLE_MARKER_START, bundleSection, measureBundle } from './bundle'
import { type CalendarBenchOptions, runCalendarBenchmarks } from './calendar'
import { CALENDAR_MARKER_END, CALENDAR_MARKER_START, calendarConsole, calendarSection } from './calendar-report'
import { runEngineBenchmark } from './engine'
import { type DriverResult, runHttpBenchmark } from './http'
import type { Driver } from './protocol'
import { runRemindersBenchmark } from './reminders'
import { REMINDERS_MARKER_END, REMINDERS_MARKER_START, remindersConsole, remindersSection } from './reminders-report'
import { type BenchReport, consoleReport, cpuTimes, describeMachine, markdownSection, writeMarkdown } from './report'
import { runTeamBenchmark } from './team'
import { TEAM_MARKER_END, TEAM_MARKER_START, teamConsole, teamSection } from './team-report'
import { runVitalsBenchmark, type VitalsPages } from './vitals'
import { VITALS_MARKER_END, VITALS_MARKER_START, vitalsConsole, vitalsSection } from './vitals-report'

/**
 * `npm run bench`: the availability engine micro-benchmark, then HTTP load with autocannon on
 * PGlite and (when a server is reachable) PostgreSQL, then the background jobs and calendar sync
 * (calendar.ts), the team (team.ts) and the reminders (reminders.ts). Prints tables and rewrites
 * the generated sections of docs/PERFORMANCE.md. Not part of `npm test`. Lighthouse on the public
 * pages and the signed-in agenda (vitals.ts) runs only with --only=vitals.
 *
 * Options (after `npm run bench --`):
 *   --duration=<s>      seconds of each measured HTTP run (default 10)
 *   --connections=<n>   concurrent connections (default 50)
 *   --only=engine|http|bundle|assistant|calendar|team|reminders|vitals  run one part (bundle: build the web app and
 *                       report each route's first-load JavaScript; assistant: server time per chat
 *                       message; both always written, they do not depend on load settings; calendar:
 *                       the background jobs and calendar sync — availability with 2,000 busy times
 *                       in one calendar and 2 × 2,000 in two, booking-to-event time under a burst
 *                       for Google, Microsoft and CalDAV (Radicale, with TEST_RADICALE_URL; else
 *                       skipped), job engine throughput — about 4 minutes per database; team: a salon of five members with 2,000 bookings
 *                       each — availability under load, the repository read and the team engine —
 *                       about a minute per database; these two written unless other drivers,
 *                       duration or connections; reminders: 10,000 reminders due in the same minute
 *                       sent to a fake Twilio by the product's job workers, then checked — about 4
 *                       minutes on PGlite and 3 on PostgreSQL, a third of it a second round under the
 *                       CPU profiler (none with --no-profile); written unless other drivers;
 *                       vitals: builds the web app and runs Lighthouse (mobile profile, simulated
 *                       throttling, Debian's Chromium or CHROMIUM_PATH) on every public page of the
 *                       built server and on the owner's agenda signed in — performance score, LCP,
 *                       CLS, TBT, first-load JavaScript against issue 19's targets — about 7 minutes
 *                       with 5 runs; only run when asked for by name, never in the full run; written
 *                       unless --pages)
 *   --runs=<n>          vitals: measured Lighthouse runs per page, after one discarded warm-up (default 5)
 *   --pages=public|signed-in  vitals: only the public pages, or only the signed-in agenda (printed only)
 *   --keep=<folder>     vitals: keep each run's Lighthouse report and trace there (to read in DevTools)
 *   --drivers=pglite,postgres
 *   --no-profile        skip the short profiled runs (CPU profiles of the server)
 *   --no-write          print only, leave docs/PERFORMANCE.md alone
 *   --write             write the document even after a partial run (--only, --drivers, other
 *                       duration or connections), which otherwise only prints
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
 * when it answers. The benchmark creates a throw-away database there and drops it at the end.
 */

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test'
const DOC = fileURLToPath(new URL('../../docs/PERFORMANCE.md', import.meta.url))

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: 'all' },
    keep: { type: 'string' },
    drivers: { type: 'string', default: 'pglite,postgres' },
    'no-profile': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
})

function positive(name: string, value: string | undefined, max: number): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be a whole number from 1 to ${max}`)
  return n
}

const log = (line: string) => console.log(line)

/** The PostgreSQL admin URL to use, or why there is none. */
async function postgresUrl(): Promise<{ url: string } | { reason: string }> {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  const url = given ?? DEFAULT_POSTGRES_URL
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return {
      reason: given
        ? `${new URL(url).host} did not answer: ${why}`
        : `no BENCH_DATABASE_URL/TEST_DATABASE_URL and nothing at ${new URL(url).host} (${why})`,
    }
  } finally {
    await client.end().catch(() => {})
  }
  // tests/helpers/database.ts reads TEST_DATABASE_URL (server.ts sets it from the URL it is given).
  process.env.TEST_DATABASE_URL ??= url
  return { url }
}

async function main(): Promise<void> {
  const started = performance.now()
  const duration = positive('duration', args.duration, 600)
  const connections = positive('connections', args.connections, 1000)
  if (
    args.only &&
    !['engine', 'http', 'bundle', 'assistant', 'calendar', 'team', 'reminders', 'vitals'].includes(args.only)
  ) {
    throw new Error('--only is engine, http, bundle, assistant, calendar, team, reminders or vitals')
  }
  const runs = positive('runs', args.runs, 50)
  const drivers = (args.drivers ?? '').split(',').filter(Boolean)
  for (const d of drivers) if (d !== 'pglite' && d !== 'postgres') throw new Error(`Unknown driver ${d}`)

  const command = ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ')
  const profileDir = args['no-profile'] ? undefined : join(os.tmpdir(), 'salonia-bench')
  if (profileDir) mkdirSync(profileDir, { recursive: true })
  // Load settings other than the defaults give figures not comparable with the document's.
  const otherLoad = args.drivers !== 'pglite,postgres' || duration !== 10 || connections !== 50
  if (args.only === 'vitals') {
    if (!['all', 'public', 'signed-in'].includes(args.pages ?? ''))
      throw new Error('--pages is public or signed-in (both when left out)')
    await vitalsPart({ command, runs, pages: args.pages as VitalsPages, ...(args.keep ? { keepIn: args.keep } : {}) })
    return
  }
  if (args.only === 'reminders') {
    await remindersPart({ command, drivers: drivers as Driver[], profileDir })
    return
  }
  if (args.only === 'team') {
    await teamPart({ command, drivers: drivers as Driver[], duration, connections, profileDir, partial: otherLoad })
    return
  }
  if (args.only === 'calendar') {
    await calendarPart({ command, drivers: drivers as Driver[], duration, connections, profileDir, partial: otherLoad })
    return
  }

  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'unknown'
  if (args.only === undefined || args.only === 'assistant') {
    log('Chat assistant: server time per message over the shared dialogues …')
    const results = []
    for (const driver of drivers as Driver[]) {
      if (driver === 'postgres' && 'reason' in (await postgresUrl())) continue
      results.push(await runAssistantBenchmark(driver))
    }
    const section = assistantSection(results, commit)
    if (!args['no-write']) writeMarkdown(DOC, section, { start: ASSISTANT_MARKER_START, end: ASSISTANT_MARKER_END })
    if (args.only === 'assistant') {
      log(section)
      return
    }
  }
  if (args.only === undefined || args.only === 'bundle') {
    log('Web app bundle: building and measuring each route’s first-load JavaScript …')
    const section = bundleSection(measureBundle(), commit)
    if (!args['no-write']) writeMarkdown(DOC, section, { start: BUNDLE_MARKER_START, end: BUNDLE_MARKER_END })
    if (args.only === 'bundle') {
      log(section)
      return
    }
  }

  const report: BenchReport = {
    date: new Date(),
    command,
    machine: describeMachine(),
    http: [],
    skipped: [],
    totalSeconds: 0,
  }
  const cpuAtStart = cpuTimes()
  const others = watchOtherActivity(report.machine.cpus)

  const { machine } = report
  log(
    `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB.toFixed(1)} GiB, Node ${machine.node}, load average ${machine.loadAverage.map((l) => l.toFixed(2)).join(' / ')}`,
  )
  if ((machine.loadAverage[0] ?? 0) > machine.cpus / 2)
    log('Warning: the machine is busy; the figures will be pessimistic.')
  if (args.only !== 'http') {
    log('Engine micro-benchmark: findFreeSlots, 90 days, 45-min service, 10,000 bookings …')
    report.engine = runEngineBenchmark()
  }

  if (args.only !== 'engine') {
    for (const driver of drivers as Driver[]) {
      let databaseUrl: string | undefined
      if (driver === 'postgres') {
        const found = await postgresUrl()
        if ('reason' in found) {
          log(`PostgreSQL skipped: ${found.reason}`)
          report.skipped.push({ driver, reason: found.reason })
          continue
        }
        databaseUrl = found.url
      }
      log(`HTTP load on ${driver} (${connections} connections, ${duration} s per run) …`)
      const result: DriverResult = await runHttpBenchmark({
        driver,
        ...(databaseUrl ? { databaseUrl } : {}),
        connections,
        durationSeconds: duration,
        historyBookings: 10_000,
        extraSalons: EXTRA_SALONS,
        ...(profileDir ? { profileDir } : {}),
        log,
      })
      report.http.push(result)
    }
  }

  report.totalSeconds = (performance.now() - started) / 1000
  const cpuAtEnd = cpuTimes()
  if (others) report.otherActivity = others.stop()
  if (cpuAtStart && cpuAtEnd && cpuAtEnd.total > cpuAtStart.total) {
    report.stealPercent = (100 * (cpuAtEnd.steal - cpuAtStart.steal)) / (cpuAtEnd.total - cpuAtStart.total)
  }
  log('')
  log(consoleReport(report))
  const profiles = report.http.flatMap((d) => [d.availability.profileFile, d.booking.profileFile]).filter(Boolean)
  if (profiles.length > 0) log(`\nServer CPU profiles (open in Chrome DevTools): ${profiles.join(', ')}`)
  const partial = args.only !== undefined || otherLoad
  if (partial && !args.write && !args['no-write'])
    log('\nPartial run: docs/PERFORMANCE.md left alone (add --write to update it).')
  if (!args['no-write'] && (!partial || args.write)) {
    writeMarkdown(DOC, markdownSection(report))
    log(`\nWrote ${DOC}`)
  }
  if (args.only === undefined) {
    await calendarPart({ command, drivers: drivers as Driver[], duration, connections, profileDir, partial: otherLoad })
    await teamPart({ command, drivers: drivers as Driver[], duration, connections, profileDir, partial: otherLoad })
    await remindersPart({ command, drivers: drivers as Driver[], profileDir })
  }
}

/** Each driver with PostgreSQL's admin URL, or why it is skipped. */
async function driversWithUrls(
  drivers: Driver[],
): Promise<{ driver: Driver; databaseUrl?: string; skipped?: string }[]> {
  const out: { driver: Driver; databaseUrl?: string; skipped?: string }[] = []
  for (const driver of drivers) {
    if (driver !== 'postgres') {
      out.push({ driver })
      continue
    }
    const found = await postgresUrl()
    out.push('reason' in found ? { driver, skipped: found.reason } : { driver, databaseUrl: found.url })
  }
  return out
}

/** The team benchmark (team.ts), printed, and written unless the load settings differ. */
async function teamPart(options: {
  command: string
  drivers: Driver[]
  duration: number
  connections: number
  profileDir: string | undefined
  partial: boolean
}): Promise<void> {
  log('')
  log('A team of five members, 2,000 bookings each …')
  const report = await runTeamBenchmark({
    command: options.command,
    drivers: await driversWithUrls(options.drivers),
    connections: options.connections,
    durationSeconds: options.duration,
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
    log,
  })
  log('')
  log(teamConsole(report))
  if (options.partial && !args.write && !args['no-write']) {
    log('\nPartial run: docs/PERFORMANCE.md left alone (add --write to update it).')
  } else if (!args['no-write']) {
    writeMarkdown(DOC, teamSection(report), { start: TEAM_MARKER_START, end: TEAM_MARKER_END })
    log(`\nWrote ${DOC}`)
  }
}

/**
 * The reminders benchmark (reminders.ts), printed, and written unless other drivers were asked for
 * (duration and connections do not apply: it sends a fixed number of reminders).
 */
async function remindersPart(options: { command: string; drivers: Driver[]; profileDir: string | undefined }) {
  log('')
  log('Reminders due in the same minute …')
  const report = await runRemindersBenchmark({
    command: options.command,
    drivers: await driversWithUrls(options.drivers),
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
    log,
  })
  log('')
  log(remindersConsole(report))
  const profiles = report.results.flatMap((r) => r.rounds.map((round) => round.profileFile)).filter(Boolean)
  if (profiles.length > 0) log(`\nCPU profiles (open in Chrome DevTools): ${profiles.join(', ')}`)
  if (args.drivers !== 'pglite,postgres' && !args.write && !args['no-write']) {
    log('\nPartial run: docs/PERFORMANCE.md left alone (add --write to update it).')
  } else if (!args['no-write']) {
    writeMarkdown(DOC, remindersSection(report), { start: REMINDERS_MARKER_START, end: REMINDERS_MARKER_END })
    log(`\nWrote ${DOC}`)
  }
}

/**
 * Lighthouse on the public pages and the signed-in agenda of the built app (vitals.ts), printed,
 * and written (load settings do not apply; the section says how many runs it took) unless only
 * some pages were measured: the section would lose the others.
 */
async function vitalsPart(options: {
  command: string
  runs: number
  pages: VitalsPages
  keepIn?: string
}): Promise<void> {
  log('Core Web Vitals: Lighthouse (mobile, simulated throttling) on the pages of the built app …')
  const report = await runVitalsBenchmark({ ...options, log })
  log('')
  log(vitalsConsole(report))
  if (options.pages !== 'all' && !args.write) {
    log('\nPartial run: docs/PERFORMANCE.md left alone (add --write to update it).')
  } else if (!args['no-write']) {
    writeMarkdown(DOC, vitalsSection(report), { start: VITALS_MARKER_START, end: VITALS_MARKER_END })
    log(`\nWrote ${DOC}`)
  }
}

/** The calendar-sync benchmarks (calendar.ts), printed, and written unless the load settings differ. */
async function calendarPart(options: {
  command: string
  drivers: Driver[]
  duration: number
  connections: number
  profileDir: string | undefined
  partial: boolean
}): Promise<void> {
  log('')
  log('Background jobs and calendar sync …')
  const drivers: CalendarBenchOptions['drivers'] = []
  for (const driver of options.drivers) {
    if (driver !== 'postgres') {
      drivers.push({ driver })
      continue
    }
    const found = await postgresUrl()
    drivers.push('reason' in found ? { driver, skipped: found.reason } : { driver, databaseUrl: found.url })
  }
  const report = await runCalendarBenchmarks({
    command: options.command,
    drivers,
    connections: options.connections,
    durationSeconds: options.duration,
    bookings: 200,
    bookingConcurrency: 10,
    jobs: 2000,
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
    log,
  })
  log('')
  log(calendarConsole(report))
  if (options.partial && !args.write && !args['no-write']) {
    log('\nPartial run: docs/PERFORMANCE.md left alone (add --write to update it).')
  } else if (!args['no-write']) {
    writeMarkdown(DOC, calendarSection(report), { start: CALENDAR_MARKER_START, end: CALENDAR_MARKER_END })
    log(`\nWrote ${DOC}`)
  }
}

/**
 * Salons besides SAL001 for the booking load: each offers about 1,200 non-overlapping 20-minute
 * slots over the 90-day horizon, so the pool (~10,000 slots) outlasts the warm-up, a 10-second run and the profiled run at several hundred bookings/s.
 */
const EXTRA_SALONS = 8

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
