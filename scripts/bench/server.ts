import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { bookings } from '@server/db/schema'
import {
  deleteAllBusyTimes,
  saveConnection,
  upsertBusyTimes,
} from '@server/modules/calendar-sync/calendar-sync.repository'
import { insertServices, listServices } from '@server/modules/catalog/catalog.repository'
import { giveServicesToActiveMembers } from '@server/modules/catalog/performers.repository'
import { insertCustomer } from '@server/modules/customers/customers.repository'
import { upsertGoogleAccount } from '@server/modules/google/google.repository'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { insertTimeOff, listTimeOff, replaceOpeningHours } from '@server/modules/schedule/schedule.repository'
import { listMembers } from '@server/modules/team/team.repository'
import type { TestApp } from '@tests/helpers/app'
import { openTestDatabase, type TestDatabase } from '@tests/helpers/database'
import { ownerCookie } from '@tests/helpers/sign-in'
import { sql } from 'drizzle-orm'
import { startAppWithProductionJobs } from './bench-app'
import { BENCH_NOW, BENCH_OPENING_HOURS, generatePersonalEvents, generateSalonHistory, touching } from './fixtures'
import { type BenchSalon, benchPoolSize, type FromServer, type TeamSeeded, type ToServer } from './protocol'
import { measureTeamEngine, seedTeam } from './team-seed'

/**
 * The server under load, in its own process so the load generator does not share its event loop:
 * a fresh database (PGlite in memory, or a throw-away PostgreSQL database), the demo salon SAL001
 * with a booking history, a few extra salons, and the app listening on 127.0.0.1 on a random port.
 * It runs as server/main.ts does: the job engine with production timings and every worker
 * (bench-app.ts), connected to a (fake) Google when asked. Driven by messages from run.ts (see protocol.ts).
 */

let database: TestDatabase | undefined
let testApp: TestApp | undefined
let closing: Promise<void> | undefined
let session: Session | undefined

function profiler(): Session {
  if (!session) {
    session = new Session()
    session.connect()
  }
  return session
}

function send(message: FromServer): void {
  process.send?.(message)
}

async function close(): Promise<void> {
  closing ??= (async () => {
    await testApp?.close().catch(() => {})
    // The app was given the database, so closing it (and dropping a PostgreSQL one) is ours.
    await database?.close().catch(() => {})
  })()
  return closing
}

async function seedHistory(app: TestApp, count: number) {
  const db = app.database.db
  const salon = await findSalonByPublicId(db, 'SAL001')
  if (!salon) throw new Error('The demo salon SAL001 is missing')
  const history = generateSalonHistory(new Date(BENCH_NOW).getTime(), count)

  const customer = await insertCustomer(db, { salonId: salon.id, name: 'Historique', phone: null, language: 'fr' })
  const [owner] = await listMembers(db, salon.id)
  if (!owner) throw new Error('the demo salon has no team')
  const rows = history.bookings.map((b) => ({
    salonId: salon.id,
    customerId: customer.id,
    memberId: owner.member.id,
    serviceId: null,
    serviceName: `Prestation ${b.durationMinutes} min`,
    durationMinutes: b.durationMinutes,
    priceMinor: 3000,
    currency: 'EUR',
    startsAt: new Date(b.start),
    endsAt: new Date(b.end),
    status: 'confirmed' as const,
    channel: 'dashboard' as const,
  }))
  for (let i = 0; i < rows.length; i += 1000) await db.insert(bookings).values(rows.slice(i, i + 1000))

  // The seed already has this year's Christmas closing: add the other absences around it.
  const existing = (await listTimeOff(db, salon.id)).map((t) => ({
    start: t.startsAt.getTime(),
    end: t.endsAt.getTime(),
  }))
  let timeOff = existing.length
  for (const absence of history.timeOff) {
    if (existing.some((e) => touching([absence], e.start, e.end).length > 0)) continue
    await insertTimeOff(db, {
      salonId: salon.id,
      startsAt: new Date(absence.start),
      endsAt: new Date(absence.end),
      reason: 'Bench',
    })
    timeOff++
  }
  // A database as autovacuum keeps a live one: fresh planner statistics, tables vacuumed. Left to
  // autovacuum, the thousands of rows just inserted are vacuumed during the measured runs instead.
  await db.execute(sql`vacuum analyze`)
  return { bookings: rows.length, timeOff, firstDate: history.firstDate, lastDate: history.lastDate }
}

async function createExtraSalons(app: TestApp, count: number): Promise<void> {
  const db = app.database.db
  const hours = BENCH_OPENING_HOURS.map((h) => ({ weekday: h.weekday, opensMinute: h.opens, closesMinute: h.closes }))
  for (let i = 1; i <= count; i++) {
    await db.transaction(async (tx) => {
      const salon = await createSalon(tx, {
        name: `Bench salon ${i}`,
        contactEmail: `bench-${i}@example.com`,
        address: `${i} rue du Banc, 75011 Paris`,
        country: 'FR',
        timeZone: 'Europe/Paris',
        isActive: true,
      })
      await replaceOpeningHours(tx, salon.id, hours)
      const added = await insertServices(tx, [
        {
          salonId: salon.id,
          name: 'Taille de barbe',
          description: 'Taille et contours à la tondeuse',
          durationMinutes: 20,
          priceMinor: 1500,
          isActive: true,
          position: 1,
        },
      ])
      // Performed by the salon's owner, as a service added from the dashboard is: without it, no
      // member could take the bookings and the load would all land on SAL001.
      await giveServicesToActiveMembers(
        tx,
        salon.id,
        added.map((service) => service.id),
      )
    })
  }
}

async function listBenchSalons(app: TestApp): Promise<BenchSalon[]> {
  const db = app.database.db
  const rows = await db.execute<{ id: string; public_id: string }>(
    sql`select id, public_id from salons order by public_id`,
  )
  const salons: BenchSalon[] = []
  for (const row of (rows as unknown as { rows: { id: string; public_id: string }[] }).rows) {
    const services = await listServices(db, row.id)
    salons.push({
      publicId: row.public_id,
      services: Object.fromEntries(services.map((s) => [s.name, s.id])),
      // A session opened in the database as a sign-in would (the clock is fixed: it never expires).
      cookie: await ownerCookie(app, row.public_id),
    })
  }
  return salons
}

/** Share of a second calendar's events that are exact copies of the first's (a calendar mirroring another). */
const MIRRORED_SHARE = 0.1

/**
 * SAL001's calendars connected — the Google one (a google_accounts row and its calendar
 * connection), then for `calendars` = 2 a CalDAV one (a calendar_connections row; availability
 * reads neither, the sync would) — each with `count` personal events as busy times, stored through
 * the sync's own repository. The second calendar's events are its own (another seed), except one
 * in ten that is an exact copy of one of the first calendar's (same start and end), as when one
 * calendar mirrors another.
 */
async function setBusyTimes(
  count: number,
  days: number,
  calendars: number,
): Promise<{ count: number; allDay: number; calendars: number; mirrored: number }> {
  if (!testApp) throw new Error('Not started')
  const db = testApp.database.db
  const salon = await findSalonByPublicId(db, 'SAL001')
  if (!salon) throw new Error('The demo salon SAL001 is missing')
  const now = testApp.clock.now()
  await upsertGoogleAccount(db, {
    salonId: salon.id,
    email: 'salon.lumiere.demo@gmail.com',
    accessToken: 'bench-not-a-token',
    scopes: 'openid email https://www.googleapis.com/auth/calendar.events',
    connectedAt: now,
  })
  const google = await saveConnection(db, {
    salonId: salon.id,
    provider: 'google',
    account: 'salon.lumiere.demo@gmail.com',
    calendarRef: 'primary',
    calendarName: null,
    credentials: null,
    connectedAt: now,
  })
  const caldav = await saveConnection(db, {
    salonId: salon.id,
    provider: 'caldav',
    account: 'claire@icloud.example',
    calendarRef: 'https://caldav.icloud.example/123/calendars/home/',
    calendarName: 'Domicile',
    credentials: null,
    connectedAt: now,
  })
  await deleteAllBusyTimes(db, google.id)
  await deleteAllBusyTimes(db, caldav.id)
  const first = generatePersonalEvents(now.getTime(), count, days)
  await upsertBusyTimes(db, { salonId: salon.id, calendarId: google.id }, first, now)
  let stored = first.length
  let allDay = first.filter((e) => e.allDay).length
  let mirrored = 0
  if (calendars >= 2) {
    const own = generatePersonalEvents(now.getTime(), count, days, 20_261_203)
    const second = own.map((event, i) => {
      const copied = i % Math.round(1 / MIRRORED_SHARE) === 0 ? first[i] : undefined
      if (!copied) return { ...event, eventId: `other-${event.eventId}` }
      mirrored++
      return { ...copied, eventId: `mirror-${copied.eventId}` }
    })
    await upsertBusyTimes(db, { salonId: salon.id, calendarId: caldav.id }, second, now)
    stored += second.length
    allDay += second.filter((e) => e.allDay).length
  }
  await db.execute(sql`vacuum analyze calendar_busy_times`)
  return { count: stored, allDay, calendars: count > 0 ? Math.max(1, calendars) : 0, mirrored }
}

async function start(message: Extract<ToServer, { type: 'start' }>): Promise<void> {
  const started = performance.now()
  if (message.driver === 'postgres') {
    if (!message.databaseUrl) throw new Error('No PostgreSQL URL given')
    process.env.TEST_DATABASE_URL = message.databaseUrl
  }
  // The pool a server opens (server/main.ts), so the figures are those of `npm start`.
  database = await openTestDatabase(message.driver, { poolSize: benchPoolSize() })
  if (message.driver === 'postgres') {
    // On close the throw-away database is dropped `with (force)`, which may cut a connection the
    // pool still holds: an unhandled pool 'error' would crash this process on the way out.
    const pool = (database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client
    pool.on('error', () => {})
  }
  const { google } = message
  const port = google?.port ?? message.port ?? 0
  // Always the job engine a server runs (its timings, every worker): the tests' engine supervises
  // every second, and its queries would run beside the load.
  testApp = await startAppWithProductionJobs({
    database,
    now: BENCH_NOW,
    env: google
      ? {
          GOOGLE_CLIENT_ID: google.clientId,
          GOOGLE_CLIENT_SECRET: google.clientSecret,
          GOOGLE_BASE_URL: google.baseUrl,
          PUBLIC_URL: `http://127.0.0.1:${google.port}`,
        }
      : (message.env ?? {}),
  })
  let team: TeamSeeded | undefined
  let seeded = { bookings: 0, timeOff: 0, firstDate: '', lastDate: '' }
  if (message.team) {
    team = await seedTeam(testApp, message.team.bookingsPerMember)
    const timeOff = team.salonTimeOff + team.memberTimeOff
    seeded = { bookings: team.bookings, timeOff, firstDate: team.firstDate, lastDate: team.lastDate }
  } else {
    seeded = await seedHistory(testApp, message.historyBookings)
  }
  await createExtraSalons(testApp, message.extraSalons)
  const salons = await listBenchSalons(testApp)
  const version = await database.db.execute<{ version: string }>(sql`select version() as version`)
  const databaseVersion = (version as unknown as { rows: { version: string }[] }).rows[0]?.version ?? 'unknown'

  await testApp.app.listen({ host: '127.0.0.1', port })
  const listening = (testApp.app.server.address() as AddressInfo).port
  const setupMs = performance.now() - started
  send({ type: 'ready', port: listening, databaseVersion, salons, seeded, ...(team ? { team } : {}), setupMs })
}

process.on('message', (message: ToServer) => {
  const handle = async () => {
    switch (message.type) {
      case 'start':
        return start(message)
      case 'busy-times':
        return send({
          type: 'busy-times-set',
          ...(await setBusyTimes(message.count, message.days, message.calendars ?? 1)),
        })
      case 'team-engine': {
        if (!testApp) throw new Error('Not started')
        return send({ type: 'team-engine-done', cases: await measureTeamEngine(testApp, message) })
      }
      case 'usage': {
        const elu = performance.eventLoopUtilization()
        return send({ type: 'usage', cpu: process.cpuUsage(), elu, at: performance.now() })
      }
      case 'profile-start':
        await profiler().post('Profiler.enable')
        await profiler().post('Profiler.start')
        return send({ type: 'profile-started' })
      case 'profile-stop': {
        const { profile } = await profiler().post('Profiler.stop')
        await writeFile(message.file, JSON.stringify(profile))
        return send({ type: 'profile-written', file: message.file })
      }
      case 'close':
        await close()
        send({ type: 'closed' })
        process.disconnect()
        return
    }
  }
  handle().catch((error: unknown) => {
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  })
})

// If the benchmark goes away, do not leave a listening server or a test database behind.
process.on('disconnect', () => {
  void close().finally(() => process.exit(0))
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void close().finally(() => process.exit(1))
  })
}
