import { CalendarX2, CircleAlert, RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../../common/languages'
import type { Booking } from '../../../../common/schemas/booking'
import type { SalonDashboard } from '../../../../common/schemas/dashboard'
import { addDays } from '../../../../common/time'
import { Button } from '../../../components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/Card'
import { cn } from '../../../lib/cn'
import { formatDate } from '../../../lib/format'
import { currentLanguage } from '../../../lib/i18n'
import { BookingStatusBadge } from '../BookingStatusBadge'
import { formatPrice, useSalonDashboard } from '../dashboard-api'
import { LateNoteBadge } from '../LateNoteBadge'

/** How each language writes a weekday with its date: "mardi 1 décembre", "Dienstag, 1. Dezember". */
const DAY_PATTERNS: Record<Language, string> = {
  fr: 'EEEE d MMMM',
  de: 'EEEE, d. MMMM',
  it: 'EEEE d MMMM',
  en: 'EEEE d MMMM',
}

/**
 * "Aujourd'hui — mardi 1 décembre" or "Demain — …". The day is the salon's calendar date from the
 * server (YYYY-MM-DD): it is read as a plain date, never through the browser's time zone.
 */
function useDayHeading(dashboard: SalonDashboard): string {
  const { t } = useTranslation()
  const language = currentLanguage()
  const [year, month, day] = dashboard.day.date.split('-').map(Number) as [number, number, number]
  const date = formatDate(new Date(year, month - 1, day), DAY_PATTERNS[language], language)
  if (dashboard.day.isToday) return t('todayBookings.today', { date })
  if (dashboard.day.date === addDays(dashboard.today, 1)) return t('todayBookings.tomorrow', { date })
  return t('todayBookings.nextDay', { date })
}

/**
 * Réservations du jour (spec §2): one day — today, or tomorrow once today's opening hours are over
 * (the server decides, on its clock) — with its bookings in time order, cancelled ones included.
 */
export function TodayBookings({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const dashboard = useSalonDashboard(salonId)
  const refresh = () => void dashboard.refetch()

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
          {dashboard.data ? (
            <Heading dashboard={dashboard.data} />
          ) : (
            <h2 className="font-display text-xl font-semibold leading-tight">{t('todayBookings.title')}</h2>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={refresh}
          disabled={dashboard.isFetching}
          aria-busy={dashboard.isFetching || undefined}
        >
          <RefreshCw aria-hidden className={cn('size-4', dashboard.isFetching && 'animate-spin')} />
          {t('todayBookings.refresh')}
        </Button>
      </CardHeader>
      <CardContent>
        {dashboard.isPending ? (
          <LoadingRows />
        ) : dashboard.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-danger-soft p-4 sm:flex-row">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
            <p className="flex-1 text-ink">{t('todayBookings.error')}</p>
            <Button variant="outline" size="sm" onClick={refresh}>
              {t('todayBookings.retry')}
            </Button>
          </div>
        ) : dashboard.data.day.bookings.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-10 text-center">
            <CalendarX2 aria-hidden className="mb-1 size-8 text-ink-soft" />
            <p className="font-medium">{t('todayBookings.empty')}</p>
            <p className="text-sm text-ink-soft">{t('todayBookings.emptyHint')}</p>
          </div>
        ) : (
          <ol aria-label={t('todayBookings.title')} className="divide-y divide-line/70">
            {dashboard.data.day.bookings.map((booking) => (
              <BookingRow key={booking.id} booking={booking} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

/** The tab's heading: an h2, under the page's h1 (the cards of other tabs are h3 under their own h2). */
function Heading({ dashboard }: { dashboard: SalonDashboard }) {
  const { t } = useTranslation()
  const heading = useDayHeading(dashboard)
  return (
    <>
      <h2 className="font-display text-xl font-semibold leading-tight">{heading}</h2>
      <CardDescription>
        {dashboard.day.isToday ? t('todayBookings.todayNote') : t('todayBookings.tomorrowNote')}
      </CardDescription>
    </>
  )
}

/** One appointment: its time, the client and status, the service and its length, the price; a late customer's word. */
function BookingRow({ booking }: { booking: Booking }) {
  const { t } = useTranslation()
  const cancelled = booking.status === 'cancelled'
  return (
    <li
      className={cn(
        // A phone puts the price under the service, so a long client name keeps its width.
        'grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-1 py-4 first:pt-1 last:pb-1 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:gap-x-5',
        cancelled && 'text-ink-soft',
      )}
    >
      <time
        dateTime={booking.appointmentDate}
        className={cn(
          'row-span-2 w-12 pt-0.5 sm:row-span-1 font-display text-lg font-semibold tabular-nums sm:w-14',
          cancelled && 'line-through',
        )}
      >
        {booking.localTime}
      </time>
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={cn('min-w-0 break-words font-semibold', !cancelled && 'text-ink')}>
            {booking.clientName}
          </span>
          <BookingStatusBadge status={booking.status} />
        </div>
        <p className="break-words text-sm text-ink-soft">
          {booking.service}
          <span aria-hidden> · </span>
          <span className="sr-only">, </span>
          <span className="whitespace-nowrap">{t('todayBookings.duration', { minutes: booking.duration })}</span>
        </p>
        <LateNoteBadge booking={booking} />
      </div>
      <p
        className={cn(
          'col-start-2 font-medium tabular-nums sm:col-start-3 sm:row-start-1 sm:pt-0.5 sm:text-right',
          !cancelled && 'text-ink',
        )}
      >
        <span className="sr-only">{t('todayBookings.price')} </span>
        {formatPrice(booking.price, booking.currency, currentLanguage())}
      </p>
    </li>
  )
}

function LoadingRows() {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex flex-col gap-5 py-1">
      <span className="sr-only">{t('todayBookings.loading')}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden className="flex items-center gap-4">
          <span className="h-5 w-12 animate-pulse rounded-full bg-sand-deep/70" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-4 w-40 max-w-full animate-pulse rounded-full bg-sand-deep/70" />
            <span className="h-3 w-28 animate-pulse rounded-full bg-sand" />
          </span>
          <span className="h-4 w-16 animate-pulse rounded-full bg-sand" />
        </div>
      ))}
    </div>
  )
}
