import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { currentLanguage } from '@app/lib/i18n'
import type { Booking } from '@common/schemas/booking'
import { ArrowDown } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dayLabel, endTime } from '../desk/desk-format'
import { TellCustomerField } from '../desk/TellCustomerField'

/** Where a dropped booking would go: its salon day and time, and who would do it. */
export interface MoveTarget {
  localDate: string
  localTime: string
  member: { id: string; name: string }
}

/**
 * Asked after an appointment is dropped on the agenda, before anything is saved: the old and the
 * new time side by side, and "tell the customer?" (ticked). Nothing moves until it is confirmed.
 */
export function MoveConfirmDialog({
  booking,
  target,
  pending,
  onConfirm,
  onClose,
}: {
  booking: Booking | undefined
  target: MoveTarget | undefined
  pending: boolean
  onConfirm: (tellCustomer: boolean) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [tell, setTell] = useState(true)
  const open = Boolean(booking && target)
  const close = () => {
    setTell(true)
    onClose()
  }
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      onConfirm={() => onConfirm(tell)}
      pending={pending}
      submitVariant="primary"
      title={t('agenda.confirmMove.title', { name: booking?.clientName ?? '' })}
      description={booking?.service ?? ''}
      submitLabel={t('desk.move.submit')}
      pendingLabel={t('desk.move.submitting')}
    >
      {booking && target && (
        <div className="flex flex-col gap-4 pb-5">
          <ol className="flex flex-col gap-1 rounded-xl bg-sand/60 p-3.5 text-sm">
            <Place
              label={t('agenda.confirmMove.from')}
              place={{ localDate: booking.localDate, localTime: booking.localTime, member: booking.member }}
              duration={booking.duration}
              old
            />
            <li aria-hidden className="pl-1 text-ink-soft">
              <ArrowDown className="size-4" />
            </li>
            <Place label={t('agenda.confirmMove.to')} place={target} duration={booking.duration} />
          </ol>
          <TellCustomerField name={booking.clientName} checked={tell} onChange={setTell} />
        </div>
      )}
    </ConfirmDialog>
  )
}

function Place({ label, place, duration, old }: { label: string; place: MoveTarget; duration: number; old?: boolean }) {
  const day = dayLabel(place.localDate, currentLanguage())
  return (
    <li className="flex flex-col">
      <span className="text-xs font-medium uppercase tracking-wide text-ink-soft">{label}</span>
      <span className={old ? 'text-ink-soft line-through decoration-ink-soft/50' : 'font-semibold text-ink'}>
        {day.charAt(0).toUpperCase() + day.slice(1)}, {place.localTime}–{endTime(place.localTime, duration)} ·{' '}
        {place.member.name}
      </span>
    </li>
  )
}
