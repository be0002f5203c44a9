import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Input } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { ApiError } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import type { OwnerService } from '@common/schemas/catalog'
import { MAX_TEAM_MEMBERS, MEMBER_COLOURS, type TeamMember } from '@common/schemas/team'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAddMember, useUpdateMember } from './team-api'
import { colourName, refusalKey } from './team-texts'

const NAME_MAX = 40

export interface MemberDialogProps extends DialogOpenProps {
  salonId: string
  /** The salon's services, active or not, in its order. */
  services: OwnerService[]
  /** The colours the team already wears: a new member starts with the first one free. */
  takenColours: readonly string[]
  /** The member to edit; none to add one. */
  member?: TeamMember
}

/** Adds a member of the team, or edits one: name, colour in the agenda, the services they perform. */
export function MemberDialog({ member, salonId, services, takenColours, ...dialog }: MemberDialogProps) {
  const { t } = useTranslation()
  return (
    <FormDialog
      {...dialog}
      title={member ? t('team.dialog.editTitle', { name: member.name }) : t('team.dialog.addTitle')}
      description={t('team.dialog.description')}
    >
      <MemberForm
        member={member}
        salonId={salonId}
        services={services}
        takenColours={takenColours}
        onDone={() => dialog.onOpenChange(false)}
      />
    </FormDialog>
  )
}

function MemberForm({
  member,
  salonId,
  services,
  takenColours,
  onDone,
}: Omit<MemberDialogProps, keyof DialogOpenProps> & { onDone: () => void }) {
  const { t } = useTranslation()
  const add = useAddMember(salonId)
  const update = useUpdateMember(salonId)
  const save = member ? update : add
  const [name, setName] = useState(member?.name ?? '')
  const [colour, setColour] = useState<string>(
    member?.colour ?? MEMBER_COLOURS.find((c) => !takenColours.includes(c)) ?? MEMBER_COLOURS[0],
  )
  // A new member performs every active service until the owner unticks some (the server's default too).
  const [serviceIds, setServiceIds] = useState<Set<string>>(
    () => new Set(member?.serviceIds ?? services.filter((s) => s.isActive).map((s) => s.id)),
  )
  const [nameError, setNameError] = useState<string>()
  const [refusal, setRefusal] = useState<string>()

  const toggle = (id: string, on: boolean) => {
    setServiceIds((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
    setRefusal(undefined)
  }

  const submit = () => {
    const trimmed = name.trim()
    if (trimmed === '' || trimmed.length > NAME_MAX) {
      setNameError(trimmed === '' ? t('team.dialog.nameRequired') : t('team.dialog.nameTooLong', { max: NAME_MAX }))
      document.getElementById('member-name')?.focus()
      return
    }
    const input = { name: trimmed, colour, serviceIds: [...serviceIds] }
    const options = {
      onSuccess: (saved: TeamMember) => {
        toast({
          title: member ? t('team.saved', { name: saved.name }) : t('team.added', { name: saved.name }),
          tone: 'success',
        })
        onDone()
      },
      onError: (failure: Error) => {
        const key = refusalKey(failure)
        const message = key ? t(key, { max: MAX_TEAM_MEMBERS }) : t('team.saveError')
        if (failure instanceof ApiError && failure.code === 'team.name_taken') {
          setNameError(message)
          document.getElementById('member-name')?.focus()
        } else setRefusal(message)
      },
    }
    if (member) update.mutate({ id: member.id, ...input }, options)
    else add.mutate(input, options)
  }

  return (
    <DialogForm
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={member ? t('team.dialog.save') : t('team.dialog.add')}
      pendingLabel={t('team.dialog.saving')}
      error={refusal}
    >
      <Field id="member-name" label={t('team.dialog.name')} hint={t('team.dialog.nameHint')} error={nameError} required>
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(event) => {
              setName(event.target.value)
              setNameError(undefined)
            }}
            maxLength={NAME_MAX}
            autoComplete="off"
            aria-required
          />
        )}
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">{t('team.dialog.colour')}</legend>
        <div className="flex flex-wrap gap-2">
          {MEMBER_COLOURS.map((option) => (
            <label key={option} className="relative cursor-pointer" title={colourName(t, option)}>
              <input
                type="radio"
                name="member-colour"
                value={option}
                checked={colour === option}
                onChange={() => setColour(option)}
                className="peer sr-only"
              />
              <span className="sr-only">{colourName(t, option)}</span>
              <span
                aria-hidden
                className="flex size-10 items-center justify-center rounded-full ring-offset-2 ring-offset-surface transition-shadow peer-checked:ring-2 peer-checked:ring-ink peer-focus-visible:ring-3 peer-focus-visible:ring-primary/50"
                style={{ backgroundColor: option }}
              >
                {colour === option && <Check className="size-5 text-white" strokeWidth={3} />}
              </span>
            </label>
          ))}
        </div>
        <p className="text-sm text-ink-soft">{t('team.dialog.colourHint', { colour: colourName(t, colour) })}</p>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">{t('team.dialog.services')}</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-ink-soft">{t('team.dialog.servicesHint')}</p>
          <div className="flex gap-1">
            <button
              type="button"
              className="rounded-lg px-2 py-1 text-sm font-medium text-primary-hover hover:bg-sand focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/30"
              onClick={() => setServiceIds(new Set(services.map((s) => s.id)))}
            >
              {t('team.dialog.all')}
            </button>
            <button
              type="button"
              className="rounded-lg px-2 py-1 text-sm font-medium text-primary-hover hover:bg-sand focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/30"
              onClick={() => setServiceIds(new Set())}
            >
              {t('team.dialog.none')}
            </button>
          </div>
        </div>
        {services.length === 0 ? (
          <p className="text-sm text-ink-soft">{t('team.dialog.noServices')}</p>
        ) : (
          <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-xl border border-line/70 p-2 sm:grid-cols-2">
            {services.map((service) => (
              <li key={service.id}>
                <label
                  className={cn(
                    'flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm hover:bg-sand/60',
                    !service.isActive && 'text-ink-soft',
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    checked={serviceIds.has(service.id)}
                    onChange={(event) => toggle(service.id, event.target.checked)}
                  />
                  <span className="min-w-0 break-words">
                    {service.name}
                    {!service.isActive && ` (${t('team.dialog.serviceInactive')})`}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <p className="text-sm text-ink-soft">{t('team.dialog.hoursHint')}</p>
    </DialogForm>
  )
}
