import { Card } from '@app/components/ui/Card'
import { useTranslation } from 'react-i18next'
import { useSalon } from '../dashboard-api'
import { StripeCard } from '../payments/StripeCard'
import { TranslationsCard } from '../translations/TranslationsCard'
import { WhatsAppCard } from '../whatsapp/WhatsAppCard'
import { CalendarConflicts } from './CalendarConflicts'
import { CalendarsCard } from './CalendarsCard'
import { ClientAccessCard } from './ClientAccessCard'
import { QuickActionsCard } from './ConnectionCards'
import { McpAccessCard } from './McpAccessCard'
import { PaymentFigures } from './PaymentFigures'
import { RemindersCard } from './RemindersCard'
import { SalonHeader, SalonInfoCard } from './SalonInfo'
import { ServicesCard } from './ServicesCard'
import { RecentBookingsCard, StatisticsTiles } from './Statistics'
import { LoadError, Skeleton } from './states'

/**
 * The dashboard's first tab (spec §2): who the salon is and how it is connected (with the bookings
 * its own calendar events overlap), its figures, its details, its AI agents' access (MCP), its
 * customers' link, its reminders, its services and their translations; with payments, the money
 * of the last 30 days.
 */
export function OverviewTab({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const salon = useSalon(salonId)

  if (salon.isPending) {
    return (
      <div role="status" className="flex flex-col gap-6">
        <span className="sr-only">{t('dashboard.loading')}</span>
        <Card className="flex items-center gap-4 p-6">
          <Skeleton className="size-14 rounded-2xl" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-6 w-48 max-w-full" />
            <Skeleton className="h-4 w-64 max-w-full" />
          </div>
        </Card>
        <div className="grid gap-6 md:grid-cols-2">
          <Card className="h-56" />
          <Card className="h-56" />
        </div>
      </div>
    )
  }
  if (salon.isError) {
    return <LoadError message={t('dashboard.overview.loadFailed')} onRetry={() => void salon.refetch()} />
  }

  return (
    <div className="flex flex-col gap-6">
      <SalonHeader salon={salon.data} />
      <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-2">
        <CalendarsCard salon={salon.data} />
        {/* The conflicts under the actions: what to act on, beside the taller status card. */}
        <div className="flex flex-col gap-6">
          <QuickActionsCard salon={salon.data} />
          <CalendarConflicts salonId={salonId} />
        </div>
      </div>
      <StatisticsTiles salonId={salonId} />
      {/* The money deposits and guarantees brought, under the no-show rate they are there to lower. */}
      <PaymentFigures salonId={salonId} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <SalonInfoCard salon={salon.data} />
          <McpAccessCard salonId={salonId} />
        </div>
        <div className="flex flex-col gap-6">
          <ClientAccessCard salonId={salonId} />
          <WhatsAppCard salonId={salonId} />
          <StripeCard salonId={salonId} />
          <RemindersCard salon={salon.data} />
        </div>
      </div>
      <ServicesCard salonId={salonId} />
      <TranslationsCard salonId={salonId} />
      <RecentBookingsCard salonId={salonId} />
    </div>
  )
}
