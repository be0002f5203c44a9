import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import { Card } from '@app/components/ui/Card'
import { formatLocalDay, formatMoney } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { BookingStatus } from '@common/schemas/booking'
import type { BookingPage } from '@common/schemas/booking-page'
import { Clock, Info, MapPin, Phone, Scissors, User } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const STATUS_TONES: Record<BookingStatus, BadgeTone> = {
  confirmed: 'success',
  pending: 'warning',
  cancelled: 'danger',
  no_show: 'neutral',
  completed: 'neutral',
  held: 'warning',
}

/** The appointment as its customer needs it: when, what, with whom, where, and how to reach the salon. */
export function AppointmentCard({ page }: { page: BookingPage }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const cancelled = page.status === 'cancelled'
  return (
    <Card className="overflow-hidden">
      <div className="bg-primary-soft/60 px-6 pb-5 pt-6 sm:px-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-primary-hover">{t('bookingPage.yourAppointment')}</p>
          {/* Held: for its payment, the one step a booking waits for (issue 41). */}
          <Badge tone={STATUS_TONES[page.status]}>
            {page.status === 'held' ? t('bookingPage.payment.heldStatus') : t(`bookingPage.status.${page.status}`)}
          </Badge>
        </div>
        <h1
          className={`mt-2 font-display text-3xl font-semibold leading-tight sm:text-4xl ${cancelled ? 'text-ink-soft line-through decoration-1' : ''}`}
        >
          {capitalised(formatLocalDay(page.localDate, language))}
        </h1>
        <p className="mt-1 flex items-center gap-2 text-lg text-ink">
          <Clock aria-hidden className="size-4 text-ink-soft" />
          <span>
            {page.localTime} – {page.localEndTime}
          </span>
        </p>
      </div>
      <div className="grid gap-4 px-6 py-6 sm:px-8">
        <Detail icon={Scissors} label={t('bookingPage.service')}>
          <span className="font-medium">{page.service}</span>
          <span className="text-ink-soft">
            {' · '}
            {t('bookingPage.minutes', { minutes: page.durationMinutes })}
            {page.price > 0 && ` · ${formatMoney(page.price, page.currency, language)}`}
          </span>
          {page.serviceDescription && (
            <span className="mt-0.5 block text-sm text-ink-soft">{page.serviceDescription}</span>
          )}
        </Detail>
        <Detail icon={User} label={t('bookingPage.with')}>
          {page.member}
        </Detail>
        <Detail icon={MapPin} label={page.salon.name}>
          <span className="block">{page.salon.address}</span>
          <a
            href={page.salon.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('bookingPage.map')}
          </a>
        </Detail>
        {page.salon.phone && (
          <Detail icon={Phone} label={t('bookingPage.phone')}>
            <a href={`tel:${page.salon.phone.replace(/[^\d+]/g, '')}`} className="font-medium text-primary">
              {page.salon.phone}
            </a>
          </Detail>
        )}
        {page.salon.practicalInfo && (
          <Detail icon={Info} label={t('bookingPage.practicalInfo')}>
            <span className="block whitespace-pre-line">{page.salon.practicalInfo.text}</span>
            {/* Not in the page's language: said to be the salon's own words, as the assistant does. */}
            {page.salon.practicalInfo.inSalonsWords && (
              <span className="mt-1 block text-xs text-ink-soft">{t('bookingPage.inSalonsWords')}</span>
            )}
          </Detail>
        )}
      </div>
    </Card>
  )
}

/** One fact of an appointment (the service, with whom, where), with its icon and label; the waiting list's offer shows its facts so too. */
export function Detail({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-sand text-ink-soft">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-ink-soft">{label}</p>
        <div className="mt-0.5 break-words">{children}</div>
      </div>
    </div>
  )
}

/** "samedi 5 décembre" → "Samedi 5 décembre" as a heading. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
