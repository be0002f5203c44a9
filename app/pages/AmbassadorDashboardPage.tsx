import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/Tabs'
import { DashboardHeader, StatCards } from '@app/features/ambassador/dashboard/DashboardHeader'
import { OverviewTab } from '@app/features/ambassador/dashboard/OverviewTab'
import { KitTab } from '@app/features/ambassador/kit/KitTab'
import { ReferralsTab } from '@app/features/ambassador/referrals/ReferralsTab'
import { useSignedInAmbassador } from '@app/features/ambassador/session'
import { usePageTitle } from '@app/lib/page-title'
import { BookOpen, LayoutDashboard, Loader2, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

const TABS = [
  { value: 'overview', icon: LayoutDashboard },
  { value: 'referrals', icon: Users },
  { value: 'kit', icon: BookOpen },
] as const
type Tab = (typeof TABS)[number]['value']

/**
 * The ambassador dashboard (spec §2): greeting and logout, four figures, then Overview, Referrals
 * and Kit. Without an ambassador session it goes back to /ambassador (spec §6).
 */
export default function AmbassadorDashboardPage() {
  const { t } = useTranslation()
  usePageTitle(t('ambassador.dashboard.title'))
  const dashboard = useSignedInAmbassador()
  const [tab, setTab] = useState<Tab>('overview')

  if (!dashboard) {
    return (
      <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-ink-soft">
        <Loader2 aria-hidden className="size-7 animate-spin text-primary" />
        <p>{t('ambassador.dashboard.loading')}</p>
      </div>
    )
  }

  const { ambassador, stats } = dashboard
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:gap-8 md:py-12">
      <DashboardHeader ambassador={ambassador} />
      <StatCards stats={stats} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="w-full">
        <TabsList aria-label={t('ambassador.tabs.label')} className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto">
          {TABS.map(({ value, icon: Icon }) => (
            // On a phone, three equal cells with the icon over a small label; in a row from sm.
            <TabsTrigger
              key={value}
              value={value}
              className="h-auto min-h-12 flex-col justify-center gap-1 whitespace-normal px-1 py-1.5 text-center text-xs leading-tight sm:h-10 sm:min-h-0 sm:flex-row sm:gap-2 sm:px-4 sm:py-0 sm:text-sm"
            >
              <Icon aria-hidden className="size-4 shrink-0" />
              {t(`ambassador.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab ambassador={ambassador} />
        </TabsContent>
        <TabsContent value="referrals">
          <ReferralsTab />
        </TabsContent>
        <TabsContent value="kit">
          <KitTab referralCode={ambassador.referralCode} />
        </TabsContent>
      </Tabs>
    </section>
  )
}
