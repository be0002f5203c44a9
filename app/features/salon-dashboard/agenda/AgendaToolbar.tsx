import { Button } from '@app/components/ui/Button'
import { Switch } from '@app/components/ui/Switch'
import { cn } from '@app/lib/cn'
import type { TeamMember } from '@common/schemas/team'
import { isLocalDate } from '@common/time'
import { Ban, ChevronLeft, ChevronRight, Plus } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'

export type AgendaView = 'day' | 'week'

/** A small field of the toolbar (the shared one is full width). */
const compactField =
  'h-9 min-w-0 rounded-xl border border-line bg-surface px-2.5 text-sm text-ink shadow-xs hover:border-ink-soft/40 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20'

/**
 * The agenda's controls: previous / today / next and a date, the day or the week, "Block time"
 * and "New booking" (the keyboard's ways to what a pick on the grid offers).
 */
export function AgendaNavigation({
  date,
  view,
  onDate,
  onStep,
  onToday,
  onView,
  onNewBooking,
  onBlock,
  children,
}: {
  date: string
  view: AgendaView
  onDate: (date: string) => void
  onStep: (direction: -1 | 1) => void
  onToday: () => void
  onView: (view: AgendaView) => void
  onNewBooking?: () => void
  /** "Block time": a break or a blocked stretch of the day shown (also picked on the grid). */
  onBlock?: () => void
  /** The filters of what is shown (member, cancelled bookings), on the same row when it fits. */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          onClick={() => onStep(-1)}
          aria-label={t(view === 'day' ? 'agenda.previousDay' : 'agenda.previousWeek')}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <Button variant="outline" size="sm" onClick={onToday}>
          {t('agenda.today')}
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-9"
          onClick={() => onStep(1)}
          aria-label={t(view === 'day' ? 'agenda.nextDay' : 'agenda.nextWeek')}
        >
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
      <input
        type="date"
        value={date}
        required
        onChange={(event) => {
          if (isLocalDate(event.target.value)) onDate(event.target.value)
        }}
        aria-label={t('agenda.date')}
        className={compactField}
      />
      {/* Day or week: two buttons of which one is pressed. */}
      <fieldset className="flex rounded-xl bg-sand p-0.5">
        <legend className="sr-only">{t('agenda.viewLabel')}</legend>
        {(['day', 'week'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => onView(option)}
            className={cn(
              'h-8 cursor-pointer rounded-lg px-3 text-sm font-medium text-ink-soft transition-colors hover:text-ink',
              view === option && 'bg-surface text-ink shadow-soft',
            )}
          >
            {t(option === 'day' ? 'agenda.dayView' : 'agenda.weekView')}
          </button>
        ))}
      </fieldset>
      {children}
      <div className="ml-auto flex items-center gap-2">
        {onBlock && (
          <Button variant="outline" size="sm" onClick={onBlock}>
            <Ban aria-hidden className="size-4" />
            {t('agenda.blockTime')}
          </Button>
        )}
        {onNewBooking && (
          <Button size="sm" onClick={onNewBooking}>
            <Plus aria-hidden className="size-4" />
            {t('agenda.newBooking')}
          </Button>
        )}
      </div>
    </div>
  )
}

/** One member at a time (a phone's day): a button per member, the shown one pressed. */
export function MemberSwitcher({
  members,
  shown,
  onPick,
}: {
  members: TeamMember[]
  shown: string | undefined
  onPick: (memberId: string) => void
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1">
      <legend className="sr-only">{t('agenda.memberSwitcher')}</legend>
      {members.map((member) => (
        <button
          key={member.id}
          type="button"
          aria-pressed={shown === member.id}
          onClick={() => onPick(member.id)}
          className={cn(
            'inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-full border border-line px-3.5 text-sm font-medium text-ink-soft',
            shown === member.id && 'border-ink/30 bg-sand text-ink',
          )}
        >
          <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: member.colour }} />
          {member.name}
        </button>
      ))}
    </fieldset>
  )
}

/** The week of the whole team, or of one member. */
export function MemberSelect({
  members,
  value,
  onChange,
}: {
  members: TeamMember[]
  value: string | undefined
  onChange: (memberId: string | undefined) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t('agenda.member')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={compactField}
      >
        <option value="">{t('agenda.wholeTeam')}</option>
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Cancelled bookings are hidden unless asked for (they would sit under the times given back). */
export function CancelledToggle({
  checked,
  count,
  onChange,
}: {
  checked: boolean
  count: number
  onChange: (checked: boolean) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="cursor-pointer text-sm text-ink">
        {t('agenda.showCancelled', { count })}
      </label>
    </div>
  )
}
