import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { performance } from 'node:perf_hooks'
import type { Database } from '@server/db/client'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { countUnfinishedJobs } from '@server/modules/jobs/jobs.repository'
import type { ReminderKind } from '@server/modules/reminders/reminders.repository'
import type { FakeTwilio } from '@tests/fakes/twilio'
import { sql } from 'drizzle-orm'
import { readProcesses } from './activity'
import { type ProfileSummary, summarizeProfile } from './profile'
import type { Driver } from './protocol'
import type { RoundChecks, RoundResult, Sample } from './reminders'
import { dueAt } from './reminders-fixture'
import { summarize } from './stats'

/**
 * One round of the reminders benchmark (reminders.ts): the minute's dispatch sent, the statuses
 * followed until every reminder due is settled, then everything the issue asks checked against the
 * fake Twilio and the database.
 */

/** A round that has not settled after this long reports what it reached. */
const LIMIT_MS = 10 * 60_000
/** How often the reminders' statuses are read during a round (a timeline, and the end). */
const SAMPLE_MS = 1000
/** How often the fake's messages are counted (free), and the statuses read once it has them all. */
const WATCH_MS = 50
const WAITING = ['planned', 'queued', 'sending'] as const

export interface RoundContext {
  driver: Driver
  database: Database
  engine: JobEngine
  twilio: FakeTwilio
  clock: { now(): Date }
  recipients: Set<string>
  dispatches: { started: number; ended: number }[]
  kind: ReminderKind
  profileFile: string | undefined
  log: (line: string) => void
}

async function statusesOf(db: Database, kind: ReminderKind): Promise<Record<string, number>> {
  const { rows } = (await db.execute(
    sql`select status, count(*)::int as count from booking_reminders where kind = ${kind} group by status`,
  )) as unknown as { rows: { status: string; count: number }[] }
  return Object.fromEntries(rows.map((r) => [r.status, r.count]))
}

const waiting = (statuses: Record<string, number>) => WAITING.reduce((n, s) => n + (statuses[s] ?? 0), 0)

export async function runRound(context: RoundContext): Promise<RoundResult> {
  const { database: db, twilio, kind, log, driver } = context
  const due = (await statusesOf(db, kind)).planned ?? 0
  twilio.messages.length = 0
  context.dispatches.length = 0
  const profiler = context.profileFile ? new Session() : undefined
  if (profiler) {
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.start')
  }
  const databaseCpu = driver === 'postgres' ? watchDatabaseCpu() : undefined
  const cpuBefore = process.cpuUsage()
  const eluBefore = performance.eventLoopUtilization()
  const stalls = watchStalls()
  const samples: Sample[] = []

  // Jobs of this round are those created from now on (the database's clock, as pg-boss's).
  const { rows: clockRows } = (await db.execute(sql`select now() as now`)) as unknown as { rows: { now: string }[] }
  const roundStart = new Date(clockRows[0]?.now ?? 0)
  // The minute's dispatch, as pg-boss's cron sends it: a `reminders.dispatch` job.
  const sentAt = performance.now()
  const sentAtWall = Date.now()
  if (!(await context.engine.send(db, 'reminders.dispatch', {}))) throw new Error('The dispatch job was not accepted')
  const elapsed = () => (performance.now() - sentAt) / 1000
  let nextSample = 0
  let statuses: Record<string, number> = {}
  let settled = false
  for (;;) {
    const allIn = twilio.messages.length >= due
    if (allIn || elapsed() * 1000 >= nextSample) {
      statuses = await statusesOf(db, kind)
      samples.push({ at: elapsed(), statuses })
      nextSample = samples.length * SAMPLE_MS
      databaseCpu?.sample()
      settled = waiting(statuses) === 0 && context.dispatches.every((d) => d.ended > 0)
      if (settled) break
    }
    if (elapsed() * 1000 > LIMIT_MS) break
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS))
  }
  const settledSeconds = elapsed()
  const cpu = process.cpuUsage(cpuBefore)
  const elu = performance.eventLoopUtilization(eluBefore)
  const eventLoopStall = stalls.stop()
  const databaseCpuSeconds = databaseCpu?.stop()
  let profile: ProfileSummary | undefined
  if (profiler && context.profileFile) {
    const { profile: data } = await profiler.post('Profiler.stop')
    profiler.disconnect()
    await writeFile(context.profileFile, JSON.stringify(data))
    profile = await summarizeProfile(context.profileFile, 10)
  }
  if (!settled) log(`  ${driver}: not settled after ${LIMIT_MS / 1000} s: ${JSON.stringify(statuses)}`)

  // pg-boss records a job's completion just after its handler: wait for that before counting.
  const deadline = Date.now() + 30_000
  while ((await countUnfinishedJobs(db, ['reminders.send', 'reminders.dispatch'])) > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100))

  const delays = twilio.messages.map((m) => (m.receivedAt.getTime() - sentAtWall) / 1000)
  const sorted = [...delays].sort((a, b) => a - b)
  const at = (count: number) => sorted[Math.max(0, Math.ceil(count) - 1)] ?? Number.NaN
  const milestones = [10, 50, 90, 100]
    .filter((p) => sorted.length >= (p / 100) * due)
    .map((percent) => ({ percent, seconds: at((percent / 100) * due) }))
  const sending = samples.filter((s) => (s.statuses.sending ?? 0) > 0).map((s) => s.statuses.sending ?? 0)
  const first = context.dispatches[0]
  const sent = statuses.sent ?? 0
  const lastSmsSeconds = sorted[sorted.length - 1] ?? Number.NaN
  const dispatchEnd = first && first.ended > 0 ? (first.ended - sentAt) / 1000 : settledSeconds
  const sentDuringDispatch = sorted.filter((d) => d <= dispatchEnd).length
  const result: RoundResult = {
    kind,
    dueAt: dueAt(kind).toISOString(),
    due,
    settled,
    sent,
    dispatchPickupMs: first ? first.started - sentAt : Number.NaN,
    dispatchSeconds: first && first.ended > 0 ? (first.ended - first.started) / 1000 : Number.NaN,
    dispatchRuns: context.dispatches.map((d) => ({
      at: (d.started - sentAt) / 1000,
      seconds: d.ended > 0 ? (d.ended - d.started) / 1000 : Number.NaN,
    })),
    jobsEnqueued: await countJobs(db, 'reminders.send', roundStart),
    firstSmsSeconds: sorted[0] ?? Number.NaN,
    lastSmsSeconds,
    settledSeconds,
    smsDelay: summarize(delays),
    milestones,
    remindersPerSecond: sent / settledSeconds,
    phases: {
      duringDispatch: { sent: sentDuringDispatch, seconds: dispatchEnd },
      afterDispatch: { sent: sorted.length - sentDuringDispatch, seconds: Math.max(0, lastSmsSeconds - dispatchEnd) },
    },
    steadyPerSecond: sorted.length >= 0.9 * due ? (0.8 * due) / (at(0.9 * due) - at(0.1 * due)) : Number.NaN,
    inFlight: { mean: sending.reduce((a, b) => a + b, 0) / (sending.length || 1), max: Math.max(0, ...sending) },
    maxQueued: Math.max(0, ...samples.map((s) => s.statuses.queued ?? 0)),
    processCpuPercent: (100 * (cpu.user + cpu.system)) / 1e6 / settledSeconds,
    eventLoopBusy: elu.utilization,
    eventLoopStall,
    ...(databaseCpuSeconds === undefined ? {} : { databaseCpuPercent: (100 * databaseCpuSeconds) / settledSeconds }),
    samples,
    checks: await check(context, due, roundStart),
    ...(context.profileFile && profile ? { profileFile: context.profileFile, profile } : {}),
  }
  log(
    `  ${driver}: ${kind}: ${sent} of ${due} sent in ${settledSeconds.toFixed(1)} s (${result.remindersPerSecond.toFixed(0)}/s), dispatch ${result.dispatchSeconds.toFixed(1)} s; ${result.checks.problems.length === 0 ? 'all checks pass' : `PROBLEMS: ${result.checks.problems.join('; ')}`}${result.checks.warnings.length > 0 ? ` (${result.checks.warnings.join('; ')})` : ''}`,
  )
  return result
}

async function countJobs(db: Database, name: string, since: Date): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as count from pgboss.job where name = ${name} and created_on >= ${since.toISOString()}`,
  )) as unknown as { rows: { count: number }[] }
  return rows[0]?.count ?? 0
}

/** Everything the issue asks of the round, read back from the fake and the database. */
async function check(context: RoundContext, due: number, since: Date): Promise<RoundChecks> {
  const { database: db, twilio, kind, recipients } = context
  const other: ReminderKind = kind === 'day_before' ? 'two_hours' : 'day_before'
  const to = new Set(twilio.messages.map((m) => m.to))
  const attempts = (await db.execute(sql`
    select count(*) filter (where tries > 1)::int as "triedTwice", count(*) filter (where sent > 1)::int as "sentTwice"
    from (
      select a.reminder_id, count(*) as tries, count(*) filter (where a.outcome = 'sent') as sent
      from reminder_attempts a join booking_reminders r on r.id = a.reminder_id
      where r.kind = ${kind}
      group by a.reminder_id
    ) per_reminder
  `)) as unknown as { rows: { triedTwice: number; sentTwice: number }[] }
  const failed = (await db.execute(sql`
    select coalesce(a.detail, '') as detail, count(*)::int as count
    from reminder_attempts a join booking_reminders r on r.id = a.reminder_id
    where r.kind = ${kind} and a.outcome <> 'sent'
    group by 1 order by 2 desc
  `)) as unknown as { rows: { detail: string; count: number }[] }
  const jobRows = (await db.execute(sql`
    select state::text as state, count(*)::int as count, coalesce(sum(retry_count), 0)::int as retries
    from pgboss.job where name = 'reminders.send' and created_on >= ${since.toISOString()} group by state
  `)) as unknown as { rows: { state: string; count: number; retries: number }[] }
  const checks: RoundChecks = {
    messages: twilio.messages.length,
    distinctRecipients: to.size,
    missing: [...recipients].filter((r) => !to.has(r)).length,
    unexpected: [...to].filter((r) => !recipients.has(r)).length,
    remindersTriedTwice: attempts.rows[0]?.triedTwice ?? 0,
    remindersSentTwice: attempts.rows[0]?.sentTwice ?? 0,
    statuses: await statusesOf(db, kind),
    otherKind: await statusesOf(db, other),
    failedAttempts: failed.rows,
    jobs: Object.fromEntries(jobRows.rows.map((r) => [r.state, r.count])),
    retries: jobRows.rows.reduce((n, r) => n + r.retries, 0),
    dispatchRuns: context.dispatches.length,
    problems: [],
    warnings: [],
  }
  const { problems, warnings } = checks
  if (checks.messages !== due) problems.push(`the fake accepted ${checks.messages} SMS for ${due} reminders`)
  if (checks.distinctRecipients !== checks.messages)
    problems.push(`${checks.messages - checks.distinctRecipients} SMS went to a customer already reached`)
  if (checks.missing > 0) problems.push(`${checks.missing} customers got no SMS`)
  if (checks.unexpected > 0) problems.push(`${checks.unexpected} SMS to numbers not in the fixture`)
  if (checks.remindersSentTwice > 0) problems.push(`${checks.remindersSentTwice} reminders sent twice`)
  if ((checks.statuses.sent ?? 0) !== due) problems.push(`statuses at the end: ${JSON.stringify(checks.statuses)}`)
  // None of the other kind was due: planned ones stay planned (the 24-hour ones are already sent).
  const otherExpected = kind === 'day_before' ? 'planned' : 'sent'
  if ((checks.otherKind[otherExpected] ?? 0) !== due)
    problems.push(`the ${other} reminders changed: ${JSON.stringify(checks.otherKind)}`)
  if ((checks.jobs.completed ?? 0) !== due || Object.keys(checks.jobs).length !== 1)
    problems.push(`reminders.send jobs: ${JSON.stringify(checks.jobs)}`)
  if (checks.remindersTriedTwice > 0) {
    const why = checks.failedAttempts.map((f) => `${f.count} × "${f.detail}"`).join(', ')
    warnings.push(`${checks.remindersTriedTwice} reminders sent on a retry after a failed attempt (${why})`)
  }
  if (checks.retries !== checks.remindersTriedTwice) warnings.push(`${checks.retries} job retries`)
  return checks
}

/**
 * Gaps between the ticks of a 20-ms timer. A JavaScript timer rather than monitorEventLoopDelay:
 * that one does not count a stall that begins before its first tick (the dispatch can start
 * within 20 ms of the round).
 */
function watchStalls(): { stop(): { maxMs: number; overSecondMs: number } } {
  let last = performance.now()
  let maxMs = 0
  let overSecondMs = 0
  const note = () => {
    const now = performance.now()
    const gap = now - last
    last = now
    maxMs = Math.max(maxMs, gap)
    if (gap > 1000) overSecondMs += gap
  }
  const timer = setInterval(note, 20)
  return {
    stop: () => {
      clearInterval(timer)
      note()
      return { maxMs, overSecondMs }
    },
  }
}

/** CPU time of PostgreSQL's processes (the server and its backends) over a round, read from /proc. */
function watchDatabaseCpu(): { sample(): void; stop(): number } | undefined {
  const TICKS_PER_SECOND = 100
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  const read = (initial: boolean) => {
    for (const [pid, info] of readProcesses()) {
      if (info.name !== 'postgres' && info.name !== 'postmaster') continue
      if (initial) first.set(pid, info.ticks)
      else if (!first.has(pid)) first.set(pid, 0)
      last.set(pid, info.ticks)
    }
  }
  try {
    read(true)
  } catch {
    return undefined
  }
  return {
    sample: () => read(false),
    stop: () => {
      read(false)
      let ticks = 0
      for (const [pid, now] of last) ticks += Math.max(0, now - (first.get(pid) ?? 0))
      return ticks / TICKS_PER_SECOND
    },
  }
}
