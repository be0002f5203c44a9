import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname } from 'node:path'
import type { OtherActivity } from './activity'
import type { EngineCase, EngineResult } from './engine'
import type { DriverResult, LoadResult } from './http'
import type { ProfileSummary } from './profile'
import { benchPoolSize } from './protocol'

/** Machine facts, the console table and the generated section of docs/PERFORMANCE.md. */

export const MARKER_START = '<!-- bench:start -->'
export const MARKER_END = '<!-- bench:end -->'

export const TARGETS = {
  engineMedianMs: 2,
  availabilityP99Ms: 50,
} as const

export interface Machine {
  cpus: number
  cpuModel: string
  memoryGiB: number
  /** 1, 5 and 15-minute load averages when the run started (other work on the machine skews the figures). */
  loadAverage: number[]
  os: string
  node: string
  commit: string
}

export function describeMachine(): Machine {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown'
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'))
    if (line) cpuModel = line.slice(line.indexOf(':') + 1).trim()
  } catch {
    // Not Linux: keep os.cpus()'s model.
  }
  let commit = 'unknown'
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: 'pipe' }).trim()
    commit = git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? ' (with uncommitted changes)' : '')
  } catch {
    // Not a git checkout.
  }
  return {
    cpus: os.availableParallelism(),
    cpuModel,
    memoryGiB: os.totalmem() / 1024 ** 3,
    loadAverage: os.loadavg(),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    commit,
  }
}

/** Cumulative CPU jiffies of the whole machine (Linux /proc/stat), to see how much the host stole. */
export function cpuTimes(): { total: number; steal: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? []
    // user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user).
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0)
    return total > 0 ? { total, steal: fields[7] ?? 0 } : undefined
  } catch {
    return undefined
  }
}

export interface BenchReport {
  date: Date
  command: string
  machine: Machine
  engine?: EngineResult
  http: DriverResult[]
  /** Drivers not measured, with the reason. */
  skipped: { driver: string; reason: string }[]
  totalSeconds: number
  /** Share of CPU time the hypervisor gave to others during the run (steal), in %. */
  stealPercent?: number
  /** CPU used by other programs on the machine during the run. */
  otherActivity?: OtherActivity
}

/** Above this share of the machine used by other programs (or stolen), the report warns that figures are pessimistic. */
const BUSY_MACHINE_PERCENT = 5

export function describeActivity(activity: OtherActivity): string {
  const top = activity.top.map((t) => `\`${t.command}\` ${t.cpuSeconds.toFixed(1)} s`).join(', ')
  return `${activity.cpuSeconds.toFixed(1)} CPU-seconds, ${activity.percentOfMachine.toFixed(1)} % of the machine${top ? ` (most: ${top})` : ''}`
}

export interface TargetRow {
  figure: string
  value: string
  target: string
  meets: boolean | undefined
}

export const ms = (value: number) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(2)} ms`)

/** One engine input as a table row, for the terminal table and the Markdown one alike. */
const engineRow = (c: EngineCase): string[] => [
  c.label,
  String(c.busyCount),
  String(c.slots),
  ms(c.summary.p50),
  ms(c.summary.p99),
  ms(c.summary.mean),
  ms(c.summary.max),
]
const rate = (value: number) => `${value.toFixed(0)} req/s`
export const pct = (value: number) => `${value.toFixed(0)} %`
export const verdict = (meets: boolean | undefined) => (meets === undefined ? '—' : meets ? 'yes' : '**NO**')

/** "PostgreSQL 15.20 (Debian …) on x86_64…" → "PostgreSQL 15.20"; PGlite keeps its own version. */
export function shortVersion(version: string): string {
  const pg = /PostgreSQL [\d.]+/.exec(version)?.[0] ?? version
  const pglite = /PGlite [\d.]+/.exec(version)?.[0]
  return pglite ? `${pglite} (${pg}, WASM)` : pg
}

export function statuses(load: LoadResult): string {
  const total = Object.values(load.statusCounts).reduce((a, b) => a + b, 0) || 1
  const parts = Object.entries(load.statusCounts).map(
    ([code, count]) => `${code}: ${count} (${((100 * count) / total).toFixed(0)} %)`,
  )
  if (load.errors) parts.push(`errors: ${load.errors}`)
  if (load.timeouts) parts.push(`timeouts: ${load.timeouts}`)
  return parts.join(', ') || 'none'
}

export function targetRows(report: BenchReport): TargetRow[] {
  const rows: TargetRow[] = []
  for (const c of report.engine?.cases ?? []) {
    if (c.diagnostic) continue
    rows.push({
      figure: `Engine, 90 days / 45 min, ${c.label}: median`,
      value: ms(c.summary.p50),
      target: `< ${TARGETS.engineMedianMs} ms`,
      meets: c.summary.p50 < TARGETS.engineMedianMs,
    })
    rows.push({ figure: `Engine, ${c.label}: p99`, value: ms(c.summary.p99), target: '—', meets: undefined })
  }
  for (const d of report.http) {
    const onPostgres = d.driver === 'postgres'
    const a = d.availability
    rows.push({
      figure: `${d.driver}: GET availability (7 days), ${a.connections} connections: p99`,
      value: ms(a.latency.p99),
      target: onPostgres ? `< ${TARGETS.availabilityP99Ms} ms` : '— (target is for PostgreSQL)',
      meets: onPostgres ? a.latency.p99 < TARGETS.availabilityP99Ms : undefined,
    })
    rows.push({
      figure: `${d.driver}: GET availability: throughput / p50`,
      value: `${rate(a.requestsPerSecond)} / ${ms(a.latency.p50)}`,
      target: '—',
      meets: undefined,
    })
    const b = d.booking
    rows.push({
      figure: `${d.driver}: POST booking, ${b.connections} connections: throughput / p50 / p99`,
      value: `${rate(b.requestsPerSecond)} / ${ms(b.latency.p50)} / ${ms(b.latency.p99)}`,
      target: '—',
      meets: undefined,
    })
  }
  for (const s of report.skipped) {
    rows.push({ figure: `${s.driver}: HTTP load`, value: `not measured: ${s.reason}`, target: '—', meets: undefined })
  }
  return rows
}

/** A plain-text table for the console. */
export function textTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

export function markdownTable(headers: string[], rows: string[][]): string {
  const escapeCell = (cell: string) => cell.replaceAll('|', '\\|')
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(escapeCell).join(' | ')} |`),
  ].join('\n')
}

function loadRow(driver: string, load: LoadResult): string[] {
  return [
    driver,
    load.label,
    `${load.requests} in ${load.seconds.toFixed(1)} s`,
    rate(load.requestsPerSecond),
    ms(load.latency.p50),
    ms(load.latency.p99),
    ms(load.latency.max),
    statuses(load),
    pct(load.serverCpuPercent),
    pct(100 * load.serverEventLoopUtilization),
  ]
}

const LOAD_HEADERS = [
  'Database',
  'Scenario',
  'Requests',
  'Throughput',
  'p50',
  'p99',
  'max',
  'Statuses',
  'Server CPU',
  'Event loop busy',
]

export function consoleReport(report: BenchReport): string {
  const out: string[] = []
  if (report.engine) {
    out.push('Engine micro-benchmark (findFreeSlots, 90 days, 45-min service)')
    out.push(
      textTable(['Input', 'busy entries', 'slots', 'median', 'p99', 'mean', 'max'], report.engine.cases.map(engineRow)),
    )
    out.push('')
  }
  if (report.http.length > 0) {
    out.push('HTTP load (autocannon, 127.0.0.1)')
    out.push(
      textTable(
        LOAD_HEADERS,
        report.http.flatMap((d) => loadLoads(d).map((l) => loadRow(d.driver, l))),
      ),
    )
    out.push('')
  }
  out.push(
    `Load average (1 min) at start ${report.machine.loadAverage[0]?.toFixed(2)}${
      report.stealPercent === undefined ? '' : `; CPU stolen by the hypervisor ${report.stealPercent.toFixed(1)} %`
    }${report.otherActivity ? `; other programs: ${describeActivity(report.otherActivity)}` : ''}`,
  )
  out.push('')
  out.push('Targets')
  out.push(
    textTable(
      ['Figure', 'Value', 'Target', 'Meets'],
      targetRows(report).map((r) => [
        r.figure,
        r.value,
        r.target,
        r.meets === undefined ? '—' : r.meets ? 'yes' : 'NO',
      ]),
    ),
  )
  return out.join('\n')
}

function loadLoads(d: DriverResult): LoadResult[] {
  return [...(d.baseline ? [d.baseline] : []), d.availability, d.booking]
}

export function profileTable(profile: ProfileSummary): string {
  const packages = profile.byPackage
    .slice(0, 8)
    .map((p) => `${p.name} ${p.percent.toFixed(0)} %`)
    .join(', ')
  const functions = profile.topFunctions
    .slice(0, 8)
    .map((p) => `\`${p.name}\` ${p.percent.toFixed(0)} %`)
    .join(', ')
  return `  - by package: ${packages}\n  - hottest functions: ${functions}`
}

/** Observations the figures support on their own, so they stay true when the section is regenerated. */
function notes(report: BenchReport): string[] {
  const lines: string[] = []
  const engine = report.engine
  if (engine) {
    const [all, inRange, empty] = engine.cases
    if (all && inRange) {
      lines.push(
        `Engine: passing all ${engine.bookings.toLocaleString('en-US')} bookings instead of the ${inRange.busyCount} busy entries in range costs ${ms(all.summary.p50 - inRange.summary.p50)} more per query (median).${
          empty
            ? ` With no busy time at all a query takes ${ms(empty.summary.p50)} (${pct((100 * empty.summary.p50) / inRange.summary.p50)} of the in-range median): the part that does not depend on bookings (the 90 days of opening windows in the salon's zone, and the slot grid).`
            : ''
        }`,
      )
    }
  }
  for (const d of report.http) {
    const a = d.availability
    const littlesLaw = (1000 * a.connections) / a.requestsPerSecond
    const waiting = 100 * a.serverEventLoopUtilization - a.serverCpuPercent
    lines.push(
      `${d.driver}: under availability load the server's event loop was busy ${pct(100 * a.serverEventLoopUtilization)} of the time (CPU ${pct(a.serverCpuPercent)} of one core): ${
        a.serverEventLoopUtilization > 0.9
          ? `the single Node process is saturated, so latency is queueing: ${a.connections} connections ÷ ${rate(a.requestsPerSecond)} ≈ ${ms(littlesLaw)} per request (Little's law).${
              d.driver === 'postgres'
                ? ` A p99 under ${TARGETS.availabilityP99Ms} ms at ${a.connections} connections needs well over ${Math.ceil((1000 * a.connections) / TARGETS.availabilityP99Ms)} req/s.`
                : ''
            }`
          : 'the server is not saturated.'
      }${
        waiting > 10
          ? ` The event loop was busy ${pct(100 * a.serverEventLoopUtilization)} of the time but the process ran on a CPU only ${pct(a.serverCpuPercent)}: for the remaining ~${pct(waiting)} it waited for a CPU shared with ${d.driver === 'postgres' ? 'PostgreSQL and ' : ''}autocannon. CPU profiles (wall-clock sampling) charge most of that wait to \`writev\`, the system call that hands a query or a response to another process and wakes it.`
          : ''
      }`,
    )
    if (d.baseline) {
      lines.push(
        `${d.driver}: baseline GET /api/health (one \`select 1\`) reaches ${rate(d.baseline.requestsPerSecond)} (p99 ${ms(d.baseline.latency.p99)}) on the same setup, ${(d.baseline.requestsPerSecond / a.requestsPerSecond).toFixed(1)}× the availability throughput (which runs 3 queries per request: the salon, the service, and its schedule — hours, absences and bookings in one row).`,
      )
    }
    if (a.profile)
      lines.push(`${d.driver}: server CPU profile of a separate availability run:\n${profileTable(a.profile)}`)
    if (d.booking.profile)
      lines.push(`${d.driver}: server CPU profile of a separate booking run:\n${profileTable(d.booking.profile)}`)
  }
  return lines
}

/**
 * The head of a generated part's section (calendar, team, reminders): its marker and title, what
 * rewrites it, when, by which command on which commit, and the machine it ran on.
 */
export function generatedSectionHead(
  part: {
    marker: string
    name: string
    title: string
    script: string
    /** When the part runs (default: also in a full `npm run bench`). */
    runs?: string
  },
  report: {
    date: Date
    command: string
    totalSeconds: number
    machine: Machine
    stealPercent?: number
    otherActivity?: OtherActivity
  },
  databases: string[],
  sharing: string,
): string[] {
  return [
    part.marker,
    `## ${part.title}`,
    '',
    `_Generated by \`${part.script}\` (${part.runs ?? 'also part of a full `npm run bench`'}); everything between the \`${part.name}\` markers is rewritten on each run._`,
    '',
    `- **Date:** ${report.date.toISOString()}`,
    `- **Command:** \`${report.command}\` (${report.totalSeconds.toFixed(0)} s)`,
    `- **Commit:** ${report.machine.commit}`,
    '',
    ...machineLines(
      {
        machine: report.machine,
        ...(report.stealPercent === undefined ? {} : { stealPercent: report.stealPercent }),
        ...(report.otherActivity ? { otherActivity: report.otherActivity } : {}),
        databases,
      },
      sharing,
    ),
  ]
}

/** The machine a run was measured on, how busy it was, and a warning when that skews the figures. */
export function machineLines(
  run: { machine: Machine; stealPercent?: number; otherActivity?: OtherActivity; databases: string[] },
  sharing: string,
): string[] {
  const { machine, stealPercent, otherActivity } = run
  return [
    '### Machine',
    '',
    markdownTable(
      ['', ''],
      [
        ['CPUs (nproc)', String(machine.cpus)],
        ['CPU model', machine.cpuModel],
        ['Memory', `${machine.memoryGiB.toFixed(1)} GiB`],
        ['OS', machine.os],
        ['Node.js', machine.node],
        ['Load average at start (1/5/15 min)', machine.loadAverage.map((l) => l.toFixed(2)).join(' / ')],
        ...(stealPercent === undefined
          ? []
          : [['CPU stolen by the hypervisor during the run', `${stealPercent.toFixed(1)} %`]]),
        ...(otherActivity ? [['Other programs during the run', describeActivity(otherActivity)]] : []),
        ['Databases', run.databases.join('; ') || 'none measured'],
      ],
    ),
    '',
    sharing,
    ...((machine.loadAverage[0] ?? 0) > machine.cpus / 2
      ? [
          '',
          `**The machine was not idle when the run started** (load ${machine.loadAverage[0]?.toFixed(2)} on ${machine.cpus} CPUs): the figures below are pessimistic.`,
        ]
      : []),
    ...((stealPercent ?? 0) > BUSY_MACHINE_PERCENT
      ? [
          '',
          `**The hypervisor gave ${stealPercent?.toFixed(0)} % of the CPU time to other machines during the run** (steal): the figures below are pessimistic.`,
        ]
      : []),
    ...((otherActivity?.percentOfMachine ?? 0) > BUSY_MACHINE_PERCENT
      ? [
          '',
          `**Other programs used ${otherActivity?.percentOfMachine.toFixed(0)} % of the machine during the run**: the figures below are pessimistic.`,
        ]
      : []),
    '',
  ]
}

export function markdownSection(report: BenchReport): string {
  const { machine } = report
  const versions = report.http.map((d) => `${d.driver}: ${shortVersion(d.databaseVersion)}`)
  const out: string[] = [
    MARKER_START,
    '## Benchmarks (`npm run bench`)',
    '',
    `_Generated by \`scripts/bench/run.ts\`; everything between the \`bench\` markers is rewritten on each run._`,
    '',
    `- **Date:** ${report.date.toISOString()}`,
    `- **Command:** \`${report.command}\` (${report.totalSeconds.toFixed(0)} s)`,
    `- **Commit:** ${machine.commit}`,
    '',
    ...machineLines(
      { machine, stealPercent: report.stealPercent, otherActivity: report.otherActivity, databases: versions },
      'The load generator (autocannon), the app server (one Node process) and PostgreSQL share these CPUs.',
    ),
    '### Against the targets',
    '',
    markdownTable(
      ['Figure', 'Value', 'Target', 'Meets'],
      targetRows(report).map((r) => [r.figure, r.value, r.target, verdict(r.meets)]),
    ),
    '',
  ]

  const engine = report.engine
  if (engine) {
    out.push(
      '### Availability engine (micro-benchmark)',
      '',
      `\`findFreeSlots\` over ${engine.rangeDays} days for a ${engine.durationMinutes}-minute service, "now" = Tuesday 1 December 2026 08:30 (Paris). Salon: Europe/Paris, Tue–Fri 09:00–19:00, Sat 09:00–17:00, 15-minute grid, 60-minute notice, 90-day horizon; ${engine.bookings.toLocaleString('en-US')} non-overlapping bookings inside opening hours from ${engine.firstDate} to ${engine.lastDate} (about half before "now"), ${engine.timeOff} absences. Busy list in database order (absences, then bookings by start), as \`loadSalonSchedule\` builds it. ${engine.warmup} warm-up queries, then ${engine.iterations} timed with \`performance.now()\` per input (the same query each time, so whatever the code caches between calls is warm). All bookings and only those in range must return the same slots; the third input (no busy time at all) is a diagnostic of the fixed cost, not held to the target.`,
      '',
      markdownTable(
        ['Input', 'Busy entries', 'Slots found', 'Median', 'p99', 'Mean', 'Max'],
        engine.cases.map(engineRow),
      ),
      '',
    )
  }

  if (report.http.length > 0 || report.skipped.length > 0) {
    const first = report.http[0]
    out.push(
      '### HTTP load',
      '',
      `autocannon (programmatic) against the app listening on 127.0.0.1 (random port) in its own Node process, assembled as \`server/main.ts\` does with its job engine and workers (demo salon SAL001, manual clock at 2026-12-01T08:30+01:00) on a fresh database (a PostgreSQL pool of ${benchPoolSize()} connections, as a server opens on this machine)${
        first
          ? `: SAL001 also holds the ${first.seeded.bookings.toLocaleString('en-US')}-booking history of the engine benchmark and ${first.seeded.timeOff} absences`
          : ''
      }. Latencies are over every response, from autocannon's per-response timings; each run is time-bounded.`,
      '',
      '- **GET availability:** `/api/salons/SAL001/availability?serviceId=<Coupe femme>&from=…&to=…`, a 7-day range rotating through the 12 weeks from 1 December 2026, after a 3-second warm-up.',
      `- **POST booking:** \`/api/salons/SALxxx/bookings\` with \`{serviceId, startsAt, customer: {name}}\` for "Taille de barbe" (20 min), each with the session cookie of a professional of that salon (opened in the database before the run). Every request takes a different slot: the free starts of the next 90 days are read from the availability endpoint, thinned so none overlap, and interleaved over ${first ? `${first.booking.salons} salons (SAL001 and ${first.booking.salons - 1} extra salons with the same week)` : 'several salons'}${first ? `, ${first.booking.poolSize.toLocaleString('en-US')} slots in all` : ''}; 300 bookings of warm-up first. A 409 means a slot was taken twice (only if the pool ran out).`,
      '- **Baseline:** `GET /api/health` (one `select 1`) under the same load, for the ceiling of the stack itself.',
      '',
      markdownTable(
        LOAD_HEADERS,
        report.http.flatMap((d) => loadLoads(d).map((l) => loadRow(d.driver, l))),
      ),
      '',
    )
    for (const s of report.skipped) out.push(`${s.driver}: not measured (${s.reason}).`, '')
  }

  const observations = notes(report)
  if (observations.length > 0) {
    out.push('### Notes', '', ...observations.map((n) => `- ${n}`), '')
  }
  out.push(MARKER_END)
  return out.join('\n')
}

/** Rewrites the section between the markers (or appends it), leaving the rest of the file alone. */
export function writeMarkdown(
  file: string,
  section: string,
  markers: { start: string; end: string } = { start: MARKER_START, end: MARKER_END },
): void {
  const header = '# Performance\n\nFigures measured on a real run; each section says how to reproduce it.\n\n'
  let text = existsSync(file) ? readFileSync(file, 'utf8') : header
  const start = text.indexOf(markers.start)
  const end = text.indexOf(markers.end)
  if (start >= 0 && end > start) {
    text = text.slice(0, start) + section + text.slice(end + markers.end.length)
  } else {
    text = `${text.replace(/\s*$/, '')}\n\n${section}\n`
  }
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`)
}
