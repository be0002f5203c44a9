import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Input } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import { languageOfCountry } from '@common/languages'
import type { Service } from '@common/schemas/catalog'
import { VISIT_SERVICES_MAX } from '@common/schemas/desk-visit'
import type { Salon } from '@common/schemas/salon'
import type { TeamMember } from '@common/schemas/team'
import { WAIT_PARTS, type WaitPart } from '@common/schemas/waiting-list'
import { isLocalDate } from '@common/time'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSalonNow } from '../agenda/agenda-hooks'
import { useSalon, useSalonServices, useTeam } from '../dashboard-api'
import {
  type CustomerDraft,
  CustomerPicker,
  type CustomerProblems,
  checkCustomer,
  customerInput,
  noCustomerYet,
} from '../desk/CustomerPicker'
import { dayLabel, salonToday } from '../desk/desk-format'
import { MemberSelect } from '../desk/MemberSelect'
import { useAddToWaitingList } from './waiting-list-api'
import { waitingListErrorText } from './waiting-list-errors'

/** What the dialog starts from: the agenda's day, or the desk's booking that found no time. */
export interface WaitingDraft {
  day?: string
  part?: WaitPart
  serviceIds?: string[]
  memberId?: string
  customer?: CustomerDraft
}

export interface AddWaitingDialogProps extends DialogOpenProps {
  salonId: string
  initial?: WaitingDraft
}

/**
 * "Ajouter à la liste d'attente": the salon puts a customer (found or new) on the waiting list of a
 * day, or of its morning or afternoon, for some services, maybe with one member. The customer is
 * told in turn when a time that fits frees up.
 */
export function AddWaitingDialog({ salonId, initial, ...dialog }: AddWaitingDialogProps) {
  const { t } = useTranslation()
  const salon = useSalon(salonId)
  const services = useSalonServices(salonId)
  return (
    <FormDialog
      {...dialog}
      width="wide"
      title={t('waitingList.add.title')}
      description={t('waitingList.add.description')}
    >
      {salon.data && services.data ? (
        <AddWaitingForm
          salonId={salonId}
          salon={salon.data}
          services={services.data.filter((service) => service.isActive)}
          initial={initial}
          onDone={() => dialog.onOpenChange(false)}
        />
      ) : salon.isError || services.isError ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm text-ink">
          {t('waitingList.add.loadError')}
        </p>
      ) : (
        <p role="status" className="py-6 text-center text-ink-soft">
          {t('waitingList.loading')}
        </p>
      )}
    </FormDialog>
  )
}

type Problems = Partial<Record<'services' | 'day', string>>

/** The members who may be asked for: active, and performing every service chosen. */
export function membersForAll(members: TeamMember[] | undefined, serviceIds: string[]): TeamMember[] {
  return (members ?? []).filter(
    (member) => member.isActive && serviceIds.every((serviceId) => member.serviceIds.includes(serviceId)),
  )
}

function AddWaitingForm({
  salonId,
  salon,
  services,
  initial,
  onDone,
}: {
  salonId: string
  salon: Salon
  services: Service[]
  initial: WaitingDraft | undefined
  onDone: () => void
}) {
  const { t } = useTranslation()
  const team = useTeam(salonId)
  const add = useAddToWaitingList(salonId)
  // Today on the server's clock (the one that says a day is past), not the device's.
  const today = salonToday(salon.timeZone, useSalonNow(salonId))
  const [day, setDay] = useState(initial?.day ?? today)
  const [part, setPart] = useState<WaitPart>(initial?.part ?? 'day')
  const [serviceIds, setServiceIds] = useState<string[]>(
    () => initial?.serviceIds?.filter((id) => services.some((service) => service.id === id)) ?? [],
  )
  const [memberId, setMemberId] = useState(initial?.memberId ?? '')
  const [customer, setCustomer] = useState<CustomerDraft>(
    () => initial?.customer ?? noCustomerYet(languageOfCountry(salon.country)),
  )
  const [problems, setProblems] = useState<Problems>({})
  const [customerProblems, setCustomerProblems] = useState<CustomerProblems>({})
  const [refusal, setRefusal] = useState<string>()
  const members = membersForAll(team.data?.members, serviceIds)
  // A member who does not perform every service chosen is let go: "anyone" instead (a select
  // cannot show a choice it does not list).
  const memberListed = !memberId || !team.data || members.some((member) => member.id === memberId)
  useEffect(() => {
    if (!memberListed) setMemberId('')
  }, [memberListed])

  const submit = () => {
    const found: Problems = {}
    if (serviceIds.length === 0) found.services = 'waitingList.add.problems.services'
    if (!isLocalDate(day)) found.day = 'waitingList.add.problems.day'
    else if (day < today) found.day = 'waitingList.add.problems.dayPast'
    const customerFound = checkCustomer(customer)
    setProblems(found)
    setCustomerProblems(customerFound)
    if (Object.keys(found).length > 0 || Object.keys(customerFound).length > 0) return
    setRefusal(undefined)
    add.mutate(
      { ...customerInput(customer), serviceIds, day, part, ...(memberId && { memberId }) },
      {
        onSuccess: (entry) => {
          toast({
            title: t('waitingList.add.done', {
              name: entry.customer.name,
              day: dayLabel(entry.day, currentLanguage()),
            }),
            tone: 'success',
          })
          onDone()
        },
        onError: (error) => setRefusal(waitingListErrorText(t, error)),
      },
    )
  }

  return (
    <DialogForm
      onSubmit={submit}
      pending={add.isPending}
      submitLabel={t('waitingList.add.submit')}
      pendingLabel={t('waitingList.add.submitting')}
      error={refusal}
    >
      <ServicesField
        services={services}
        chosen={serviceIds}
        onChange={(next) => {
          setServiceIds(next)
          setProblems((found) => ({ ...found, services: undefined }))
        }}
        error={problems.services ? t(problems.services) : undefined}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="waiting-day"
          label={t('waitingList.add.day')}
          error={problems.day ? t(problems.day) : undefined}
          required
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              min={today}
              value={day}
              onChange={(event) => {
                setDay(event.target.value)
                setProblems((found) => ({ ...found, day: undefined }))
              }}
            />
          )}
        </Field>
        <Field id="waiting-member" label={t('waitingList.add.member')} optionalLabel={t('common.optional')}>
          {(control) => (
            <MemberSelect
              {...control}
              members={members}
              emptyLabel={t('waitingList.add.anyMember')}
              value={memberId}
              onChange={(event) => setMemberId(event.target.value)}
            />
          )}
        </Field>
      </div>
      <PartField value={part} onChange={setPart} />
      <CustomerPicker
        salonId={salonId}
        idPrefix="waiting"
        draft={customer}
        onChange={(next) => {
          setCustomer(next)
          setCustomerProblems({})
        }}
        problems={customerProblems}
      />
    </DialogForm>
  )
}

/** The services waited for: one at least, as many as a visit takes at most. */
function ServicesField({
  services,
  chosen,
  onChange,
  error,
}: {
  services: Service[]
  chosen: string[]
  onChange: (serviceIds: string[]) => void
  error: string | undefined
}) {
  const { t } = useTranslation()
  const errorId = useId()
  const full = chosen.length >= VISIT_SERVICES_MAX
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">
        {t('waitingList.add.services')}
        <span aria-hidden className="ml-0.5 text-primary">
          *
        </span>
      </legend>
      {services.length === 0 ? (
        <p className="text-sm text-ink-soft">{t('waitingList.add.noService')}</p>
      ) : (
        <ul
          className={cn(
            'flex max-h-56 flex-col divide-y divide-line/70 overflow-y-auto rounded-xl border',
            error ? 'border-danger' : 'border-line/80',
          )}
        >
          {services.map((service) => {
            const checked = chosen.includes(service.id)
            return (
              <li key={service.id}>
                <label
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-sand/60',
                    'has-[:focus-visible]:bg-sand/60',
                    !checked && full && 'cursor-not-allowed opacity-60',
                  )}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...chosen, service.id]
                          : chosen.filter((serviceId) => serviceId !== service.id),
                      )
                    }
                    className="size-4 shrink-0 accent-primary"
                  />
                  <span className="min-w-0 flex-1 break-words text-sm font-medium">{service.name}</span>
                  <span className="shrink-0 text-sm text-ink-soft tabular-nums">
                    {t('waitingList.add.minutes', { minutes: service.duration })}
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
      {full && <p className="text-sm text-ink-soft">{t('waitingList.add.servicesMax', { max: VISIT_SERVICES_MAX })}</p>}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The whole day, its morning (starts before noon) or its afternoon: three chips, one chosen. */
function PartField({ value, onChange }: { value: WaitPart; onChange: (part: WaitPart) => void }) {
  const { t } = useTranslation()
  const name = useId()
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t('waitingList.add.part')}</legend>
      <div className="grid grid-cols-3 gap-2">
        {WAIT_PARTS.map((part) => (
          <label
            key={part}
            className={cn(
              'relative flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-2 py-1.5 text-center text-sm font-medium leading-tight',
              'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-primary/30',
              value === part ? 'border-primary bg-primary-soft/60 text-primary-hover' : 'border-line bg-surface',
            )}
          >
            <input
              type="radio"
              name={name}
              value={part}
              checked={value === part}
              onChange={() => onChange(part)}
              // Over the whole chip, invisible: a click anywhere on it is a click on the radio.
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            {t(`waitingList.part.${part}`)}
          </label>
        ))}
      </div>
      <p className="text-sm text-ink-soft">{t('waitingList.add.partHint')}</p>
    </fieldset>
  )
}
