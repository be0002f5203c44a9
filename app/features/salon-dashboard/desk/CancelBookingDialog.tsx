import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Textarea } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { currentLanguage } from '@app/lib/i18n'
import { type BookingDetails, CANCEL_REASON_MAX } from '@common/schemas/booking'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCancelBooking } from './desk-api'
import { deskErrorText } from './desk-errors'
import { dayLabel } from './desk-format'

export interface CancelBookingDialogProps extends DialogOpenProps {
  salonId: string
  details: BookingDetails
}

/** "Cancel this booking?": an optional reason, told to the customer with the cancellation. */
export function CancelBookingDialog({ salonId, details, ...dialog }: CancelBookingDialogProps) {
  const { t } = useTranslation()
  const { booking } = details
  return (
    <FormDialog
      {...dialog}
      role="alertdialog"
      title={t('desk.cancel.title')}
      description={t('desk.cancel.description', {
        name: booking.clientName,
        service: booking.service,
        day: dayLabel(booking.localDate, currentLanguage()),
        time: booking.localTime,
      })}
    >
      <CancelForm salonId={salonId} details={details} onDone={() => dialog.onOpenChange(false)} />
    </FormDialog>
  )
}

function CancelForm({ salonId, details, onDone }: { salonId: string; details: BookingDetails; onDone: () => void }) {
  const { t } = useTranslation()
  const cancel = useCancelBooking(salonId, details.booking.id)
  const [reason, setReason] = useState('')
  const [refusal, setRefusal] = useState<string>()
  const { customer } = details

  const submit = () => {
    setRefusal(undefined)
    cancel.mutate(reason, {
      onSuccess: () => {
        toast({ title: t('desk.cancel.done'), description: t('desk.cancel.doneText'), tone: 'success' })
        onDone()
      },
      onError: (error) => setRefusal(deskErrorText(t, error)),
    })
  }

  return (
    <DialogForm
      onSubmit={submit}
      pending={cancel.isPending}
      submitVariant="danger"
      submitLabel={t('desk.cancel.submit')}
      pendingLabel={t('desk.cancel.submitting')}
      error={refusal}
    >
      <Field
        id="cancel-reason"
        label={t('desk.cancel.reason')}
        optionalLabel={t('common.optional')}
        hint={t('desk.cancel.reasonHint')}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            className="min-h-20"
            value={reason}
            maxLength={CANCEL_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            placeholder={t('desk.cancel.reasonPlaceholder')}
          />
        )}
      </Field>
      <p className="rounded-xl bg-sand/60 p-3 text-sm text-ink">
        {customer.email
          ? t('desk.cancel.toldByEmail', { name: customer.name, email: customer.email })
          : t('desk.cancel.toldInChat', { name: customer.name })}
      </p>
    </DialogForm>
  )
}
