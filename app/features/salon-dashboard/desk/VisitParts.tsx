import { Button } from '@app/components/ui/Button'
import { Field, fieldClasses, Input } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { Service } from '@common/schemas/catalog'
import { REPEAT_EVERY_WEEKS_MAX, REPEAT_TIMES_MAX, type VisitPlan } from '@common/schemas/desk-visit'
import type { TeamMember } from '@common/schemas/team'
import { CircleAlert, CircleCheck, Plus, Repeat, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '../dashboard-api'
import { dayLabel } from './desk-format'
import { MemberSelect } from './MemberSelect'
import { membersFor } from './members'

/**
 * The parts of "New booking" that make it a visit (issue 39): more services back to back, more
 * people, a repeat every N weeks, and the check of what would be booked before saving.
 */

/** A service of a person's visit and who does it ('' : any, preferably the one before). */
export interface ServiceLine {
  key: number
  serviceId: string
  memberId: string
}

export interface RepeatDraft {
  on: boolean
  everyWeeks: string
  times: string
}

let nextKey = 1
export const newLine = (serviceId: string): ServiceLine => ({ key: nextKey++, serviceId, memberId: '' })
export const newKey = () => nextKey++

/** A service option as the desk words it everywhere: name, length, price. */
export function ServiceOptions({ services }: { services: Service[] }) {
  const { t } = useTranslation()
  return services.map((s) => (
    <option key={s.id} value={s.id}>
      {t('desk.create.serviceOption', {
        name: s.name,
        minutes: s.duration,
        price: formatPrice(s.price, s.currency, currentLanguage()),
      })}
    </option>
  ))
}

/**
 * Services after the first, each with its member. `first` says whether the list starts the
 * person's visit (another person's list) or follows a service chosen above (the first person's).
 */
export function ServiceLines({
  idPrefix,
  lines,
  onChange,
  services,
  team,
  first,
}: {
  idPrefix: string
  lines: ServiceLine[]
  onChange: (lines: ServiceLine[]) => void
  services: Service[]
  team: TeamMember[] | undefined
  first: boolean
}) {
  const { t } = useTranslation()
  const update = (key: number, changes: Partial<ServiceLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...changes } : line)))
  return (
    <div className="flex flex-col gap-4">
      {lines.map((line, index) => {
        const members = membersFor(team, line.serviceId || null)
        const label = first && index === 0 ? t('desk.create.service') : t('desk.visit.nextService')
        const removable = !(first && index === 0)
        return (
          <div
            key={line.key}
            className="grid gap-3 rounded-xl border border-line/80 p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          >
            <Field id={`${idPrefix}-${line.key}-service`} label={label} required>
              {(control) => (
                <select
                  {...control}
                  value={line.serviceId}
                  onChange={(event) => {
                    const serviceId = event.target.value
                    const keeps = membersFor(team, serviceId).some((m) => m.id === line.memberId)
                    update(line.key, { serviceId, memberId: keeps ? line.memberId : '' })
                  }}
                  className={cn(fieldClasses, 'cursor-pointer')}
                >
                  <ServiceOptions services={services} />
                </select>
              )}
            </Field>
            <Field id={`${idPrefix}-${line.key}-member`} label={t('desk.visit.member')}>
              {(control) => (
                <MemberSelect
                  {...control}
                  members={members}
                  emptyLabel={t('desk.visit.anyMember')}
                  value={line.memberId}
                  onChange={(event) => update(line.key, { memberId: event.target.value })}
                />
              )}
            </Field>
            {removable && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('desk.visit.removeService', {
                  service: services.find((s) => s.id === line.serviceId)?.name ?? '',
                })}
                onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
                className="justify-self-end"
              >
                <X aria-hidden className="size-4" />
              </Button>
            )}
          </div>
        )
      })}
    </div>
  )
}

export function AddButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button type="button" variant="outline" onClick={onClick} className="self-start">
      <Plus aria-hidden className="size-4" />
      {children}
    </Button>
  )
}

/** "Repeat every N weeks, M times in all": each occurrence stands alone once booked. */
export function RepeatField({ draft, onChange }: { draft: RepeatDraft; onChange: (draft: RepeatDraft) => void }) {
  const { t } = useTranslation()
  const update = (changes: Partial<RepeatDraft>) => onChange({ ...draft, ...changes })
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line/80 p-3.5">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          checked={draft.on}
          onChange={(event) => update({ on: event.target.checked })}
          className="mt-1 size-4 shrink-0 accent-primary"
        />
        <span className="flex flex-col gap-0.5">
          <span className="flex items-center gap-1.5 text-sm font-medium">
            <Repeat aria-hidden className="size-4 text-ink-soft" />
            {t('desk.visit.repeat')}
          </span>
          <span className="text-sm text-ink-soft">{t('desk.visit.repeatHint')}</span>
        </span>
      </label>
      {draft.on && (
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <Field id="new-booking-every-weeks" label={t('desk.visit.everyWeeks')} required>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={REPEAT_EVERY_WEEKS_MAX}
                value={draft.everyWeeks}
                onChange={(event) => update({ everyWeeks: event.target.value })}
              />
            )}
          </Field>
          <Field id="new-booking-times" label={t('desk.visit.times')} required>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={2}
                max={REPEAT_TIMES_MAX}
                value={draft.times}
                onChange={(event) => update({ times: event.target.value })}
              />
            )}
          </Field>
        </div>
      )}
    </div>
  )
}

/** The repeat as the server takes it, or the translation key of what is wrong with it. */
export function repeatInput(draft: RepeatDraft): { repeat?: { everyWeeks: number; times: number }; problem?: string } {
  if (!draft.on) return {}
  const everyWeeks = Number(draft.everyWeeks)
  const times = Number(draft.times)
  const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max
  if (!whole(everyWeeks, 1, REPEAT_EVERY_WEEKS_MAX) || !whole(times, 2, REPEAT_TIMES_MAX)) {
    return { problem: 'desk.visit.repeatProblem' }
  }
  return { repeat: { everyWeeks, times } }
}

const REFUSAL_KEYS = {
  too_soon: 'desk.visit.refusal.tooSoon',
  beyond_horizon: 'desk.visit.refusal.beyondHorizon',
  closed_day: 'desk.visit.refusal.closedDay',
  time_off: 'desk.visit.refusal.timeOff',
  outside_hours: 'desk.visit.refusal.outsideHours',
  ends_after_closing: 'desk.visit.refusal.endsAfterClosing',
  off_grid: 'desk.visit.refusal.offGrid',
  taken: 'desk.visit.refusal.taken',
} as const

/** What the check found: each date, each appointment with its times and member, and what does not fit. */
export function VisitPlanView({ plan, people }: { plan: VisitPlan; people: string[] }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const left = plan.occurrences.filter((occurrence) => !occurrence.fits)
  // The answer shows under the form: brought into view, on a phone above all.
  const shown = useRef<HTMLElement>(null)
  // (A block, not an arrow's value: newer browsers' scrollIntoView returns a promise, which React
  // would take for the effect's clean-up.)
  useEffect(() => {
    shown.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
  }, [])
  return (
    <section ref={shown} aria-labelledby="visit-plan-title" className="flex flex-col gap-3 rounded-xl bg-sand/40 p-3.5">
      <h3 id="visit-plan-title" className="text-sm font-semibold">
        {t('desk.visit.planTitle')}
      </h3>
      <ol className="flex flex-col gap-3">
        {plan.occurrences.map((occurrence) => (
          <li key={occurrence.index} className="flex flex-col gap-1.5">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
              {occurrence.fits ? (
                <CircleCheck aria-hidden className="size-4 shrink-0 text-success" />
              ) : (
                <CircleAlert aria-hidden className="size-4 shrink-0 text-danger" />
              )}
              <span className="first-letter:uppercase">{dayLabel(occurrence.localDate, language)}</span>
              {!occurrence.fits && (
                <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs text-ink">
                  {t('desk.visit.leftOut')}
                </span>
              )}
            </p>
            <ul className="flex flex-col gap-1 pl-6 text-sm">
              {occurrence.appointments.map((appointment) => (
                <li key={appointment.startsAt + appointment.person + appointment.serviceId} className="break-words">
                  <span className="tabular-nums">
                    {appointment.localTime}–{appointment.endLocalTime}
                  </span>{' '}
                  {t('desk.visit.planLine', {
                    service: appointment.service,
                    person: people[appointment.person] ?? t('desk.visit.person', { n: appointment.person + 1 }),
                  })}
                  {appointment.member && <span className="text-ink-soft"> · {appointment.member.name}</span>}
                  {appointment.refusal && (
                    <span className="text-danger"> — {t(REFUSAL_KEYS[appointment.refusal])}</span>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {left.length > 0 && (
        <p role="status" className="text-sm text-ink">
          {left.length === plan.occurrences.length
            ? t('desk.visit.noneFits')
            : t('desk.visit.someLeftOut', { count: left.length })}
        </p>
      )}
    </section>
  )
}
