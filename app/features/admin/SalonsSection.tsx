import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { LoadError, Skeleton } from '@app/features/salon-dashboard/overview/states'
import type { Salon } from '@common/schemas/salon'
import { CalendarCheck2, CalendarX2, Eye, Pencil, Store } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useAdminSalons } from './admin-api'
import { SectionHeader } from './SectionHeader'

export interface SalonActions {
  onView: (salonId: string) => void
  onEdit: (salon: Salon) => void
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation()
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? t('admin.active') : t('admin.inactive')}</Badge>
}

/** Spec: 'Connecté' when the salon's Google calendar is connected, else 'Non connecté'. */
export function CalendarBadge({ connected }: { connected: boolean }) {
  const { t } = useTranslation()
  const Icon = connected ? CalendarCheck2 : CalendarX2
  return (
    <Badge tone={connected ? 'info' : 'warning'}>
      <Icon aria-hidden className="size-3.5" />
      {connected ? t('admin.salons.connected') : t('admin.salons.notConnected')}
    </Badge>
  )
}

/**
 * Every salon. From the md breakpoint a table with the spec's columns; on a phone the same rows as
 * cards, since five columns do not fit 360 px without scrolling sideways.
 */
export function SalonsSection(actions: SalonActions) {
  const { t } = useTranslation()
  const salons = useAdminSalons()
  return (
    <Card>
      <SectionHeader
        id="admin-salons-title"
        title={t('admin.salons.title')}
        count={salons.data?.length}
        description={t('admin.salons.description')}
      />
      <div className="px-5 pb-5 pt-3 sm:px-6 sm:pb-6">
        {salons.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('admin.loading')}</span>
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-4 py-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="ml-auto h-4 w-20" />
              </div>
            ))}
          </div>
        ) : salons.isError ? (
          <LoadError message={t('admin.salons.loadFailed')} onRetry={() => void salons.refetch()} />
        ) : salons.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-8 text-center">
            <Store aria-hidden className="size-7 text-ink-soft" />
            <p className="text-ink-soft">{t('admin.salons.empty')}</p>
          </div>
        ) : (
          <>
            <SalonTable salons={salons.data} {...actions} />
            <SalonCards salons={salons.data} {...actions} />
          </>
        )}
      </div>
    </Card>
  )
}

function RowActions({ salon, onView, onEdit }: SalonActions & { salon: Salon }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onEdit(salon)}
        aria-label={t('admin.salons.edit', { name: salon.name })}
        title={t('admin.salons.editShort')}
      >
        <Pencil aria-hidden className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onView(salon.salonId)}
        aria-label={t('admin.salons.view', { name: salon.name })}
        title={t('admin.salons.viewShort')}
      >
        <Eye aria-hidden className="size-4" />
      </Button>
    </div>
  )
}

function SalonTable({ salons, ...actions }: SalonActions & { salons: Salon[] }) {
  const { t } = useTranslation()
  const head = 'py-2 pr-3 text-xs font-semibold uppercase tracking-wide text-ink-soft'
  return (
    <table aria-labelledby="admin-salons-title" className="hidden w-full border-collapse text-left md:table">
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={head}>
            {t('admin.salons.salon')}
          </th>
          <th scope="col" className={head}>
            {t('admin.salons.id')}
          </th>
          <th scope="col" className={head}>
            {t('admin.salons.status')}
          </th>
          <th scope="col" className={head}>
            {t('admin.salons.calendar')}
          </th>
          <th scope="col" className={`${head} text-right`}>
            <span className="sr-only">{t('admin.salons.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line/60">
        {salons.map((salon) => (
          <tr key={salon.salonId} data-salon={salon.salonId}>
            <td className="max-w-sm py-3 pr-3 align-middle">
              <p className="font-medium">{salon.name}</p>
              <p className="break-words text-sm text-ink-soft">{salon.address}</p>
            </td>
            <td className="py-3 pr-3 align-middle font-mono text-sm">{salon.salonId}</td>
            <td className="py-3 pr-3 align-middle">
              <ActiveBadge active={salon.isActive} />
            </td>
            <td className="py-3 pr-3 align-middle">
              <CalendarBadge connected={salon.isGoogleCalendarConnected} />
            </td>
            <td className="py-3 align-middle">
              <RowActions salon={salon} {...actions} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function SalonCards({ salons, ...actions }: SalonActions & { salons: Salon[] }) {
  const { t } = useTranslation()
  return (
    <ul aria-labelledby="admin-salons-title" className="flex flex-col gap-3 md:hidden">
      {salons.map((salon) => (
        <li key={salon.salonId} className="rounded-2xl border border-line/80 bg-paper p-4">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium">{salon.name}</p>
              <p className="break-words text-sm text-ink-soft">{salon.address}</p>
            </div>
            <RowActions salon={salon} {...actions} />
          </div>
          <dl className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <div className="flex items-center gap-1.5">
              <dt className="text-ink-soft">{t('admin.salons.id')}</dt>
              <dd className="font-mono">{salon.salonId}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">{t('admin.salons.status')}</dt>
              <dd>
                <ActiveBadge active={salon.isActive} />
              </dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">{t('admin.salons.calendar')}</dt>
              <dd>
                <CalendarBadge connected={salon.isGoogleCalendarConnected} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}
