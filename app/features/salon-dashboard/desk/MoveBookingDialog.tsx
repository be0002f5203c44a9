import { DialogForm, type DialogOpenProps, FormDialog } from '@app/components/ui/FormDialog'
import { currentLanguage } from '@app/lib/i18n'
import type { Booking } from '@common/schemas/booking'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useTeam } from '../dashboard-api'
import { deskKeys, useMoveBooking } from './desk-api'
import { deskErrorText, isSlotTaken } from './desk-errors'
import { dayLabel } from './desk-format'
import { membersFor } from './members'
import { useMovedWithUndo } from './move-undo'
import { checkSlot, type SlotDraft, SlotPicker, type SlotProblems, slotStart } from './SlotPicker'
import { StickyActions } from './StickyActions'
import { TellCustomerField } from './TellCustomerField'

export interface MoveBookingDialogProps extends DialogOpenProps {
  salonId: string
  booking: Booking
}

/** Moves a booking to a free time of the same member or another one, or to a forced time. */
export function MoveBookingDialog({ salonId, booking, ...dialog }: MoveBookingDialogProps) {
  const { t } = useTranslation()
  return (
    <FormDialog
      {...dialog}
      title={t('desk.move.title')}
      description={t('desk.move.description', {
        name: booking.clientName,
        day: dayLabel(booking.localDate, currentLanguage()),
        time: booking.localTime,
      })}
    >
      <MoveForm salonId={salonId} booking={booking} onDone={() => dialog.onOpenChange(false)} />
    </FormDialog>
  )
}

function MoveForm({ salonId, booking, onDone }: { salonId: string; booking: Booking; onDone: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const team = useTeam(salonId)
  const move = useMoveBooking(salonId, booking.id)
  const [draft, setDraft] = useState<SlotDraft>({
    localDate: booking.localDate,
    memberId: booking.member.id,
    force: false,
    forcedTime: booking.localTime,
  })
  const [tell, setTell] = useState(true)
  const movedWithUndo = useMovedWithUndo(salonId)
  const [problems, setProblems] = useState<SlotProblems>({})
  const [refusal, setRefusal] = useState<string>()

  const submit = () => {
    const found = checkSlot(draft)
    setProblems(found)
    if (Object.keys(found).length > 0) return
    setRefusal(undefined)
    move.mutate(
      { ...slotStart(draft), memberId: draft.memberId, tellCustomer: tell, undoable: true },
      {
        onSuccess: (moved) => {
          movedWithUndo(booking, moved, tell)
          onDone()
        },
        onError: (error) => {
          setRefusal(deskErrorText(t, error))
          if (isSlotTaken(error)) {
            // The time went meanwhile: the list is read again and the choice let go, the rest kept.
            setDraft((current) => ({ ...current, start: undefined }))
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
        pending={move.isPending}
        submitLabel={t('desk.move.submit')}
        pendingLabel={t('desk.move.submitting')}
        error={refusal}
      >
        <SlotPicker
          idPrefix="move"
          salonId={salonId}
          serviceId={booking.serviceId ?? undefined}
          members={membersFor(team.data?.members, booking.serviceId, booking.member)}
          draft={draft}
          onChange={(next) => {
            setDraft(next)
            setProblems({})
          }}
          problems={problems}
        />
        <TellCustomerField name={booking.clientName} checked={tell} onChange={setTell} />
      </DialogForm>
    </StickyActions>
  )
}
