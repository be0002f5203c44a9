import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Input } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { TeamMember } from '@common/schemas/team'
import { WEEKDAYS } from '@common/time'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AffectedBookingsStep } from './AffectedBookingsStep'
import { type BlockDraft, type BlockDraftError, shortWeekday, toBlockBody, validateBlock } from './blocks'
import { useSaveOverBookings } from './save-over-bookings'
import { serverMessage, useAddBlock } from './schedule-api'
import { useWeekdayNames } from './WeekTable'
import { WhoseField } from './WhoseField'

interface BlockTarget {
  salonId: string
  /** The team, for "for whom"; a salon of one is not asked. */
  members: readonly Pick<TeamMember, 'id' | 'name'>[]
  /** Whose break the dialog starts with: a member's id, or null for the whole salon. */
  memberId: string | null
  /** Today on the salon's calendar: the first day it applies unless changed. */
  today: string
  /** What the dialog starts from (a range picked on the agenda: once, that day, those hours). */
  start?: Partial<BlockDraft> | undefined
}

/**
 * The weekly block dialog (issue 39): for whom, which weekdays, from when to when in the day, from
 * which day (and until which, if it ends), and why. When it falls on bookings, their list and the
 * salon's choice, as for an absence.
 */
export function BlockDialog({ salonId, members, memberId, today, start, ...dialog }: BlockTarget & DialogOpenProps) {
  const { t } = useTranslation()
  return (
    <FormDialog
      {...dialog}
      title={t('schedule.blocks.dialogTitle')}
      description={t('schedule.blocks.dialogDescription')}
    >
      {/* Mounted only while open: each opening starts afresh. */}
      <BlockForm
        salonId={salonId}
        members={members}
        memberId={memberId}
        today={today}
        start={start}
        onDone={() => dialog.onOpenChange(false)}
      />
    </FormDialog>
  )
}

function BlockForm({ salonId, members, memberId, today, start, onDone }: BlockTarget & { onDone: () => void }) {
  const { t } = useTranslation()
  const names = useWeekdayNames()
  const language = currentLanguage()
  const [draft, setDraft] = useState<BlockDraft>({
    repeat: 'weekly',
    weekdays: [],
    startTime: '12:30',
    endTime: '13:30',
    firstDay: today,
    lastDay: '',
    reason: '',
    ...start,
  })
  const [whose, setWhose] = useState<string>(memberId ?? '')
  const [error, setError] = useState<BlockDraftError>()
  const add = useAddBlock(salonId)

  const change = (next: Partial<BlockDraft>) => {
    setDraft((current) => ({ ...current, ...next }))
    setError(undefined)
    save.clearRefusal()
  }
  const toggleDay = (weekday: number) =>
    change({
      weekdays: draft.weekdays.includes(weekday)
        ? draft.weekdays.filter((d) => d !== weekday)
        : [...draft.weekdays, weekday],
    })

  // After a 409, the same block again with the salon's choice for the bookings it falls on.
  const save = useSaveOverBookings({
    mutation: add,
    body: () => toBlockBody(draft, whose || null),
    saved: t(draft.repeat === 'once' ? 'schedule.blocks.blocked' : 'schedule.blocks.added'),
    notSaved: t('schedule.blocks.addError'),
    explain: (failure) => serverMessage(failure) ?? t('schedule.blocks.addError'),
    onDone,
  })

  const onSubmit = () => {
    const invalid = validateBlock(draft)
    if (invalid) {
      setError(invalid)
      const field = {
        noDay: 'block-first',
        noWeekday: 'block-day-0',
        missingTimes: 'block-start',
        endBeforeStart: 'block-end',
        lastDayBeforeFirst: 'block-last',
      }[invalid]
      document.getElementById(field)?.focus()
      return
    }
    save.send()
  }

  if (save.affected) {
    return (
      <AffectedBookingsStep bookings={save.affected} pending={save.pending} onChoose={save.send} onBack={save.back} />
    )
  }

  const message = (which: BlockDraftError) => (error === which ? t(`schedule.blocks.${which}`) : undefined)
  const everyDay = draft.weekdays.length === WEEKDAYS.length

  return (
    <DialogForm
      onSubmit={onSubmit}
      pending={add.isPending}
      submitLabel={t('schedule.blocks.save')}
      pendingLabel={t('schedule.blocks.saving')}
      error={save.refusal}
    >
      <WhoseField
        id="block-whose"
        label={t('schedule.blocks.whose')}
        members={members}
        value={whose}
        onChange={(memberId) => {
          setWhose(memberId)
          save.clearRefusal()
        }}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">{t('schedule.blocks.repeat')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['once', 'weekly'] as const).map((repeat) => (
            <label
              key={repeat}
              className={cn(
                'flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-3 text-center text-sm font-medium transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-primary/20',
                draft.repeat === repeat
                  ? 'border-primary bg-primary-soft text-primary-hover'
                  : 'border-line bg-surface text-ink hover:bg-sand/60',
              )}
            >
              <input
                type="radio"
                name="block-repeat"
                className="sr-only"
                checked={draft.repeat === repeat}
                onChange={() => change({ repeat })}
              />
              {t(`schedule.blocks.${repeat}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {draft.repeat === 'once' ? (
        <Field id="block-first" label={t('schedule.blocks.day')} error={message('noDay')} required>
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              value={draft.firstDay}
              onChange={(event) => change({ firstDay: event.target.value })}
              className="sm:max-w-56"
            />
          )}
        </Field>
      ) : (
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={error === 'noWeekday' ? 'block-days-error' : undefined}
        >
          <legend className="mb-2 text-sm font-medium text-ink">{t('schedule.blocks.days')}</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((weekday) => {
              const checked = draft.weekdays.includes(weekday)
              return (
                <label
                  key={weekday}
                  className={cn(
                    'flex h-10 min-w-12 cursor-pointer items-center justify-center rounded-full border px-3 text-sm font-medium transition-colors has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-primary/20',
                    checked
                      ? 'border-primary bg-primary text-white'
                      : 'border-line bg-surface text-ink hover:bg-sand/60',
                  )}
                >
                  <input
                    id={`block-day-${weekday}`}
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    onChange={() => toggleDay(weekday)}
                    aria-label={names[String(weekday) as keyof typeof names]}
                  />
                  <span aria-hidden>{shortWeekday(weekday, language)}</span>
                </label>
              )
            })}
            <button
              type="button"
              onClick={() => change({ weekdays: everyDay ? [] : [...WEEKDAYS] })}
              className="h-10 rounded-full px-3 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20"
              aria-pressed={everyDay}
            >
              {t('schedule.blocks.everyDay')}
            </button>
          </div>
          {error === 'noWeekday' && (
            <p id="block-days-error" className="text-sm text-danger">
              {t('schedule.blocks.noWeekday')}
            </p>
          )}
        </fieldset>
      )}
      <div className="grid grid-cols-2 gap-5">
        <Field id="block-start" label={t('schedule.blocks.startTime')} error={message('missingTimes')} required>
          {(control) => (
            <Input
              {...control}
              type="time"
              required
              step={300}
              value={draft.startTime}
              onChange={(event) => change({ startTime: event.target.value })}
            />
          )}
        </Field>
        <Field id="block-end" label={t('schedule.blocks.endTime')} error={message('endBeforeStart')} required>
          {(control) => (
            <Input
              {...control}
              type="time"
              required
              step={300}
              value={draft.endTime}
              onChange={(event) => change({ endTime: event.target.value })}
            />
          )}
        </Field>
      </div>
      {draft.repeat === 'weekly' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="block-first" label={t('schedule.blocks.firstDay')}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={draft.firstDay}
                onChange={(event) => change({ firstDay: event.target.value })}
              />
            )}
          </Field>
          <Field
            id="block-last"
            label={t('schedule.blocks.lastDay')}
            hint={t('schedule.blocks.lastDayHint')}
            error={message('lastDayBeforeFirst')}
            optionalLabel={t('common.optional')}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                min={draft.firstDay || undefined}
                value={draft.lastDay}
                onChange={(event) => change({ lastDay: event.target.value })}
              />
            )}
          </Field>
        </div>
      )}
      <Field id="block-reason" label={t('schedule.blocks.reason')} optionalLabel={t('common.optional')}>
        {(control) => (
          <Input
            {...control}
            maxLength={200}
            value={draft.reason}
            onChange={(event) => change({ reason: event.target.value })}
            placeholder={t('schedule.blocks.reasonPlaceholder')}
          />
        )}
      </Field>
    </DialogForm>
  )
}
