import { apiRequest } from '@app/lib/api'
import type { VisitBooked, VisitBookInput, VisitPlan, VisitPlanInput } from '@common/schemas/desk-visit'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { refreshAfterBookingChange } from './desk-api'

/** The desk's check of a visit: every occurrence, who does what when, and what does not fit. */
export function useCheckVisit(salonId: string) {
  return useMutation({
    mutationFn: async (input: VisitPlanInput) =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/visits/check`, input)).json()) as VisitPlan,
  })
}

/** Books the visit's occurrences but those left out, all at once; what shows bookings reads again. */
export function useBookVisit(salonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: VisitBookInput) =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/visits`, input)).json()) as VisitBooked,
    onSuccess: () => refreshAfterBookingChange(queryClient, salonId),
  })
}
