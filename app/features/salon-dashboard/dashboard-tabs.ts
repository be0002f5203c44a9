import { calendarOnItsWay } from '@app/features/calendar-connect/pending-calendar'
import { lazyPart } from '@app/lib/lazy-page'
import { isNarrowScreen } from './agenda/agenda-hooks'

export type DashboardTab = 'overview' | 'instagram' | 'agenda' | 'schedule' | 'team' | 'customers'

/** The tabs in the order the dashboard lists them. */
export const DASHBOARD_TABS: readonly DashboardTab[] = [
  'overview',
  'instagram',
  'agenda',
  'schedule',
  'team',
  'customers',
]

/**
 * The content of each tab but the agenda in a chunk of its own: the owner's phone opens on the
 * day's agenda, and should not download, compile and run the overview, the team, the hours… before
 * it (they were three fifths of the dashboard's code). The agenda comes with the dashboard; the
 * first tab's chunk is asked for as the dashboard first renders, the others once the first is on
 * screen with its data (preloadOtherTabs): a tap on a tab finds its code there.
 */
export const TAB_CONTENT = {
  overview: lazyPart(async () => ({ default: (await import('./overview/OverviewTab')).OverviewTab })),
  instagram: lazyPart(async () => ({ default: (await import('./instagram/InstagramTab')).InstagramTab })),
  schedule: lazyPart(async () => ({ default: (await import('./schedule/SchedulePanel')).SchedulePanel })),
  team: lazyPart(async () => ({ default: (await import('./team/TeamTab')).TeamTab })),
  customers: lazyPart(async () => ({ default: (await import('./customers/CustomersTab')).CustomersTab })),
}

const TAB_KEY = 'salonia-dashboard-tab'

function lastTab(): DashboardTab | undefined {
  try {
    const stored = sessionStorage.getItem(TAB_KEY)
    return DASHBOARD_TABS.find((tab) => tab === stored)
  } catch {
    return undefined
  }
}

/** The tab the owner chose comes back on a reload, for this browser tab's session. */
export function rememberTab(tab: DashboardTab): void {
  try {
    sessionStorage.setItem(TAB_KEY, tab)
  } catch {
    // Storage refused (private mode, full): the choice holds until the page is left.
  }
}

/**
 * The tab the dashboard opens on: `initialTab` when a return asks for one (Instagram, after Meta),
 * the overview when a calendar is on its way (pending-calendar.ts), else the one the owner was on
 * in this browser tab, else — the first time — the day's agenda on a phone (what an owner opens it
 * for between two clients) and the overview on a larger screen. The server renders the owner's
 * page too (entry-server.tsx): there, without a window, only `initialTab` and the screen's default count.
 */
export function firstTab(initialTab?: DashboardTab): DashboardTab {
  const search = typeof window === 'undefined' ? '' : window.location.search
  if (!initialTab && calendarOnItsWay(search)) return 'overview'
  return initialTab ?? lastTab() ?? (isNarrowScreen() ? 'agenda' : 'overview')
}

/** The other tabs' code, one after the other: each compiles in a task of its own. */
export async function preloadOtherTabs(shown: DashboardTab): Promise<void> {
  for (const tab of DASHBOARD_TABS)
    if (tab !== shown && tab !== 'agenda') await TAB_CONTENT[tab].preload().catch(() => undefined)
}
