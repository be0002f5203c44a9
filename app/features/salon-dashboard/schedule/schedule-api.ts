import { ApiError, apiRequest } from '@app/lib/api'
import type {
  AffectedBooking,
  AffectedBookingsChoice,
  BookingsAffected,
  RecurringBlock,
  recurringBlockInputSchema,
  TimeOff,
  WorkingHours,
} from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { salonKeys } from '../dashboard-api'
import type { WorkingHoursBody } from './hours-draft'
import type { TimeOffBody } from './time-off'

/** The salon's week (GET …/working-hours): days '0' Monday … '6' Sunday. */
export function useWorkingHours(salonId: string) {
  return useQuery<WorkingHours>({ queryKey: salonKeys.workingHours(salonId) })
}

/** Every absence of the salon, oldest first. */
export function useTimeOff(salonId: string) {
  return useQuery<TimeOff[]>({ queryKey: salonKeys.timeOff(salonId) })
}

/**
 * What a change of hours or absences makes stale: the list it changed, the salon (it carries its
 * week), the dashboard (which day "Réservations du jour" shows depends on today's closing time) and
 * the bookings (the change may have cancelled some).
 */
function useInvalidate(salonId: string, list: 'workingHours' | 'timeOff' | 'team' | 'blocks') {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      ...[salonKeys[list](salonId), salonKeys.salon(salonId), salonKeys.dashboard(salonId)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, exact: true }),
      ),
      queryClient.invalidateQueries({ queryKey: salonKeys.bookings(salonId) }),
    ])
}

/** A change's body with, once the salon has answered, what to do with the bookings it falls on. */
export type WithChoice<T> = T & { affectedBookings?: AffectedBookingsChoice; affectedBookingIds?: string[] }

/**
 * The salon's answer for a change's body: nothing before the question, 'keep', or 'cancel' with
 * the bookings it was shown — one booked since is then not cancelled unseen (the server asks again).
 */
export function affectedDecision(
  choice: AffectedBookingsChoice | undefined,
  shown: readonly AffectedBooking[] | undefined,
): WithChoice<object> {
  if (!choice) return {}
  if (choice === 'keep') return { affectedBookings: 'keep' }
  return { affectedBookings: 'cancel', affectedBookingIds: (shown ?? []).map((b) => b.id) }
}

/** The bookings the server says a change falls on (its 409 `schedule.bookings_affected`), if that was the refusal. */
export function affectedBookingsOf(error: unknown): AffectedBooking[] | undefined {
  if (!(error instanceof ApiError) || error.code !== 'schedule.bookings_affected') return undefined
  return (error.body as BookingsAffected | undefined)?.bookings ?? []
}

export function useSaveWorkingHours(salonId: string) {
  const invalidate = useInvalidate(salonId, 'workingHours')
  return useMutation({
    mutationFn: async (body: WithChoice<WorkingHoursBody>) =>
      (await (await apiRequest('PUT', `/api/salons/${salonId}/working-hours`, body)).json()) as WorkingHours,
    onSuccess: invalidate,
  })
}

export function useAddTimeOff(salonId: string) {
  const invalidate = useInvalidate(salonId, 'timeOff')
  return useMutation({
    mutationFn: async (body: TimeOffBody) =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/time-off`, body)).json()) as TimeOff,
    onSuccess: invalidate,
  })
}

/** A member's own week (`null`: back on the salon's), through the team's PATCH. */
export function useSaveMemberHours(salonId: string, memberId: string) {
  const invalidate = useInvalidate(salonId, 'team')
  return useMutation({
    mutationFn: async (body: WithChoice<{ workingHours: WorkingHoursBody | null }>) =>
      (await (await apiRequest('PATCH', `/api/salons/${salonId}/team/${memberId}`, body)).json()) as TeamMember,
    onSuccess: invalidate,
  })
}

/** The salon's weekly blocks (lunch breaks, trainings), earliest in the day first. */
export function useBlocks(salonId: string) {
  return useQuery<RecurringBlock[]>({ queryKey: salonKeys.blocks(salonId) })
}

export function useAddBlock(salonId: string) {
  const invalidate = useInvalidate(salonId, 'blocks')
  return useMutation({
    mutationFn: async (body: WithChoice<z.input<typeof recurringBlockInputSchema>>) =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/blocks`, body)).json()) as RecurringBlock,
    onSuccess: invalidate,
  })
}

export function useDeleteBlock(salonId: string) {
  const invalidate = useInvalidate(salonId, 'blocks')
  return useMutation({
    mutationFn: (blockId: string) => apiRequest('DELETE', `/api/salons/${salonId}/blocks/${blockId}`),
    onSuccess: invalidate,
  })
}

export function useDeleteTimeOff(salonId: string) {
  const invalidate = useInvalidate(salonId, 'timeOff')
  return useMutation({
    mutationFn: (timeOffId: string) => apiRequest('DELETE', `/api/salons/${salonId}/time-off/${timeOffId}`),
    onSuccess: invalidate,
  })
}

/** The server's own words for a refusal (its validation issues first), when it gave any. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined
  const issues = error.body.issues?.map((issue) => issue.message).filter(Boolean)
  return issues?.length ? issues.join(' · ') : error.body.message
}
