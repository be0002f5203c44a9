import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { fieldClasses, Label } from '@app/components/ui/Input'
import { Switch } from '@app/components/ui/Switch'
import { toast } from '@app/components/ui/toast-store'
import { apiRequest } from '@app/lib/api'
import type { Salon, SalonUpdateInput } from '@common/schemas/salon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { BellRing } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { salonKeys } from '../dashboard-api'
import { ReminderChannelOrder } from './ReminderChannelOrder'

/** The notices a salon may ask for, in minutes: from "until it starts" to two days. */
export const NOTICE_CHOICES = [0, 60, 120, 240, 720, 1440, 2880] as const

type ReminderChange = Pick<
  SalonUpdateInput,
  'remindDayBefore' | 'remindTwoHours' | 'remindBySms' | 'cancellationNoticeMinutes' | 'reminderChannels'
>

/**
 * The salon's reminders and its customers' own page: each reminder on or off, SMS on or off, the
 * order the channels are tried in, and until when a customer may cancel or move on their page.
 * Each change is saved at once.
 */
export function RemindersCard({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const noticeId = useId()
  const save = useMutation({
    mutationFn: async (change: ReminderChange) =>
      (await (await apiRequest('PATCH', `/api/salons/${salon.salonId}`, change)).json()) as Salon,
    onSuccess: (updated) => queryClient.setQueryData(salonKeys.salon(salon.salonId), updated),
    onError: () =>
      toast({
        title: t('dashboard.reminders.error'),
        description: t('dashboard.reminders.errorText'),
        tone: 'destructive',
      }),
  })
  const { reminders } = salon
  const toggles = [
    { key: 'remindDayBefore', checked: reminders.dayBefore, label: t('dashboard.reminders.dayBefore') },
    { key: 'remindTwoHours', checked: reminders.twoHours, label: t('dashboard.reminders.twoHours') },
    {
      key: 'remindBySms',
      checked: reminders.bySms,
      label: t('dashboard.reminders.bySms'),
      hint: t('dashboard.reminders.bySmsHint'),
    },
  ] as const

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing aria-hidden className="size-5 text-primary" />
          {t('dashboard.reminders.title')}
        </CardTitle>
        <CardDescription>{t('dashboard.reminders.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {toggles.map((toggle) => (
          <ReminderToggle
            key={toggle.key}
            label={toggle.label}
            hint={'hint' in toggle ? toggle.hint : undefined}
            checked={toggle.checked}
            disabled={save.isPending}
            onChange={(checked) => save.mutate({ [toggle.key]: checked })}
          />
        ))}
        <ReminderChannelOrder
          order={salon.reminderChannels}
          disabled={save.isPending}
          onChange={(reminderChannels) => save.mutate({ reminderChannels })}
        />
        <div className="flex flex-col gap-1.5 border-t border-line/70 pt-4">
          <Label htmlFor={noticeId}>{t('dashboard.reminders.notice')}</Label>
          <select
            id={noticeId}
            className={fieldClasses}
            value={reminders.cancellationNoticeMinutes}
            disabled={save.isPending}
            aria-describedby={`${noticeId}-hint`}
            onChange={(event) => save.mutate({ cancellationNoticeMinutes: Number(event.target.value) })}
          >
            {noticeChoices(reminders.cancellationNoticeMinutes).map((minutes) => (
              <option key={minutes} value={minutes}>
                {noticeLabel(t, minutes)}
              </option>
            ))}
          </select>
          <p id={`${noticeId}-hint`} className="text-sm text-ink-soft">
            {t('dashboard.reminders.noticeHint')}
          </p>
        </div>
      </CardContent>
    </Card>
  )
}

function ReminderToggle({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string
  hint?: string | undefined
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-ink-soft">
            {hint}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onCheckedChange={onChange}
      />
    </div>
  )
}

/** The usual choices, and the salon's own when it set another one through the API. */
function noticeChoices(current: number): number[] {
  const choices: number[] = [...NOTICE_CHOICES]
  return choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b)
}

function noticeLabel(t: (key: string, values?: Record<string, unknown>) => string, minutes: number): string {
  if (minutes === 0) return t('dashboard.reminders.noticeNone')
  if (minutes % 60 === 0) return t('dashboard.reminders.noticeHours', { hours: minutes / 60 })
  return t('dashboard.reminders.noticeMinutes', { minutes })
}
