import { Badge } from '@app/components/ui/Badge'
import { cn } from '@app/lib/cn'
import { formatDate } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { Booking } from '@common/schemas/booking'
import { Clock } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/**
 * "En retard d'environ 10 min · prévenu à 14:42": the customer said they would be late for this
 * appointment (the latest word, through the assistant), and when. Nothing for a cancelled booking.
 */
export function LateNoteBadge({ booking, className }: { booking: Booking; className?: string }) {
  const { t } = useTranslation()
  const note = booking.notes.find((n) => n.kind === 'late')
  if (!note || booking.status === 'cancelled') return null
  const [year, month, day] = note.localDate.split('-').map(Number) as [number, number, number]
  // Said on the appointment's day (the usual case): the time is enough.
  const said =
    note.localDate === booking.localDate
      ? t('dashboard.lateNote.saidAt', { time: note.localTime })
      : t('dashboard.lateNote.saidOn', {
          date: formatDate(new Date(year, month - 1, day), 'EEE d MMM', currentLanguage()),
          time: note.localTime,
        })
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5', className)}>
      <Badge tone="warning">
        <Clock aria-hidden className="size-3.5" />
        {note.minutes === null
          ? t('dashboard.lateNote.lateUnspecified')
          : t('dashboard.lateNote.late', { minutes: note.minutes })}
      </Badge>
      <span className="text-xs text-ink-soft">
        <span className="sr-only">, </span>
        {said}
      </span>
    </span>
  )
}
