import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Input } from '@app/components/ui/Input'
import { ApiError } from '@app/lib/api'
import { currentLanguage } from '@app/lib/i18n'
import type { TimeOff } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { isLocalDate } from '@common/time'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AffectedBookingsStep } from './AffectedBookingsStep'
import { useSaveOverBookings } from './save-over-bookings'
import { serverMessage, useAddTimeOff } from './schedule-api'
import {
  describeTimeOffInWords,
  type TimeOffDraft,
  type TimeOffDraftError,
  toTimeOffBody,
  validateTimeOff,
} from './time-off'
import { WhoseField } from './WhoseField'

const EMPTY: TimeOffDraft = { startDate: '', endDate: '', reason: '' }

interface TimeOffTarget {
  salonId: string
  timeZone: string
  /** The team, for "whose absence"; a salon of one is not asked. */
  members: readonly Pick<TeamMember, 'id' | 'name'>[]
  /** Whose absence the dialog starts with: a member's id, or null for the whole salon. */
  memberId: string | null
}

/**
 * The absence dialog (spec §2, §5): whose (the salon or a member), start and end dates, an
 * optional reason. When it falls on bookings, their list and the salon's choice.
 */
export function TimeOffDialog({ salonId, timeZone, members, memberId, ...dialog }: TimeOffTarget & DialogOpenProps) {
  const { t } = useTranslation()
  return (
    <FormDialog
      {...dialog}
      title={t('schedule.timeOff.dialogTitle')}
      description={t(memberId ? 'schedule.timeOff.memberDialogDescription' : 'schedule.timeOff.dialogDescription')}
    >
      {/* Mounted only while open: each opening starts empty. */}
      <TimeOffForm
        salonId={salonId}
        timeZone={timeZone}
        members={members}
        memberId={memberId}
        onDone={() => dialog.onOpenChange(false)}
      />
    </FormDialog>
  )
}

function TimeOffForm({ salonId, timeZone, members, memberId, onDone }: TimeOffTarget & { onDone: () => void }) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<TimeOffDraft>(EMPTY)
  const [whose, setWhose] = useState<string>(memberId ?? '')
  const [error, setError] = useState<TimeOffDraftError>()
  const add = useAddTimeOff(salonId)

  const set = (field: keyof TimeOffDraft) => (value: string) => {
    setDraft((current) => {
      const next = { ...current, [field]: value }
      // A start date with no end yet suggests a one-day absence (reopening the next day).
      if (field === 'startDate' && !current.endDate && isLocalDate(value)) next.endDate = value
      return next
    })
    setError(undefined)
    save.clearRefusal()
  }

  /** The server's refusal in the interface language when we know its code, else in its own words. */
  const explain = (failure: unknown): string => {
    const code = failure instanceof ApiError ? failure.code : undefined
    if (code === 'schedule.time_off_end_before_start') return t('schedule.timeOff.endBeforeStart')
    if (code === 'schedule.time_off_too_long') return t('schedule.timeOff.tooLong')
    const existing = (failure as ApiError).body as { existing?: Pick<TimeOff, 'startDate' | 'endDate'> } | undefined
    if (code === 'schedule.time_off_overlaps' && existing?.existing?.startDate) {
      // Mid-sentence: "… déjà programmée : du 24 déc. au 26 déc. 2026 inclus (3 jours)."
      const language = currentLanguage()
      const { period } = describeTimeOffInWords(existing.existing, timeZone, language, t)
      return t('schedule.timeOff.overlaps', { period: period.charAt(0).toLocaleLowerCase(language) + period.slice(1) })
    }
    return serverMessage(failure) ?? t('schedule.timeOff.addError')
  }

  // After a 409, the same absence again with the salon's choice for the bookings it falls on.
  const save = useSaveOverBookings({
    mutation: add,
    body: () => ({ ...toTimeOffBody(draft), ...(whose ? { memberId: whose } : {}) }),
    saved: t('schedule.timeOff.added'),
    notSaved: t('schedule.timeOff.addError'),
    explain,
    onDone,
  })

  const onSubmit = () => {
    const invalid = validateTimeOff(draft)
    if (invalid) {
      setError(invalid)
      const field = invalid === 'missingDates' && !draft.startDate ? 'start' : 'end'
      document.getElementById(`time-off-${field}`)?.focus()
      return
    }
    save.send()
  }

  if (save.affected) {
    return (
      <AffectedBookingsStep bookings={save.affected} pending={save.pending} onChoose={save.send} onBack={save.back} />
    )
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
      error={save.refusal}
    >
      <WhoseField
        id="time-off-whose"
        label={t('schedule.timeOff.whose')}
        members={members}
        value={whose}
        onChange={(memberId) => {
          setWhose(memberId)
          save.clearRefusal()
        }}
      />
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
              min={isLocalDate(draft.startDate) ? draft.startDate : undefined}
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
