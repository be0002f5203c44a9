import { apiRequest } from '@app/lib/api'
import type { Booking } from '@common/schemas/booking'
import type { CalendarBlocks, Team, TeamMember, TeamMemberCreate, TeamMemberUpdate } from '@common/schemas/team'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { salonKeys } from '../dashboard-api'

/** A member changed: the team again, and the bookings that show members' names. */
function useRefresh(salonId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [salonKeys.team(salonId), salonKeys.bookings(salonId), salonKeys.dashboard(salonId)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    )
}

export function useAddMember(salonId: string) {
  const refresh = useRefresh(salonId)
  return useMutation({
    mutationFn: async (input: TeamMemberCreate) =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/team`, input)).json()) as TeamMember,
    onSuccess: refresh,
  })
}

export function useUpdateMember(salonId: string) {
  const refresh = useRefresh(salonId)
  return useMutation({
    mutationFn: async ({ id, ...changes }: TeamMemberUpdate & { id: string }) =>
      (await (await apiRequest('PATCH', `/api/salons/${salonId}/team/${id}`, changes)).json()) as TeamMember,
    onSuccess: refresh,
  })
}

/** The new order shows at once (the arrows answer without a wait) and comes back if the server refuses. */
export function useReorderTeam(salonId: string) {
  const queryClient = useQueryClient()
  const key = salonKeys.team(salonId)
  return useMutation({
    mutationFn: async (ordered: TeamMember[]) =>
      (await (
        await apiRequest('PUT', `/api/salons/${salonId}/team-order`, { memberIds: ordered.map((m) => m.id) })
      ).json()) as TeamMember[],
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Team>(key)
      if (before) queryClient.setQueryData<Team>(key, { ...before, members: ordered })
      return { before }
    },
    onError: (_error, _ordered, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useSetCalendarBlocks(salonId: string) {
  const queryClient = useQueryClient()
  const key = salonKeys.team(salonId)
  return useMutation({
    mutationFn: async (calendarBlocks: CalendarBlocks) =>
      (await (await apiRequest('PUT', `/api/salons/${salonId}/calendar-blocks`, { calendarBlocks })).json()) as {
        calendarBlocks: CalendarBlocks
      },
    onSuccess: ({ calendarBlocks }) => {
      const team = queryClient.getQueryData<Team>(key)
      if (team) queryClient.setQueryData<Team>(key, { ...team, calendarBlocks })
    },
  })
}

/**
 * The salon's bookings from today on (GET /api/salons/:id/bookings starts at the salon's today),
 * read when the owner is about to deactivate someone: how many of them are theirs.
 */
export function useUpcomingBookings(salonId: string, enabled: boolean) {
  return useQuery<Booking[]>({ queryKey: salonKeys.bookings(salonId), enabled, staleTime: 30_000 })
}

/** Appointments still to take place (confirmed or awaiting confirmation) of this member. */
export function upcomingOf(bookings: readonly Booking[], memberId: string): number {
  return bookings.filter((b) => b.member.id === memberId && (b.status === 'confirmed' || b.status === 'pending')).length
}
