import { apiRequest } from '@app/lib/api'
import type { Booking, BookingDetails } from '@common/schemas/booking'
import type { CustomerList } from '@common/schemas/customers'
import type { Availability } from '@common/schemas/schedule'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { customerKeys, customersUrl } from '../customers/customers-api'
import { salonKeys } from '../dashboard-api'

/**
 * The booking desk's reads and writes: one booking's panel, the team, a day's free times, the
 * customer search, and the salon's actions on bookings. Joined with '/', each key without an
 * object part is the URL the default query function reads.
 */
export const deskKeys = {
  booking: (bookingId: string) => ['/api/bookings', bookingId],
  /** Every day's free times of the salon: a change to any booking makes them stale. */
  availability: (salonId: string) => ['/api/salons', salonId, 'availability'],
  freeTimes: (salonId: string, query: FreeTimesQuery) => [...deskKeys.availability(salonId), query],
}

export interface FreeTimesQuery {
  serviceId: string
  /** The salon's day, YYYY-MM-DD. */
  localDate: string
  /** One member's free times; absent: when any member who performs the service is free. */
  memberId?: string
}

export function useBookingDetails(bookingId: string | undefined) {
  return useQuery<BookingDetails>({
    queryKey: deskKeys.booking(bookingId ?? ''),
    enabled: Boolean(bookingId),
    staleTime: 0,
  })
}

export function freeTimesUrl(salonId: string, { serviceId, localDate, memberId }: FreeTimesQuery): string {
  const params = new URLSearchParams({ serviceId, from: localDate, to: localDate })
  if (memberId) params.set('memberId', memberId)
  return `/api/salons/${salonId}/availability?${params}`
}

/** The starts offered on one day of the salon (its own clock), for a service and maybe one member. */
export function useFreeTimes(salonId: string, query: FreeTimesQuery | undefined) {
  return useQuery<Availability>({
    queryKey: query ? deskKeys.freeTimes(salonId, query) : deskKeys.availability(salonId),
    enabled: Boolean(query),
    queryFn: async () => await (await apiRequest('GET', freeTimesUrl(salonId, query as FreeTimesQuery))).json(),
    staleTime: 30_000,
    // An evening open past midnight lists the next morning's starts too: only this day's are shown.
    select: (availability) => ({
      ...availability,
      slots: availability.slots.filter((slot) => slot.local.startsWith(query?.localDate ?? '')),
    }),
  })
}

/** The customers whose name or phone matches what was typed (the first page is enough to pick one). */
export function useCustomerSearch(salonId: string, q: string) {
  return useQuery<CustomerList>({
    queryKey: customerKeys.list(salonId, q, 1),
    enabled: q.length >= 2,
    queryFn: async () => (await (await apiRequest('GET', customersUrl(salonId, q, 1))).json()) as CustomerList,
    staleTime: 30_000,
  })
}

/**
 * After any change to a booking, what shows bookings reads again: the salon's bookings lists (the
 * agenda's keys start with `salonKeys.bookings`), the dashboard's day and figures, free times,
 * customers' visits and no-shows, and the booking's own panel.
 */
export function refreshAfterBookingChange(queryClient: QueryClient, salonId: string, bookingId?: string) {
  const keys = [
    salonKeys.bookings(salonId),
    salonKeys.dashboard(salonId),
    deskKeys.availability(salonId),
    customerKeys.all(salonId),
    ...(bookingId ? [deskKeys.booking(bookingId)] : []),
  ]
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

function useBookingAction<Input>(salonId: string, bookingId: string, send: (input: Input) => Promise<Response>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: Input) => (await (await send(input)).json()) as Booking,
    onSuccess: () => refreshAfterBookingChange(queryClient, salonId, bookingId),
  })
}

export function useCancelBooking(salonId: string, bookingId: string) {
  return useBookingAction(salonId, bookingId, (reason: string) =>
    apiRequest('POST', `/api/bookings/${bookingId}/cancel`, reason.trim() ? { reason: reason.trim() } : {}),
  )
}

export type DeskStatus = 'no_show' | 'completed' | 'confirmed'

export function useSetBookingStatus(salonId: string, bookingId: string) {
  return useBookingAction(salonId, bookingId, (status: DeskStatus) =>
    apiRequest('POST', `/api/bookings/${bookingId}/status`, { status }),
  )
}

export function useSaveBookingNote(salonId: string, bookingId: string) {
  return useBookingAction(salonId, bookingId, (note: string) =>
    apiRequest('PUT', `/api/bookings/${bookingId}/note`, { note: note.trim() }),
  )
}

export interface MoveInput {
  startsAt: string
  memberId?: string
  force?: boolean
  tellCustomer?: boolean
  undoable?: boolean
}

export function useMoveBooking(salonId: string, bookingId: string) {
  return useBookingAction(salonId, bookingId, (input: MoveInput) =>
    apiRequest('POST', `/api/bookings/${bookingId}/reschedule`, input),
  )
}

export type NewBookingInput = {
  serviceId: string
  startsAt: string
  memberId?: string
  force?: boolean
  channel: 'dashboard'
} & ({ customerId: string } | { customer: { name: string; phone?: string; email?: string; language?: string } })

export function useCreateBooking(salonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: NewBookingInput) =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/bookings`, input)).json()) as Booking,
    onSuccess: (booking) => refreshAfterBookingChange(queryClient, salonId, booking.id),
  })
}
