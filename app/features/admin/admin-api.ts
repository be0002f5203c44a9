import { ApiError, apiRequest } from '@app/lib/api'
import type { AccessCode, AdminAmbassador, AdminOverview, AdminSalonDetails, FailedJobs } from '@common/schemas/admin'
import type { ActivationMailSent } from '@common/schemas/ambassador'
import type { Service } from '@common/schemas/catalog'
import type { Salon } from '@common/schemas/salon'
import type { WaitlistReferral } from '@common/schemas/waitlist'
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'

/**
 * Query keys of the administration panel. The default query function joins a key with '/', so each
 * key is also the URL it reads.
 */
export const adminKeys = {
  overview: ['/api/admin/overview'],
  salons: ['/api/salons'],
  services: ['/api/services'],
  salon: (salonId: string) => ['/api/admin/salons', salonId],
  accessCodes: ['/api/admin/access-codes'],
  waitlist: ['/api/admin/waitlist'],
  ambassadors: ['/api/admin/ambassadors'],
  failedJobs: ['/api/admin/jobs/failed'],
} as const

/** Every list and figure of the panel: a change to one salon can move any of them. */
const EVERY_KEY: QueryKey[] = [
  adminKeys.overview,
  adminKeys.salons,
  adminKeys.services,
  ['/api/admin/salons'],
  adminKeys.accessCodes,
  adminKeys.waitlist,
  adminKeys.ambassadors,
  adminKeys.failedJobs,
]

/** Refetches all the panel shows (after a change, or on the "refresh" button). */
export function useRefreshAdminData() {
  const queryClient = useQueryClient()
  return () => Promise.all(EVERY_KEY.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

export const useAdminOverview = () => useQuery<AdminOverview>({ queryKey: adminKeys.overview })
export const useAdminSalons = () => useQuery<Salon[]>({ queryKey: adminKeys.salons })
export const useAdminServices = () => useQuery<Service[]>({ queryKey: adminKeys.services })
export const useAccessCodes = () => useQuery<AccessCode[]>({ queryKey: adminKeys.accessCodes })
export const useWaitlist = () => useQuery<WaitlistReferral[]>({ queryKey: adminKeys.waitlist })
export const useAdminAmbassadors = () => useQuery<AdminAmbassador[]>({ queryKey: adminKeys.ambassadors })
export const useFailedJobs = () => useQuery<FailedJobs>({ queryKey: adminKeys.failedJobs })

export function useAdminSalonDetails(salonId: string | undefined) {
  return useQuery<AdminSalonDetails>({ queryKey: adminKeys.salon(salonId ?? ''), enabled: salonId !== undefined })
}

/** What the salon dialog sends: `adminSalonInputSchema` (create) or a part of it (update). */
export interface SalonInput {
  name: string
  address: string
  country: string
  contactEmail: string
  authorizedGoogleEmail: string | null
  isActive: boolean
}

/** `POST /api/admin/salons` ("Nouveau Salon") → 201 with the salon and its new public ID. */
export function useCreateSalon() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async (input: SalonInput) =>
      (await (await apiRequest('POST', '/api/admin/salons', input)).json()) as Salon,
    onSuccess: () => refresh(),
  })
}

/** `PATCH /api/admin/salons/:id` with the fields that changed. */
export function useUpdateSalon() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async ({ salonId, changes }: { salonId: string; changes: Partial<SalonInput> }) =>
      (await (await apiRequest('PATCH', `/api/admin/salons/${salonId}`, changes)).json()) as Salon,
    onSuccess: () => refresh(),
  })
}

/** `POST /api/admin/salons/:id/resend-activation-email`: where the e-mail went, for the toast. */
export function useResendActivationEmail() {
  return useMutation({
    mutationFn: async (salonId: string) =>
      (await (
        await apiRequest('POST', `/api/admin/salons/${encodeURIComponent(salonId)}/resend-activation-email`)
      ).json()) as ActivationMailSent,
  })
}

/** The funnel's actions on a waitlist entry; each reads the panel again (figures, salons, ambassadors). */
export function useUpdateWaitlistEntry() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async ({
      id,
      changes,
    }: {
      id: string
      changes: { status?: 'pending' | 'contacted'; ambassadorId?: string | null }
    }) => (await (await apiRequest('PATCH', `/api/admin/waitlist/${id}`, changes)).json()) as WaitlistReferral,
    onSuccess: () => refresh(),
  })
}

export function useActivateWaitlistEntry() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async ({ id, authorizedEmail }: { id: string; authorizedEmail: string }) =>
      (await (
        await apiRequest('POST', `/api/admin/waitlist/${id}/activate`, { authorizedEmail })
      ).json()) as ActivationMailSent,
    onSuccess: () => refresh(),
  })
}

export function useLinkWaitlistEntry() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async ({ id, salonId }: { id: string; salonId: string }) =>
      (await (await apiRequest('POST', `/api/admin/waitlist/${id}/link`, { salonId })).json()) as WaitlistReferral,
    onSuccess: () => refresh(),
  })
}

export function useDeleteWaitlistEntry() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/admin/waitlist/${id}`)
    },
    onSuccess: () => refresh(),
  })
}

/** Deactivates (their sessions end, their link credits nobody) or reactivates an ambassador. */
export function useSetAmbassadorActive() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) =>
      (await (
        await apiRequest('POST', `/api/admin/ambassadors/${id}/${isActive ? 'reactivate' : 'deactivate'}`)
      ).json()) as AdminAmbassador,
    onSuccess: () => refresh(),
  })
}

export interface CreatedAccessCode {
  accessCode: AccessCode
  /** The code in clear: the server never gives it again. */
  code: string
}

export function useCreateAccessCode() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async (label: string) =>
      (await (await apiRequest('POST', '/api/admin/access-codes', { label })).json()) as CreatedAccessCode,
    onSuccess: () => refresh(),
  })
}

export function useRevokeAccessCode() {
  const refresh = useRefreshAdminData()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('POST', `/api/admin/access-codes/${encodeURIComponent(id)}/revoke`)
    },
    onSuccess: () => refresh(),
  })
}

/**
 * `POST /api/admin/jobs/:id/retry`: the job goes back to its queue, so it leaves the failed list.
 * The outcome is told through the hook's callbacks, not `mutate()`'s: the list read again removes
 * the job's row, its button with it, and `mutate()`'s callbacks die with the component.
 */
export function useRetryFailedJob(outcome: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('POST', `/api/admin/jobs/${encodeURIComponent(id)}/retry`)
    },
    onSuccess: outcome.onSuccess,
    onError: outcome.onError,
    // Also after a 404: the job is no longer failed (someone retried it), the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.failedJobs }),
  })
}

/** The funnel's refusals, said in the interface language. */
const KNOWN_REFUSALS: Record<string, string> = {
  'waitlist.not_found': 'admin.errors.codes.entryNotFound',
  'waitlist.entry_converted': 'admin.errors.codes.entryConverted',
  'waitlist.salon_already_linked': 'admin.errors.codes.salonAlreadyLinked',
  'referrals.already_converted': 'admin.errors.codes.alreadyConverted',
  'referrals.no_authorized_email': 'admin.errors.codes.noAuthorizedEmail',
  'ambassadors.inactive': 'admin.errors.codes.ambassadorInactive',
  'ambassadors.not_found': 'admin.errors.codes.ambassadorNotFound',
  'salons.not_found': 'admin.errors.codes.salonNotFound',
}

/**
 * Why a call of the panel failed, in the interface language. The server's own message (English) is
 * added when it has one the panel has no words for, so an administrator still learns the reason.
 */
export function failureText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('admin.errors.network')
  const known = error.code ? KNOWN_REFUSALS[error.code] : undefined
  if (known) return t(known)
  if (error.status === 401) return t('admin.errors.signedOut')
  if (error.status === 403) return t('admin.errors.forbidden')
  if (error.status === 404) return t('admin.errors.notFound')
  const detail = error.body?.issues?.length ? undefined : error.body?.message
  return detail ? `${t('admin.errors.generic')} (${detail})` : t('admin.errors.generic')
}
