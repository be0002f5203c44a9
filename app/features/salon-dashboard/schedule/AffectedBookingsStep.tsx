import { Button } from '@app/components/ui/Button'
import { formatDayAndTime } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { AffectedBooking, AffectedBookingsChoice } from '@common/schemas/schedule'
import { CalendarClock, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/**
 * The second step of an hours or absence dialog when the server answered that the change falls on
 * bookings (409 schedule.bookings_affected): which ones (day, time, customer, service, member), and
 * the salon's decision — keep them, or cancel them and tell the customers — or back to the form.
 */
export function AffectedBookingsStep({
  bookings,
  pending,
  onChoose,
  onBack,
}: {
  bookings: readonly AffectedBooking[]
  /** Which choice is being sent, if one is. */
  pending: AffectedBookingsChoice | undefined
  onChoose: (choice: AffectedBookingsChoice) => void
  onBack: () => void
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <section aria-labelledby="affected-bookings-title" className="flex flex-col gap-4">
      <div role="alert" className="flex gap-2 rounded-xl bg-warning-soft p-3 text-sm text-ink">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        <p id="affected-bookings-title">{t('schedule.affected.intro', { count: bookings.length })}</p>
      </div>
      <ul
        aria-label={t('schedule.affected.listLabel')}
        className="flex max-h-72 flex-col divide-y divide-line/70 overflow-y-auto rounded-xl border border-line/80"
      >
        {bookings.map((booking) => (
          <li key={booking.id} className="flex gap-3 px-3 py-2.5">
            <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-ink-soft" />
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className="font-medium first-letter:uppercase">
                {formatDayAndTime(new Date(`${booking.localDate}T${booking.localTime}`), language)}
                <span className="text-ink-soft">–{booking.endLocalTime}</span>
              </p>
              <p className="break-words text-sm text-ink-soft">
                {[booking.customerName, booking.service, booking.member.name].join(' · ')}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {/* The two decisions one above the other at any width (the longer one would not fit beside three). */}
      <div className="mt-2 flex flex-col gap-2">
        <Button
          type="button"
          variant="danger"
          onClick={() => onChoose('cancel')}
          disabled={pending !== undefined}
          loading={pending === 'cancel'}
        >
          {t('schedule.affected.cancel')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => onChoose('keep')}
          disabled={pending !== undefined}
          loading={pending === 'keep'}
        >
          {t('schedule.affected.keep')}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack} disabled={pending !== undefined}>
          {t('schedule.affected.back')}
        </Button>
      </div>
    </section>
  )
}
