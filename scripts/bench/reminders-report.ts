import type { ProfileSummary } from './profile'
import {
  REMINDERS_DUE,
  type RemindersBenchReport,
  type RemindersDriverResult,
  type RoundResult,
  SEND_QUEUE,
} from './reminders'
import { APPOINTMENT_AT, SALON_SIZE } from './reminders-fixture'
import { generatedSectionHead, markdownTable, pct, shortVersion, textTable, verdict } from './report'

/** The reminders section of docs/PERFORMANCE.md and its console summary (see reminders.ts). */

export const REMINDERS_MARKER_START = '<!-- reminders:start -->'
export const REMINDERS_MARKER_END = '<!-- reminders:end -->'

const en = (value: number) => value.toLocaleString('en-US')
const s = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} s` : '—')
const perSecond = (value: number) =>
  Number.isFinite(value) ? `${value >= 100 ? value.toFixed(0) : value.toFixed(1)}/s` : '—'
/** Reminders that a worker can hold at once: the queue's workers × the jobs a worker fetches (job-engine.ts). */
const JOBS_PER_FETCH = 5
const IN_FLIGHT_CAP = (SEND_QUEUE.concurrency ?? 1) * JOBS_PER_FETCH

const measured = (r: RemindersDriverResult) => r.rounds.find((round) => !round.profile)
const profiled = (r: RemindersDriverResult) => r.rounds.find((round) => round.profile)
const passed = (round: RoundResult) => round.settled && round.checks.problems.length === 0

function issueRows(report: RemindersBenchReport): string[][] {
  const rows = report.results.flatMap((r) => {
    const round = measured(r)
    if (!round) return []
    return [
      [
        `${r.driver}: ${en(round.due)} reminders due in the same minute all sent to the fake Twilio, none twice`,
        round.settled
          ? `${en(round.checks.messages)} SMS to ${en(round.checks.distinctRecipients)} numbers; all sent ${s(round.settledSeconds)} after the minute's dispatch (${perSecond(round.remindersPerSecond)})${round.checks.remindersTriedTwice > 0 ? `; ${en(round.checks.remindersTriedTwice)} of them on a retry` : ''}`
          : `not settled within the limit: ${en(round.sent)} sent after ${s(round.settledSeconds)}`,
        verdict(passed(round)),
      ],
    ]
  })
  for (const skipped of report.skipped) rows.push([skipped.driver, `not measured: ${skipped.reason}`, '—'])
  return rows
}

const SETUP_HEADERS = [
  'Database',
  'Salons × members',
  'Bookings and customers',
  'Written in',
  'planReminders',
  'Reminder rows',
]

function setupRows(report: RemindersBenchReport): string[][] {
  return report.results.map(({ driver, fixture }) => [
    driver,
    `${en(fixture.salons)} × ${SALON_SIZE}`,
    `${en(fixture.bookings)} (${Object.entries(fixture.languages)
      .map(([language, count]) => `${language} ${en(count)}`)
      .join(', ')})`,
    s(fixture.fixtureSeconds),
    `${en(fixture.bookings)} calls, ${fixture.planned.concurrency} at once: ${s(fixture.planned.seconds)} (${perSecond(fixture.bookings / fixture.planned.seconds)})`,
    en(fixture.planned.reminders),
  ])
}

const SEND_HEADERS = [
  'Database',
  'Round',
  'Due',
  'Dispatch: picked up / ran',
  'Jobs enqueued',
  'First SMS',
  'All sent',
  'Reminders/s',
  '10–90 % rate',
  'SMS after the dispatch p50 / p99',
  'Claimed at once (mean / max)',
  'Node CPU / event loop busy',
  'Longest event-loop stall',
  'PostgreSQL CPU',
]

function sendRow(driver: string, round: RoundResult): string[] {
  return [
    driver,
    round.profile ? `${round.kind} (CPU profiler on)` : round.kind,
    en(round.due),
    `${round.dispatchPickupMs.toFixed(0)} ms / ${s(round.dispatchSeconds)} (${perSecond(round.due / round.dispatchSeconds)})`,
    en(round.jobsEnqueued),
    s(round.firstSmsSeconds),
    round.settled ? s(round.settledSeconds) : `not within the limit (${en(round.sent)} sent)`,
    perSecond(round.remindersPerSecond),
    perSecond(round.steadyPerSecond),
    `${s(round.smsDelay.p50)} / ${s(round.smsDelay.p99)}`,
    `${round.inFlight.mean.toFixed(0)} / ${round.inFlight.max}`,
    `${pct(round.processCpuPercent)} / ${pct(100 * round.eventLoopBusy)}`,
    s(round.eventLoopStall.maxMs / 1000),
    round.databaseCpuPercent === undefined ? '— (in the Node process)' : pct(round.databaseCpuPercent),
  ]
}

const PROGRESS_HEADERS = [
  'Database',
  'Round',
  '10 %',
  '50 %',
  '90 %',
  '100 %',
  'While dispatching',
  'After the dispatch',
]

function progressRow(driver: string, round: RoundResult): string[] {
  const at = (percent: number) => s(round.milestones.find((m) => m.percent === percent)?.seconds ?? Number.NaN)
  const { duringDispatch: during, afterDispatch: after } = round.phases
  return [
    driver,
    round.kind,
    at(10),
    at(50),
    at(90),
    at(100),
    `${en(during.sent)} SMS in ${s(during.seconds)} (${perSecond(during.sent / during.seconds)})`,
    after.sent > 0 ? `${en(after.sent)} SMS in ${s(after.seconds)} (${perSecond(after.sent / after.seconds)})` : '—',
  ]
}

const CHECK_HEADERS = [
  'Database',
  'Round',
  'SMS accepted',
  'Distinct numbers',
  'Customers missed',
  'Reminders sent twice',
  'Failed attempts',
  'Statuses at the end',
  'The other kind',
  'reminders.send jobs',
  'Dispatch runs',
  'Verdict',
]

const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status} ${en(count)}`)
    .join(', ') || 'none'

function checkRow(driver: string, round: RoundResult): string[] {
  const c = round.checks
  return [
    driver,
    round.kind,
    en(c.messages),
    en(c.distinctRecipients),
    en(c.missing),
    en(c.remindersSentTwice),
    c.failedAttempts.length > 0 ? c.failedAttempts.map((f) => `${en(f.count)} × "${f.detail}"`).join(', ') : 'none',
    statusList(c.statuses),
    statusList(c.otherKind),
    `${statusList(c.jobs)}; ${en(c.retries)} retries`,
    round.dispatchRuns.map((d) => `at ${s(d.at)} for ${s(d.seconds)}`).join('; '),
    !passed(round)
      ? `**FAIL**: ${c.problems.join('; ') || 'not settled'}`
      : c.warnings.length > 0
        ? `pass, but ${c.warnings.join('; ')}`
        : 'pass',
  ]
}

function rounds(report: RemindersBenchReport, row: (driver: string, round: RoundResult) => string[]): string[][] {
  return report.results.flatMap((r) => r.rounds.map((round) => row(r.driver, round)))
}

function profileLine(driver: string, round: RoundResult, profile: ProfileSummary): string {
  const packages = profile.byPackage
    .slice(0, 7)
    .map((p) => `${p.name} ${p.percent.toFixed(0)} %`)
    .join(', ')
  const functions = profile.topFunctions
    .slice(0, 5)
    .map((f) => `\`${f.name}\` ${f.percent.toFixed(0)} %`)
    .join(', ')
  return `${driver}: CPU profile of this process during the ${round.kind} round (${round.profileFile}), by package: ${packages}; hottest functions: ${functions}.`
}

/** Observations the figures support on their own, so they stay true when the section is regenerated. */
function notes(report: RemindersBenchReport): string[] {
  const lines: string[] = []
  for (const r of report.results) {
    const round = measured(r)
    if (!round) continue
    const dry = round.samples.filter(
      (x) => (x.statuses.queued ?? 0) === 0 && (x.statuses.planned ?? 0) > 0 && x.at > round.firstSmsSeconds,
    ).length
    // CPU per reminder: each one's share of the round (dispatch, job, SMS, the fake's side included).
    const perReminderMs = (percent: number) => ((percent / 100) * round.settledSeconds * 1000) / round.due
    const database =
      round.databaseCpuPercent === undefined
        ? ', PGlite running PostgreSQL on this same thread'
        : `; PostgreSQL's processes used ${pct(round.databaseCpuPercent)} of a core, ${perReminderMs(round.databaseCpuPercent).toFixed(1)} ms per reminder`
    lines.push(
      `${r.driver}: the Node process that runs the workers was busy ${pct(100 * round.eventLoopBusy)} of the round and used ${pct(round.processCpuPercent)} of a core, ${perReminderMs(round.processCpuPercent).toFixed(1)} ms of CPU per reminder${database}. On average ${round.inFlight.mean.toFixed(0)} reminders were claimed (\`sending\`) at once, at most ${round.inFlight.max}, against the ${IN_FLIGHT_CAP} one instance can hold (${SEND_QUEUE.concurrency} workers × ${JOBS_PER_FETCH} jobs per fetch); up to ${en(round.maxQueued)} handed to jobs waited to be claimed. ${dry === 0 ? 'Once sending had begun, the queue never ran empty while reminders were still to dispatch (at the 1-second samples): the workers did not wait out the 2-second polling for want of jobs.' : `Once sending had begun, at ${dry} of ${round.samples.length} samples the queue was empty while reminders were still to dispatch: the workers waited for the dispatch.`}`,
    )
    const during = round.phases.duringDispatch
    const after = round.phases.afterDispatch
    lines.push(
      `${r.driver}: the dispatch handed ${en(round.jobsEnqueued)} reminders to jobs in ${s(round.dispatchSeconds)} (${perSecond(round.jobsEnqueued / round.dispatchSeconds)}, \`dispatchDueReminders\`); ${during.sent > 0 ? `${en(during.sent)} SMS (${pct((100 * during.sent) / round.due)}) went out meanwhile, at ${perSecond(during.sent / during.seconds)}` : 'no SMS went out meanwhile'}${after.sent > 0 ? `, then ${en(after.sent)} at ${perSecond(after.sent / after.seconds)} once it was over` : ''}. The median customer's SMS reached the fake ${s(round.smsDelay.p50)} after the minute's dispatch job, the last ${s(round.lastSmsSeconds)}. The longest stretch without a turn of the event loop (no timer fired, no socket was read) lasted ${s(round.eventLoopStall.maxMs / 1000)}${round.eventLoopStall.overSecondMs > 0 ? `; stretches over a second added up to ${s(round.eventLoopStall.overSecondMs / 1000)}` : ''}.`,
    )
    if (round.checks.warnings.length > 0) lines.push(`${r.driver}: ${round.checks.warnings.join('; ')}.`)
    const p = profiled(r)
    if (p?.profile) lines.push(profileLine(r.driver, p, p.profile))
  }
  return lines
}

export function remindersSection(report: RemindersBenchReport): string {
  const versions = report.results.map((r) => `${r.driver}: ${shortVersion(r.databaseVersion)}`)
  const first = report.results[0]
  const due = first ? (measured(first)?.due ?? REMINDERS_DUE) : REMINDERS_DUE
  const pool = report.results.find((r) => r.driver === 'postgres')?.poolSize
  const out = [
    ...generatedSectionHead(
      {
        marker: REMINDERS_MARKER_START,
        name: 'reminders',
        title: 'Reminders due in the same minute (`npm run bench -- --only=reminders`)',
        script: 'scripts/bench/reminders.ts',
      },
      report,
      versions,
      'The job workers, the fake Twilio and the benchmark’s own status reads share one Node process (with PGlite, the database too); PostgreSQL’s processes share the same CPUs.',
    ),
    '### Against the issue',
    '',
    markdownTable(['Figure', 'Value', 'Meets'], issueRows(report)),
    '',
    '### How it is measured',
    '',
    `A fresh database per driver with the demo data, then ${en(due)} confirmed bookings of a 45-minute service that all start at ${APPOINTMENT_AT} (Paris): salons of ${SALON_SIZE} members created as the product creates a salon (a member cannot hold two bookings at once), one customer per booking with their own French mobile number typed as customers type it ("06 12 34 56 78", normalised to E.164 by the product), in French, German, Italian or English. Members, customers and bookings are inserted in bulk; each booking's reminders are then planned by the product's \`planReminders\` on the clock of two days before, so every 24-hour reminder is due at the same instant and every 2-hour one 22 hours later (still \`planned\` after the round: it checks that the dispatch takes only what is due). Then \`vacuum analyze\`.`,
    '',
    `The run happens in the benchmark's process, as a server runs it: \`JobEngine\` started as \`server/main.ts\` starts it (only a log: the production queues plugged in — \`reminders.send\` ${SEND_QUEUE.concurrency} workers, ${SEND_QUEUE.retryLimit} retries from ${SEND_QUEUE.retryDelay} s; \`reminders.dispatch\` every minute, one at a time — 2-second polling with LISTEN/NOTIFY, 5 jobs per fetch and a new fetch at once while they come full, 30-second supervision), every product worker (\`productWorkers\`), ${pool ? `PostgreSQL's pool of ${pool} connections as a server opens on this machine, ` : ''}and real HTTP to the fake Twilio (\`tests/fakes/twilio.ts\`, on Twilio's paths). With the clock on the due minute the workers start and a \`reminders.dispatch\` job is sent, as pg-boss's cron sends it each minute (the cron runs too: a dispatch it sends meanwhile shows in "Dispatch runs"); the product's handler runs, timed from outside. Statuses are read every second; the round ends when none is \`planned\`, \`queued\` or \`sending\` (limit 10 minutes). SMS times are the fake's arrival stamps, from the moment the dispatch job was sent.${report.results.some((r) => profiled(r)) ? ' A second round, the 2-hour reminders of the same bookings at their own minute, runs under the CPU profiler: its times carry the profiler and are not the measure.' : ''}`,
    '',
    markdownTable(SETUP_HEADERS, setupRows(report)),
    '',
    '### Sending',
    '',
    markdownTable(SEND_HEADERS, rounds(report, sendRow)),
    '',
    markdownTable(PROGRESS_HEADERS, rounds(report, progressRow)),
    '',
    '### Checks',
    '',
    'Read back after each round from the fake Twilio (every message it accepted) and the database (the reminders, their attempts, pg-boss’s jobs).',
    '',
    markdownTable(CHECK_HEADERS, rounds(report, checkRow)),
    '',
  ]
  for (const skipped of report.skipped) out.push(`${skipped.driver}: not measured (${skipped.reason}).`, '')
  const observations = notes(report)
  if (observations.length > 0) out.push('### Notes', '', ...observations.map((n) => `- ${n}`), '')
  out.push(REMINDERS_MARKER_END)
  return out.join('\n')
}

export function remindersConsole(report: RemindersBenchReport): string {
  return [
    'Reminders due in the same minute',
    textTable(SETUP_HEADERS, setupRows(report)),
    '',
    textTable(SEND_HEADERS, rounds(report, sendRow)),
    '',
    textTable(PROGRESS_HEADERS, rounds(report, progressRow)),
    '',
    textTable(CHECK_HEADERS, rounds(report, checkRow)),
    '',
    textTable(['Figure', 'Value', 'Meets'], issueRows(report)),
    '',
    ...notes(report).map((n) => `- ${n}`),
  ].join('\n')
}
