import { toast } from '@app/components/ui/toast-store'
import { ApiError, apiRequest } from '@app/lib/api'
import { currentLanguage } from '@app/lib/i18n'
import { type Booking, MOVE_UNDO_SECONDS } from '@common/schemas/booking'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { refreshAfterBookingChange } from './desk-api'
import { dayLabel } from './desk-format'

/** Takes back the salon's latest move of a booking: `before` is the booking as it was. */
export function useUndoMove(salonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (before: Booking) =>
      (await (
        await apiRequest('POST', `/api/bookings/${before.id}/undo-move`, {
          startsAt: before.appointmentDate,
          memberId: before.member.id,
        })
      ).json()) as Booking,
    onSettled: (_saved, _error, before) => refreshAfterBookingChange(queryClient, salonId, before.id),
  })
}

/**
 * After a move by the desk (a drag on the agenda, the move dialog): "moved", with whether the
 * customer will be told, and an "Undo" button for MOVE_UNDO_SECONDS. Undoing puts the booking back
 * and tells nobody (the server held the customer's notice back meanwhile).
 */
export function useMovedWithUndo(salonId: string) {
  const { t } = useTranslation()
  const undo = useUndoMove(salonId)
  return (before: Booking, moved: Booking, told: boolean) =>
    toast({
      title: t('desk.move.done'),
      description: `${t('desk.move.movedText', { name: moved.clientName, ...placeOf(moved) })} ${t(told ? 'desk.move.willTell' : 'desk.move.wontTell', { name: moved.clientName })}`,
      tone: 'success',
      duration: MOVE_UNDO_SECONDS * 1000,
      action: {
        label: t('desk.undo.action'),
        onClick: () =>
          undo.mutate(before, {
            onSuccess: (back) =>
              toast({
                title: t('desk.undo.done'),
                description: t('desk.undo.doneText', { name: back.clientName, ...placeOf(back) }),
                tone: 'success',
              }),
            onError: (error) =>
              toast({ title: t('desk.undo.failed'), description: undoRefusal(t, error), tone: 'destructive' }),
          }),
      },
    })
}

function placeOf(booking: Booking) {
  return { day: dayLabel(booking.localDate, currentLanguage()), time: booking.localTime, member: booking.member.name }
}

function undoRefusal(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'bookings.slot_taken') return t('desk.undo.taken')
  if (error instanceof ApiError && error.code === 'bookings.undo_too_late') return t('desk.undo.tooLate')
  return t('desk.undo.error')
}
