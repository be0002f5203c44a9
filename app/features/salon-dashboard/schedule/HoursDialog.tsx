import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Input, Label } from '@app/components/ui/Input'
import { Switch } from '@app/components/ui/Switch'
import { toast } from '@app/components/ui/toast-store'
import {
  type AffectedBooking,
  type AffectedBookingsChoice,
  WEEKDAY_KEYS,
  type WeekdayKey,
  type WorkingHours,
} from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { Moon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AffectedBookingsStep } from './AffectedBookingsStep'
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
import { hoursRefusalText } from './hours-refusal'
import {
  affectedBookingsOf,
  affectedDecision,
  useSaveMemberHours,
  useSaveWorkingHours,
  type WithChoice,
} from './schedule-api'
import { useWeekdayNames } from './WeekTable'

/**
 * The opening-hours dialog (spec §2, §5): per day an open/closed switch and its two times — the
 * salon's week, or a member's (who may follow the salon's instead; the server cuts their own to
 * the salon's). When new hours leave bookings outside, their list and the salon's choice.
 */
export function HoursDialog({
  salonId,
  hours,
  member,
  ...dialog
}: { salonId: string; hours: WorkingHours; member?: TeamMember } & DialogOpenProps) {
  const { t } = useTranslation()
  return (
    <FormDialog
      {...dialog}
      title={member ? t('schedule.memberHours.title', { name: member.name }) : t('schedule.hours.title')}
      description={member ? t('schedule.memberHours.description') : t('schedule.hours.description')}
    >
      {/* Mounted only while open: each opening starts from the saved week. */}
      <HoursForm salonId={salonId} hours={hours} member={member} onDone={() => dialog.onOpenChange(false)} />
    </FormDialog>
  )
}

function HoursForm({
  salonId,
  hours,
  member,
  onDone,
}: {
  salonId: string
  hours: WorkingHours
  member: TeamMember | undefined
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<HoursDraft>(() => draftFromWorkingHours(member?.workingHours ?? hours))
  const [followsSalon, setFollowsSalon] = useState(member?.followsSalonHours ?? false)
  const [checked, setChecked] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const [affected, setAffected] = useState<AffectedBooking[]>()
  const [choice, setChoice] = useState<AffectedBookingsChoice>()
  const saveSalon = useSaveWorkingHours(salonId)
  const saveMember = useSaveMemberHours(salonId, member?.id ?? '')
  const weekdayNames = useWeekdayNames()
  const pending = saveSalon.isPending || saveMember.isPending

  const update = (key: WeekdayKey, day: DayDraft) => {
    setDraft((current) => ({ ...current, [key]: day }))
    setRefusal(undefined)
  }

  const callbacks = (affectedBookings: AffectedBookingsChoice | undefined) => ({
    onSuccess: () => {
      toast({
        title: t('schedule.hours.success'),
        description:
          affectedBookings === 'cancel'
            ? t('schedule.affected.cancelled', { count: affected?.length ?? 0 })
            : t('schedule.hours.successDescription'),
        tone: 'success',
      })
      onDone()
    },
    onError: (error: unknown) => {
      setChoice(undefined)
      const bookings = affectedBookingsOf(error)
      if (bookings) {
        setAffected(bookings)
        return
      }
      setAffected(undefined)
      // The server's refusal in the interface language, by its codes (a week's issues, a member's refusal).
      const message = hoursRefusalText(t, error, weekdayNames)
      setRefusal(message)
      toast({
        title: t('schedule.errorTitle'),
        description: message ?? t('schedule.hours.error'),
        tone: 'destructive',
      })
    },
  })

  /** Sends the week; after a 409, again with the salon's choice for the bookings it leaves outside. */
  const send = (affectedBookings?: AffectedBookingsChoice) => {
    setChoice(affectedBookings)
    const decision = affectedDecision(affectedBookings, affected)
    if (member) {
      const body: WithChoice<{ workingHours: ReturnType<typeof toWorkingHoursBody> | null }> = {
        workingHours: followsSalon ? null : toWorkingHoursBody(draft),
        ...decision,
      }
      saveMember.mutate(body, callbacks(affectedBookings))
    } else {
      saveSalon.mutate({ ...toWorkingHoursBody(draft), ...decision }, callbacks(affectedBookings))
    }
  }

  const onSubmit = () => {
    setChecked(true)
    const invalid = followsSalon ? undefined : WEEKDAY_KEYS.find((key) => dayError(draft[key]))
    if (invalid) {
      document.getElementById(`hours-${invalid}-open`)?.focus()
      return
    }
    send()
  }

  if (affected) {
    return (
      <AffectedBookingsStep
        bookings={affected}
        pending={pending ? choice : undefined}
        onChoose={send}
        onBack={() => setAffected(undefined)}
      />
    )
  }

  return (
    <DialogForm
      onSubmit={onSubmit}
      pending={pending}
      submitLabel={t('schedule.hours.save')}
      pendingLabel={t('schedule.hours.saving')}
      error={refusal}
      // The week, then any refusal 16 px under it; the buttons 24 px under both.
      className="flex flex-col gap-4"
    >
      {member && (
        <div className="flex items-center justify-between gap-3 rounded-xl bg-sand/60 px-3 py-2.5">
          <Label htmlFor="hours-follow-salon" className="font-medium">
            {t('schedule.memberHours.follow')}
          </Label>
          <Switch
            id="hours-follow-salon"
            checked={followsSalon}
            onCheckedChange={(follows) => {
              setFollowsSalon(follows)
              setRefusal(undefined)
            }}
          />
        </div>
      )}
      {member && followsSalon ? (
        <p className="text-sm text-ink-soft">{t('schedule.memberHours.followHint')}</p>
      ) : (
        <ul className="divide-y divide-line/70 border-y border-line/70">
          {WEEKDAY_KEYS.map((key) => (
            <DayRow key={key} dayKey={key} day={draft[key]} showError={checked} onChange={(day) => update(key, day)} />
          ))}
        </ul>
      )}
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
