import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TimeOff } from '../../../../common/schemas/schedule'
import { addDays, isLocalDate } from '../../../../common/time'
import { DialogForm, type DialogOpenProps, FormDialog } from '../../../components/ui/FormDialog'
import { Field, Input } from '../../../components/ui/Input'
import { toast } from '../../../components/ui/Toast'
import { ApiError } from '../../../lib/api'
import { serverMessage, useAddTimeOff } from './schedule-api'
import { describeTimeOff, type TimeOffDraft, type TimeOffDraftError, toTimeOffBody, validateTimeOff } from './time-off'

const EMPTY: TimeOffDraft = { startDate: '', endDate: '', reason: '' }

/** The absence dialog (spec §2, §5): start and end dates, an optional reason. */
export function TimeOffDialog({
  salonId,
  timeZone,
  ...dialog
}: { salonId: string; timeZone: string } & DialogOpenProps) {
  const { t } = useTranslation()
  return (
    <FormDialog
      {...dialog}
      title={t('schedule.timeOff.dialogTitle')}
      description={t('schedule.timeOff.dialogDescription')}
    >
      {/* Mounted only while open: each opening starts empty. */}
      <TimeOffForm salonId={salonId} timeZone={timeZone} onDone={() => dialog.onOpenChange(false)} />
    </FormDialog>
  )
}

function TimeOffForm({ salonId, timeZone, onDone }: { salonId: string; timeZone: string; onDone: () => void }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<TimeOffDraft>(EMPTY)
  const [error, setError] = useState<TimeOffDraftError>()
  const [refusal, setRefusal] = useState<string>()
  const add = useAddTimeOff(salonId)

  const set = (field: keyof TimeOffDraft) => (value: string) => {
    setDraft((current) => {
      const next = { ...current, [field]: value }
      // A start date with no end yet suggests a one-day absence (reopening the next day).
      if (field === 'startDate' && !current.endDate && isLocalDate(value)) next.endDate = addDays(value, 1)
      return next
    })
    setError(undefined)
    setRefusal(undefined)
  }

  /** The server's refusal in the interface language when we know its code, else in its own words. */
  const explain = (failure: unknown): string => {
    const code = failure instanceof ApiError ? failure.code : undefined
    if (code === 'schedule.time_off_end_before_start') return t('schedule.timeOff.endBeforeStart')
    if (code === 'schedule.time_off_too_long') return t('schedule.timeOff.tooLong')
    const existing = (failure as ApiError).body as { existing?: Pick<TimeOff, 'startDate' | 'endDate'> } | undefined
    if (code === 'schedule.time_off_overlaps' && existing?.existing?.startDate) {
      const { start, end } = describeTimeOff(existing.existing, timeZone)
      return t('schedule.timeOff.overlaps', { start, end })
    }
    return serverMessage(failure) ?? t('schedule.timeOff.addError')
  }

  const onSubmit = () => {
    const invalid = validateTimeOff(draft)
    if (invalid) {
      setError(invalid)
      const field = invalid === 'missingDates' && !draft.startDate ? 'start' : 'end'
      document.getElementById(`time-off-${field}`)?.focus()
      return
    }
    add.mutate(toTimeOffBody(draft), {
      onSuccess: () => {
        toast({ title: t('schedule.timeOff.added'), tone: 'success' })
        onDone()
      },
      onError: (failure) => {
        const message = explain(failure)
        setRefusal(message)
        toast({ title: t('schedule.timeOff.addError'), description: message, tone: 'destructive' })
      },
    })
  }

  // The message sits under the first field it concerns: a missing start, else the end.
  const startError = error === 'missingDates' && !draft.startDate ? t('schedule.timeOff.missingDates') : undefined
  const endError =
    error === 'endBeforeStart'
      ? t('schedule.timeOff.endBeforeStart')
      : error === 'missingDates' && draft.startDate
        ? t('schedule.timeOff.missingDates')
        : undefined

  return (
    <DialogForm
      onSubmit={onSubmit}
      pending={add.isPending}
      submitLabel={t('schedule.timeOff.save')}
      pendingLabel={t('schedule.timeOff.saving')}
      error={refusal}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="time-off-start" label={t('schedule.timeOff.startDate')} error={startError} required>
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              value={draft.startDate}
              onChange={(event) => set('startDate')(event.target.value)}
            />
          )}
        </Field>
        <Field
          id="time-off-end"
          label={t('schedule.timeOff.endDate')}
          hint={t('schedule.timeOff.endHint')}
          error={endError}
          required
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              min={isLocalDate(draft.startDate) ? addDays(draft.startDate, 1) : undefined}
              value={draft.endDate}
              onChange={(event) => set('endDate')(event.target.value)}
              aria-invalid={control['aria-invalid'] ?? (error === 'missingDates' && !draft.endDate ? true : undefined)}
            />
          )}
        </Field>
      </div>
      <Field id="time-off-reason" label={t('schedule.timeOff.reason')} optionalLabel={t('common.optional')}>
        {(control) => (
          <Input
            {...control}
            maxLength={200}
            value={draft.reason}
            onChange={(event) => set('reason')(event.target.value)}
            placeholder={t('schedule.timeOff.reasonPlaceholder')}
          />
        )}
      </Field>
    </DialogForm>
  )
}
