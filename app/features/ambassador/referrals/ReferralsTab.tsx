import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { ApiError } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import type { Referral } from '@common/schemas/ambassador'
import { CircleAlert, Inbox, RefreshCw, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useReferrals } from '../ambassador-api'
import { ReferralCard } from './ReferralCard'
import { ActivateDialog, EditEmailDialog } from './ReferralDialogs'

/** Spec §2, Referrals: a refresh button, one card per referred salon, and the two dialogs. */
export function ReferralsTab() {
  const { t } = useTranslation()
  const referrals = useReferrals()
  const [activating, setActivating] = useState<Referral | null>(null)
  const [editing, setEditing] = useState<Referral | null>(null)
  const list = referrals.data?.referrals ?? []

  return (
    <section aria-labelledby="referrals-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="referrals-title" className="text-2xl font-semibold leading-tight">
            {t('ambassador.referrals.title')}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-ink-soft">{t('ambassador.referrals.description')}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void referrals.refetch()}
          disabled={referrals.isFetching}
          aria-busy={referrals.isFetching || undefined}
        >
          <RefreshCw aria-hidden className={cn('size-4', referrals.isFetching && 'animate-spin')} />
          {t('ambassador.referrals.refresh')}
        </Button>
      </div>

      {referrals.isPending ? (
        <div role="status" className="grid gap-4 md:grid-cols-2">
          <span className="sr-only">{t('ambassador.referrals.loading')}</span>
          {[0, 1].map((card) => (
            <Card key={card} className="flex h-56 flex-col gap-3 p-6">
              <span className="block h-5 w-40 animate-pulse rounded-full bg-sand-deep/60" />
              <span className="block h-4 w-56 max-w-full animate-pulse rounded-full bg-sand-deep/40" />
              <span className="block h-4 w-48 max-w-full animate-pulse rounded-full bg-sand-deep/40" />
            </Card>
          ))}
        </div>
      ) : referrals.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl bg-danger-soft/60 p-4 sm:flex-row sm:items-center"
        >
          <CircleAlert aria-hidden className="size-5 shrink-0 text-danger" />
          <p className="flex-1 text-sm leading-relaxed text-ink">
            {/* Spec §8: refused by the server, or not reached at all. */}
            {referrals.error instanceof ApiError
              ? t('ambassador.referrals.loadFailed')
              : t('ambassador.referrals.loadError')}
          </p>
          <Button variant="outline" size="sm" onClick={() => void referrals.refetch()}>
            <RotateCcw aria-hidden className="size-4" />
            {t('ambassador.retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
          <Inbox aria-hidden className="size-8 text-brass" />
          <p className="max-w-md text-sm leading-relaxed text-ink-soft">{t('ambassador.referrals.empty')}</p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((referral) => (
            <li key={referral._id}>
              <ReferralCard referral={referral} onActivate={setActivating} onEditEmail={setEditing} />
            </li>
          ))}
        </ul>
      )}

      <ActivateDialog referral={activating} onClose={() => setActivating(null)} />
      <EditEmailDialog referral={editing} onClose={() => setEditing(null)} />
    </section>
  )
}
