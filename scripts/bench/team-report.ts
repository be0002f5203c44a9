import type { LoadResult } from './http'
import { benchPoolSize, type TeamEngineCase } from './protocol'
import {
  generatedSectionHead,
  markdownTable,
  ms,
  pct,
  profileTable,
  shortVersion,
  statuses,
  TARGETS,
  textTable,
  verdict,
} from './report'
import type { TeamBenchReport, TeamDriverResult } from './team'
import { BENCH_TEAM } from './team-fixtures'

/** The team section of docs/PERFORMANCE.md and its console summary (see team.ts). */

export const TEAM_MARKER_START = '<!-- team:start -->'
export const TEAM_MARKER_END = '<!-- team:end -->'

const en = (value: number) => value.toLocaleString('en-US')
const rate = (value: number) => `${value.toFixed(0)} req/s`

function targetRows(report: TeamBenchReport): string[][] {
  const rows: string[][] = []
  for (const r of report.results) {
    const a = r.availability
    const onPostgres = r.driver === 'postgres'
    rows.push([
      `${r.driver}: GET availability (7 days), ${a.connections} connections, 5 members × ${en(r.seeded.perMember[0] ?? 0)} bookings: p99`,
      ms(a.latency.p99),
      onPostgres ? `< ${TARGETS.availabilityP99Ms} ms` : '— (target is for PostgreSQL)',
      onPostgres ? verdict(a.latency.p99 < TARGETS.availabilityP99Ms) : '—',
    ])
    rows.push([
      `${r.driver}: GET availability: throughput / p50`,
      `${rate(a.requestsPerSecond)} / ${ms(a.latency.p50)}`,
      '—',
      '—',
    ])
  }
  // The engine does not depend on the database: one driver's figures are enough for the targets.
  const engineOf = report.results.find((r) => r.driver === 'postgres') ?? report.results[0]
  for (const c of engineOf?.engine ?? []) {
    if (c.diagnostic) continue
    rows.push([
      `Team engine (findTeamFreeSlots), ${c.label}: median`,
      ms(c.engine.p50),
      `< ${TARGETS.engineMedianMs} ms`,
      verdict(c.engine.p50 < TARGETS.engineMedianMs),
    ])
  }
  for (const r of report.results) {
    const [week] = r.engine
    if (week)
      rows.push([
        `${r.driver}: repository read (readScheduleFacts), ${week.label}: median`,
        ms(week.read.p50),
        '—',
        '—',
      ])
  }
  for (const s of report.skipped) rows.push([s.driver, `not measured: ${s.reason}`, '—', '—'])
  return rows
}

const ENGINE_HEADERS = [
  'Database',
  'Input',
  'Members judged',
  'Busy entries',
  'Slots found',
  'Read median',
  'Read p99',
  'Engine median',
  'Engine p99',
  'Engine max',
]

function engineRows(results: TeamDriverResult[]): string[][] {
  return results.flatMap((r) =>
    r.engine.map((c: TeamEngineCase) => [
      r.driver,
      c.label,
      String(c.members),
      en(c.busy),
      en(c.slots),
      ms(c.read.p50),
      ms(c.read.p99),
      ms(c.engine.p50),
      ms(c.engine.p99),
      ms(c.engine.max),
    ]),
  )
}

const LOAD_HEADERS = [
  'Database',
  'Requests',
  'Throughput',
  'p50',
  'p99',
  'max',
  'Statuses',
  'Server CPU',
  'Event loop busy',
]

function loadRows(results: TeamDriverResult[]): string[][] {
  return results.flatMap(({ driver, baseline, availability }) =>
    [baseline, availability].map((a) => loadRow(driver, a)),
  )
}

function loadRow(driver: string, a: LoadResult): string[] {
  return [
    driver,
    a.label,
    `${a.requests} in ${a.seconds.toFixed(1)} s`,
    rate(a.requestsPerSecond),
    ms(a.latency.p50),
    ms(a.latency.p99),
    ms(a.latency.max),
    statuses(a),
    pct(a.serverCpuPercent),
    pct(100 * a.serverEventLoopUtilization),
  ]
}

function teamLine(): string {
  return BENCH_TEAM.map((m, i) => {
    const who = i < 2 ? `the demo's member ${i + 1}` : m.name
    if (!m.hours) return `${who} (the salon's hours)`
    const days = [...new Set(m.hours.map((h) => h.weekday))].length
    const first = m.hours[0]
    const hh = (minute: number) =>
      `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
    return `${who} (${days} days a week, ${first ? `${hh(first.opens)}–${hh(first.closes)}` : ''})`
  }).join(', ')
}

/** Observations the figures support on their own, so they stay true when the section is regenerated. */
function notes(report: TeamBenchReport): string[] {
  const lines: string[] = []
  for (const r of report.results) {
    const a = r.availability
    const week = r.engine[0]
    const serviceMs = (1000 * a.connections) / a.requestsPerSecond
    lines.push(
      `${r.driver}: the server's event loop was busy ${pct(100 * a.serverEventLoopUtilization)} of the time (CPU ${pct(a.serverCpuPercent)} of one core)${
        a.serverEventLoopUtilization > 0.9
          ? `: saturated, so latency is mostly queueing — ${a.connections} connections ÷ ${rate(a.requestsPerSecond)} ≈ ${ms(serviceMs)} per request (Little's law)`
          : ''
      }.${week ? ` One request alone reads its schedule in ${ms(week.read.p50)} (median) and the engine answers in ${ms(week.engine.p50)}.` : ''}`,
    )
    lines.push(
      `${r.driver}: the baseline GET /api/health (one \`select 1\`) reached ${rate(r.baseline.requestsPerSecond)} (p99 ${ms(r.baseline.latency.p99)}) under the same load, ${(r.baseline.requestsPerSecond / a.requestsPerSecond).toFixed(1)}× the availability throughput: the ceiling of the stack on the machine as it was during the run, to compare runs made on a machine more or less busy.`,
    )
    const [, ninety, single] = r.engine
    if (ninety && single && single.engine.p50 > 0) {
      lines.push(
        `${r.driver}: over 90 days the engine judges ${ninety.members} members in ${ms(ninety.engine.p50)} against ${ms(single.engine.p50)} for one member asked for (${(ninety.engine.p50 / single.engine.p50).toFixed(1)}×): each member is judged on their own schedule, then the starts are merged.`,
      )
    }
    if (a.profile)
      lines.push(`${r.driver}: server CPU profile of a separate availability run:\n${profileTable(a.profile)}`)
  }
  return lines
}

export function teamSection(report: TeamBenchReport): string {
  const first = report.results[0]
  const seeded = first?.seeded
  const out = [
    ...generatedSectionHead(
      {
        marker: TEAM_MARKER_START,
        name: 'team',
        title: 'A team of five (`npm run bench -- --only=team`)',
        script: 'scripts/bench/team.ts',
      },
      report,
      report.results.map((r) => `${r.driver}: ${shortVersion(r.databaseVersion)}`),
      'The load generator (autocannon), the app server (one Node process) and PostgreSQL share these CPUs.',
    ),
    '### Against the targets',
    '',
    markdownTable(['Figure', 'Value', 'Target', 'Meets'], targetRows(report)),
    '',
    '### The salon',
    '',
    seeded
      ? `The demo salon SAL001 (Europe/Paris, Tue–Fri 09:00–19:00, Sat 09:00–17:00, 15-minute grid, manual clock at 2026-12-01T08:30+01:00) with ${seeded.members} members who all perform every active service: ${teamLine()}. Each has ${en(seeded.perMember[0] ?? 0)} bookings of the salon's services inside their own hours, back to back or with a pause of up to 45 minutes, from ${seeded.firstDate} to ${seeded.lastDate} (each member's period centred on "now": about half past, half to come; ${en(seeded.bookings)} in all, ${en(seeded.cancelled)} of them cancelled), for ${en(seeded.customers)} customers. Absences: ${seeded.salonTimeOff} of the whole salon (Christmas, a summer week, a training day every 41 days) and ${seeded.memberTimeOff} of single members (a week a quarter, a day a month each); each of the ${seeded.dailyBreaks} members has a daily lunch break (a weekly block, 12:30–13:15 Tuesday to Saturday). Bookings keep their service's phases: a Coloration's 40 minutes of processing leave its member free. The load asks in turn for Coupe femme and for Coloration, whose free times count the processing pause as free time. Tables vacuumed and planner statistics fresh (\`vacuum analyze\`) before measuring, as autovacuum keeps a live database.`
      : 'Not measured.',
    '',
    '### Repository read and team engine',
    '',
    `In the server's process, one call at a time, for Coupe femme (45 min) from "now": the read behind every availability answer (\`readScheduleFacts\`: hours, members, absences and bookings touching the range plus 12 hours, in one row; ${report.readIterations} timed calls after a warm-up), and \`findTeamFreeSlots\` on the schedule \`loadTeamSchedule\` builds from it (${report.engineWarmup} warm-up calls, then ${en(report.engineIterations)} timed with \`performance.now()\`). The one-member row is a comparison, not held to the target.`,
    '',
    markdownTable(ENGINE_HEADERS, engineRows(report.results)),
    '',
    '### HTTP load',
    '',
    `The HTTP benchmark's availability load on this salon, and its baseline (\`GET /api/health\`, 5 s) for the ceiling of the stack: autocannon against the app in its own Node process on 127.0.0.1 (a PostgreSQL pool of ${benchPoolSize()} connections, as a server opens on this machine), \`GET /api/salons/SAL001/availability?serviceId=<Coupe femme>&from=…&to=…\`, a 7-day range rotating through the 12 weeks from 1 December 2026, ${first ? `${first.availability.connections} connections, ${first.availability.seconds.toFixed(0)} s` : ''} after a 3-second warm-up; latencies over every response.`,
    '',
    markdownTable(LOAD_HEADERS, loadRows(report.results)),
    '',
  ]
  for (const s of report.skipped) out.push(`${s.driver}: not measured (${s.reason}).`, '')
  const observations = notes(report)
  if (observations.length > 0) out.push('### Notes', '', ...observations.map((n) => `- ${n}`), '')
  out.push(TEAM_MARKER_END)
  return out.join('\n')
}

export function teamConsole(report: TeamBenchReport): string {
  return [
    'Repository read and team engine',
    textTable(ENGINE_HEADERS, engineRows(report.results)),
    '',
    'Availability under load',
    textTable(LOAD_HEADERS, loadRows(report.results)),
    '',
    textTable(['Figure', 'Value', 'Target', 'Meets'], targetRows(report)),
    '',
    ...notes(report).map((n) => `- ${n}`),
  ].join('\n')
}
