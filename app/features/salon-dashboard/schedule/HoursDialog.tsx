import { Moon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { WEEKDAY_KEYS, type WeekdayKey, type WorkingHours } from '../../../../common/schemas/schedule'
import { DialogForm, type DialogOpenProps, FormDialog } from '../../../components/ui/FormDialog'
import { Input, Label } from '../../../components/ui/Input'
import { Switch } from '../../../components/ui/Switch'
import { toast } from '../../../components/ui/Toast'
import {
  closesNextDay,
  type DayDraft,
  dayError,
  draftFromWorkingHours,
  formatBreak,
  type HoursDraft,
  keptBreaks,
  switchDay,
  toWorkingHoursBody,
} from './hours-draft'
import { serverMessage, useSaveWorkingHours } from './schedule-api'
import { useWeekdayNames } from './WeekTable'

/** The opening-hours dialog (spec §2, §5): per day an open/closed switch and its two times. */
export function HoursDialog({ salonId, hours, ...dialog }: { salonId: string; hours: WorkingHours } & DialogOpenProps) {
  const { t } = useTranslation()
  return (
    <FormDialog {...dialog} title={t('schedule.hours.title')} description={t('schedule.hours.description')}>
      {/* Mounted only while open: each opening starts from the saved week. */}
      <HoursForm salonId={salonId} hours={hours} onDone={() => dialog.onOpenChange(false)} />
    </FormDialog>
  )
}

function HoursForm({ salonId, hours, onDone }: { salonId: string; hours: WorkingHours; onDone: () => void }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<HoursDraft>(() => draftFromWorkingHours(hours))
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const save = useSaveWorkingHours(salonId)

  const update = (key: WeekdayKey, day: DayDraft) => {
    setDraft((current) => ({ ...current, [key]: day }))
    setRefusal(undefined)
  }

  const onSubmit = () => {
    setChecked(true)
    const invalid = WEEKDAY_KEYS.find((key) => dayError(draft[key]))
    if (invalid) {
      document.getElementById(`hours-${invalid}-open`)?.focus()
      return
    }
    save.mutate(toWorkingHoursBody(draft), {
      onSuccess: () => {
        toast({
          title: t('schedule.hours.success'),
          description: t('schedule.hours.successDescription'),
          tone: 'success',
        })
        onDone()
      },
      onError: (error) => {
        const message = serverMessage(error)
        setRefusal(message)
        toast({
          title: t('schedule.errorTitle'),
          description: message ? t('schedule.hours.serverRefused', { message }) : t('schedule.hours.error'),
          tone: 'destructive',
        })
      },
    })
  }

  return (
    <DialogForm
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={t('schedule.hours.save')}
      pendingLabel={t('schedule.hours.saving')}
      error={refusal && t('schedule.hours.serverRefused', { message: refusal })}
      // The week, then any refusal 16 px under it; the buttons 24 px under both.
      className="flex flex-col gap-4"
    >
      <ul className="divide-y divide-line/70 border-y border-line/70">
        {WEEKDAY_KEYS.map((key) => (
          <DayRow key={key} dayKey={key} day={draft[key]} showError={checked} onChange={(day) => update(key, day)} />
        ))}
      </ul>
    </DialogForm>
  )
}

function DayRow({
  dayKey,
  day,
  showError,
  onChange,
}: {
  dayKey: WeekdayKey
  day: DayDraft
  showError: boolean
  onChange: (day: DayDraft) => void
}) {
  const { t } = useTranslation()
  const name = useWeekdayNames()[dayKey]
  const error = showError ? dayError(day) : undefined
  const errorId = `hours-${dayKey}-error`
  const breaks = keptBreaks(day)
  const time = (field: 'openTime' | 'closeTime', id: string, label: string) => (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={id} className="text-xs text-ink-soft">
        {label}
        <span className="sr-only"> — {name}</span>
      </Label>
      <Input
        id={id}
        type="time"
        required
        value={day[field]}
        onChange={(event) => onChange({ ...day, [field]: event.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-10 tabular-nums"
      />
    </div>
  )
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start" data-day={dayKey}>
      <div className="flex items-center justify-between gap-3 sm:w-40 sm:shrink-0 sm:pt-6">
        <span className="font-medium capitalize">{name}</span>
        <Switch
          checked={day.isOpen}
          onCheckedChange={(isOpen) => onChange(switchDay(day, isOpen))}
          aria-label={t('schedule.hours.openOn', { day: name })}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {day.isOpen ? (
          <div className="grid grid-cols-2 gap-3">
            {time('openTime', `hours-${dayKey}-open`, t('schedule.hours.opens'))}
            {time('closeTime', `hours-${dayKey}-close`, t('schedule.hours.closes'))}
          </div>
        ) : (
          <p className="text-sm text-ink-soft sm:pt-8">{t('schedule.hours.closedDay')}</p>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm text-danger">
            {t(error === 'missingTime' ? 'schedule.hours.missingTime' : 'schedule.hours.sameTime')}
          </p>
        )}
        {closesNextDay(day) && (
          <p className="flex items-center gap-1.5 text-sm text-ink-soft">
            <Moon aria-hidden className="size-3.5" />
            {t('schedule.hours.overnight')}
          </p>
        )}
        {breaks.length > 0 && (
          <p className="text-sm text-ink-soft">
            {t('schedule.hours.breaks', { breaks: breaks.map(formatBreak).join(', ') })}
          </p>
        )}
      </div>
    </li>
  )
}
