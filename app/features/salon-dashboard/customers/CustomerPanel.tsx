import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { ConfirmDialog, DialogForm, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Textarea } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { ApiError } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { BookingNote } from '@common/schemas/booking'
import {
  CUSTOMER_NOTES_MAX,
  type CustomerBooking,
  type CustomerDetails,
  type UpcomingBooking,
} from '@common/schemas/customers'
import { CircleAlert, Clock, Download, Merge, MessageCircle, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BookingStatusBadge } from '../BookingStatusBadge'
import { EmailLink, PhoneLink } from '../ContactLinks'
import { formatPrice } from '../dashboard-api'
import { customerExportUrl, useCustomer, useEraseCustomer, useSaveCustomerNotes } from './customers-api'
import { MergeCustomerDialog } from './MergeCustomerDialog'
import { formatSalonDate } from './visits'

/**
 * A customer's file in a dialog: contact, channels, no-shows, bookings with what the customer said
 * about them, and the salon's private note (the form's one field). Its footer exports the data
 * (GDPR access) and erases the customer (GDPR erasure), the latter after an explicit confirmation.
 */
export function CustomerPanel({
  salonId,
  customerId,
  onOpenChange,
}: {
  salonId: string
  customerId: string | undefined
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const customer = useCustomer(salonId, customerId)
  const data = customer.data?.id === customerId ? customer.data : undefined
  return (
    <FormDialog
      open={Boolean(customerId)}
      onOpenChange={onOpenChange}
      width="wide"
      title={data?.name ?? t('customers.panel.loadingTitle')}
      description={
        data
          ? t('customers.panel.since', {
              date: formatSalonDate(data.createdAt.slice(0, 10), currentLanguage(), 'd MMMM yyyy'),
            })
          : undefined
      }
    >
      {data ? (
        <CustomerFile salonId={salonId} customer={data} onClose={() => onOpenChange(false)} />
      ) : customer.isError ? (
        <p role="alert" className="flex gap-2 rounded-xl bg-danger-soft p-3 text-sm text-ink">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
          {t('customers.panel.loadError')}
        </p>
      ) : (
        <p role="status" className="py-6 text-center text-ink-soft">
          {t('customers.loading')}
        </p>
      )}
    </FormDialog>
  )
}

function CustomerFile({
  salonId,
  customer,
  onClose,
}: {
  salonId: string
  customer: CustomerDetails
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [notes, setNotes] = useState(customer.notes ?? '')
  const [confirming, setConfirming] = useState(false)
  const [merging, setMerging] = useState(false)
  const [upcoming, setUpcoming] = useState<UpcomingBooking[]>()
  const save = useSaveCustomerNotes(salonId, customer.id)
  const erase = useEraseCustomer(salonId)
  const language = currentLanguage()

  const onSave = () =>
    save.mutate(notes, {
      onSuccess: () => toast({ title: t('customers.panel.notesSaved'), tone: 'success' }),
      onError: () => toast({ title: t('customers.panel.notesError'), tone: 'destructive' }),
    })

  const onErase = () =>
    erase.mutate(customer.id, {
      onSuccess: (erased) => {
        setConfirming(false)
        onClose()
        toast({
          title: t('customers.erase.done'),
          description:
            erased.bookingsKept === 1
              ? t('customers.erase.doneDetailOne')
              : t('customers.erase.doneDetail', { count: erased.bookingsKept }),
          tone: 'success',
        })
      },
      onError: (failure) => {
        setConfirming(false)
        const body = failure instanceof ApiError ? (failure.body as { upcoming?: UpcomingBooking[] }) : undefined
        if (failure instanceof ApiError && failure.code === 'customers.has_upcoming_bookings' && body?.upcoming) {
          setUpcoming(body.upcoming)
          return
        }
        toast({ title: t('customers.erase.error'), tone: 'destructive' })
      },
    })

  const upcomingLines = (upcoming ?? []).map(
    (b) =>
      `${formatSalonDate(b.localDate, language, 'EEE d MMM')} ${t('customers.panel.at', { time: b.localTime })} · ${b.service}`,
  )

  return (
    <>
      <DialogForm
        onSubmit={onSave}
        submitLabel={t('customers.panel.saveNotes')}
        pending={save.isPending}
        submitDisabled={notes.trim() === (customer.notes ?? '')}
      >
        <div className="grid grid-cols-2 gap-3">
          <Fact label={t('customers.panel.phone')} className="col-span-2 sm:col-span-1">
            <PhoneLink phone={customer.phone} missing={t('customers.noPhone')} />
          </Fact>
          <Fact label={t('customers.panel.email')} className="col-span-2 sm:col-span-1">
            <EmailLink email={customer.email} missing={t('customers.panel.noEmail')} />
          </Fact>
          <Fact label={t('customers.panel.bookingsLabel')}>
            {customer.bookings.filter((b) => b.status !== 'cancelled').length}
          </Fact>
          <Fact label={t('customers.panel.noShowsLabel')}>
            {customer.noShowCount > 0 ? (
              <span className="text-danger">{customer.noShowCount}</span>
            ) : (
              t('customers.panel.noNoShow')
            )}
          </Fact>
        </div>

        <section className="flex flex-col gap-2" aria-labelledby="customer-channels">
          <h3 id="customer-channels" className="text-sm font-semibold">
            {t('customers.panel.channels')}
          </h3>
          {customer.identities.length === 0 ? (
            <p className="text-sm text-ink-soft">{t('customers.panel.noChannel')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {customer.identities.map((identity) => (
                <li key={`${identity.channel}-${identity.shortId}`}>
                  <Badge tone="info">
                    <MessageCircle aria-hidden className="size-3.5" />
                    {t(`customers.channels.${identity.channel}`, { defaultValue: identity.channel })}
                    <span className="font-normal tabular-nums">{identity.shortId}</span>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="flex flex-col gap-2" aria-labelledby="customer-bookings">
          <h3 id="customer-bookings" className="text-sm font-semibold">
            {t('customers.panel.bookingsTitle')}
          </h3>
          {customer.bookings.length === 0 ? (
            <p className="text-sm text-ink-soft">{t('customers.panel.noBookings')}</p>
          ) : (
            <ul className="max-h-64 divide-y divide-line/70 overflow-y-auto rounded-xl border border-line/80 px-3">
              {customer.bookings.map((booking) => (
                <BookingLine key={booking.id} booking={booking} />
              ))}
            </ul>
          )}
        </section>

        <Field label={t('customers.panel.notesLabel')} hint={t('customers.panel.notesHint')}>
          {(control) => (
            <Textarea
              {...control}
              value={notes}
              maxLength={CUSTOMER_NOTES_MAX}
              onChange={(event) => setNotes(event.target.value)}
              placeholder={t('customers.panel.notesPlaceholder')}
            />
          )}
        </Field>

        <section
          className="flex flex-col gap-3 rounded-xl border border-line/80 p-3.5"
          aria-labelledby="customer-privacy"
        >
          <div className="flex flex-col gap-1">
            <h3 id="customer-privacy" className="text-sm font-semibold">
              {t('customers.panel.privacyTitle')}
            </h3>
            <p className="text-sm text-ink-soft">{t('customers.panel.privacyHint')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={customerExportUrl(salonId, customer.id)} download>
                <Download aria-hidden className="size-4" />
                {t('customers.panel.export')}
              </a>
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setMerging(true)}>
              <Merge aria-hidden className="size-4" />
              {t('customers.panel.merge')}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="border-danger/40 hover:bg-danger-soft"
              onClick={() => {
                setUpcoming(undefined)
                setConfirming(true)
              }}
            >
              <span className="inline-flex items-center gap-1.5 text-danger">
                <Trash2 aria-hidden className="size-4" />
                {t('customers.panel.erase')}
              </span>
            </Button>
          </div>
          {upcoming && (
            <div role="alert" className="flex gap-2 rounded-xl bg-danger-soft p-3 text-sm text-ink">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
              <div className="flex flex-col gap-1.5">
                <p className="font-medium">
                  {upcoming.length === 1
                    ? t('customers.erase.upcomingOne')
                    : t('customers.erase.upcoming', { count: upcoming.length })}
                </p>
                <ul>
                  {upcomingLines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <p className="text-ink-soft">{t('customers.erase.upcomingHint')}</p>
              </div>
            </div>
          )}
        </section>
      </DialogForm>
      <MergeCustomerDialog
        salonId={salonId}
        customer={customer}
        open={merging}
        onOpenChange={setMerging}
        onMerged={(merged) => setNotes(merged.notes ?? '')}
      />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={onErase}
        pending={erase.isPending}
        title={t('customers.erase.title', { name: customer.name })}
        description={t('customers.erase.description')}
        submitLabel={t('customers.erase.confirm')}
        pendingLabel={t('customers.erase.erasing')}
      />
    </>
  )
}

function Fact({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1 rounded-xl bg-sand/60 px-3 py-2.5', className)}>
      <span className="text-xs font-medium text-ink-soft">{label}</span>
      <span className="min-w-0 break-words text-sm font-medium text-ink">{children}</span>
    </div>
  )
}

/** A booking of the file: its day and time, service, price, status, and the customer's word about it. */
function BookingLine({ booking }: { booking: CustomerBooking }) {
  const language = currentLanguage()
  const late = booking.status === 'cancelled' ? undefined : booking.notes.find((n) => n.kind === 'late')
  return (
    <li className="flex flex-col gap-1 py-2.5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="font-medium tabular-nums">
          {formatSalonDate(booking.localDate, language)} · {booking.localTime}
        </span>
        <BookingStatusBadge status={booking.status} />
      </div>
      <p className="text-sm text-ink-soft">
        {booking.service}
        <span aria-hidden> · </span>
        <span className="sr-only">, </span>
        {formatPrice(booking.price, booking.currency, language)}
      </p>
      {late && <LateLine note={late} />}
    </li>
  )
}

function LateLine({ note }: { note: BookingNote }) {
  const { t } = useTranslation()
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-xs text-ink-soft">
      <Badge tone="warning">
        <Clock aria-hidden className="size-3.5" />
        {note.minutes === null
          ? t('dashboard.lateNote.lateUnspecified')
          : t('dashboard.lateNote.late', { minutes: note.minutes })}
      </Badge>
      {t('customers.panel.saidOn', {
        date: formatSalonDate(note.localDate, currentLanguage(), 'd MMM'),
        time: note.localTime,
      })}
    </p>
  )
}
