import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { Booking } from '@common/schemas/booking'
import { Phone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { BookingStatusBadge } from '../BookingStatusBadge'
import { telHref } from '../customers/visits'
import { formatPrice } from '../dashboard-api'
import { LateNoteBadge } from '../LateNoteBadge'

/** "10:00–10:45" on the salon's clock (the end from the booking's length). */
export function timeRange(booking: Booking): string {
  const [h, m] = booking.localTime.split(':').map(Number) as [number, number]
  const end = (h * 60 + m + booking.duration) % (24 * 60)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${booking.localTime}–${pad(Math.floor(end / 60))}:${pad(end % 60)}`
}

/**
 * A status other than confirmed is marked on the block itself, not only in its badge — never by
 * fading the block: its texts and badge keep their contrast (WCAG AA), only the name goes quieter.
 */
export const STATUS_LOOK: Record<Booking['status'], string> = {
  confirmed: '',
  pending: 'border-dashed',
  cancelled: 'border-dashed [&_[data-line=name]]:text-ink-soft [&_[data-line=name]]:line-through',
  no_show: 'bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(163_48_42/0.10)_6px_12px)]',
  completed: '[&_[data-line=name]]:text-ink-soft',
  held: 'border-dashed',
}

/**
 * What the agenda tells about one booking, in the order an owner reads it at a glance: the time
 * and the customer, the service, the phone (a link that calls), who performs it, the price, the
 * channel it came through and its status; a late customer's word.
 */
export function BookingDetails({
  booking,
  onOpen,
  compact = false,
}: {
  booking: Booking
  /** The customer's name opens the booking's panel. */
  onOpen?: (booking: Booking) => void
  /** A block of the grid: smaller type, the parts in a row that wraps; in full on hover or focus. */
  compact?: boolean
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const name = (
    <span data-line="name" className="min-w-0 break-words font-semibold text-ink">
      {booking.clientName}
    </span>
  )
  return (
    // A block flows its parts one after the other, so a short booking in a wide column shows them all.
    <div
      className={cn(
        'flex min-w-0',
        compact ? 'flex-wrap items-baseline gap-x-1.5 gap-y-0.5 text-xs leading-4' : 'flex-col gap-1 text-sm',
      )}
    >
      <div className={cn(compact ? 'contents' : 'flex min-w-0 flex-wrap items-baseline gap-x-1.5')}>
        <time dateTime={booking.appointmentDate} className="font-semibold tabular-nums text-ink">
          {timeRange(booking)}
        </time>
        {onOpen ? (
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation()
              onOpen(booking)
            }}
            className="min-w-0 cursor-pointer text-left underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none"
            aria-label={t('agenda.block.open', { name: booking.clientName, time: booking.localTime })}
          >
            {name}
          </button>
        ) : (
          name
        )}
      </div>
      <p className="break-words text-ink">{booking.service}</p>
      {booking.clientPhone && (
        <a
          href={telHref(booking.clientPhone)}
          onClick={(event) => event.stopPropagation()}
          onPointerDown={(event) => event.stopPropagation()}
          className="inline-flex w-fit items-center gap-1 font-medium text-primary underline-offset-2 hover:underline"
        >
          <Phone aria-hidden className="size-3 shrink-0" />
          <span className="sr-only">{t('agenda.block.call')} </span>
          {booking.clientPhone}
        </a>
      )}
      <p className="text-ink-soft">
        <span className="sr-only">{t('agenda.block.member')} </span>
        {booking.member.name}
        <span aria-hidden> · </span>
        <span className="sr-only">, {t('agenda.block.price')} </span>
        <span className="whitespace-nowrap tabular-nums">{formatPrice(booking.price, booking.currency, language)}</span>
        <span aria-hidden> · </span>
        <span className="sr-only">, {t('agenda.block.channel')} </span>
        {t(`agenda.channels.${booking.channel}`)}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <BookingStatusBadge status={booking.status} className={compact ? 'px-1.5 py-0 text-[0.7rem]' : undefined} />
        <LateNoteBadge booking={booking} />
      </div>
    </div>
  )
}
