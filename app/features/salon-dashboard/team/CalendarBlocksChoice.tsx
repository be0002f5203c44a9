import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import { CALENDAR_BLOCKS, type CalendarBlocks } from '@common/schemas/team'
import { CalendarX2 } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useSetCalendarBlocks } from './team-api'

/**
 * What the salon's Google Calendar's own events (a dentist, a day off typed in Google) block: the
 * whole salon, or only the owner's appointments — the others keep being offered then. Saved as
 * soon as it is chosen.
 */
export function CalendarBlocksChoice({
  salonId,
  value,
  ownerName,
}: {
  salonId: string
  value: CalendarBlocks
  ownerName: string
}) {
  const { t } = useTranslation()
  const headingId = useId()
  const save = useSetCalendarBlocks(salonId)
  const choose = (choice: CalendarBlocks) =>
    save.mutate(choice, {
      onSuccess: () => toast({ title: t('team.calendarBlocks.saved'), tone: 'success' }),
      onError: () => toast({ title: t('team.calendarBlocks.saveError'), tone: 'destructive' }),
    })
  const shown = save.isPending && save.variables ? save.variables : value

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-line/70 p-4">
      <div className="flex items-start gap-3">
        <CalendarX2 aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-hover" />
        <div className="flex flex-col gap-1">
          <h3 id={headingId} className="font-medium">
            {t('team.calendarBlocks.title')}
          </h3>
          <p className="text-sm text-ink-soft">{t('team.calendarBlocks.explanation')}</p>
        </div>
      </div>
      <div role="radiogroup" aria-labelledby={headingId} className="grid gap-2 sm:grid-cols-2">
        {CALENDAR_BLOCKS.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors',
              shown === choice ? 'border-primary bg-primary-soft/40 ring-1 ring-primary' : 'border-line',
            )}
          >
            <input
              type="radio"
              name={`${headingId}-blocks`}
              value={choice}
              checked={shown === choice}
              disabled={save.isPending}
              onChange={() => choose(choice)}
              className="mt-1 size-4 shrink-0 accent-primary"
            />
            <span className="flex flex-col gap-0.5">
              <span className="text-sm font-medium">
                {choice === 'salon'
                  ? t('team.calendarBlocks.salon')
                  : t('team.calendarBlocks.owner', { name: ownerName })}
              </span>
              <span className="text-sm text-ink-soft">
                {choice === 'salon'
                  ? t('team.calendarBlocks.salonHint')
                  : t('team.calendarBlocks.ownerHint', { name: ownerName })}
              </span>
            </span>
          </label>
        ))}
      </div>
    </section>
  )
}
