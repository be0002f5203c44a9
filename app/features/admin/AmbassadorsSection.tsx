import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { LoadError, Skeleton } from '@app/features/salon-dashboard/overview/states'
import { currentLanguage } from '@app/lib/i18n'
import type { AdminAmbassador } from '@common/schemas/admin'
import { UsersRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText, useAdminAmbassadors, useSetAmbassadorActive } from './admin-api'
import { formatCount, formatRate } from './admin-format'
import { SectionHeader } from './SectionHeader'

/**
 * The ambassadors with the four figures of their own dashboard (issue 18); deactivating one (asked
 * first) ends their sessions and stops their link from crediting them; reactivating is one click.
 */
export function AmbassadorsSection() {
  const { t } = useTranslation()
  const ambassadors = useAdminAmbassadors()
  const setActive = useSetAmbassadorActive()
  const [deactivating, setDeactivating] = useState<AdminAmbassador>()
  const language = currentLanguage()
  const list = ambassadors.data ?? []

  const change = (ambassador: AdminAmbassador, isActive: boolean) =>
    setActive.mutate(
      { id: ambassador.id, isActive },
      {
        onSuccess: () => {
          toast({
            title: t(isActive ? 'admin.ambassadors.reactivatedToast' : 'admin.ambassadors.deactivatedToast'),
            description: ambassador.name,
            tone: 'success',
          })
          setDeactivating(undefined)
        },
        onError: (error) =>
          toast({ title: t('admin.ambassadors.failed'), description: failureText(error, t), tone: 'destructive' }),
      },
    )

  return (
    <Card>
      <SectionHeader
        id="admin-ambassadors-title"
        title={t('admin.ambassadors.title')}
        count={ambassadors.data?.length}
        description={t('admin.ambassadors.description')}
      />
      <div className="px-5 pb-5 pt-3 sm:px-6 sm:pb-6">
        {ambassadors.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('admin.loading')}</span>
            {[0, 1].map((row) => (
              <Skeleton key={row} className="h-4 w-full max-w-md" />
            ))}
          </div>
        ) : ambassadors.isError ? (
          <LoadError message={t('admin.ambassadors.loadFailed')} onRetry={() => void ambassadors.refetch()} />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-8 text-center">
            <UsersRound aria-hidden className="size-7 text-ink-soft" />
            <p className="text-ink-soft">{t('admin.ambassadors.empty')}</p>
          </div>
        ) : (
          <ul aria-labelledby="admin-ambassadors-title" className="flex flex-col divide-y divide-line/60">
            {list.map((ambassador) => (
              <li key={ambassador.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="break-words font-medium">{ambassador.name}</p>
                    <p className="break-all text-sm text-ink-soft">{ambassador.email}</p>
                    <p className="font-mono text-sm">{ambassador.referralCode}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    {!ambassador.isActive && <Badge tone="neutral">{t('admin.ambassadors.deactivated')}</Badge>}
                    {ambassador.isActive ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setDeactivating(ambassador)}
                        aria-label={t('admin.ambassadors.deactivateFor', { name: ambassador.name })}
                      >
                        {t('admin.ambassadors.deactivate')}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => change(ambassador, true)}
                        loading={setActive.isPending && setActive.variables?.id === ambassador.id}
                        aria-label={t('admin.ambassadors.reactivateFor', { name: ambassador.name })}
                      >
                        {t('admin.ambassadors.reactivate')}
                      </Button>
                    )}
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {(
                    [
                      ['referrals', formatCount(ambassador.stats.totalReferrals, language)],
                      ['activeSalons', formatCount(ambassador.stats.activeSalons, language)],
                      ['waitlistEntries', formatCount(ambassador.stats.waitlistEntries, language)],
                      ['conversionRate', formatRate(ambassador.stats.conversionRate, language)],
                    ] as const
                  ).map(([key, value]) => (
                    <div key={key} className="flex flex-col rounded-xl bg-sand/60 px-3 py-2">
                      <dt className="text-xs text-ink-soft">{t(`admin.ambassadors.${key}`)}</dt>
                      <dd className="font-semibold tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={deactivating !== undefined}
        onClose={() => setDeactivating(undefined)}
        onConfirm={() => deactivating && change(deactivating, false)}
        pending={setActive.isPending}
        title={deactivating ? t('admin.ambassadors.deactivateTitle', { name: deactivating.name }) : ''}
        description={t('admin.ambassadors.deactivateDescription')}
        submitLabel={t('admin.ambassadors.deactivate')}
      />
    </Card>
  )
}
