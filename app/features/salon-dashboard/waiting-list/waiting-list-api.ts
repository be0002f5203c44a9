import { apiRequest } from '@app/lib/api'
import type { WaitingEntry, WaitingEntryInput, WaitingList } from '@common/schemas/waiting-list'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { salonKeys } from '../dashboard-api'

const ONE_MINUTE = 60_000

/** The salon's waiting list: every period read sits under `all`, which a change makes stale. */
export const waitingListKeys = {
  all: (salonId: string) => [...salonKeys.salon(salonId), 'waiting-list'],
  days: (salonId: string, from: string, to: string) => [...waitingListKeys.all(salonId), { from, to }],
}

export function waitingListUrl(salonId: string, from: string, to: string): string {
  return `/api/salons/${salonId}/waiting-list?${new URLSearchParams({ from, to })}`
}

/**
 * Who waits for the days from `from` to `to` (salon dates, both included), by day then joining
 * order. Offers go out and are taken by the customers at any time, so it is read again every
 * minute and when the owner comes back to the page, as the agenda's bookings are.
 */
export function useWaitingList(salonId: string, from: string, to: string, enabled = true) {
  return useQuery<WaitingEntry[]>({
    enabled,
    queryKey: waitingListKeys.days(salonId, from, to),
    queryFn: async () =>
      ((await (await apiRequest('GET', waitingListUrl(salonId, from, to))).json()) as WaitingList).entries,
    // An entry taken off the list is no longer waiting: the dashboard does not show it.
    select: (entries) => entries.filter((entry) => entry.status !== 'removed'),
    staleTime: 30_000,
    refetchInterval: ONE_MINUTE,
    refetchOnWindowFocus: true,
  })
}

/** Puts a customer on the list for a day (POST …/waiting-list); the lists shown read again. */
export function useAddToWaitingList(salonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: WaitingEntryInput) =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/waiting-list`, input)).json()) as WaitingEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitingListKeys.all(salonId) }),
  })
}

/** Takes a customer off the list (DELETE …/waiting-list/:entryId); the lists shown read again. */
export function useRemoveFromWaitingList(salonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (entryId: string) => {
      await apiRequest('DELETE', `/api/salons/${salonId}/waiting-list/${entryId}`)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitingListKeys.all(salonId) }),
  })
}
