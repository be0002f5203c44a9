import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { cn } from '@app/lib/cn'
import { formatDate, formatLocalDay } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { BookingPage, BookingPageTimes } from '@common/schemas/booking-page'
import { addDays } from '@common/time'
import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchFreeTimes, freeTimesKey } from './booking-page-api'

type Time = BookingPageTimes['days'][number]['times'][number]

/**
 * Choosing a new time: a week of days (those without a free time are greyed), the free times of the
 * day picked, and one button that says exactly what will happen. The engine's times only — the
 * same the chat and the dashboard offer.
 */
export function MovePanel({
  token,
  page,
  moving,
  onMove,
  onBack,
}: {
  token: string
  page: BookingPage
  moving: boolean
  onMove: (time: Time & { date: string }) => void
  onBack: () => void
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  // The weeks looked at before this one: "previous week" goes back exactly where the customer was.
  const [weeks, setWeeks] = useState<(string | undefined)[]>([])
  const [from, setFrom] = useState<string | undefined>(undefined)
  const [day, setDay] = useState<string | undefined>(undefined)
  const [chosen, setChosen] = useState<(Time & { date: string }) | undefined>(undefined)
  // Opened under the appointment: on a phone it starts below the fold, so it comes into view.
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // A block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.
    panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }, [])
  const times = useQuery({ queryKey: freeTimesKey(token, from), queryFn: () => fetchFreeTimes(token, from) })
  const days = times.data?.days ?? []
  const firstDay = days[0]?.date
  const lastShown = days.at(-1)?.date
  const shownDay = days.find((d) => d.date === day) ?? days.find((d) => d.times.length > 0)
  const canGoBack = weeks.length > 0
  const canGoOn = lastShown !== undefined && times.data !== undefined && lastShown < times.data.lastDay

  const goWeek = (start: string | undefined, back: boolean) => {
    setWeeks((seen) => (back ? seen.slice(0, -1) : [...seen, from]))
    setFrom(start)
    setDay(undefined)
    setChosen(undefined)
  }

  return (
    <Card ref={panel} className="scroll-mt-4 p-5 sm:p-7">
      <h2 className="font-display text-2xl font-semibold">{t('bookingPage.move.title')}</h2>
      <p className="mt-1 text-sm text-ink-soft">{t('bookingPage.move.description', { service: page.service })}</p>

      <div className="mt-5 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('bookingPage.move.previousWeek')}
          disabled={!canGoBack || times.isFetching}
          onClick={() => goWeek(weeks.at(-1), true)}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </Button>
        <p className="text-sm font-medium" aria-live="polite">
          {firstDay && lastShown
            ? `${formatDate(dateOf(firstDay), 'd MMM', language)} – ${formatDate(dateOf(lastShown), 'd MMM', language)}`
            : t('common.loading')}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('bookingPage.move.nextWeek')}
          disabled={!canGoOn || times.isFetching}
          onClick={() => lastShown && goWeek(addDays(lastShown, 1), false)}
        >
          <ChevronRight aria-hidden className="size-5" />
        </Button>
      </div>

      {times.isError ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          {t('bookingPage.errors.generic')}
        </p>
      ) : (
        <>
          <fieldset className="mt-3 grid grid-cols-7 gap-1.5" aria-label={t('bookingPage.move.days')}>
            {days.map((d) => {
              const free = d.times.length > 0
              const selected = d.date === shownDay?.date
              return (
                <button
                  key={d.date}
                  type="button"
                  disabled={!free}
                  aria-pressed={selected}
                  aria-label={formatLocalDay(d.date, language)}
                  onClick={() => {
                    setDay(d.date)
                    setChosen(undefined)
                  }}
                  className={cn(
                    'flex cursor-pointer flex-col items-center rounded-xl border px-0.5 py-2 text-center transition-colors',
                    'disabled:cursor-default disabled:border-transparent disabled:bg-sand/40 disabled:text-ink-soft/60',
                    selected
                      ? 'border-primary bg-primary text-white'
                      : 'border-line bg-surface hover:border-primary/50',
                  )}
                >
                  <span className="text-[0.7rem] font-semibold uppercase">
                    {formatDate(dateOf(d.date), 'EEEEEE', language)}
                  </span>
                  <span className="text-base font-semibold">{Number(d.date.slice(8))}</span>
                </button>
              )
            })}
          </fieldset>

          <div className="mt-5 min-h-24">
            {times.isPending ? (
              <p className="text-sm text-ink-soft">{t('common.loading')}</p>
            ) : shownDay ? (
              <>
                <h3 className="text-sm font-semibold">{formatLocalDay(shownDay.date, language)}</h3>
                <fieldset
                  className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6"
                  aria-label={t('bookingPage.move.times')}
                >
                  {shownDay.times.map((time) => {
                    const selected = chosen?.startsAt === time.startsAt
                    return (
                      <button
                        key={time.startsAt}
                        type="button"
                        aria-pressed={selected}
                        onClick={() => setChosen({ ...time, date: shownDay.date })}
                        className={cn(
                          'h-11 cursor-pointer rounded-xl border text-sm font-semibold tabular-nums transition-colors',
                          selected
                            ? 'border-primary bg-primary text-white'
                            : 'border-line bg-surface hover:border-primary/50 hover:bg-primary-soft/40',
                        )}
                      >
                        {time.time}
                      </button>
                    )
                  })}
                </fieldset>
              </>
            ) : (
              <p className="rounded-xl bg-sand/60 px-4 py-3 text-sm text-ink-soft">{t('bookingPage.move.noTimes')}</p>
            )}
          </div>
        </>
      )}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={moving}>
          {t('bookingPage.move.back')}
        </Button>
        <Button
          disabled={!chosen}
          loading={moving}
          onClick={() => chosen && onMove(chosen)}
          className="whitespace-normal text-center"
        >
          {chosen
            ? t('bookingPage.move.confirm', { day: formatLocalDay(chosen.date, language), time: chosen.time })
            : t('bookingPage.move.pick')}
        </Button>
      </div>
    </Card>
  )
}

/** Noon of a local date, so formatting it in the browser's zone never slips to another day. */
function dateOf(date: string): Date {
  return new Date(`${date}T12:00:00`)
}
