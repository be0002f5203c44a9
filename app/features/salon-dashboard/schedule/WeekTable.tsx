import { Badge } from '@app/components/ui/Badge'
import { formatDate } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import { WEEKDAY_KEYS, type WeekdayKey, type WorkingHours } from '@common/schemas/schedule'
import { useTranslation } from 'react-i18next'

// 1 January 2024 was a Monday: day key k ('0' = Monday) is 1 + k January 2024.
const MONDAY = new Date(2024, 0, 1)

/**
 * The weekday names in the interface language, keyed like the API ('0' = Monday … '6' = Sunday),
 * as the language writes them inside a sentence ("lundi", "Montag").
 */
export function useWeekdayNames(): Record<WeekdayKey, string> {
  useTranslation() // re-render on a language change
  const language = currentLanguage()
  const names = {} as Record<WeekdayKey, string>
  for (const key of WEEKDAY_KEYS) {
    const date = new Date(MONDAY.getFullYear(), MONDAY.getMonth(), MONDAY.getDate() + Number(key))
    names[key] = formatDate(date, 'EEEE', language)
  }
  return names
}

/**
 * The week from Monday (every language we speak starts it there; spec §2 requires it in French).
 * From the sm breakpoint a status column says open or closed; on a phone the hours say it.
 */
export function WeekTable({ hours }: { hours: WorkingHours }) {
  const { t } = useTranslation()
  const names = useWeekdayNames()
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">{t('schedule.week.caption')}</caption>
      <thead>
        <tr className="border-b border-line text-xs font-semibold uppercase tracking-wide text-ink-soft">
          <th scope="col" className="py-2 pr-3 font-semibold">
            {t('schedule.week.day')}
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            {t('schedule.week.hours')}
          </th>
          <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">
            {t('schedule.week.status')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line/60">
        {WEEKDAY_KEYS.map((key) => {
          const day = hours[key]
          return (
            <tr key={key} data-day={key}>
              <th scope="row" className="py-3 pr-2 align-top font-medium capitalize sm:pr-3">
                {names[key]}
              </th>
              <td className="py-3 pr-2 align-top tabular-nums sm:pr-3">
                {day.isOpen ? (
                  <ul className="flex flex-col gap-0.5">
                    {day.intervals.map((interval) => (
                      <li key={interval.openTime}>
                        <span className="whitespace-nowrap">
                          {interval.openTime}–{interval.closeTime}
                        </span>
                        {interval.closeTime <= interval.openTime && (
                          <span className="text-sm text-ink-soft"> ({t('schedule.week.nextDay')})</span>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <>
                    <span aria-hidden className="hidden text-ink-soft sm:inline">
                      —
                    </span>
                    {/* A phone has no room for the status column: a closed day says so here. */}
                    <Badge className="sm:hidden">{t('schedule.week.closed')}</Badge>
                  </>
                )}
              </td>
              <td className="hidden py-3 text-right align-top sm:table-cell">
                <Badge tone={day.isOpen ? 'success' : 'neutral'}>
                  {day.isOpen ? t('schedule.week.open') : t('schedule.week.closed')}
                </Badge>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
