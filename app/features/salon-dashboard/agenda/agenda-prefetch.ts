import type { QueryClient } from '@tanstack/react-query'
import { salonKeys } from '../dashboard-api'

/**
 * Asks for what the agenda reads before it can show the day — the team, the absences, the weekly
 * blocks and the dashboard (the server's today), and the services its closed dialogs (a new
 * booking, the waiting list) read as they mount — as soon as the dashboard knows it opens on the
 * agenda, rather than when the agenda mounts: the answers come while the phone renders the
 * dashboard, and the agenda's own queries find them on their way (the same keys, the default query
 * function) instead of starting them, and rendering their components again, in the task that
 * mounts it. The salon and the calendar are asked for by the page's header already; the day's
 * bookings need the server's today.
 */
export function prefetchAgenda(queryClient: QueryClient, salonId: string): void {
  for (const queryKey of [
    salonKeys.team(salonId),
    salonKeys.timeOff(salonId),
    salonKeys.blocks(salonId),
    salonKeys.dashboard(salonId),
    salonKeys.services(salonId),
  ])
    void queryClient.prefetchQuery({ queryKey })
}

/**
 * The browser's date formatting, made ready: its first use in a page costs a phone tens of
 * milliseconds (the formatting data of Intl.DateTimeFormat), and the agenda's first render would
 * pay it twice over in one piece — reading its day's bounds in the salon's time zone, and creating
 * its date field. Called in a task of its own while the agenda's data is on its way.
 */
export function prepareDateFormatting(): void {
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', timeZoneName: 'longOffset' }).format(0)
}
