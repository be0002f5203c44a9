import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { formatDate } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { Booking } from '@common/schemas/booking'
import type { SalonDashboard } from '@common/schemas/dashboard'
import { CalendarDays, CalendarRange, type LucideIcon, Scissors, TrendingUp, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { BookingStatusBadge } from '../BookingStatusBadge'
import { formatPrice, useSalonDashboard } from '../dashboard-api'
import { LateNoteBadge } from '../LateNoteBadge'
import { MemberFigures } from './MemberFigures'
import { LoadError, Skeleton } from './states'

const TILES: { key: keyof SalonDashboard['stats']; label: string; icon: LucideIcon }[] = [
  { key: 'bookingsToday', label: 'dashboard.stats.today', icon: CalendarDays },
  { key: 'bookingsThisWeek', label: 'dashboard.stats.week', icon: CalendarRange },
  { key: 'activeServices', label: 'dashboard.stats.activeServices', icon: Scissors },
  { key: 'totalBookings', label: 'dashboard.stats.total', icon: TrendingUp },
]

/**
 * Bookings today and this week, active services and every booking so far, on the server's clock;
 * with a team, the same per member below.
 */
export function StatisticsTiles({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const dashboard = useSalonDashboard(salonId)
  const language = currentLanguage()
  if (dashboard.isError) {
    return <LoadError message={t('dashboard.stats.loadFailed')} onRetry={() => void dashboard.refetch()} />
  }
  return (
    <section aria-labelledby="dashboard-stats-title">
      <h3 id="dashboard-stats-title" className="sr-only">
        {t('dashboard.stats.title')}
      </h3>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ key, label, icon: Icon }) => (
          <li key={key}>
            <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
              <span className="inline-flex size-9 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon aria-hidden className="size-4" />
              </span>
              {dashboard.data ? (
                <p className="font-display text-3xl font-semibold tabular-nums leading-none">
                  {new Intl.NumberFormat(language).format(dashboard.data.stats[key])}
                </p>
              ) : (
                <Skeleton className="h-7 w-12" />
              )}
              <p className="text-sm leading-snug text-ink-soft">{t(label)}</p>
            </Card>
          </li>
        ))}
      </ul>
      {dashboard.data ? <NoShowRate figures={dashboard.data.noShows} /> : null}
      {dashboard.data ? <MemberFigures dashboard={dashboard.data} /> : null}
    </section>
  )
}

/** How many customers did not come over the last 30 days: what reminders are there to lower. */
function NoShowRate({ figures }: { figures: SalonDashboard['noShows'] }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const rate = figures.appointments > 0 ? figures.noShows / figures.appointments : 0
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl border border-line/80 bg-surface px-4 py-3 text-sm shadow-soft">
      <UserX aria-hidden className="size-4 text-ink-soft" />
      <span className="font-medium">{t('dashboard.stats.noShowRate', { days: figures.days })}</span>
      {figures.appointments > 0 ? (
        <>
          <span className="font-display text-lg font-semibold tabular-nums">
            {new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(rate)}
          </span>
          <span className="text-ink-soft">
            {t('dashboard.stats.noShowDetail', {
              noShows: figures.noShows,
              appointments: figures.appointments,
            })}
          </span>
        </>
      ) : (
        <span className="text-ink-soft">{t('dashboard.stats.noShowNone')}</span>
      )}
    </p>
  )
}

/** The salon's wall-clock date and time of a booking, in the interface language ("mar. 1 déc., 14:00"). */
function bookingWhen(booking: Booking, language: ReturnType<typeof currentLanguage>): string {
  // Built from the salon's local date and time, so the browser's own zone plays no part.
  const [year, month, day] = booking.localDate.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = booking.localTime.split(':').map(Number) as [number, number]
  return formatDate(new Date(year, month - 1, day, hours, minutes), 'EEE d MMM, HH:mm', language)
}

/** The last bookings made, newest first. */
export function RecentBookingsCard({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const dashboard = useSalonDashboard(salonId)
  const language = currentLanguage()
  const recent = dashboard.data?.recentBookings ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.recent.title')}</CardTitle>
        <CardDescription>{t('dashboard.recent.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {dashboard.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('dashboard.loading')}</span>
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-4 py-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="ml-auto h-4 w-16" />
              </div>
            ))}
          </div>
        ) : dashboard.isError ? (
          <LoadError message={t('dashboard.recent.loadFailed')} onRetry={() => void dashboard.refetch()} />
        ) : recent.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-4 py-8 text-center text-sm text-ink-soft">
            {t('dashboard.recent.empty')}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line/70">
            {recent.map((booking) => (
              // The time and the price are never cut: the service's name wraps instead, and on a
              // phone the price and the status stack at the right of the row.
              <li
                key={booking.id}
                className="flex items-start gap-3 py-3 first:pt-0 last:pb-0 sm:items-center sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{booking.clientName}</p>
                  <p className="text-sm break-words text-ink-soft">
                    {booking.service} · <span className="whitespace-nowrap">{bookingWhen(booking, language)}</span>
                  </p>
                  <LateNoteBadge booking={booking} className="mt-1" />
                </div>
                <div className="flex shrink-0 flex-col-reverse items-end gap-1 sm:flex-row sm:items-center sm:gap-4">
                  <BookingStatusBadge status={booking.status} />
                  <span className="whitespace-nowrap text-right text-sm font-semibold tabular-nums sm:min-w-20">
                    {formatPrice(booking.price, booking.currency, language)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
