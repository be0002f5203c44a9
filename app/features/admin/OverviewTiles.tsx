import { LoadError, Skeleton } from '@app/features/salon-dashboard/overview/states'
import { currentLanguage } from '@app/lib/i18n'
import type { AdminOverview } from '@common/schemas/admin'
import { Bot, CalendarCheck, type LucideIcon, Store, Target } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useAdminOverview } from './admin-api'
import { formatCount, formatRate } from './admin-format'

type TileKey = 'activeSalons' | 'bookingsToday' | 'successRate' | 'botUsers'
const TILES: { key: TileKey; icon: LucideIcon }[] = [
  { key: 'activeSalons', icon: Store },
  { key: 'bookingsToday', icon: CalendarCheck },
  { key: 'successRate', icon: Target },
  { key: 'botUsers', icon: Bot },
]

/**
 * The spec's four tiles with true figures. Each says what it counts in a line under the label: the
 * success rate especially is our own definition, and a tooltip would not reach a phone.
 */
export function OverviewTiles() {
  const { t } = useTranslation()
  const overview = useAdminOverview()
  if (overview.isError) {
    return <LoadError message={t('admin.overview.loadFailed')} onRetry={() => void overview.refetch()} />
  }
  return (
    <section aria-labelledby="admin-overview-title">
      <h2 id="admin-overview-title" className="sr-only">
        {t('admin.overview.title')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ key, icon: Icon }) => (
          <li key={key}>
            <div className="flex h-full flex-col gap-2 rounded-2xl border border-line/80 bg-paper p-4" data-tile={key}>
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm font-medium leading-snug text-ink-soft">{t(`admin.overview.${key}.label`)}</p>
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <Icon aria-hidden className="size-4" />
                </span>
              </div>
              {overview.data ? (
                <TileValue tile={key} overview={overview.data} />
              ) : (
                <Skeleton className="my-1 h-7 w-16" />
              )}
              <p className="mt-auto text-xs leading-relaxed text-ink-soft">
                {t(`admin.overview.${key}.note`)}
                {key === 'successRate' && overview.data && (
                  <>
                    {' '}
                    {t('admin.overview.successRate.base', {
                      conversations: formatCount(overview.data.conversationsLast30Days, currentLanguage()),
                    })}
                  </>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {overview.isPending && (
        <p role="status" className="sr-only">
          {t('admin.loading')}
        </p>
      )}
    </section>
  )
}

function TileValue({ tile, overview }: { tile: TileKey; overview: AdminOverview }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const rate = overview.successRate
  const text = tile === 'successRate' ? formatRate(rate, language) : formatCount(overview[tile], language)
  return (
    <p className="font-display text-3xl font-semibold tabular-nums leading-none">
      {/* A dash alone says nothing to a screen reader. */}
      <span aria-hidden={tile === 'successRate' && rate === null ? true : undefined}>{text}</span>
      {tile === 'successRate' && rate === null && (
        <span className="sr-only">{t('admin.overview.successRate.none')}</span>
      )}
    </p>
  )
}
