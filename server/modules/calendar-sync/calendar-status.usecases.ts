import type { CalendarConnection, CalendarConnections, CalendarStatus } from '@common/schemas/calendar'
import type { Executor } from '@server/db/client'
import { endSessionsOfSalon } from '@server/modules/auth/sessions.usecases'
import { type BookingForCalendar, bookingEventOf, type SalonForCalendar } from './booking-event'
import { type CalendarDeps, providerNamed, requestCalendarRead, requestCalendarSync } from './calendar-providers'
import {
  calendarIsSignIn,
  calendarNotConnected,
  calendarNotFound,
  calendarNotWriter,
  calendarReconnectRequired,
} from './calendar-sync.errors'
import * as repo from './calendar-sync.repository'
import { hasLiveChannel } from './calendar-sync.usecases'

/** The dashboard's calendar cards, "Synchroniser", and removing calendars. */

const MAX_CONFLICTS_SHOWN = 10

/** The card of a salon with no calendar connected. */
export function notConnectedStatus(salon: { timeZone: string }): CalendarStatus {
  return {
    state: 'not_connected',
    account: null,
    lastSyncedAt: null,
    lastSync: null,
    syncing: false,
    pendingEvents: 0,
    failedEvents: 0,
    updates: 'polling',
    pollMinutes: null,
    busyEvents: 0,
    lastError: null,
    conflicts: [],
    timeZone: salon.timeZone,
  }
}

/**
 * The salon's calendar as the dashboard's card shows it: the calendar receiving bookings (its
 * state, what is still to write), with the busy times and conflicts of every calendar.
 */
export async function calendarStatus(
  deps: Pick<CalendarDeps, 'db' | 'clock' | 'config'>,
  salon: SalonForCalendar & { id: string },
): Promise<CalendarStatus> {
  const { db, clock, config } = deps
  const writer = await repo.findWriter(db, salon.id)
  const provider = writer && providerNamed(writer.provider)
  if (!writer || !provider) return notConnectedStatus(salon)
  const now = clock.now()
  const [toReconcile, failedEvents, syncing, busyEvents, conflicts] = await Promise.all([
    repo.listBookingsToReconcile(db, salon.id, writer.id, now),
    repo.countFailedPushes(db, salon.id),
    repo.isSyncPending(db, salon.id),
    repo.countBusyTimes(db, salon.id, now),
    repo.listConflicts(db, salon.id, now, MAX_CONFLICTS_SHOWN),
  ])
  const pendingEvents = toReconcile.filter(({ booking, link }) => {
    if (booking.status === 'cancelled') return link?.state === 'present'
    const fingerprint = provider.fingerprint(bookingEventOf(booking as BookingForCalendar, salon, config.publicUrl))
    return link?.state !== 'present' || link.fingerprint !== fingerprint
  }).length
  return {
    state: writer.reconnectRequiredAt ? 'reconnect_required' : 'connected',
    account: writer.account,
    lastSyncedAt: writer.lastSyncedAt?.toISOString() ?? null,
    lastSync: writer.lastSyncCounts ?? null,
    syncing,
    pendingEvents,
    failedEvents,
    updates: hasLiveChannel(writer, now.getTime()) ? 'push' : 'polling',
    pollMinutes: Math.max(1, Math.round(provider.pollEveryMs(writer, false) / 60_000)),
    busyEvents,
    lastError: (writer.lastError as CalendarStatus['lastError']) ?? null,
    conflicts: conflicts.map((c) => ({
      bookingId: c.bookingId,
      bookingStartsAt: c.bookingStartsAt.toISOString(),
      serviceName: c.serviceName,
      customerName: c.customerName,
      eventSummary: c.eventSummary,
      eventStartsAt: c.eventStartsAt.toISOString(),
      eventEndsAt: c.eventEndsAt.toISOString(),
      allDay: c.allDay,
    })),
    timeZone: salon.timeZone,
  }
}

/** "Synchroniser": a read of each of the salon's calendars is queued (one at a time per calendar). */
export async function requestManualSync(deps: Pick<CalendarDeps, 'db' | 'jobs'>, salonId: string) {
  const connections = await repo.listConnectionsOfSalon(deps.db, salonId)
  if (connections.length === 0) throw calendarNotConnected()
  if (connections.every((c) => c.reconnectRequiredAt)) throw calendarReconnectRequired()
  await requestCalendarSync(deps.db, deps.jobs, salonId, 'manual')
  return { success: true as const, queued: true as const }
}

/**
 * The specification's "Déconnecter": the calendar that is the owner's sign-in (Google's) goes,
 * and every session of the salon ends, in one transaction; the calendars added beside it (Outlook,
 * CalDAV) stay, and the first of them receives the bookings when Google did. What is left to do at
 * the provider (a grant to revoke, a channel to stop) is a job.
 */
export async function disconnectCalendars(deps: Pick<CalendarDeps, 'db' | 'jobs'>, salonId: string) {
  await deps.db.transaction(async (tx) => {
    const signIn = (await repo.listConnectionsOfSalon(tx, salonId)).filter(
      (c) => providerNamed(c.provider)?.removable === false,
    )
    await dropConnections(tx, deps.jobs, salonId, signIn)
    await endSessionsOfSalon(tx, salonId)
  })
  return { success: true as const, message: 'The calendar is disconnected and the session ended.' }
}

/**
 * Removes calendars (their busy times and links go with them), hands what is left to do at their
 * providers to jobs, and gives the bookings to the first calendar still connected when one of
 * them received them (a read writes them there).
 */
async function dropConnections(
  tx: Executor,
  jobs: CalendarDeps['jobs'],
  salonId: string,
  connections: repo.CalendarConnectionRow[],
) {
  await repo.deleteConnections(
    tx,
    salonId,
    connections.map((c) => c.id),
  )
  for (const connection of connections) await providerNamed(connection.provider)?.removed?.(tx, jobs, connection)
  if (!connections.some((c) => c.writesBookings)) return
  const next = (await repo.listConnectionsOfSalon(tx, salonId)).find((c) => !c.memberId && !c.reconnectRequiredAt)
  if (!next) return
  await repo.makeWriter(tx, salonId, next.id)
  await requestCalendarRead(tx, jobs, next.id, 'connect')
}

// ——— Several calendars ———

/** The salon's calendars, each with its own state, the one receiving bookings first. */
export async function listCalendars(
  deps: Pick<CalendarDeps, 'db' | 'clock'>,
  salonId: string,
): Promise<CalendarConnections> {
  const now = deps.clock.now()
  const connections = await repo.listConnectionsOfSalon(deps.db, salonId)
  const calendars = await Promise.all(
    connections.map(async (connection) => {
      const [busyEvents, syncing] = await Promise.all([
        repo.countBusyTimesOfCalendar(deps.db, connection.id, now),
        repo.isSyncPending(deps.db, salonId, connection.id),
      ])
      return presentConnection(connection, { busyEvents, syncing, now })
    }),
  )
  return { calendars, writerId: connections.find((c) => c.writesBookings)?.id ?? null }
}

function presentConnection(
  connection: repo.CalendarConnectionRow,
  facts: { busyEvents: number; syncing: boolean; now: Date },
): CalendarConnection {
  return {
    id: connection.id,
    provider: connection.provider,
    account: connection.account,
    calendarName: connection.calendarName,
    writesBookings: connection.writesBookings,
    state: connection.reconnectRequiredAt ? 'reconnect_required' : 'connected',
    lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
    lastPulledAt: connection.lastPulledAt?.toISOString() ?? null,
    lastError: (connection.lastError as CalendarConnection['lastError']) ?? null,
    updates: hasLiveChannel(connection, facts.now.getTime()) ? 'push' : 'polling',
    busyEvents: facts.busyEvents,
    syncing: facts.syncing,
    removable: providerNamed(connection.provider)?.removable !== false,
  }
}

async function connectionOfSalon(db: Executor, salonId: string, calendarId: string) {
  const connection = await repo.findConnection(db, calendarId)
  if (!connection || connection.salonId !== salonId) throw calendarNotFound()
  return connection
}

/**
 * Bookings go to this calendar from now on: in one transaction it becomes the only one receiving
 * them; then a read of it writes every booking still to come there, and a read of the one before
 * removes ours from it.
 */
export async function chooseWriter(
  deps: Pick<CalendarDeps, 'db' | 'jobs' | 'clock'>,
  salonId: string,
  calendarId: string,
) {
  await deps.db.transaction(async (tx) => {
    const connection = await connectionOfSalon(tx, salonId, calendarId)
    if (connection.memberId) throw calendarNotWriter()
    if (connection.reconnectRequiredAt) throw calendarReconnectRequired()
    const before = await repo.findWriter(tx, salonId)
    if (before?.id === calendarId) return
    await repo.makeWriter(tx, salonId, calendarId)
    await requestCalendarRead(tx, deps.jobs, calendarId, 'connect')
    if (before) await requestCalendarRead(tx, deps.jobs, before.id, 'connect')
  })
  return listCalendars(deps, salonId)
}

/** One calendar's "Synchroniser". */
export async function requestOneSync(deps: Pick<CalendarDeps, 'db' | 'jobs'>, salonId: string, calendarId: string) {
  const connection = await connectionOfSalon(deps.db, salonId, calendarId)
  if (connection.reconnectRequiredAt) throw calendarReconnectRequired()
  await requestCalendarRead(deps.db, deps.jobs, calendarId, 'manual')
  return { success: true as const, queued: true as const }
}

/**
 * Removes one calendar: its busy times and our links go with it (in one transaction), and what is
 * left to do at its provider becomes a job. Our events stay in it: the owner removed the calendar
 * from Salonia, not the appointments from their calendar. When it received the bookings, the
 * first other calendar still connected receives them from now on (and a read writes them there);
 * the owner's sessions stay.
 */
export async function removeCalendar(deps: Pick<CalendarDeps, 'db' | 'jobs'>, salonId: string, calendarId: string) {
  await deps.db.transaction(async (tx) => {
    const connection = await connectionOfSalon(tx, salonId, calendarId)
    if (providerNamed(connection.provider)?.removable === false) throw calendarIsSignIn()
    await dropConnections(tx, deps.jobs, salonId, [connection])
  })
  return { success: true as const }
}
