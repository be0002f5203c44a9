import { Button } from '@app/components/ui/Button'
import { Card, CardDescription } from '@app/components/ui/Card'
import type { Salon } from '@common/schemas/salon'
import { Plus, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AccessCodesSection } from './AccessCodesSection'
import { AmbassadorsSection } from './AmbassadorsSection'
import { useRefreshAdminData } from './admin-api'
import { FailedJobsSection } from './FailedJobsSection'
import { OverviewTiles } from './OverviewTiles'
import { SalonDetailsDialog, type ViewRequest } from './SalonDetailsDialog'
import { SalonFormDialog } from './SalonFormDialog'
import { SalonsSection } from './SalonsSection'
import { ServicesSection } from './ServicesSection'
import { WaitlistSection } from './WaitlistSection'

/**
 * The administration panel (spec §2) with true figures: the title, the "Salonia Administration"
 * card with "Nouveau Salon" and the four tiles, the salons, their services, the background jobs
 * that failed for good, the ambassadors' access codes, the ambassadors with their figures and the waitlist with its actions. The salon
 * dialogs live here because the salon table and the services grid both open them.
 */
export function AdminPanel() {
  const { t } = useTranslation()
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<Salon>()
  const [viewing, setViewing] = useState<ViewRequest>()
  const refresh = useRefreshAdminData()
  const [refreshing, setRefreshing] = useState(false)

  const refreshAll = () => {
    setRefreshing(true)
    void refresh().finally(() => setRefreshing(false))
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10">
      <h1 className="break-words text-2xl font-semibold tracking-tight hyphens-auto min-[400px]:text-3xl sm:text-4xl">
        {t('admin.title')}
      </h1>
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1.5">
            <h2 className="font-display text-xl font-semibold leading-tight sm:text-2xl">{t('admin.cardTitle')}</h2>
            <CardDescription>{t('admin.cardDescription')}</CardDescription>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="outline" onClick={refreshAll} loading={refreshing} className="max-sm:px-3">
              {!refreshing && <RefreshCw aria-hidden className="size-4" />}
              {/* An icon alone on a phone, so both buttons share one line. */}
              <span className="max-sm:sr-only">{t('admin.refresh')}</span>
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              {t('admin.newSalon')}
            </Button>
          </div>
        </div>
        <OverviewTiles />
      </Card>
      <SalonsSection onView={(salonId) => setViewing({ salonId })} onEdit={setEditing} />
      <ServicesSection onOpenSalon={(salonId) => setViewing({ salonId, atServices: true })} />
      <FailedJobsSection />
      <div className="grid gap-6 sm:gap-8 lg:grid-cols-2 lg:items-start">
        <AccessCodesSection />
        <AmbassadorsSection />
      </div>
      <WaitlistSection />

      <SalonFormDialog open={creating} onOpenChange={setCreating} />
      <SalonFormDialog salon={editing} open={editing !== undefined} onOpenChange={() => setEditing(undefined)} />
      <SalonDetailsDialog
        request={viewing}
        onClose={() => setViewing(undefined)}
        onEdit={(salon) => {
          setViewing(undefined)
          setEditing(salon)
        }}
      />
    </div>
  )
}
