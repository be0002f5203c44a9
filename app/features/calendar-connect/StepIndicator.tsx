import { cn } from '@app/lib/cn'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export type ConnectStep = 1 | 2 | 3

/** 'Saisie ID' → 'Autorisation' → 'Confirmation' (spec §2): the steps before this one are done. */
export function StepIndicator({ current }: { current: ConnectStep }) {
  const { t } = useTranslation()
  const labels = [
    t('calendarConnect.steps.id'),
    t('calendarConnect.steps.authorize'),
    t('calendarConnect.steps.confirm'),
  ]
  return (
    <ol aria-label={t('calendarConnect.steps.label')} className="grid grid-cols-3">
      {labels.map((label, index) => {
        const step = index + 1
        const state = step < current ? 'done' : step === current ? 'current' : 'upcoming'
        return (
          <li
            key={label}
            aria-current={state === 'current' ? 'step' : undefined}
            className={cn(
              'relative flex flex-col items-center gap-2 text-center',
              // The line from the previous step's circle to this one: coloured once this step is reached.
              'before:absolute before:top-4 before:right-1/2 before:h-0.5 before:w-full before:-translate-y-1/2 before:rounded-full first:before:hidden',
              state === 'upcoming' ? 'before:bg-line' : 'before:bg-primary',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'relative z-10 inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold transition-colors',
                state === 'done' && 'bg-primary text-white',
                state === 'current' && 'bg-primary-soft text-primary ring-2 ring-primary',
                state === 'upcoming' && 'border border-line bg-surface text-ink-soft',
              )}
            >
              {state === 'done' ? <Check className="size-4" /> : step}
            </span>
            <span
              className={cn(
                'px-1 text-xs font-medium leading-tight sm:text-sm',
                state === 'upcoming' ? 'text-ink-soft' : 'text-ink',
              )}
            >
              {label}
              {state === 'done' && <span className="sr-only"> ({t('calendarConnect.steps.done')})</span>}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
