import type { CaldavAccount, CaldavConnect, CaldavDiscovery } from '@common/schemas/calendar'
import { type CalendarDeps, calendarConnected } from '@server/modules/calendar-sync/calendar-providers'
import { listCalendars } from '@server/modules/calendar-sync/calendar-status.usecases'
import {
  caldavCalendarUnknown,
  caldavNotCaldav,
  caldavUnauthorized,
  caldavUnreachable,
  caldavUrlRefused,
} from './caldav.errors'
import {
  assertCaldavUrlAllowed,
  CALDAV_PRESETS,
  type CaldavCredentials,
  CaldavError,
  CaldavUrlRefused,
  type DiscoveredCalendar,
  discoverCalendars,
} from './caldav-client'
import { sealCaldavCredentials } from './caldav-provider'

/**
 * Connecting a CalDAV calendar: the owner's account is checked against the server (discovery:
 * /.well-known/caldav, the principal, the calendar home), the owner picks one of its calendars,
 * and the connection keeps the credentials sealed. The server is called on the request's path
 * here only because the owner is waiting for exactly that answer (and it has its own timeout).
 */

function credentialsOf(account: CaldavAccount): CaldavCredentials {
  const serverUrl = account.preset === 'custom' ? (account.serverUrl ?? '') : CALDAV_PRESETS[account.preset]
  return { serverUrl, username: account.username, password: account.password }
}

async function discover(deps: Pick<CalendarDeps, 'config'>, account: CaldavAccount): Promise<DiscoveredCalendar[]> {
  const credentials = credentialsOf(account)
  try {
    assertCaldavUrlAllowed(credentials.serverUrl, { production: deps.config.isProduction })
  } catch {
    throw caldavUrlRefused()
  }
  try {
    const found = await discoverCalendars(credentials, { production: deps.config.isProduction })
    if (found.calendars.length === 0) throw caldavNotCaldav()
    return found.calendars
  } catch (error) {
    if (error instanceof CaldavUrlRefused) throw caldavUrlRefused()
    if (!(error instanceof CaldavError)) throw error
    if (error.kind === 'unauthorized') throw caldavUnauthorized()
    if (error.kind === 'unavailable') throw caldavUnreachable()
    throw caldavNotCaldav()
  }
}

/** The account's calendars the owner can choose from. */
export async function discoverCaldavCalendars(
  deps: Pick<CalendarDeps, 'config'>,
  account: CaldavAccount,
): Promise<CaldavDiscovery> {
  const calendars = await discover(deps, account)
  return { calendars: calendars.map((c) => ({ url: c.url, name: c.name, color: c.color ?? null })) }
}

/**
 * Connects the chosen calendar (found again with the same credentials, so nobody connects a URL
 * the account cannot reach); it receives bookings when the salon has no calendar doing so, and a
 * first read is queued.
 */
export async function connectCaldavCalendar(deps: CalendarDeps, salonId: string, input: CaldavConnect) {
  const calendars = await discover(deps, input.account)
  const calendar = calendars.find((c) => c.url === input.calendarUrl)
  if (!calendar) throw caldavCalendarUnknown()
  const credentials = sealCaldavCredentials(deps.config, credentialsOf(input.account))
  await deps.db.transaction(async (tx) => {
    await calendarConnected(tx, deps.jobs, {
      salonId,
      provider: 'caldav',
      account: input.account.username,
      calendarRef: calendar.url,
      calendarName: input.calendarName ?? calendar.name,
      credentials,
      connectedAt: deps.clock.now(),
    })
  })
  return listCalendars(deps, salonId)
}
