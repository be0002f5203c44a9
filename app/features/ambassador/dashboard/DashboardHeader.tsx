import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { currentLanguage } from '@app/lib/i18n'
import type { Ambassador, AmbassadorStats } from '@common/schemas/ambassador'
import { CircleCheck, ListChecks, LogOut, type LucideIcon, Store, TrendingUp, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatConversionRate } from '../ambassador-api'
import { useAmbassadorLogout } from '../session'

/** Spec §2: the greeting with the ambassador's name, and the logout button. */
export function DashboardHeader({ ambassador }: { ambassador: Ambassador }) {
  const { t } = useTranslation()
  const logout = useAmbassadorLogout()
  return (
    <header className="flex flex-col gap-5 rounded-3xl border border-line/80 bg-surface p-6 shadow-soft sm:p-8 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">{t('ambassador.title')}</p>
        <h1 className="mt-2 break-words text-3xl font-semibold tracking-tight sm:text-4xl">
          {t('ambassador.dashboard.greeting', { name: ambassador.name })}
        </h1>
        <p className="mt-2 leading-relaxed text-ink-soft">{t('ambassador.dashboard.subtitle')}</p>
      </div>
      <Button
        variant="outline"
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        className="self-start md:self-center"
      >
        {!logout.isPending && <LogOut aria-hidden className="size-4" />}
        {t('ambassador.dashboard.logout')}
      </Button>
    </header>
  )
}

const TILES: { key: keyof AmbassadorStats; label: string; icon: LucideIcon }[] = [
  { key: 'totalReferrals', label: 'ambassador.stats.total', icon: Users },
  { key: 'activeSalons', label: 'ambassador.stats.active', icon: Store },
  { key: 'waitlistEntries', label: 'ambassador.stats.waitlist', icon: ListChecks },
  { key: 'conversionRate', label: 'ambassador.stats.conversion', icon: TrendingUp },
]

/**
 * The four figures (spec §2 shows them on desktop only): on a phone they stay, as a compact 2 × 2
 * grid, since they are what an ambassador opens the page for.
 */
export function StatCards({ stats }: { stats: AmbassadorStats }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const numbers = new Intl.NumberFormat(language === 'en' ? 'en-GB' : language)
  return (
    <section aria-labelledby="ambassador-stats-title">
      <h2 id="ambassador-stats-title" className="sr-only">
        {t('ambassador.stats.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ key, label, icon: Icon }) => (
          <li key={key}>
            <Card className="flex h-full items-start gap-3 p-3.5 sm:flex-col sm:p-5">
              <span className="hidden size-9 items-center justify-center rounded-xl bg-primary-soft text-primary sm:inline-flex">
                <Icon aria-hidden className="size-4" />
              </span>
              {/* The label first for screen readers ("Salons Actifs: 3"), the figure first on screen. */}
              <p className="flex min-w-0 flex-col-reverse gap-1 sm:gap-2">
                <span className="text-xs leading-snug text-ink-soft sm:text-sm">{t(label)}</span>
                <span className="font-display text-2xl font-semibold tabular-nums leading-none sm:text-3xl">
                  {key === 'conversionRate' ? formatConversionRate(stats[key], language) : numbers.format(stats[key])}
                </span>
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Spec §2 "Actif/Inactif". */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation()
  return active ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success">
      <CircleCheck aria-hidden className="size-3.5" />
      {t('ambassador.account.active')}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink-soft">
      {t('ambassador.account.inactive')}
    </span>
  )
}
