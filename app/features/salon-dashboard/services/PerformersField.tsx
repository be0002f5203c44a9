import type { OwnerService } from '@common/schemas/catalog'
import type { TeamMember } from '@common/schemas/team'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { salonKeys, useTeam } from '../dashboard-api'
import { refusalKey } from '../team/team-texts'

export interface PerformersFieldProps {
  /** The team's active members, in its order: those who can be ticked. */
  members: TeamMember[]
  checked: ReadonlySet<string>
  onChange: (memberId: string, on: boolean) => void
  /** Our own check's message (nobody ticked for an active service), or the server's refusal. */
  error?: string
}

/** "Qui réalise cette prestation": a checkbox per active member, with their colour. */
export function PerformersField({ members, checked, onChange, error }: PerformersFieldProps) {
  const { t } = useTranslation()
  return (
    <fieldset
      id="service-members"
      tabIndex={-1}
      className="flex flex-col gap-2 focus:outline-none"
      aria-describedby={error ? 'service-members-error' : 'service-members-hint'}
    >
      <legend className="mb-1 text-sm font-medium text-ink">{t('team.servicesField.legend')}</legend>
      <ul className="flex flex-wrap gap-2">
        {members.map((member) => (
          <li key={member.id}>
            <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-1.5 text-sm hover:bg-sand/60 has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                checked={checked.has(member.id)}
                onChange={(event) => onChange(member.id, event.target.checked)}
              />
              <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: member.colour }} />
              <span className="break-words">{member.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id="service-members-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id="service-members-hint" className="text-sm text-ink-soft">
          {t('team.servicesField.hint')}
        </p>
      )}
    </fieldset>
  )
}

/**
 * Who performs the service, when the team has a choice to make (more than one active member): all
 * of them for a new service; those who do now for an edit. Members no longer active who perform it
 * stay so (they are not shown). An active service needs someone ticked.
 */
export function usePerformers(salonId: string, service: OwnerService | undefined) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const team = useTeam(salonId)
  const all = team.data?.members ?? []
  const members = all.filter((m) => m.isActive)
  const [ticked, setTicked] = useState<Set<string>>()
  const [error, setError] = useState<string>()
  const checked =
    ticked ?? new Set(members.filter((m) => !service || m.serviceIds.includes(service.id)).map((m) => m.id))
  const shown = members.length > 1
  return {
    shown,
    members,
    checked,
    error,
    toggle: (memberId: string, on: boolean) => {
      const next = new Set(checked)
      if (on) next.add(memberId)
      else next.delete(memberId)
      setTicked(next)
      setError(undefined)
    },
    /** False, with the message and the focus on the field, when an active service has nobody. */
    accept: (isActive: boolean) => {
      if (!shown || !isActive || checked.size > 0) return true
      setError(t('team.servicesField.noneChecked'))
      document.getElementById('service-members')?.focus()
      return false
    },
    memberIds: () => [
      ...checked,
      ...all.filter((m) => !m.isActive && service && m.serviceIds.includes(service.id)).map((m) => m.id),
    ],
    /** The team's members now perform other services: read them again. */
    saved: () => void queryClient.invalidateQueries({ queryKey: salonKeys.team(salonId) }),
    /** The server's refusal about the performers, under the field; undefined for any other. */
    refuse: (failure: unknown) => {
      const key = refusalKey(failure)
      if (!key) return undefined
      const message = t(key)
      setError(message)
      return message
    },
  }
}
