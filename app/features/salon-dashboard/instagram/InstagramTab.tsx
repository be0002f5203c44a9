import { Card } from '@app/components/ui/Card'
import { useTranslation } from 'react-i18next'
import { useSalon } from '../dashboard-api'
import { LoadError, Skeleton } from '../overview/states'
import { InstagramIntegrationCard } from './InstagramIntegrationCard'
import { InstagramManagementPanel } from './InstagramManagementPanel'
import { InstagramPauseSettings } from './InstagramPauseSettings'

/**
 * The Instagram DMs tab (spec §2), laid out only: the cards read what they show themselves. Not
 * connected, the integration card beside the prompt to connect; connected, the card beside the
 * pause settings, then the figures and the customers across the whole width (a list of rows with
 * their controls needs it).
 */
export function InstagramTab({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const salon = useSalon(salonId)

  if (salon.isPending) {
    return (
      <div role="status" className="grid items-start gap-6 lg:grid-cols-[1.15fr_1fr]">
        <span className="sr-only">{t('dashboard.loading')}</span>
        <Card className="flex flex-col gap-4 p-6">
          <Skeleton className="h-6 w-56 max-w-full" />
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-11 w-44 rounded-xl" />
        </Card>
        <Card className="h-56" />
      </div>
    )
  }
  if (salon.isError) {
    return <LoadError message={t('dashboard.instagram.loadFailed')} onRetry={() => void salon.refetch()} />
  }

  if (!salon.data.instagramConnected) {
    return (
      <div className="grid items-start gap-6 lg:grid-cols-[1.15fr_1fr]">
        <InstagramIntegrationCard salon={salon.data} />
        <InstagramManagementPanel salon={salon.data} />
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-[1.15fr_1fr]">
        <InstagramIntegrationCard salon={salon.data} />
        <InstagramPauseSettings salon={salon.data} />
      </div>
      <InstagramManagementPanel salon={salon.data} />
    </div>
  )
}
