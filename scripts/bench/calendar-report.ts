import type { BusyTimesResult } from './busy-times'
import type { CalendarBenchReport } from './calendar'
import type { CalendarPushResult } from './calendar-push'
import type { JobsResult } from './jobs'
import type { ProfileSummary } from './profile'
import {
  generatedSectionHead,
  markdownTable,
  ms,
  pct,
  shortVersion,
  statuses,
  TARGETS,
  textTable,
  verdict,
} from './report'

/** The calendar-sync section of docs/PERFORMANCE.md and its console summary (see calendar.ts). */

export const CALENDAR_MARKER_START = '<!-- calendar:start -->'
export const CALENDAR_MARKER_END = '<!-- calendar:end -->'

const rate = (value: number, unit: string) => `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${unit}`
const seconds = (value: number) => `${value.toFixed(1)} s`
const en = (value: number) => value.toLocaleString('en-US')

/** The worst p99 of the runs with (or without) busy times. */
function worstP99(result: BusyTimesResult, withBusyTimes: boolean): number {
  return Math.max(...result.runs.filter((r) => r.busyTimes > 0 === withBusyTimes).map((r) => r.load.latency.p99))
}

function meanOf(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / (values.length || 1)
}

function targetRows(report: CalendarBenchReport): string[][] {
  const rows: string[][] = []
  for (const result of report.busyTimes) {
    const withBusy = worstP99(result, true)
    const onPostgres = result.driver === 'postgres'
    rows.push([
      `${result.driver}: GET availability (7 days), ${result.runs[0]?.load.connections} connections, ${en(result.events)} busy times: p99 (worst round)`,
      ms(withBusy),
      onPostgres ? `< ${TARGETS.availabilityP99Ms} ms` : '— (target is for PostgreSQL)',
      onPostgres ? verdict(withBusy < TARGETS.availabilityP99Ms) : '—',
    ])
    rows.push([
      `${result.driver}: the same without busy times: p99 (worst round)`,
      ms(worstP99(result, false)),
      '—',
      '—',
    ])
  }
  for (const push of report.pushes) {
    rows.push([
      `${push.driver}: booking → event in Google, burst of ${push.bookings}: p50 / p99`,
      `${ms(push.delay.p50)} / ${ms(push.delay.p99)}`,
      '—',
      '—',
    ])
  }
  for (const jobs of report.jobs) {
    const production = jobs.drain[0]
    if (production) {
      rows.push([
        `${jobs.driver}: job engine drain, ${production.concurrency} workers, ${production.pollingIntervalSeconds}-s polling`,
        rate(production.jobsPerSecond, 'jobs/s'),
        '—',
        '—',
      ])
    }
    const single = jobs.enqueue[0]
    if (single)
      rows.push([`${jobs.driver}: enqueue, one job per transaction`, rate(single.jobsPerSecond, 'jobs/s'), '—', '—'])
  }
  for (const s of report.skipped) rows.push([`${s.driver}`, `not measured: ${s.reason}`, '—', '—'])
  return rows
}

const BUSY_HEADERS = [
  'Database',
  'Busy times',
  'Round',
  'Requests',
  'Throughput',
  'p50',
  'p99',
  'max',
  'Statuses',
  'Server CPU',
  'Event loop busy',
]

function busyRows(results: BusyTimesResult[]): string[][] {
  return results.flatMap((result) =>
    result.runs.map(({ busyTimes, round, load }) => [
      result.driver,
      busyTimes > 0 ? en(busyTimes) : 'none',
      String(round),
      `${load.requests} in ${load.seconds.toFixed(1)} s`,
      rate(load.requestsPerSecond, 'req/s'),
      ms(load.latency.p50),
      ms(load.latency.p99),
      ms(load.latency.max),
      statuses(load),
      pct(load.serverCpuPercent),
      pct(100 * load.serverEventLoopUtilization),
    ]),
  )
}

const PUSH_HEADERS = [
  'Database',
  'Bookings',
  'At once',
  'Burst',
  'Booking answer p50 / p99',
  'Event after answer p50',
  'p99',
  'max',
  'Last event',
  'Calendar API calls',
  'Server CPU / event loop busy',
]

function pushRows(pushes: CalendarPushResult[]): string[][] {
  return pushes.map((p) => [
    p.driver,
    `${p.bookings} over ${p.days} days`,
    String(p.concurrency),
    seconds(p.burstSeconds),
    `${ms(p.answer.p50)} / ${ms(p.answer.p99)}`,
    ms(p.delay.p50),
    ms(p.delay.p99),
    ms(p.delay.max),
    `${seconds(p.allInSeconds)} after the first booking`,
    `${p.calendarRequests.inserts} inserts (${p.calendarRequests.conflicts} answered 409), ${p.calendarRequests.updates} updates, ${p.calendarRequests.lists} reads, ${p.calendarRequests.other} other; ${p.notifications} push notifications to the app`,
    `${pct(p.serverCpuPercent)} / ${pct(100 * p.serverEventLoopUtilization)}`,
  ])
}

const ENQUEUE_HEADERS = ['Database', 'Transactions at once', 'Jobs', 'Time', 'Jobs/s']
const DRAIN_HEADERS = [
  'Database',
  'Workers (localConcurrency)',
  'Polling',
  'Backlog',
  'Jobs run',
  'Time',
  'Jobs/s',
  'Workers ÷ polling',
]

function enqueueRows(jobs: JobsResult[]): string[][] {
  return jobs.flatMap((j) =>
    j.enqueue.map((e) => [
      j.driver,
      String(e.concurrency),
      en(e.jobs),
      seconds(e.seconds),
      rate(e.jobsPerSecond, 'jobs/s'),
    ]),
  )
}

function drainRows(jobs: JobsResult[]): string[][] {
  return jobs.flatMap((j) =>
    j.drain.map((d) => [
      j.driver,
      String(d.concurrency),
      `${d.pollingIntervalSeconds} s`,
      en(d.backlog),
      en(d.jobs),
      seconds(d.seconds),
      rate(d.jobsPerSecond, 'jobs/s'),
      rate(d.concurrency / d.pollingIntervalSeconds, 'jobs/s'),
    ]),
  )
}

function profileLine(driver: string, profile: ProfileSummary): string {
  const packages = profile.byPackage
    .slice(0, 6)
    .map((p) => `${p.name} ${p.percent.toFixed(0)} %`)
    .join(', ')
  return `${driver}: server CPU profile of a second burst, by package: ${packages}.`
}

/** Observations the figures support on their own, so they stay true when the section is regenerated. */
function notes(report: CalendarBenchReport): string[] {
  const lines: string[] = []
  for (const result of report.busyTimes) {
    const without = meanOf(result.runs.filter((r) => r.busyTimes === 0).map((r) => r.load.latency.p99))
    const withBusy = meanOf(result.runs.filter((r) => r.busyTimes > 0).map((r) => r.load.latency.p99))
    const rateWithout = meanOf(result.runs.filter((r) => r.busyTimes === 0).map((r) => r.load.requestsPerSecond))
    const rateWith = meanOf(result.runs.filter((r) => r.busyTimes > 0).map((r) => r.load.requestsPerSecond))
    lines.push(
      `${result.driver}: with ${en(result.events)} busy times the availability p99 is ${ms(withBusy)} against ${ms(without)} without (mean of the rounds), throughput ${rate(rateWith, 'req/s')} against ${rate(rateWithout, 'req/s')}.`,
    )
  }
  for (const push of report.pushes) {
    lines.push(
      `${push.driver}: the burst's ${push.bookings} bookings were answered in ${seconds(push.burstSeconds)} (${rate(push.bookings / push.burstSeconds, 'bookings/s')}); their events were all in Google ${seconds(push.allInSeconds)} after the first one (${rate(push.bookings / push.allInSeconds, 'events/s')}). ${push.calendarRequests.conflicts} of the ${push.calendarRequests.inserts} inserts met an event already there (409, then an update): the same booking pushed twice, by its own job and by a synchronisation that a push notification started.${push.beforeAnswer > 0 ? ` ${push.beforeAnswer} events were created before their booking's answer reached the client.` : ''}`,
    )
    if (push.profile) lines.push(profileLine(push.driver, push.profile))
  }
  for (const jobs of report.jobs) {
    const bound = jobs.drain.filter((d) => d.jobs < d.backlog)
    if (bound.length > 0) {
      lines.push(
        `${jobs.driver}: ${bound.length === jobs.drain.length ? 'no' : 'not every'} drain emptied its backlog of ${en(bound[0]?.backlog ?? 0)} within the time limit: ${bound.map((d) => `${d.concurrency} workers at ${d.pollingIntervalSeconds}-s polling ran ${rate(d.jobsPerSecond, 'jobs/s')} (workers ÷ polling = ${rate(d.concurrency / d.pollingIntervalSeconds, 'jobs/s')})`).join('; ')}. A pg-boss worker that fetched a job waits out the polling interval before its next fetch unless a notification arrives meanwhile; a backlog without new sends drains at one job per worker per interval, whatever the database can do.`,
      )
    }
  }
  return lines
}

export function calendarSection(report: CalendarBenchReport): string {
  const versions = new Map<string, string>()
  for (const r of [...report.busyTimes, ...report.pushes]) versions.set(r.driver, shortVersion(r.databaseVersion))
  const first = report.busyTimes[0]
  const push = report.pushes[0]
  const out = [
    ...generatedSectionHead(
      {
        marker: CALENDAR_MARKER_START,
        name: 'calendar',
        title: 'Background jobs and calendar sync (`npm run bench -- --only=calendar`)',
        script: 'scripts/bench/calendar.ts',
      },
      report,
      [...versions].map(([driver, version]) => `${driver}: ${version}`),
      'The load generator (autocannon or the booking clients), the fake Google (in the benchmark’s process), the app server (one Node process, its job workers included) and PostgreSQL share these CPUs.',
    ),
    '### Against the targets',
    '',
    markdownTable(['Figure', 'Value', 'Target', 'Meets'], targetRows(report)),
    '',
    '### Availability of a salon whose calendar is full',
    '',
    `The HTTP benchmark's availability load (SAL001 with its ${en(10_000)}-booking history, a 7-day range of Coupe femme rotating over 12 weeks, autocannon on 127.0.0.1${first ? `, ${first.runs[0]?.load.connections} connections, ${first.durationSeconds} s a run` : ''}), with SAL001's Google calendar connected (a \`google_accounts\` row) and the owner's own events stored as busy times through the calendar sync's repository (\`upsertBusyTimes\`): ${en(first?.events ?? 0)} of them over the ${first?.horizonDays ?? 90}-day horizon, seven days a week, ${first ? en(first.allDay) : '?'} all day (one to five days), the others starting between 07:00 and 21:45 and lasting 15 minutes to 3 hours. Runs without and with them alternate on one server, twice, each after a 1-second warm-up.`,
    '',
    markdownTable(BUSY_HEADERS, busyRows(report.busyTimes)),
    '',
    '### From a booking to its event in Google Calendar',
    '',
    `The app in its own process as a server runs it — the job engine with production timings (2-second polling, LISTEN/NOTIFY on) and every worker — with the owner signed in through the fake Google's consent screen (\`tests/fakes/google.ts\`, in the benchmark's process; push notifications on). Once the first synchronisation is over, ${push ? `${push.bookings} bookings of distinct free slots (the first ones in time order, over ${push.days} days) are sent ${push.concurrency} at a time` : 'a burst of bookings is sent'} through the API; for each, the time from its 201 answer to the \`created\` stamp of its event in the fake (one clock: both are read in the benchmark's process).`,
    '',
    markdownTable(PUSH_HEADERS, pushRows(report.pushes)),
    '',
    '### Job engine throughput',
    '',
    `\`JobEngine\` with a no-op handler on a queue with the settings of \`calendar.push-booking\` (stately, a key per job), on a fresh database, in the benchmark's process. Enqueue: each job sent in its own transaction, as a booking sends its push. Drain: a backlog of ${en(report.jobs[0]?.drain[0]?.backlog ?? 0)} jobs, then the workers started with JobEngine's production polling (unless the row says otherwise); a drain stops after 15 s and reports the rate so far.`,
    '',
    markdownTable(ENQUEUE_HEADERS, enqueueRows(report.jobs)),
    '',
    markdownTable(DRAIN_HEADERS, drainRows(report.jobs)),
    '',
  ]
  const observations = notes(report)
  if (observations.length > 0) out.push('### Notes', '', ...observations.map((n) => `- ${n}`), '')
  out.push(CALENDAR_MARKER_END)
  return out.join('\n')
}

export function calendarConsole(report: CalendarBenchReport): string {
  return [
    'Availability with busy times',
    textTable(BUSY_HEADERS, busyRows(report.busyTimes)),
    '',
    'Booking → Google Calendar event',
    textTable(PUSH_HEADERS, pushRows(report.pushes)),
    '',
    'Job engine',
    textTable(ENQUEUE_HEADERS, enqueueRows(report.jobs)),
    textTable(DRAIN_HEADERS, drainRows(report.jobs)),
    '',
    textTable(['Figure', 'Value', 'Target', 'Meets'], targetRows(report)),
    '',
    ...notes(report).map((n) => `- ${n}`),
  ].join('\n')
}
