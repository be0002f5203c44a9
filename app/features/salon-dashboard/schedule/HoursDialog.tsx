import { CircleAlert, Moon } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { WEEKDAY_KEYS, type WeekdayKey, type WorkingHours } from '../../../../common/schemas/schedule'
import { Button } from '../../../components/ui/Button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/Dialog'
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
export function HoursDialog({
  salonId,
  hours,
  open,
  onOpenChange,
}: {
  salonId: string
  hours: WorkingHours
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('schedule.hours.title')}</DialogTitle>
          <DialogDescription>{t('schedule.hours.description')}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from the saved week. */}
        <HoursForm salonId={salonId} hours={hours} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
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
    <form onSubmit={onSubmit} noValidate>
      <ul className="divide-y divide-line/70 border-y border-line/70">
        {WEEKDAY_KEYS.map((key) => (
          <DayRow key={key} dayKey={key} day={draft[key]} showError={checked} onChange={(day) => update(key, day)} />
        ))}
      </ul>
      {refusal && (
        <p role="alert" className="mt-4 flex gap-2 rounded-xl bg-danger-soft p-3 text-sm text-ink">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
          {t('schedule.hours.serverRefused', { message: refusal })}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('schedule.hours.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('schedule.hours.saving') : t('schedule.hours.save')}
        </Button>
      </DialogFooter>
    </form>
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
