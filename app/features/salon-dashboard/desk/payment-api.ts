import { ApiError, apiRequest } from '@app/lib/api'
import type { BookingPayment } from '@common/schemas/payments'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { deskKeys, refreshAfterBookingChange } from './desk-api'
import { deskErrorText } from './desk-errors'

/**
 * A booking's payment at the desk (issue 41): what was asked and what happened to it, and the
 * desk's three actions. Its key extends the booking's own: whatever refreshes the booking's panel
 * (a cancellation, a no-show) reads its payment again too.
 */
export const paymentKeys = {
  booking: (bookingId: string) => [...deskKeys.booking(bookingId), 'payment'],
}

type PaymentAnswer = { payment: BookingPayment | null }

/**
 * GET /api/bookings/:bookingId/payment — null when the booking asked for nothing. Until `pollUntil`
 * (an instant), read again every 3 s while a deposit is still to be given back (a refund asked: the
 * job that makes it is not done with the request).
 */
export function useBookingPayment(bookingId: string, pollUntil?: number) {
  return useQuery<PaymentAnswer, Error, BookingPayment | null>({
    queryKey: paymentKeys.booking(bookingId),
    staleTime: 0,
    select: (answer) => answer.payment,
    refetchInterval: (query) =>
      pollUntil !== undefined && Date.now() < pollUntil && query.state.data?.payment?.actions.includes('refund')
        ? 3000
        : false,
  })
}

export type DeskPaymentAction = BookingPayment['actions'][number]

const ACTION_PATHS: Record<DeskPaymentAction, string> = {
  paid_at_salon: 'paid-at-salon',
  waive: 'waive',
  refund: 'refund',
}

/**
 * Paid at the salon, waived (both confirm a held booking) or refunded (a job gives the deposit
 * back): the payment as the server answers it at once, then the booking, the agenda and the
 * payment read again.
 */
export function useDeskPaymentAction(salonId: string, bookingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (action: DeskPaymentAction) =>
      (await (
        await apiRequest('POST', `/api/bookings/${bookingId}/payment/${ACTION_PATHS[action]}`)
      ).json()) as PaymentAnswer,
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentKeys.booking(bookingId), answer)
      return refreshAfterBookingChange(queryClient, salonId, bookingId)
    },
    // Refused (settled meanwhile: paid online, released): what the panel shows is out of date.
    onError: () => refreshAfterBookingChange(queryClient, salonId, bookingId),
  })
}

/** The payment's refusals in the interface language; any other, as the desk says it. */
export function paymentErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'payments.nothing_to_settle')
    return t('paymentDesk.errors.nothingToSettle')
  return deskErrorText(t, error)
}
