import { Button } from '@app/components/ui/Button'
import { DialogClose, DialogFooter } from '@app/components/ui/Dialog'
import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, fieldClasses } from '@app/components/ui/Input'
import { ApiError } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import { languageOfCountry } from '@common/languages'
import type { Booking } from '@common/schemas/booking'
import type { Service } from '@common/schemas/catalog'
import { VISIT_PEOPLE_MAX, VISIT_SERVICES_MAX, type VisitPlan, type VisitPlanInput } from '@common/schemas/desk-visit'
import type { Salon } from '@common/schemas/salon'
import type { TeamMember } from '@common/schemas/team'
import { isLocalDate } from '@common/time'
import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSalonNow } from '../agenda/agenda-hooks'
import { formatPrice, useSalon, useSalonServices, useTeam } from '../dashboard-api'
import type { WaitingDraft } from '../waiting-list/AddWaitingDialog'
import { WaitingListOffer } from '../waiting-list/WaitingListOffer'
import {
  type CustomerDraft,
  CustomerPicker,
  type CustomerProblems,
  checkCustomer,
  customerInput,
  noCustomerYet,
} from './CustomerPicker'
import { deskKeys, useCreateBooking } from './desk-api'
import { deskErrorText, isSlotTaken } from './desk-errors'
import { dayLabel, endTime, salonToday } from './desk-format'
import { membersFor } from './members'
import { checkSlot, type SlotDraft, SlotPicker, type SlotProblems, slotStart } from './SlotPicker'
import { StickyActions } from './StickyActions'
import {
  AddButton,
  newKey,
  newLine,
  type RepeatDraft,
  RepeatField,
  repeatInput,
  type ServiceLine,
  ServiceLines,
  ServiceOptions,
  VisitPlanView,
} from './VisitParts'
import { useBookVisit, useCheckVisit } from './visit-api'

/** Where the agenda was clicked: that member, day and time are chosen to start with. */
export interface NewBookingInitial {
  memberId?: string
  localDate?: string
  localTime?: string
}

export interface NewBookingDialogProps extends DialogOpenProps {
  salonId: string
  initial?: NewBookingInitial
  /** "Put on the waiting list for this day", offered when the day has no free time: what was chosen so far. */
  onWaitingList?: (draft: WaitingDraft) => void
}

/** What was booked: the appointments made, and the dates a repeated visit left out. */
interface Created {
  bookings: Booking[]
  leftOut: string[]
}

/**
 * A booking taken by the salon itself (a phone call, a walk-in): a service, a member or any free
 * one, a free time or a forced one, and a customer found by name or phone or new. It grows into a
 * visit (VisitParts.tsx): more services back to back, more people at once, repeated every N weeks,
 * checked before it is booked. Once made, its summary shows, with a way to take the next one.
 */
export function NewBookingDialog({ salonId, initial, onWaitingList, ...dialog }: NewBookingDialogProps) {
  const { t } = useTranslation()
  const salon = useSalon(salonId)
  const services = useSalonServices(salonId)
  const [created, setCreated] = useState<Created>()
  const [round, setRound] = useState(0)
  // Each opening starts with a fresh form and the agenda's cell, however the dialog was closed.
  useEffect(() => {
    if (!dialog.open) {
      setCreated(undefined)
      setRound(0)
    }
  }, [dialog.open])
  return (
    <FormDialog
      {...dialog}
      width="wide"
      title={
        created
          ? created.bookings.length > 1
            ? t('desk.visit.doneTitle', { count: created.bookings.length })
            : t('desk.create.doneTitle')
          : t('desk.create.title')
      }
      description={created ? undefined : t('desk.create.description')}
    >
      {created ? (
        <CreatedSummary
          created={created}
          onAnother={() => {
            setCreated(undefined)
            setRound((n) => n + 1)
          }}
        />
      ) : salon.data && services.data ? (
        <NewBookingForm
          key={round}
          salonId={salonId}
          salon={salon.data}
          services={services.data.filter((service) => service.isActive)}
          initial={round === 0 ? initial : undefined}
          onCreated={setCreated}
          onWaitingList={onWaitingList}
        />
      ) : salon.isError || services.isError ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm text-ink">
          {t('desk.create.loadError')}
        </p>
      ) : (
        <p role="status" className="py-6 text-center text-ink-soft">
          {t('desk.panel.loading')}
        </p>
      )}
    </FormDialog>
  )
}

function NewBookingForm({
  salonId,
  salon,
  services,
  initial,
  onCreated,
  onWaitingList,
}: {
  salonId: string
  salon: Salon
  services: Service[]
  initial: NewBookingInitial | undefined
  onCreated: (created: Created) => void
  onWaitingList: ((draft: WaitingDraft) => void) | undefined
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const team = useTeam(salonId)
  const create = useCreateBooking(salonId)
  const checkVisit = useCheckVisit(salonId)
  const bookVisit = useBookVisit(salonId)
  // Today on the server's clock (the one the booking rules use), not the device's.
  const now = useSalonNow(salonId)
  const [serviceId, setServiceId] = useState(services[0]?.id ?? '')
  const [slot, setSlot] = useState<SlotDraft>({
    localDate: initial?.localDate ?? salonToday(salon.timeZone, now),
    memberId: initial?.memberId ?? '',
    force: false,
    forcedTime: initial?.localTime ?? '',
  })
  const [customer, setCustomer] = useState<CustomerDraft>(() => noCustomerYet(languageOfCountry(salon.country)))
  const [slotProblems, setSlotProblems] = useState<SlotProblems>({})
  const [customerProblems, setCustomerProblems] = useState<CustomerProblems>({})
  const [serviceProblem, setServiceProblem] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  // The visit: the first person's later services, the other people, the repeat, and the check.
  const [extraLines, setExtraLines] = useState<ServiceLine[]>([])
  const [others, setOthers] = useState<OtherPerson[]>([])
  const [repeat, setRepeat] = useState<RepeatDraft>({ on: false, everyWeeks: '6', times: '4' })
  const [othersProblems, setOthersProblems] = useState<Record<number, CustomerProblems>>({})
  const [plan, setPlan] = useState<VisitPlan>()
  const isVisit = extraLines.length > 0 || others.length > 0 || repeat.on
  const people = [customer, ...others.map((other) => other.customer)]
  const visit = visitInput(slot, serviceId, extraLines, people, others, repeat)
  // Whatever changes in the visit, the check made before no longer says what would be booked.
  const visitKey = isVisit ? JSON.stringify(visit.input) : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the visit's content
  useEffect(() => {
    setPlan(undefined)
  }, [visitKey])
  const members = membersFor(team.data?.members, serviceId || null)
  const service = services.find((s) => s.id === serviceId)
  // The agenda's member may not perform the first service: once the team is known, "any" instead
  // (a select cannot show a choice it does not list).
  const memberListed = !slot.memberId || !team.data || members.some((m) => m.id === slot.memberId)
  useEffect(() => {
    if (!memberListed) setSlot((current) => ({ ...current, memberId: '', start: undefined }))
  }, [memberListed])

  const refused = (error: unknown) => {
    setRefusal(deskErrorText(t, error))
    if (isSlotTaken(error) || (error instanceof ApiError && error.code === 'bookings.visit_conflicts')) {
      // Someone took a time meanwhile: the times are read again, everything else stays as typed.
      setSlot((current) => ({ ...current, start: undefined }))
      setPlan(undefined)
      void queryClient.invalidateQueries({ queryKey: deskKeys.availability(salonId) })
    }
  }

  const submit = () => {
    const slotFound = checkSlot(slot)
    const customerFound = checkCustomer(customer)
    const othersFound = Object.fromEntries(others.map((other) => [other.key, checkCustomer(other.customer)]))
    setSlotProblems(slotFound)
    setCustomerProblems(customerFound)
    setOthersProblems(othersFound)
    setServiceProblem(!service)
    const problems = [slotFound, customerFound, ...Object.values(othersFound)].some((p) => Object.keys(p).length > 0)
    if (!service || problems) return
    setRefusal(undefined)
    if (isVisit) {
      if (visit.problem) return setRefusal(t(visit.problem))
      if (!plan) return checkVisit.mutate(visit.input, { onSuccess: setPlan, onError: refused })
      const leftOut = plan.occurrences.filter((occurrence) => !occurrence.fits)
      if (leftOut.length === plan.occurrences.length) return setRefusal(t('desk.visit.noneFits'))
      return bookVisit.mutate(
        { ...visit.input, skip: leftOut.map((occurrence) => occurrence.index) },
        {
          onSuccess: (booked) =>
            onCreated({ bookings: booked.bookings, leftOut: leftOut.map((occurrence) => occurrence.localDate) }),
          onError: refused,
        },
      )
    }
    create.mutate(
      {
        serviceId: service.id,
        ...slotStart(slot),
        ...(slot.memberId && { memberId: slot.memberId }),
        ...customerInput(customer),
        channel: 'dashboard',
      },
      { onSuccess: (booking) => onCreated({ bookings: [booking], leftOut: [] }), onError: refused },
    )
  }

  // No free time that day (and the day still to come): the customer may wait for one instead.
  const waitingList = onWaitingList &&
    isLocalDate(slot.localDate) &&
    slot.localDate >= salonToday(salon.timeZone, now) && (
      <WaitingListOffer
        onClick={() =>
          onWaitingList({
            day: slot.localDate,
            serviceIds: [...new Set([serviceId, ...extraLines.map((line) => line.serviceId)].filter(Boolean))],
            ...(slot.memberId && { memberId: slot.memberId }),
            customer,
          })
        }
      />
    )

  return (
    <StickyActions>
      <DialogForm
        onSubmit={submit}
        pending={create.isPending || checkVisit.isPending || bookVisit.isPending}
        submitLabel={
          !isVisit
            ? t('desk.create.submit')
            : plan
              ? t('desk.visit.book', {
                  count: plan.occurrences.filter((o) => o.fits).flatMap((o) => o.appointments).length,
                })
              : t('desk.visit.check')
        }
        pendingLabel={isVisit && !plan ? t('desk.visit.checking') : t('desk.create.submitting')}
        error={refusal}
      >
        <Field
          id="new-booking-service"
          label={t('desk.create.service')}
          error={serviceProblem ? t('desk.create.serviceRequired') : undefined}
          required
        >
          {(control) => (
            <select
              {...control}
              value={serviceId}
              onChange={(event) => {
                const next = event.target.value
                setServiceId(next)
                setServiceProblem(false)
                // A member who does not perform the new service is let go; the start belonged to the old one.
                const keeps = membersFor(team.data?.members, next).some((m) => m.id === slot.memberId)
                setSlot((current) => ({ ...current, start: undefined, memberId: keeps ? current.memberId : '' }))
              }}
              className={cn(fieldClasses, 'cursor-pointer')}
            >
              {services.length === 0 && <option value="">{t('desk.create.noService')}</option>}
              <ServiceOptions services={services} />
            </select>
          )}
        </Field>
        {extraLines.length > 0 && (
          <ServiceLines
            idPrefix="new-booking-next"
            lines={extraLines}
            onChange={setExtraLines}
            services={services}
            team={team.data?.members}
            first={false}
          />
        )}
        {services.length > 0 && (
          <AddButton onClick={() => setExtraLines((lines) => [...lines, newLine(services[0]?.id ?? '')])}>
            {t('desk.visit.addService')}
          </AddButton>
        )}
        <SlotPicker
          idPrefix="new-booking"
          salonId={salonId}
          serviceId={service?.id}
          members={members}
          allowAnyMember
          draft={slot}
          onChange={(next) => {
            setSlot(next)
            setSlotProblems({})
          }}
          problems={slotProblems}
          preferredTime={initial?.localTime}
          noFreeTime={waitingList || undefined}
        />
        <CustomerPicker
          salonId={salonId}
          draft={customer}
          onChange={(next) => {
            setCustomer(next)
            setCustomerProblems({})
          }}
          problems={customerProblems}
          legend={others.length > 0 ? t('desk.visit.person', { n: 1 }) : undefined}
        />
        {others.map((other, index) => (
          <OtherPersonFields
            key={other.key}
            salonId={salonId}
            n={index + 2}
            person={other}
            problems={othersProblems[other.key] ?? {}}
            services={services}
            team={team.data?.members}
            onChange={(next) => {
              setOthers((list) => list.map((p) => (p.key === other.key ? next : p)))
              setOthersProblems((found) => ({ ...found, [other.key]: {} }))
            }}
            onRemove={() => setOthers((list) => list.filter((p) => p.key !== other.key))}
          />
        ))}
        {others.length + 1 < VISIT_PEOPLE_MAX && services.length > 0 && (
          <AddButton
            onClick={() =>
              setOthers((list) => [
                ...list,
                {
                  key: newKey(),
                  customer: { ...customer, mode: 'new', query: '', chosen: undefined, name: '', phone: '', email: '' },
                  lines: [newLine(services[0]?.id ?? '')],
                },
              ])
            }
          >
            {t('desk.visit.addPerson')}
          </AddButton>
        )}
        <RepeatField draft={repeat} onChange={setRepeat} />
        {plan && <VisitPlanView plan={plan} people={people.map(personName)} />}
      </DialogForm>
    </StickyActions>
  )
}

/** Another person of the visit: who they are, and their services from the visit's start. */
interface OtherPerson {
  key: number
  customer: CustomerDraft
  lines: ServiceLine[]
}

/** A person as the check's answer names them: the customer chosen or typed. */
function personName(draft: CustomerDraft): string {
  return (draft.mode === 'existing' ? draft.chosen?.name : draft.name.trim()) ?? ''
}

const serviceOf = (line: Pick<ServiceLine, 'serviceId' | 'memberId'>) => ({
  serviceId: line.serviceId,
  ...(line.memberId && { memberId: line.memberId }),
})

/** The visit as the server takes it (POST …/visits/check and …/visits), and what is wrong with the repeat. */
function visitInput(
  slot: SlotDraft,
  serviceId: string,
  extraLines: ServiceLine[],
  people: CustomerDraft[],
  others: OtherPerson[],
  repeat: RepeatDraft,
) {
  const { repeat: repeated, problem } = repeatInput(repeat)
  const input: VisitPlanInput = {
    startsAt: slotStart(slot).startsAt,
    people: people.map((draft, index) => ({
      ...customerInput(draft),
      services:
        index === 0
          ? [serviceOf({ serviceId, memberId: slot.memberId }), ...extraLines.map(serviceOf)]
          : (others[index - 1]?.lines ?? []).map(serviceOf),
    })),
    ...(repeated && { repeat: repeated }),
  }
  return { input, problem }
}

function OtherPersonFields({
  salonId,
  n,
  person,
  problems,
  services,
  team,
  onChange,
  onRemove,
}: {
  salonId: string
  n: number
  person: OtherPerson
  problems: CustomerProblems
  services: Service[]
  team: TeamMember[] | undefined
  onChange: (person: OtherPerson) => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const prefix = `new-booking-person-${person.key}`
  return (
    <section aria-label={t('desk.visit.person', { n })} className="flex flex-col gap-4 border-t border-line pt-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('desk.visit.person', { n })}</h3>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <X aria-hidden className="size-4" />
          {t('desk.visit.removePerson')}
        </Button>
      </div>
      <ServiceLines
        idPrefix={prefix}
        lines={person.lines}
        onChange={(lines) => onChange({ ...person, lines })}
        services={services}
        team={team}
        first
      />
      {person.lines.length < VISIT_SERVICES_MAX && (
        <AddButton onClick={() => onChange({ ...person, lines: [...person.lines, newLine(services[0]?.id ?? '')] })}>
          {t('desk.visit.addService')}
        </AddButton>
      )}
      <CustomerPicker
        salonId={salonId}
        idPrefix={prefix}
        legend={t('desk.customer.title')}
        draft={person.customer}
        onChange={(customer) => onChange({ ...person, customer })}
        problems={problems}
      />
    </section>
  )
}

/** What was booked: one appointment in full, or each appointment of a visit, and the dates left out. */
function CreatedSummary({ created, onAnother }: { created: Created; onAnother: () => void }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const [only] = created.bookings
  return (
    <div className="flex flex-col gap-4">
      {created.bookings.length === 1 && only ? (
        <BookingMade booking={only} />
      ) : (
        <div role="status" className="flex gap-3 rounded-xl bg-success-soft p-4 text-ink">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          <ul className="flex min-w-0 flex-col gap-1.5 text-sm">
            {created.bookings.map((booking) => (
              <li key={booking.id} className="break-words">
                <span className="font-semibold">
                  {t('desk.create.summaryWhen', {
                    day: dayLabel(booking.localDate, language),
                    start: booking.localTime,
                    end: endTime(booking.localTime, booking.duration),
                  })}
                </span>{' '}
                · {booking.service} · {booking.member.name} · {booking.clientName}
              </li>
            ))}
          </ul>
        </div>
      )}
      {created.leftOut.length > 0 && (
        <p className="text-sm text-ink">
          {t('desk.visit.leftOutDates', { dates: created.leftOut.map((day) => dayLabel(day, language)).join(', ') })}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onAnother}>
          {t('desk.create.another')}
        </Button>
        <DialogClose asChild>
          <Button type="button">{t('common.close')}</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  )
}

/** The booking as made: when, what, with whom, for whom, for how much. */
function BookingMade({ booking }: { booking: Booking }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <div role="status" className="flex gap-3 rounded-xl bg-success-soft p-4 text-ink">
      <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">
          {t('desk.create.summaryWhen', {
            day: dayLabel(booking.localDate, language),
            start: booking.localTime,
            end: endTime(booking.localTime, booking.duration),
          })}
        </p>
        <p className="break-words">
          {t('desk.create.summaryWhat', {
            service: booking.service,
            member: booking.member.name,
            price: formatPrice(booking.price, booking.currency, language),
          })}
        </p>
        <p className="break-words">{t('desk.create.summaryWho', { name: booking.clientName })}</p>
      </div>
    </div>
  )
}
