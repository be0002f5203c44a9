import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/Tabs'
import { CalendarDays, Clock, LayoutDashboard, Users, UsersRound } from 'lucide-react'
import { type ComponentType, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AgendaDesk } from './agenda/AgendaDesk'
import { isNarrowScreen } from './agenda/agenda-hooks'
import { CustomersTab } from './customers/CustomersTab'
import { InstagramGlyph } from './instagram/InstagramGlyph'
import { InstagramTab } from './instagram/InstagramTab'
import { OverviewTab } from './overview/OverviewTab'
import { SchedulePanel } from './schedule/SchedulePanel'
import { TeamTab } from './team/TeamTab'

const TABS: { value: DashboardTab; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }[] = [
  { value: 'overview', icon: LayoutDashboard },
  { value: 'instagram', icon: InstagramGlyph },
  { value: 'agenda', icon: CalendarDays },
  { value: 'schedule', icon: Clock },
  { value: 'team', icon: Users },
  { value: 'customers', icon: UsersRound },
]
export type DashboardTab = 'overview' | 'instagram' | 'agenda' | 'schedule' | 'team' | 'customers'

const TAB_KEY = 'salonia-dashboard-tab'

function lastTab(): DashboardTab | undefined {
  try {
    const stored = sessionStorage.getItem(TAB_KEY)
    return TABS.some((t) => t.value === stored) ? (stored as DashboardTab) : undefined
  } catch {
    return undefined
  }
}

/** A tab's labels: the agenda's, the team's and the customers' texts live in their own blocks of the locale files. */
const labelKeys = (tab: DashboardTab) =>
  tab === 'customers' || tab === 'agenda' || tab === 'team'
    ? { full: `${tab}.tab`, short: `${tab}.tabShort` }
    : { full: `dashboard.tabs.${tab}`, short: `dashboard.tabs.${tab}Short` }

/**
 * The salon owner's dashboard (spec §2): Overview (the default), Instagram DMs, the agenda (the
 * team's day or week), the opening hours, the team and the customers, switched freely. A tab's content
 * mounts only while it is shown, so each reads its data when first opened. `initialTab` opens another
 * tab first: Instagram, when Meta sends the owner back from connecting the account.
 */
export function SalonDashboard({ salonId, initialTab }: { salonId: string; initialTab?: DashboardTab | undefined }) {
  const { t } = useTranslation()
  // The tab the owner was on comes back on a reload (for this browser tab's session). The first
  // time, on a phone, the day's agenda comes first (what an owner opens it for between two
  // clients); the overview is one tap away. The area renders in the browser only: the screen is known.
  const [tab, setTab] = useState<DashboardTab>(
    () => initialTab ?? lastTab() ?? (isNarrowScreen() ? 'agenda' : 'overview'),
  )
  const choose = (next: DashboardTab) => {
    setTab(next)
    try {
      sessionStorage.setItem(TAB_KEY, next)
    } catch {
      // Storage refused (private mode, full): the choice holds until the page is left.
    }
  }
  return (
    <Tabs value={tab} onValueChange={(value) => choose(value as DashboardTab)} className="w-full">
      {/* Equal cells with a short label on a phone; the full names from the sm breakpoint. */}
      <TabsList
        aria-label={t('dashboard.tabs.label')}
        className="grid w-full grid-cols-6 gap-0.5 max-sm:grid sm:inline-flex sm:w-auto sm:gap-1"
      >
        {TABS.map(({ value, icon: Icon }) => (
          <TabsTrigger
            key={value}
            value={value}
            className="h-auto min-h-12 min-w-0 flex-col gap-1 px-1 py-1.5 max-sm:px-0.5 text-xs sm:h-10 sm:min-h-0 sm:flex-row sm:gap-2 sm:px-4 sm:py-0 sm:text-sm"
          >
            <Icon aria-hidden className="size-4 shrink-0" />
            <span className="sm:hidden">{t(labelKeys(value).short)}</span>
            <span className="hidden sm:inline">{t(labelKeys(value).full)}</span>
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab salonId={salonId} />
      </TabsContent>
      <TabsContent value="instagram">
        <InstagramTab salonId={salonId} />
      </TabsContent>
      <TabsContent value="agenda">
        {/* The booking panel (open, move, new booking) plugs into onOpenBooking and onNewBooking. */}
        <AgendaDesk salonId={salonId} />
      </TabsContent>
      <TabsContent value="schedule">
        <SchedulePanel salonId={salonId} />
      </TabsContent>
      <TabsContent value="team">
        <TeamTab salonId={salonId} onOpenHours={() => choose('schedule')} />
      </TabsContent>
      <TabsContent value="customers">
        <CustomersTab salonId={salonId} />
      </TabsContent>
    </Tabs>
  )
}
