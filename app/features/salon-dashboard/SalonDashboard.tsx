import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/Tabs'
import { CalendarDays, Clock, LayoutDashboard, Users, UsersRound } from 'lucide-react'
import { type ComponentType, memo, type ReactNode, Suspense, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AgendaDesk } from './agenda/AgendaDesk'
import { PreloadOtherTabs, useFirstTabAhead, useTabAfterHydration } from './dashboard-start'
import { type DashboardTab, firstTab, preloadOtherTabs, rememberTab, TAB_CONTENT } from './dashboard-tabs'
import { InstagramGlyph } from './instagram/InstagramGlyph'

export type { DashboardTab } from './dashboard-tabs'

const TABS: { value: DashboardTab; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }[] = [
  { value: 'overview', icon: LayoutDashboard },
  { value: 'instagram', icon: InstagramGlyph },
  { value: 'agenda', icon: CalendarDays },
  { value: 'schedule', icon: Clock },
  { value: 'team', icon: Users },
  { value: 'customers', icon: UsersRound },
]

const { overview: Overview, instagram: Instagram, schedule: Schedule, team: Team, customers: Customers } = TAB_CONTENT

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
  // The tab the owner was on comes back on a reload; the first time, a phone opens on the day's agenda.
  const [first] = useState(() => firstTab(initialTab))
  const [tab, setTab] = useState<DashboardTab>(first)
  const waiting = useTabAfterHydration()
  useFirstTabAhead(first, salonId)
  const choose = useCallback((next: DashboardTab) => {
    setTab(next)
    rememberTab(next)
  }, [])
  return <DashboardTabs salonId={salonId} first={first} shown={waiting ? undefined : tab} onChoose={choose} />
}

/**
 * The tab list and the tab shown (none while `shown` is undefined). Memoised: the end of hydration
 * renders SalonDashboard again, at once (useHydrating), and would otherwise render the whole agenda
 * again with it, in the very task that mounts it.
 */
const DashboardTabs = memo(function DashboardTabs({
  salonId,
  first,
  shown,
  onChoose,
}: {
  salonId: string
  first: DashboardTab
  shown: DashboardTab | undefined
  onChoose: (tab: DashboardTab) => void
}) {
  const { t } = useTranslation()
  return (
    <Tabs value={shown ?? ''} onValueChange={(value) => onChoose(value as DashboardTab)} className="w-full">
      {/* Equal cells with a short label on a phone; the full names from the sm breakpoint. */}
      {/* The owner reaching for another tab: its code is asked for now (else a few seconds after the start). */}
      <TabsList
        aria-label={t('dashboard.tabs.label')}
        className="grid w-full grid-cols-6 gap-0.5 max-sm:grid sm:inline-flex sm:w-auto sm:gap-1"
        onPointerEnter={() => void preloadOtherTabs(first)}
        onFocus={() => void preloadOtherTabs(first)}
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
      {shown === undefined && (
        <div className="mt-6">
          <TabLoading />
        </div>
      )}
      <TabContent value="overview" first={first}>
        <Overview salonId={salonId} />
      </TabContent>
      <TabContent value="instagram" first={first}>
        <Instagram salonId={salonId} />
      </TabContent>
      <TabContent value="agenda" first={first}>
        {/* The booking panel (open, move, new booking) plugs into onOpenBooking and onNewBooking. */}
        <AgendaDesk salonId={salonId} />
      </TabContent>
      <TabContent value="schedule" first={first}>
        <Schedule salonId={salonId} />
      </TabContent>
      <TabContent value="team" first={first}>
        <Team salonId={salonId} onOpenHours={() => onChoose('schedule')} />
      </TabContent>
      <TabContent value="customers" first={first}>
        <Customers salonId={salonId} />
      </TabContent>
    </Tabs>
  )
})

/**
 * A tab's content, in its own chunk: a skeleton as tall as a screen while its code arrives (the
 * footer stays below it rather than jump), and — for the tab the dashboard opened on — the other
 * tabs' code asked for once it is on screen with its data.
 */
function TabContent({ value, first, children }: { value: DashboardTab; first: DashboardTab; children: ReactNode }) {
  return (
    <TabsContent value={value}>
      <Suspense fallback={<TabLoading />}>
        {children}
        {value === first && <PreloadOtherTabs shown={value} />}
      </Suspense>
    </TabsContent>
  )
}

function TabLoading() {
  const { t } = useTranslation()
  return (
    <div role="status" className="min-h-dvh">
      <span className="sr-only">{t('dashboard.loading')}</span>
      <span aria-hidden className="block h-40 animate-pulse rounded-3xl bg-sand/80" />
    </div>
  )
}
