import { performance } from 'node:perf_hooks'
import { MEMBER_COLOURS } from '@common/schemas/team'
import { phasesOf } from '@common/service-phases'
import { DAY_MS, MINUTE_MS } from '@common/time'
import { bookings, customers } from '@server/db/schema'
import { readScheduleFacts } from '@server/modules/bookings/availability.repository'
import { loadTeamSchedule } from '@server/modules/bookings/availability.usecases'
import { listServices } from '@server/modules/catalog/catalog.repository'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { insertRecurringBlock } from '@server/modules/schedule/recurring-blocks.repository'
import { insertTimeOff, listTimeOff } from '@server/modules/schedule/schedule.repository'
import { findTeamFreeSlots } from '@server/modules/schedule/team-availability'
import {
  insertMember,
  listMembers,
  replaceMemberHours,
  replaceMemberServices,
} from '@server/modules/team/team.repository'
import type { TestApp } from '@tests/helpers/app'
import { sql } from 'drizzle-orm'
import { BENCH_NOW, touching } from './fixtures'
import type { TeamEngineCase, TeamSeeded } from './protocol'
import { summarize } from './stats'
import { BENCH_TEAM, generateTeamHistory } from './team-fixtures'

/**
 * The team benchmark's salon in the bench server (server.ts): SAL001 grown to the five members of
 * BENCH_TEAM, all performing every active service, with their hours, absences and bookings
 * (team-fixtures.ts); and, in the same process, the timings of the repository read and the team
 * engine on what that read returns (the HTTP load is measured from outside, team.ts).
 */

const CUSTOMERS = 300
/** One booking in this many is cancelled (it keeps its row, and no longer blocks its time). */
const CANCELLED_ONE_IN = 20
/** The longest service the database accepts: the API reads this far past a range (availability.usecases.ts). */
const MAX_SERVICE_MINUTES = 720
const ENGINE_SERVICE = 'Coupe femme'
/** Every member's lunch break, in minutes after midnight. */
const LUNCH = { starts: 12 * 60 + 30, ends: 13 * 60 + 15 }

export async function seedTeam(app: TestApp, perMember: number): Promise<TeamSeeded> {
  const db = app.database.db
  const salon = await findSalonByPublicId(db, 'SAL001')
  if (!salon) throw new Error('The demo salon SAL001 is missing')
  const services = (await listServices(db, salon.id)).filter((s) => s.isActive)
  const history = generateTeamHistory(
    new Date(BENCH_NOW).getTime(),
    perMember,
    services.map((s) => s.durationMinutes),
  )

  // The demo's members first (in its order), then new ones up to the five of BENCH_TEAM.
  const memberIds = (await listMembers(db, salon.id)).map((m) => m.member.id)
  for (let i = memberIds.length; i < BENCH_TEAM.length; i++) {
    const plan = BENCH_TEAM[i]
    if (!plan) break
    const colour = MEMBER_COLOURS[i % MEMBER_COLOURS.length] as string
    memberIds.push((await insertMember(db, { salonId: salon.id, name: plan.name, colour, position: i })).id)
  }
  for (const [i, memberId] of memberIds.slice(0, BENCH_TEAM.length).entries()) {
    await replaceMemberServices(
      db,
      memberId,
      services.map((s) => s.id),
    )
    const hours = BENCH_TEAM[i]?.hours
    await replaceMemberHours(
      db,
      memberId,
      (hours ?? []).map((h) => ({ weekday: h.weekday, opensMinute: h.opens, closesMinute: h.closes })),
    )
  }

  const customerRows = await db
    .insert(customers)
    .values(
      Array.from({ length: CUSTOMERS }, (_, i) => ({
        salonId: salon.id,
        name: `Client ${i + 1}`,
        phone: `+3361${String(i).padStart(7, '0')}`,
        language: 'fr',
      })),
    )
    .returning({ id: customers.id })
  let bookingCount = 0
  let cancelled = 0
  for (const [m, member] of history.members.entries()) {
    const memberId = memberIds[m] as string
    const rows = member.bookings.map((b, i) => {
      const service = services[b.service]
      if (!service) throw new Error('Unknown service index')
      const isCancelled = (i + m) % CANCELLED_ONE_IN === 7
      if (isCancelled) cancelled++
      return {
        salonId: salon.id,
        customerId: customerRows[(i * 7 + m) % customerRows.length]?.id as string,
        memberId,
        serviceId: service.id,
        serviceName: service.name,
        // Its phases as a booking keeps them: a colour's processing frees the member (issue 39).
        ...phasesOf(service),
        priceMinor: service.priceMinor,
        currency: 'EUR',
        startsAt: new Date(b.start),
        endsAt: new Date(b.end),
        status: isCancelled ? ('cancelled' as const) : ('confirmed' as const),
        channel: (['web', 'dashboard', 'telegram', 'mcp'] as const)[i % 4] as 'web',
        cancelledAt: isCancelled ? new Date(b.start - DAY_MS) : null,
      }
    })
    for (let i = 0; i < rows.length; i += 1000) await db.insert(bookings).values(rows.slice(i, i + 1000))
    bookingCount += rows.length
  }

  // The seed already has this year's Christmas closing: add the salon's other absences around it.
  const existing = (await listTimeOff(db, salon.id)).map((t) => ({
    start: t.startsAt.getTime(),
    end: t.endsAt.getTime(),
  }))
  let salonTimeOff = existing.length
  for (const absence of history.salonTimeOff) {
    if (existing.some((e) => touching([absence], e.start, e.end).length > 0)) continue
    const span = { startsAt: new Date(absence.start), endsAt: new Date(absence.end) }
    await insertTimeOff(db, { salonId: salon.id, ...span, reason: 'Fermeture' })
    salonTimeOff++
  }
  let memberTimeOff = 0
  for (const [m, member] of history.members.entries()) {
    for (const absence of member.timeOff) {
      const span = { startsAt: new Date(absence.start), endsAt: new Date(absence.end) }
      await insertTimeOff(db, { salonId: salon.id, memberId: memberIds[m] as string, ...span, reason: 'Congé' })
      memberTimeOff++
    }
  }
  // Each member's daily break (issue 39): lunch 12:30–13:15 on every day the salon opens, a
  // weekly block the engine expands into each day's busy time.
  for (const memberId of memberIds.slice(0, BENCH_TEAM.length)) {
    await insertRecurringBlock(db, {
      salonId: salon.id,
      memberId,
      weekdays: [1, 2, 3, 4, 5],
      startsMinute: LUNCH.starts,
      endsMinute: LUNCH.ends,
      firstDay: history.firstDate,
      lastDay: null,
      reason: 'Pause déjeuner',
    })
  }
  // A database as autovacuum keeps a live one: fresh planner statistics, tables vacuumed. Left to
  // autovacuum, the thousands of rows just inserted are vacuumed during the measured runs instead.
  await db.execute(sql`vacuum analyze`)
  return {
    bookings: bookingCount,
    cancelled,
    perMember: history.members.map((m) => m.bookings.length),
    members: BENCH_TEAM.length,
    customers: CUSTOMERS,
    salonTimeOff,
    memberTimeOff,
    dailyBreaks: BENCH_TEAM.length,
    firstDate: history.firstDate,
    lastDate: history.lastDate,
  }
}

/** Times one call `iterations` times after `warmup` untimed ones; returns the last result and the timings. */
async function timeIt<T>(warmup: number, iterations: number, run: () => T | Promise<T>) {
  let result = await run()
  for (let i = 1; i < warmup; i++) result = await run()
  const times: number[] = new Array(iterations)
  for (let i = 0; i < iterations; i++) {
    const started = performance.now()
    result = await run()
    times[i] = performance.now() - started
  }
  return { result, summary: summarize(times) }
}

/**
 * The repository read behind an availability answer (readScheduleFacts: hours, members, absences
 * and bookings in one row), one request at a time, and the team engine (findTeamFreeSlots) on the
 * schedule that read gives, for a 7-day range (as the HTTP load's first week) and a 90-day one.
 */
export async function measureTeamEngine(
  app: TestApp,
  options: { warmup: number; iterations: number; readIterations: number },
): Promise<TeamEngineCase[]> {
  const db = app.database.db
  const salon = await findSalonByPublicId(db, 'SAL001')
  if (!salon) throw new Error('The demo salon SAL001 is missing')
  const service = (await listServices(db, salon.id)).find((s) => s.name === ENGINE_SERVICE)
  if (!service) throw new Error(`SAL001 has no ${ENGINE_SERVICE}`)
  const now = new Date(BENCH_NOW).getTime()
  const cases: TeamEngineCase[] = []
  const owner = (await listMembers(db, salon.id))[0]?.member.id
  const inputs = [
    { label: '7 days, whole team (as the HTTP load)', days: 7, memberId: undefined, diagnostic: false },
    { label: '90 days, whole team', days: 90, memberId: undefined, diagnostic: false },
    { label: '90 days, one member asked for', days: 90, memberId: owner, diagnostic: true },
  ]
  for (const input of inputs) {
    const to = now + input.days * DAY_MS
    const range = { from: new Date(now), to: new Date(to + MAX_SERVICE_MINUTES * MINUTE_MS) }
    const read = await timeIt(Math.min(options.warmup, 50), options.readIterations, () =>
      readScheduleFacts(db, salon.id, range),
    )
    const schedule = await loadTeamSchedule(db, salon, range, { serviceIds: [service.id], memberId: input.memberId })
    const query = { durationMinutes: service.durationMinutes, from: now, to, now }
    const engine = await timeIt(options.warmup, options.iterations, () => findTeamFreeSlots(schedule, query))
    cases.push({
      label: input.label,
      days: input.days,
      members: schedule.members.length,
      busy: schedule.salon.busy.length + schedule.members.reduce((n, m) => n + m.busy.length, 0),
      slots: engine.result.length,
      read: read.summary,
      engine: engine.summary,
      diagnostic: input.diagnostic,
    })
  }
  return cases
}
