import type { SalonDashboard } from '@common/schemas/dashboard'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { salonKeys } from '../dashboard-api'
import { agendaBookingsPath, agendaKeys } from './agenda-api'

/**
 * What the signed-in professional area reads before it can show the day's agenda: the salon and
 * its calendar (the page's header), the team, the absences, the weekly blocks and the dashboard
 * (the server's today), and the services its closed dialogs (a new booking, the waiting list) read
 * as they mount. Each key is also its URL (the default query function).
 */
export const agendaStartKeys = (salonId: string): QueryKey[] => [
  salonKeys.salon(salonId),
  salonKeys.calendar(salonId),
  salonKeys.team(salonId),
  salonKeys.timeOff(salonId),
  salonKeys.blocks(salonId),
  salonKeys.dashboard(salonId),
  salonKeys.services(salonId),
]

/**
 * Those answers read by the server with the owner's session, and the day's bookings once the
 * dashboard has said which day is today (app/entry-server.tsx): sent with the page, they spare the
 * phone those requests — and this server's work on them, while the phone hydrates and renders the
 * agenda. What could not be read, or not within `withinMs`, is left to the browser.
 */
export async function readAgendaStart(
  salonId: string,
  read: (path: string) => Promise<unknown>,
  withinMs: number,
): Promise<{ queryKey: QueryKey; data: unknown }[]> {
  const answers: { queryKey: QueryKey; data: unknown }[] = []
  const keep = async (queryKey: QueryKey, path: string) => {
    const data = await read(path).catch(() => undefined)
    if (data !== undefined) answers.push({ queryKey, data })
    return data
  }
  const reading = (async () => {
    const dashboardKey = salonKeys.dashboard(salonId)
    const first = agendaStartKeys(salonId).map(async (queryKey) => {
      const data = await keep(queryKey, queryKey.join('/'))
      // The day's bookings as soon as the dashboard has said which day is today.
      const today =
        queryKey.join('/') === dashboardKey.join('/') ? (data as SalonDashboard | undefined)?.today : undefined
      if (today) await keep(agendaKeys.bookings(salonId, today, today), agendaBookingsPath(salonId, today, today))
    })
    await Promise.all(first)
  })()
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([reading, new Promise((resolve) => (timer = setTimeout(resolve, withinMs)))])
  clearTimeout(timer)
  // A copy: reads that end later add nothing to what was sent.
  return [...answers]
}

/**
 * In the browser, what of it the page did not bring, asked for as soon as the dashboard knows it
 * opens on the agenda rather than when the agenda mounts: the agenda's own queries find the
 * answers on their way instead of starting them, and rendering their components again, in the
 * task that mounts it.
 */
export function prefetchAgenda(queryClient: QueryClient, salonId: string): void {
  for (const queryKey of agendaStartKeys(salonId))
    if (queryClient.getQueryState(queryKey)?.data === undefined) void queryClient.prefetchQuery({ queryKey })
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
