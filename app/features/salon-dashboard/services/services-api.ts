import { apiRequest, FIVE_MINUTES } from '@app/lib/api'
import type { OwnerService, ServiceCreateInput, ServiceUpdateInput } from '@common/schemas/catalog'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { salonKeys } from '../dashboard-api'

/** The salon's services as the owner edits them (GET /api/salons/:id/services gives them so). */
export function useOwnerServices(salonId: string) {
  return useQuery<OwnerService[]>({
    queryKey: salonKeys.services(salonId),
    staleTime: FIVE_MINUTES,
    gcTime: 2 * FIVE_MINUTES,
  })
}

/** After any change: the services again, and the dashboard's figures (active services). */
function useRefresh(salonId: string) {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: salonKeys.services(salonId) })
    void queryClient.invalidateQueries({ queryKey: salonKeys.dashboard(salonId) })
  }
}

export function useCreateService(salonId: string) {
  const refresh = useRefresh(salonId)
  return useMutation({
    mutationFn: async (input: ServiceCreateInput) =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/services`, input)).json()) as OwnerService,
    onSuccess: refresh,
  })
}

export function useEditService(salonId: string) {
  const refresh = useRefresh(salonId)
  return useMutation({
    mutationFn: async ({ id, ...changes }: ServiceUpdateInput & { id: string }) =>
      (await (await apiRequest('PATCH', `/api/salons/${salonId}/services/${id}`, changes)).json()) as OwnerService,
    onSuccess: refresh,
  })
}

/**
 * Saves a new order. The list moves at once (the arrows answer without a wait) and comes back as it
 * was if the server refuses; either way it is read again afterwards.
 */
export function useReorderServices(salonId: string) {
  const queryClient = useQueryClient()
  const key = salonKeys.services(salonId)
  return useMutation({
    mutationFn: async (ordered: OwnerService[]) =>
      (await (
        await apiRequest('PUT', `/api/salons/${salonId}/services/order`, { serviceIds: ordered.map((s) => s.id) })
      ).json()) as OwnerService[],
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<OwnerService[]>(key)
      queryClient.setQueryData(key, ordered)
      return { before }
    },
    onError: (_error, _ordered, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}

/** The list with the service at `index` swapped with its neighbour above (-1) or below (+1). */
export function moved<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction
  if (target < 0 || target >= list.length) return [...list]
  const next = [...list]
  ;[next[index], next[target]] = [next[target] as T, next[index] as T]
  return next
}
