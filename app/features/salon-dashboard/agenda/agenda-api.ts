import { ApiError, apiRequest } from '@app/lib/api'
import type { Booking } from '@common/schemas/booking'
import { instantToLocal, MINUTE_MS } from '@common/time'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { salonKeys } from '../dashboard-api'

const ONE_MINUTE = 60_000

/** The bookings of a period (both ends are salon dates, `to` included): keys under the salon's bookings. */
export const agendaKeys = {
  bookings: (salonId: string, from: string, to: string) => [...salonKeys.bookings(salonId), { from, to }],
}

/** Where the bookings of a period are read (GET), by the browser and by the server for the page it sends. */
export const agendaBookingsPath = (salonId: string, from: string, to: string) =>
  `/api/salons/${salonId}/bookings?from=${from}&to=${to}`

/**
 * The bookings from one salon date to another, cancelled ones included. The chat books at any
 * time, so they are read again every minute, when the owner comes back to the page or to the tab; the
 * previous period stays on screen while the next one loads.
 */
export function useAgendaBookings(salonId: string, from: string, to: string, enabled = true) {
  return useQuery<Booking[]>({
    enabled,
    queryKey: agendaKeys.bookings(salonId, from, to),
    queryFn: async () => (await (await apiRequest('GET', agendaBookingsPath(salonId, from, to))).json()) as Booking[],
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchInterval: ONE_MINUTE,
    refetchOnWindowFocus: true,
    // Back on the agenda from another tab: read again (the cached day shows meanwhile).
    refetchOnMount: 'always',
  })
}

export interface Move {
  booking: Booking
  /** The new start (an instant) and who performs it. */
  startsAt: string
  member: { id: string; name: string }
  timeZone: string
  /** The salon's "tell the customer?" on the move. */
  tellCustomer: boolean
}

/** The booking as it will read once moved: what the agenda shows while the server decides. */
export function movedBooking({ booking, startsAt, member, timeZone }: Move): Booking {
  const start = Date.parse(startsAt)
  const local = instantToLocal(start, timeZone)
  return {
    ...booking,
    member,
    appointmentDate: new Date(start).toISOString(),
    endDate: new Date(start + booking.duration * MINUTE_MS).toISOString(),
    localDate: local.date,
    localTime: local.time,
  }
}

/**
 * Moves a booking (drag and drop): shown at once where it was dropped, put back where it was if
 * the server refuses (the error reaches the caller), and every view of the bookings read again.
 */
export function useMoveBooking(salonId: string) {
  const queryClient = useQueryClient()
  const prefix = salonKeys.bookings(salonId)
  return useMutation({
    mutationFn: async (move: Move) =>
      (await (
        await apiRequest('POST', `/api/bookings/${move.booking.id}/reschedule`, {
          startsAt: move.startsAt,
          memberId: move.member.id,
          tellCustomer: move.tellCustomer,
          // The agenda offers "undo" once it is saved.
          undoable: true,
        })
      ).json()) as Booking,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: prefix })
      const before = queryClient.getQueriesData<Booking[]>({ queryKey: prefix })
      const moved = movedBooking(move)
      queryClient.setQueriesData<Booking[]>({ queryKey: prefix }, (list) =>
        list?.map((b) => (b.id === moved.id ? moved : b)),
      )
      return { before }
    },
    onError: (_error, _move, context) => {
      for (const [key, list] of context?.before ?? []) queryClient.setQueryData(key, list)
    },
    onSuccess: (saved) => {
      queryClient.setQueriesData<Booking[]>({ queryKey: prefix }, (list) =>
        list?.map((b) => (b.id === saved.id ? saved : b)),
      )
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: prefix }),
        queryClient.invalidateQueries({ queryKey: salonKeys.dashboard(salonId), exact: true }),
      ]),
  })
}

/** The server's reasons for refusing a start (bookings.slot_unavailable's `reason`) we can say. */
const SLOT_REASONS: Record<string, string> = {
  too_soon: 'agenda.refusals.tooSoon',
  beyond_horizon: 'agenda.refusals.beyondHorizon',
  closed_day: 'agenda.refusals.closedDay',
  time_off: 'agenda.refusals.timeOff',
  outside_hours: 'agenda.refusals.outsideHours',
  ends_after_closing: 'agenda.refusals.endsAfterClosing',
  off_grid: 'agenda.refusals.offGrid',
}

const CODES: Record<string, string> = {
  'bookings.slot_taken': 'agenda.refusals.slotTaken',
  'bookings.already_started': 'agenda.refusals.alreadyStarted',
  'bookings.appointment_past': 'agenda.refusals.alreadyStarted',
  'bookings.already_cancelled': 'agenda.refusals.cancelled',
  'bookings.not_found': 'agenda.refusals.notFound',
  'team.member_not_found': 'agenda.refusals.memberUnavailable',
  'team.member_not_performing': 'agenda.refusals.memberNotPerforming',
  'catalog.service_inactive': 'agenda.refusals.serviceInactive',
  'catalog.service_not_found': 'agenda.refusals.serviceInactive',
  'salons.inactive': 'agenda.refusals.salonInactive',
}

/** Why a move was refused, in the interface language: from the error's stable code, never its English text. */
export function refusalMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('agenda.refusals.network')
  const reason = (error.body as { reason?: string } | undefined)?.reason
  if (error.code === 'bookings.slot_unavailable' && reason && SLOT_REASONS[reason]) return t(SLOT_REASONS[reason])
  const key = error.code ? CODES[error.code] : undefined
  return key ? t(key) : t('agenda.refusals.generic')
}
