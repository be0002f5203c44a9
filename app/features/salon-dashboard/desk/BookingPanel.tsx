import { Button } from '@app/components/ui/Button'
import { DialogForm, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Textarea } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import { BOOKING_SALON_NOTE_MAX, type BookingDetails } from '@common/schemas/booking'
import { CalendarClock, CheckCheck, CircleAlert, NotebookPen, Undo2, UserX, XCircle } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSalonNow } from '../agenda/agenda-hooks'
import { EmailLink, PhoneLink } from '../ContactLinks'
import { formatPrice, useTeam } from '../dashboard-api'
import { LateNoteBadge } from '../LateNoteBadge'
import { BookingHistory } from './BookingHistory'
import { BookingPaymentSection } from './BookingPaymentSection'
import { BookingReminders } from './BookingReminders'
import { CancelBookingDialog } from './CancelBookingDialog'
import { DeskStatusBadge } from './DeskStatusBadge'
import { type DeskStatus, useBookingDetails, useSaveBookingNote, useSetBookingStatus } from './desk-api'
import { deskErrorText } from './desk-errors'
import { dayLabel, endTime } from './desk-format'
import { MoveBookingDialog } from './MoveBookingDialog'
import { StickyActions } from './StickyActions'

export interface BookingPanelProps {
  salonId: string
  /** The booking to show; the panel reads it (GET /api/bookings/:bookingId) while open. */
  bookingId: string | undefined
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * A booking's panel (issue 14 §3): when, what, with whom, for how much, the customer's contacts,
 * what happened to it, and the salon's actions — move, cancel, no-show or completed once it has
 * begun — with a private note as the form's one field.
 */
export function BookingPanel({ salonId, bookingId, open, onOpenChange }: BookingPanelProps) {
  const { t } = useTranslation()
  const details = useBookingDetails(open ? bookingId : undefined)
  const data = details.data?.booking.id === bookingId ? details.data : undefined
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      width="wide"
      title={data?.booking.clientName ?? t('desk.panel.loadingTitle')}
      description={
        data
          ? t('desk.panel.when', {
              day: dayLabel(data.booking.localDate, currentLanguage()),
              start: data.booking.localTime,
              end: endTime(data.booking.localTime, data.booking.duration),
            })
          : undefined
      }
    >
      {data ? (
        <BookingSheet key={data.booking.id} salonId={salonId} details={data} />
      ) : details.isError ? (
        <p role="alert" className="flex gap-2 rounded-xl bg-danger-soft p-3 text-sm text-ink">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
          {deskErrorText(t, details.error)}
        </p>
      ) : (
        <p role="status" className="py-6 text-center text-ink-soft">
          {t('desk.panel.loading')}
        </p>
      )}
    </FormDialog>
  )
}

/** Whether the appointment has begun (its start is past): only then is a no-show or completion said. */
export function hasBegun(appointmentDate: string, now = Date.now()): boolean {
  return Date.parse(appointmentDate) <= now
}

function BookingSheet({ salonId, details }: { salonId: string; details: BookingDetails }) {
  const { t } = useTranslation()
  const { booking, customer, history } = details
  const language = currentLanguage()
  const team = useTeam(salonId)
  const colour = team.data?.members.find((member) => member.id === booking.member.id)?.colour
  const [note, setNote] = useState(booking.salonNote ?? '')
  const [moving, setMoving] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const saveNote = useSaveBookingNote(salonId, booking.id)
  const setStatus = useSetBookingStatus(salonId, booking.id)

  const open = booking.status === 'confirmed' || booking.status === 'pending'
  const settled = booking.status === 'no_show' || booking.status === 'completed'
  const now = useSalonNow(salonId)
  const begun = hasBegun(booking.appointmentDate, now)

  const onSaveNote = () => {
    setRefusal(undefined)
    saveNote.mutate(note, {
      onSuccess: () => toast({ title: t('desk.note.saved'), tone: 'success' }),
      onError: (error) => setRefusal(deskErrorText(t, error)),
    })
  }

  const onStatus = (status: DeskStatus) => {
    setRefusal(undefined)
    setStatus.mutate(status, {
      onSuccess: () => toast({ title: t(`desk.actions.statusDone.${status}`), tone: 'success' }),
      onError: (error) => setRefusal(deskErrorText(t, error)),
    })
  }

  return (
    <>
      <StickyActions>
        <DialogForm
          onSubmit={onSaveNote}
          submitLabel={t('desk.note.save')}
          pendingLabel={t('desk.note.saving')}
          pending={saveNote.isPending}
          submitDisabled={note.trim() === (booking.salonNote ?? '')}
          error={refusal}
        >
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Fact label={t('desk.panel.service')} className="col-span-2 sm:col-span-1">
              {booking.service}
              <span className="block text-xs font-normal text-ink-soft">
                {t('desk.panel.minutes', { minutes: booking.duration })}
              </span>
            </Fact>
            <Fact label={t('desk.panel.member')}>
              <span className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden
                  className="size-3 shrink-0 rounded-full border border-line"
                  style={{ backgroundColor: colour ?? 'transparent' }}
                />
                {booking.member.name}
              </span>
            </Fact>
            <Fact label={t('desk.panel.price')}>
              <span className="tabular-nums">{formatPrice(booking.price, booking.currency, language)}</span>
            </Fact>
            <Fact label={t('desk.panel.channel')}>{t(`desk.channels.${booking.channel}`)}</Fact>
            <Fact label={t('desk.panel.status')}>
              <DeskStatusBadge status={booking.status} />
            </Fact>
          </div>
          {booking.status === 'cancelled' && booking.cancelReason && (
            <p className="break-words text-sm text-ink-soft">
              {t('desk.history.reason', { reason: booking.cancelReason })}
            </p>
          )}

          <BookingPaymentSection salonId={salonId} booking={booking} />

          <section className="flex flex-col gap-2" aria-labelledby="booking-customer">
            <h3 id="booking-customer" className="text-sm font-semibold">
              {t('desk.panel.customer')}
            </h3>
            <div className="flex min-w-0 flex-col gap-1.5 text-sm">
              <span className="break-words font-medium text-ink">{customer.name}</span>
              <PhoneLink phone={customer.phone} missing={t('desk.panel.noPhone')} />
              <EmailLink email={customer.email} missing={t('desk.panel.noEmail')} />
              <LateNoteBadge booking={booking} />
            </div>
            {customer.notes && (
              <div className="flex flex-col gap-1 rounded-xl bg-sand/50 p-3 text-sm">
                <span className="flex items-center gap-1.5 font-medium text-ink">
                  <NotebookPen aria-hidden className="size-4 text-ink-soft" />
                  {t('desk.panel.customerNotes')}
                </span>
                <p className="whitespace-pre-line break-words text-ink">{customer.notes}</p>
              </div>
            )}
          </section>

          {(open || settled) && (
            <section className="flex flex-col gap-2" aria-labelledby="booking-actions">
              <h3 id="booking-actions" className="text-sm font-semibold">
                {t('desk.actions.title')}
              </h3>
              <div className="flex flex-wrap gap-2">
                {open && (
                  <>
                    <ActionButton icon={<CalendarClock className="size-4" />} onClick={() => setMoving(true)}>
                      {t('desk.actions.move')}
                    </ActionButton>
                    <ActionButton icon={<XCircle className="size-4" />} onClick={() => setCancelling(true)} danger>
                      {t('desk.actions.cancel')}
                    </ActionButton>
                  </>
                )}
                {open && begun && (
                  <>
                    <ActionButton
                      icon={<UserX className="size-4" />}
                      onClick={() => onStatus('no_show')}
                      disabled={setStatus.isPending}
                    >
                      {t('desk.actions.noShow')}
                    </ActionButton>
                    <ActionButton
                      icon={<CheckCheck className="size-4" />}
                      onClick={() => onStatus('completed')}
                      disabled={setStatus.isPending}
                    >
                      {t('desk.actions.completed')}
                    </ActionButton>
                  </>
                )}
                {settled && (
                  <ActionButton
                    icon={<Undo2 className="size-4" />}
                    onClick={() => onStatus('confirmed')}
                    disabled={setStatus.isPending}
                  >
                    {t('desk.actions.undo')}
                  </ActionButton>
                )}
              </div>
              {open && !begun && <p className="text-sm text-ink-soft">{t('desk.actions.statusLater')}</p>}
            </section>
          )}

          <BookingReminders reminders={details.reminders} />

          <BookingHistory history={history} />

          <Field id="booking-note" label={t('desk.note.label')} hint={t('desk.note.hint')}>
            {(control) => (
              <Textarea
                {...control}
                value={note}
                maxLength={BOOKING_SALON_NOTE_MAX}
                onChange={(event) => setNote(event.target.value)}
                placeholder={t('desk.note.placeholder')}
              />
            )}
          </Field>
        </DialogForm>
      </StickyActions>
      <MoveBookingDialog open={moving} onOpenChange={setMoving} salonId={salonId} booking={booking} />
      <CancelBookingDialog open={cancelling} onOpenChange={setCancelling} salonId={salonId} details={details} />
    </>
  )
}

function ActionButton({
  icon,
  onClick,
  danger = false,
  disabled,
  children,
}: {
  icon: ReactNode
  onClick: () => void
  danger?: boolean
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={onClick}
      disabled={disabled}
      className={cn(danger && 'border-danger/40 hover:bg-danger-soft')}
    >
      {/* The outline variant sets the text colour: a span of its own makes it the danger's. */}
      <span className={cn('inline-flex items-center gap-1.5', danger && 'text-danger')}>
        <span aria-hidden>{icon}</span>
        {children}
      </span>
    </Button>
  )
}

function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1 rounded-xl bg-sand/60 px-3 py-2.5', className)}>
      <span className="text-xs font-medium text-ink-soft">{label}</span>
      <span className="min-w-0 break-words text-sm font-medium text-ink">{children}</span>
    </div>
  )
}
