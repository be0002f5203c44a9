import { Button } from '@app/components/ui/Button'
import { DialogClose, DialogFooter } from '@app/components/ui/Dialog'
import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, fieldClasses } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import { languageOfCountry } from '@common/languages'
import type { Booking } from '@common/schemas/booking'
import type { Service } from '@common/schemas/catalog'
import type { Salon } from '@common/schemas/salon'
import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSalonNow } from '../agenda/agenda-hooks'
import { formatPrice, useSalon, useSalonServices, useTeam } from '../dashboard-api'
import {
  type CustomerDraft,
  CustomerPicker,
  type CustomerProblems,
  checkCustomer,
  customerInput,
} from './CustomerPicker'
import { deskKeys, useCreateBooking } from './desk-api'
import { deskErrorText, isSlotTaken } from './desk-errors'
import { dayLabel, endTime, salonToday } from './desk-format'
import { membersFor } from './members'
import { checkSlot, type SlotDraft, SlotPicker, type SlotProblems, slotStart } from './SlotPicker'
import { StickyActions } from './StickyActions'

/** Where the agenda was clicked: that member, day and time are chosen to start with. */
export interface NewBookingInitial {
  memberId?: string
  localDate?: string
  localTime?: string
}

export interface NewBookingDialogProps extends DialogOpenProps {
  salonId: string
  initial?: NewBookingInitial
}

/**
 * A booking taken by the salon itself (a phone call, a walk-in): a service, a member or any free
 * one, a free time or a forced one, and a customer found by name or phone or new. Once made, its
 * summary shows, with a way to take the next one.
 */
export function NewBookingDialog({ salonId, initial, ...dialog }: NewBookingDialogProps) {
  const { t } = useTranslation()
  const salon = useSalon(salonId)
  const services = useSalonServices(salonId)
  const [created, setCreated] = useState<Booking>()
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
      title={created ? t('desk.create.doneTitle') : t('desk.create.title')}
      description={created ? undefined : t('desk.create.description')}
    >
      {created ? (
        <CreatedSummary
          booking={created}
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
}: {
  salonId: string
  salon: Salon
  services: Service[]
  initial: NewBookingInitial | undefined
  onCreated: (booking: Booking) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const team = useTeam(salonId)
  const create = useCreateBooking(salonId)
  // Today on the server's clock (the one the booking rules use), not the device's.
  const now = useSalonNow(salonId)
  const [serviceId, setServiceId] = useState(services[0]?.id ?? '')
  const [slot, setSlot] = useState<SlotDraft>({
    localDate: initial?.localDate ?? salonToday(salon.timeZone, now),
    memberId: initial?.memberId ?? '',
    force: false,
    forcedTime: initial?.localTime ?? '',
  })
  const [customer, setCustomer] = useState<CustomerDraft>({
    mode: 'existing',
    query: '',
    name: '',
    phone: '',
    email: '',
    language: languageOfCountry(salon.country),
  })
  const [slotProblems, setSlotProblems] = useState<SlotProblems>({})
  const [customerProblems, setCustomerProblems] = useState<CustomerProblems>({})
  const [serviceProblem, setServiceProblem] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const members = membersFor(team.data?.members, serviceId || null)
  const service = services.find((s) => s.id === serviceId)
  // The agenda's member may not perform the first service: once the team is known, "any" instead
  // (a select cannot show a choice it does not list).
  const memberListed = !slot.memberId || !team.data || members.some((m) => m.id === slot.memberId)
  useEffect(() => {
    if (!memberListed) setSlot((current) => ({ ...current, memberId: '', start: undefined }))
  }, [memberListed])

  const submit = () => {
    const slotFound = checkSlot(slot)
    const customerFound = checkCustomer(customer)
    setSlotProblems(slotFound)
    setCustomerProblems(customerFound)
    setServiceProblem(!service)
    if (!service || Object.keys(slotFound).length > 0 || Object.keys(customerFound).length > 0) return
    setRefusal(undefined)
    create.mutate(
      {
        serviceId: service.id,
        ...slotStart(slot),
        ...(slot.memberId && { memberId: slot.memberId }),
        ...customerInput(customer),
        channel: 'dashboard',
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          setRefusal(deskErrorText(t, error))
          if (isSlotTaken(error)) {
            // Someone took it meanwhile: the times are read again, everything else stays as typed.
            setSlot((current) => ({ ...current, start: undefined }))
            void queryClient.invalidateQueries({ queryKey: deskKeys.availability(salonId) })
          }
        },
      },
    )
  }

  return (
    <StickyActions>
      <DialogForm
        onSubmit={submit}
        pending={create.isPending}
        submitLabel={t('desk.create.submit')}
        pendingLabel={t('desk.create.submitting')}
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
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {t('desk.create.serviceOption', {
                    name: s.name,
                    minutes: s.duration,
                    price: formatPrice(s.price, s.currency, currentLanguage()),
                  })}
                </option>
              ))}
            </select>
          )}
        </Field>
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
        />
        <CustomerPicker
          salonId={salonId}
          draft={customer}
          onChange={(next) => {
            setCustomer(next)
            setCustomerProblems({})
          }}
          problems={customerProblems}
        />
      </DialogForm>
    </StickyActions>
  )
}

/** The booking as made: when, what, with whom, for whom, for how much. */
function CreatedSummary({ booking, onAnother }: { booking: Booking; onAnother: () => void }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <div className="flex flex-col gap-4">
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
