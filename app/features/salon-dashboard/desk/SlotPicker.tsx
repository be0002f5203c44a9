import { Field, Input } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import type { TeamMember } from '@common/schemas/team'
import { isLocalDate, isLocalTime } from '@common/time'
import { CircleAlert } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useFreeTimes } from './desk-api'
import { MemberSelect } from './MemberSelect'

/** A member as the picker shows them: a name and the agenda's colour. */
export type SlotMember = Pick<TeamMember, 'id' | 'name' | 'colour'>

/** Where a booking goes: a day, a member (or any free one), and an offered start or a forced time. */
export interface SlotDraft {
  localDate: string
  /** '' for "any free member" (a new booking only). */
  memberId: string
  /** The offered start chosen (its instant and its time on the salon's clock). */
  start?: { startsAt: string; localTime: string }
  /** "Force a time": a start outside the offered ones, still never over another booking. */
  force: boolean
  forcedTime: string
}

/** Problems of the draft, as translation keys, before anything is sent. */
export type SlotProblems = Partial<Record<'localDate' | 'memberId' | 'time', string>>

export function checkSlot(draft: SlotDraft): SlotProblems {
  const problems: SlotProblems = {}
  if (!isLocalDate(draft.localDate)) problems.localDate = 'desk.slot.problems.day'
  if (draft.force) {
    if (!draft.memberId) problems.memberId = 'desk.slot.problems.memberForForce'
    if (!isLocalTime(draft.forcedTime)) problems.time = 'desk.slot.problems.forcedTime'
  } else if (!draft.start) problems.time = 'desk.slot.problems.time'
  return problems
}

/** The start to send: the offered instant, or the forced time on the salon's clock (the server reads it in its zone). */
export function slotStart(draft: SlotDraft): { startsAt: string; force?: true } {
  if (draft.force) return { startsAt: `${draft.localDate}T${draft.forcedTime}`, force: true }
  return { startsAt: draft.start?.startsAt ?? '' }
}

export interface SlotPickerProps {
  salonId: string
  /** The service to find free times for; none: only a forced time can be given. */
  serviceId: string | undefined
  /** The members who may be chosen (active, performing the service). */
  members: SlotMember[]
  /** Offer "any free member" (a new booking: the salon's rule picks one). */
  allowAnyMember?: boolean
  draft: SlotDraft
  onChange: (draft: SlotDraft) => void
  problems: SlotProblems
  /** Keeps ids unique when two pickers could be on one page. */
  idPrefix: string
  /** A time to choose as soon as the free times show it (the agenda's clicked cell). */
  preferredTime?: string
  /** Offered under "no free time" when the day has none (put the customer on the waiting list). */
  noFreeTime?: ReactNode
}

/**
 * The day, the member and the time of a booking: the free times the availability route offers for
 * that member (or any), or a forced time typed in. Native controls, so a phone shows its own date
 * and time wheels and a keyboard moves through the times with its arrows.
 */
export function SlotPicker({
  salonId,
  serviceId,
  members,
  allowAnyMember = false,
  draft,
  onChange,
  problems,
  idPrefix,
  preferredTime,
  noFreeTime,
}: SlotPickerProps) {
  const { t } = useTranslation()
  const update = (changes: Partial<SlotDraft>) => onChange({ ...draft, ...changes })
  const preferredUsed = useRef(false)
  const colour = members.find((m) => m.id === draft.memberId)?.colour
  const errorOf = (key: keyof SlotProblems) => (problems[key] ? t(problems[key] as string) : undefined)

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${idPrefix}-day`} label={t('desk.slot.day')} error={errorOf('localDate')} required>
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              value={draft.localDate}
              // Another day: the chosen start belonged to the one before.
              onChange={(event) => update({ localDate: event.target.value, start: undefined })}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-member`} label={t('desk.slot.member')} error={errorOf('memberId')}>
          {(control) => (
            <div className="relative">
              <span
                aria-hidden
                className="pointer-events-none absolute left-3.5 top-1/2 size-3 -translate-y-1/2 rounded-full border border-line"
                style={{ backgroundColor: colour ?? 'transparent' }}
              />
              <MemberSelect
                {...control}
                members={members}
                emptyLabel={allowAnyMember ? t('desk.slot.anyMember') : undefined}
                value={draft.memberId}
                onChange={(event) => update({ memberId: event.target.value, start: undefined })}
                className="pl-9"
              />
            </div>
          )}
        </Field>
      </div>

      {!draft.force && serviceId && isLocalDate(draft.localDate) && (
        <FreeTimes
          salonId={salonId}
          serviceId={serviceId}
          draft={draft}
          onPick={(start) => update({ start })}
          error={errorOf('time')}
          idPrefix={idPrefix}
          noFreeTime={noFreeTime}
          preferredTime={preferredUsed.current ? undefined : preferredTime}
          onPreferred={(start) => {
            // Once only: afterwards the times are the salon's to choose (and a taken one is let go).
            preferredUsed.current = true
            update({ start })
          }}
        />
      )}
      {!draft.force && !serviceId && <p className="text-sm text-ink-soft">{t('desk.slot.noServiceForceOnly')}</p>}

      <div className="flex flex-col gap-3 rounded-xl border border-line/80 p-3.5">
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            checked={draft.force}
            onChange={(event) => update({ force: event.target.checked })}
            className="mt-1 size-4 shrink-0 accent-primary"
          />
          <span className="flex flex-col gap-0.5">
            <span className="text-sm font-medium">{t('desk.slot.force')}</span>
            <span className="text-sm text-ink-soft">{t('desk.slot.forceHint')}</span>
          </span>
        </label>
        {draft.force && (
          <Field id={`${idPrefix}-forced-time`} label={t('desk.slot.forcedTime')} error={errorOf('time')} required>
            {(control) => (
              <Input
                {...control}
                type="time"
                required
                step={300}
                value={draft.forcedTime}
                onChange={(event) => update({ forcedTime: event.target.value })}
                className="sm:max-w-40"
              />
            )}
          </Field>
        )}
      </div>
    </div>
  )
}

function FreeTimes({
  salonId,
  serviceId,
  draft,
  onPick,
  onPreferred,
  error,
  idPrefix,
  preferredTime,
  noFreeTime,
}: {
  salonId: string
  serviceId: string
  draft: SlotDraft
  onPick: (start: SlotDraft['start']) => void
  onPreferred: (start: SlotDraft['start']) => void
  error: string | undefined
  idPrefix: string
  preferredTime: string | undefined
  noFreeTime: ReactNode
}) {
  const { t } = useTranslation()
  const name = useId()
  const free = useFreeTimes(salonId, {
    serviceId,
    localDate: draft.localDate,
    ...(draft.memberId && { memberId: draft.memberId }),
  })
  const slots = free.data?.slots
  const hasStart = Boolean(draft.start)
  useEffect(() => {
    const preferred = slots?.find((slot) => slot.local.slice(11, 16) === preferredTime)
    if (preferred && !hasStart) onPreferred({ startsAt: preferred.start, localTime: preferredTime as string })
  }, [slots, preferredTime, hasStart, onPreferred])
  const legendId = `${idPrefix}-times-legend`
  const errorId = `${idPrefix}-times-error`

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend id={legendId} className="mb-2 text-sm font-medium">
        {t('desk.slot.freeTimes')}
      </legend>
      {free.isPending ? (
        <p role="status" className="text-sm text-ink-soft">
          {t('desk.slot.loadingTimes')}
        </p>
      ) : free.isError ? (
        <p role="alert" className="flex gap-2 text-sm text-danger">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('desk.slot.timesError')}
        </p>
      ) : free.data.closedReason ? (
        <p className="text-sm text-ink-soft">{t('desk.slot.salonInactive')}</p>
      ) : free.data.slots.length === 0 ? (
        <>
          <p className="text-sm text-ink-soft">{t('desk.slot.noFreeTime')}</p>
          {noFreeTime}
        </>
      ) : (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(4.5rem,1fr))] gap-2">
          {free.data.slots.map((slot) => {
            const localTime = slot.local.slice(11, 16)
            const checked = draft.start?.startsAt === slot.start
            return (
              <label
                key={slot.start}
                className={cn(
                  'relative flex h-11 cursor-pointer items-center justify-center rounded-xl border text-sm font-medium tabular-nums transition-colors',
                  'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-primary/30',
                  checked ? 'border-primary bg-primary text-white' : 'border-line bg-surface hover:bg-sand/60',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={slot.start}
                  checked={checked}
                  onChange={() => onPick({ startsAt: slot.start, localTime })}
                  // Over the whole chip, invisible: a click anywhere on it is a click on the radio.
                  className="absolute inset-0 size-full cursor-pointer opacity-0"
                />
                {localTime}
              </label>
            )
          })}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}
