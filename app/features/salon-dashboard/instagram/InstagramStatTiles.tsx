import { Card } from '@app/components/ui/Card'
import { currentLanguage } from '@app/lib/i18n'
import type { InstagramStats } from '@common/schemas/instagram'
import { Activity, type LucideIcon, MessageCircle, UserCheck, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Skeleton } from '../overview/states'
import { InstagramStatusBadge } from './InstagramStatusBadge'
import { useInstagramStats } from './instagram-api'

const FIGURES: { key: 'totalUsers' | 'whitelistedUsers' | 'recentMessages'; icon: LucideIcon }[] = [
  { key: 'totalUsers', icon: Users },
  { key: 'whitelistedUsers', icon: UserCheck },
  { key: 'recentMessages', icon: MessageCircle },
]

/**
 * The four tiles of the panel (spec §2): customers who wrote, those the assistant answers, the
 * messages of the last 24 hours, and how many customers are in each status. Read every minute.
 */
export function InstagramStatTiles({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const stats = useInstagramStats(salonId)
  const language = currentLanguage()
  if (stats.isError) {
    return <LoadError message={t('dashboard.instagram.stats.loadFailed')} onRetry={() => void stats.refetch()} />
  }
  return (
    <ul aria-label={t('dashboard.instagram.stats.label')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {FIGURES.map(({ key, icon }) => (
        <Tile key={key} icon={icon} label={t(`dashboard.instagram.stats.${key}`)}>
          {stats.data ? (
            <p className="font-display text-3xl font-semibold tabular-nums leading-none">
              {new Intl.NumberFormat(language).format(stats.data[key])}
            </p>
          ) : (
            <Skeleton className="h-7 w-12" />
          )}
        </Tile>
      ))}
      <Tile icon={Activity} label={t('dashboard.instagram.stats.statuses')}>
        {stats.data ? <Breakdown breakdown={stats.data.statusBreakdown} /> : <Skeleton className="h-5 w-20" />}
      </Tile>
    </ul>
  )
}

function Tile({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
        <span className="inline-flex size-9 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <Icon aria-hidden className="size-4" />
        </span>
        {children}
        <p className="text-sm leading-snug text-ink-soft">{label}</p>
      </Card>
    </li>
  )
}

/** Each status that has customers, with how many; a status the interface does not know shows grey. */
function Breakdown({ breakdown }: { breakdown: InstagramStats['statusBreakdown'] }) {
  const { t } = useTranslation()
  if (breakdown.length === 0) return <p className="text-sm text-ink-soft">{t('dashboard.instagram.stats.noStatus')}</p>
  return (
    <ul className="flex flex-col gap-1.5">
      {breakdown.map(({ _id, count }) => (
        <li key={_id} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <InstagramStatusBadge status={_id} />
          <span className="font-semibold tabular-nums">{count}</span>
        </li>
      ))}
    </ul>
  )
}
