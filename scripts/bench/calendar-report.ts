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

/** The runs with busy times in this many calendars (0: none). */
const runsOf = (result: BusyTimesResult, calendars: number) => result.runs.filter((r) => r.calendars === calendars)

/** The worst p99 of the runs with busy times in this many calendars (0: none). */
function worstP99(result: BusyTimesResult, calendars: number): number {
  return Math.max(...runsOf(result, calendars).map((r) => r.load.latency.p99))
}

const PROVIDER_NAMES = { google: 'Google', microsoft: 'Outlook (Microsoft fake)', caldav: 'CalDAV (Radicale)' }

function meanOf(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / (values.length || 1)
}

function targetRows(report: CalendarBenchReport): string[][] {
  const rows: string[][] = []
  for (const result of report.busyTimes) {
    const onPostgres = result.driver === 'postgres'
    const connections = result.runs[0]?.load.connections
    const target = (value: number) => [
      onPostgres ? `< ${TARGETS.availabilityP99Ms} ms` : '— (target is for PostgreSQL)',
      onPostgres ? verdict(value < TARGETS.availabilityP99Ms) : '—',
    ]
    const two = worstP99(result, 2)
    if (runsOf(result, 2).length > 0)
      rows.push([
        `${result.driver}: availability, 2 × ${en(result.events)}: p99 (GET availability, 7 days, ${connections} connections, two calendars of ${en(result.events)} busy times; worst round)`,
        ms(two),
        ...target(two),
      ])
    const one = worstP99(result, 1)
    rows.push([
      `${result.driver}: GET availability (7 days), ${connections} connections, ${en(result.events)} busy times in one calendar: p99 (worst round)`,
      ms(one),
      ...target(one),
    ])
    rows.push([`${result.driver}: the same without busy times: p99 (worst round)`, ms(worstP99(result, 0)), '—', '—'])
  }
  for (const push of report.pushes) {
    rows.push([
      `${push.driver}: booking → event in ${PROVIDER_NAMES[push.provider]}, burst of ${push.bookings}: p50 / p95 / max; all in`,
      `${ms(push.delay.p50)} / ${ms(push.delay.p95)} / ${ms(push.delay.max)}; ${seconds(push.allInSeconds)}`,
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
    result.runs.map(({ busyTimes, calendars, round, load }) => [
      result.driver,
      calendars === 0 ? 'none' : calendars === 1 ? en(busyTimes) : `${calendars} × ${en(busyTimes / calendars)}`,
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
  'Provider',
  'Bookings',
  'At once',
  'Burst',
  'Booking answer p50 / p99',
  'Event after answer p50',
  'p95',
  'p99',
  'max',
  'Last event',
  'Calendar API calls',
  'Server CPU / event loop busy',
]

function pushRows(pushes: CalendarPushResult[]): string[][] {
  return pushes.map((p) => [
    p.driver,
    p.provider,
    `${p.bookings} over ${p.days} days`,
    String(p.concurrency),
    seconds(p.burstSeconds),
    `${ms(p.answer.p50)} / ${ms(p.answer.p99)}`,
    ms(p.delay.p50),
    ms(p.delay.p95),
    ms(p.delay.p99),
    ms(p.delay.max),
    `${seconds(p.allInSeconds)} after the first booking`,
    callsText(p),
    `${pct(p.serverCpuPercent)} / ${pct(100 * p.serverEventLoopUtilization)}`,
  ])
}

function callsText(p: CalendarPushResult): string {
  const c = p.calendarRequests
  const conflict = p.provider === 'caldav' ? '412' : '409'
  const creates = p.provider === 'caldav' ? 'PUTs answered 201' : 'inserts'
  const throttled = c.throttled > 0 || p.provider === 'microsoft' ? `, ${c.throttled} answered 429` : ''
  const notified = p.provider === 'caldav' ? '' : `; ${p.notifications} push notifications to the app`
  return `${c.inserts} ${creates} (${c.conflicts} answered ${conflict}), ${c.updates} updates, ${c.lists} reads, ${c.other} other${throttled}${notified}`
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
    const p99 = (calendars: number) => meanOf(runsOf(result, calendars).map((r) => r.load.latency.p99))
    const throughput = (calendars: number) => meanOf(runsOf(result, calendars).map((r) => r.load.requestsPerSecond))
    lines.push(
      `${result.driver}: with ${en(result.events)} busy times in one calendar the availability p99 is ${ms(p99(1))} against ${ms(p99(0))} without (mean of the rounds), throughput ${rate(throughput(1), 'req/s')} against ${rate(throughput(0), 'req/s')}.${runsOf(result, 2).length > 0 ? ` With two calendars of ${en(result.events)} (${en(result.twoCalendars.mirrored)} of the second's events copies of the first's): p99 ${ms(p99(2))}, ${rate(throughput(2), 'req/s')}.` : ''}`,
    )
  }
  for (const push of report.pushes) {
    const c = push.calendarRequests
    const twice =
      push.provider === 'google' && c.conflicts > 0
        ? ` ${c.conflicts} of the ${c.inserts} inserts met an event already there (409, then an update): the same booking pushed twice, by its own job and by a synchronisation that a push notification started.`
        : ''
    const throttled =
      push.provider === 'microsoft'
        ? ` Graph answered ${c.throttled} requests 429 (MailboxConcurrency).${c.inserts > push.bookings ? ` ${c.inserts - push.bookings} of the ${c.inserts} event POSTs repeated a transactionId already used (the same booking pushed twice, as with Google's 409s), answered with the event it had made.` : ''}`
        : ''
    lines.push(
      `${push.driver}/${push.provider}: the burst's ${push.bookings} bookings were answered in ${seconds(push.burstSeconds)} (${rate(push.bookings / push.burstSeconds, 'bookings/s')}); their events were all in ${PROVIDER_NAMES[push.provider]} ${seconds(push.allInSeconds)} after the first one (${rate(push.bookings / push.allInSeconds, 'events/s')}).${twice}${throttled}${push.beforeAnswer > 0 ? ` ${push.beforeAnswer} events were created before their booking's answer reached the client.` : ''}`,
    )
    if (push.profile) lines.push(profileLine(`${push.driver}/${push.provider}`, push.profile))
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
      'The load generator (autocannon or the booking clients), the fake Google and Microsoft and the CalDAV proxy (in the benchmark’s process), Radicale, the app server (one Node process, its job workers included) and PostgreSQL share these CPUs.',
    ),
    '### Against the targets',
    '',
    markdownTable(['Figure', 'Value', 'Target', 'Meets'], targetRows(report)),
    '',
    '### Availability of a salon whose calendar is full',
    '',
    `The HTTP benchmark's availability load (SAL001 with its ${en(10_000)}-booking history, a 7-day range of Coupe femme rotating over 12 weeks, autocannon on 127.0.0.1${first ? `, ${first.runs[0]?.load.connections} connections, ${first.durationSeconds} s a run` : ''}), with SAL001's calendars connected (a \`google_accounts\` row and \`calendar_connections\` rows for a Google and a CalDAV calendar) and the owner's own events stored as busy times through the calendar sync's repository (\`upsertBusyTimes\`). One calendar: ${en(first?.events ?? 0)} events spread over the next ${first?.horizonDays ?? 365} days (the load's 12 weeks hold about a quarter of them), seven days a week, ${first ? en(first.allDay) : '?'} all day (one to three days), the others starting between 07:00 and 21:45 and lasting 15 minutes to 3 hours. Two calendars: the Google one as before and the CalDAV one with ${en(first?.events ?? 0)} more, drawn the same way with another seed, ${first ? en(first.twoCalendars.mirrored) : '?'} of which are exact copies of the first calendar's (as when one calendar mirrors another); ${first ? en(first.twoCalendars.allDay) : '?'} all day in all. Runs without busy times, with one calendar and with two alternate on one server, twice, each after a 1-second warm-up.`,
    '',
    markdownTable(BUSY_HEADERS, busyRows(report.busyTimes)),
    '',
    '### From a booking to its event, per provider',
    '',
    `The app in its own process as a server runs it — the job engine with production timings (2-second polling, LISTEN/NOTIFY on) and every worker — on a fresh database for each provider, with one calendar connected as an owner connects it, the provider in the benchmark's process: **google**, the fake Google (\`tests/fakes/google.ts\`) through its consent screen, push notifications on, creation read from the event's \`created\` stamp; **microsoft**, the fake Microsoft Graph (\`tests/fakes/microsoft.ts\`) through its consent screen, its MailboxConcurrency limit on (4 requests at once per mailbox, then 429 with Retry-After), change notifications on, creation read from \`createdDateTime\`; **caldav**, a new calendar on a real Radicale (\`scripts/ci/radicale.sh\`, one connection per request, fsync on every write) connected through \`POST …/caldav/connect\` via the CalDAV proxy (\`tests/fakes/caldav-proxy.ts\`), creation being when the proxy passed on Radicale's 201 to the event's PUT (its log read every 5 ms). Once the first synchronisation is over, ${push ? `${push.bookings} bookings of distinct free slots (the first ones in time order, over ${push.days} days) are sent ${push.concurrency} at a time` : 'a burst of bookings is sent'} through the API; for each, the time from its 201 answer to its event's creation (one clock: both are read in the benchmark's process). "Last event" is the drain: from the first booking sent to the last event created.`,
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
    'Booking → calendar event, per provider',
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
