import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { fieldClasses, Label } from '@app/components/ui/Input'
import { LoadError, Skeleton } from '@app/features/salon-dashboard/overview/states'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import { Pencil, Scissors } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAdminSalons, useAdminServices } from './admin-api'
import { formatServicePrice } from './admin-format'
import { ActiveBadge } from './SalonsSection'
import { SectionHeader } from './SectionHeader'

const ALL = ''

/**
 * The spec's services grid, across salons: each card names its salon. There is no administrator
 * call to edit a service (owners manage theirs by CSV import), so the edit button opens the salon's
 * details at its services.
 */
export function ServicesSection({ onOpenSalon }: { onOpenSalon: (salonId: string) => void }) {
  const { t } = useTranslation()
  const services = useAdminServices()
  const salons = useAdminSalons()
  const [salonFilter, setSalonFilter] = useState(ALL)
  const filterId = useId()
  const language = currentLanguage()
  const salonName = (salonId: string) => salons.data?.find((salon) => salon.salonId === salonId)?.name
  // The salons that have services, by name (an ID the salon list does not know sorts by itself).
  const salonIds = [...new Set(services.data?.map((service) => service.salonId) ?? [])].sort(
    (a, b) => (salonName(a) ?? a).localeCompare(salonName(b) ?? b, language) || a.localeCompare(b),
  )
  const shown = services.data?.filter((service) => salonFilter === ALL || service.salonId === salonFilter) ?? []

  return (
    <Card>
      <SectionHeader
        id="admin-services-title"
        title={t('admin.services.title')}
        count={services.data?.length}
        description={t('admin.services.description')}
      />
      <div className="flex flex-col gap-4 px-5 pb-5 pt-3 sm:px-6 sm:pb-6">
        {salonIds.length > 1 && (
          <div className="flex flex-col gap-1.5 sm:max-w-xs">
            <Label htmlFor={filterId}>{t('admin.services.filter')}</Label>
            <select
              id={filterId}
              value={salonFilter}
              onChange={(event) => setSalonFilter(event.target.value)}
              className={cn(fieldClasses, 'cursor-pointer')}
            >
              <option value={ALL}>{t('admin.services.allSalons')}</option>
              {salonIds.map((salonId) => (
                <option key={salonId} value={salonId}>
                  {salonName(salonId) ? `${salonName(salonId)} (${salonId})` : salonId}
                </option>
              ))}
            </select>
          </div>
        )}
        {services.isPending ? (
          <div role="status" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">{t('admin.loading')}</span>
            {[0, 1, 2].map((card) => (
              <div key={card} className="flex flex-col gap-3 rounded-2xl border border-line/80 p-4">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-4 w-20" />
              </div>
            ))}
          </div>
        ) : services.isError ? (
          <LoadError message={t('admin.services.loadFailed')} onRetry={() => void services.refetch()} />
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-8 text-center">
            <Scissors aria-hidden className="size-7 text-ink-soft" />
            <p className="text-ink-soft">{t('admin.services.empty')}</p>
          </div>
        ) : (
          <ul aria-labelledby="admin-services-title" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((service) => (
              <li key={service.id} className="flex flex-col gap-3 rounded-2xl border border-line/80 bg-paper p-4">
                <div className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium">{service.name}</p>
                    <p className="break-words text-sm text-ink-soft">
                      {salonName(service.salonId) ?? t('admin.services.unknownSalon')} ·{' '}
                      <span className="font-mono">{service.salonId}</span>
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="-mr-1 -mt-1"
                    onClick={() => onOpenSalon(service.salonId)}
                    aria-label={t('admin.services.edit', { name: service.name })}
                    title={t('admin.services.editHint')}
                  >
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                </div>
                <dl className="grid grid-cols-3 gap-2 text-sm">
                  <div className="flex flex-col gap-0.5">
                    <dt className="text-xs text-ink-soft">{t('admin.services.duration')}</dt>
                    <dd className="tabular-nums">{t('admin.services.minutes', { minutes: service.duration })}</dd>
                  </div>
                  <div className="flex flex-col gap-0.5">
                    <dt className="text-xs text-ink-soft">{t('admin.services.price')}</dt>
                    <dd className="font-semibold tabular-nums">
                      {formatServicePrice(service.price, service.currency, language)}
                    </dd>
                  </div>
                  <div className="flex flex-col items-start gap-0.5">
                    <dt className="text-xs text-ink-soft">{t('admin.services.status')}</dt>
                    <dd>
                      <ActiveBadge active={service.isActive} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  )
}
