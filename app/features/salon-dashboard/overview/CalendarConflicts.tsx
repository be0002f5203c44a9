import { currentLanguage } from '@app/lib/i18n'
import type { CalendarStatus } from '@common/schemas/calendar'
import { CalendarClock, TriangleAlert } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useCalendarStatus } from '../dashboard-api'
import { conflictEventTime, countText, firstName, localDayAndTime } from './calendar-format'

/**
 * The owner's own Google events that fall during a booking still to come. Availability already
 * keeps those times from new bookings; these came first (or the event was added afterwards), so
 * the customer is still expected: the owner decides which of the two moves.
 */
export function CalendarConflicts({ salonId }: { salonId: string }) {
  const status = useCalendarStatus(salonId)
  if (!status.data || status.data.conflicts.length === 0) return null
  return <ConflictList conflicts={status.data.conflicts} timeZone={status.data.timeZone} />
}

function ConflictList({ conflicts, timeZone }: { conflicts: CalendarStatus['conflicts']; timeZone: string }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const titleId = useId()
  const count = conflicts.length
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-warning/30 bg-warning-soft/60 p-4 shadow-soft sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-warning-soft text-warning">
          <TriangleAlert aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold leading-snug">
            {countText(
              count,
              language,
              t('dashboard.calendar.conflicts.titleOne'),
              t('dashboard.calendar.conflicts.titleMany', { count }),
            )}
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-ink-soft">{t('dashboard.calendar.conflicts.explain')}</p>
        </div>
      </div>
      <ul className="mt-4 flex flex-col gap-2">
        {conflicts.map((conflict) => (
          <li
            key={`${conflict.bookingId}-${conflict.eventStartsAt}`}
            className="rounded-xl border border-warning/20 bg-surface/90 px-3.5 py-3 text-sm"
          >
            <p className="font-medium">
              <time dateTime={conflict.bookingStartsAt} className="tabular-nums">
                {localDayAndTime(conflict.bookingStartsAt, timeZone, language)}
              </time>
              <span className="text-ink-soft"> · </span>
              {conflict.serviceName}, {firstName(conflict.customerName)}
            </p>
            <p className="mt-1 flex items-start gap-1.5 text-ink-soft">
              <CalendarClock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
              <span className="min-w-0">
                {conflict.eventSummary
                  ? t('dashboard.calendar.conflicts.event', {
                      title: conflict.eventSummary,
                      time: conflictEventTime(conflict, timeZone, language, t),
                    })
                  : t('dashboard.calendar.conflicts.untitledEvent', {
                      time: conflictEventTime(conflict, timeZone, language, t),
                    })}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
