import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TimeOff, WorkingHours } from '../../../../common/schemas/schedule'
import { ApiError, apiRequest } from '../../../lib/api'
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
 * week) and the dashboard (which day "Réservations du jour" shows depends on today's closing time).
 */
function useInvalidate(salonId: string, list: 'workingHours' | 'timeOff') {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [salonKeys[list](salonId), salonKeys.salon(salonId), salonKeys.dashboard(salonId)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, exact: true }),
      ),
    )
}

export function useSaveWorkingHours(salonId: string) {
  const invalidate = useInvalidate(salonId, 'workingHours')
  return useMutation({
    mutationFn: async (body: WorkingHoursBody) =>
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
