import { ApiError, apiRequest } from '@app/lib/api'
import {
  MIN_CHARGE_MINOR,
  type PaymentFigures,
  type PaymentPolicies,
  type PaymentPolicy,
} from '@common/schemas/payments'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'

const ONE_MINUTE = 60 * 1000

/** The overview's period: the last 30 days. */
export const FIGURES_DAYS = 30

/**
 * Query keys of the payments' screens, joined with '/' into the URL they read (as the dashboard's
 * others are: the default query function does so).
 */
export const paymentKeys = {
  policies: (salonId: string) => ['/api/salons', salonId, 'payment-policies'],
  figures: (salonId: string, days = FIGURES_DAYS) => ['/api/salons', salonId, `payment-figures?days=${days}`],
}

/**
 * Every service's deposit or guarantee, and whether the salon can ask for money now (GET
 * …/payment-policies). Read again after a minute: the owner may have finished their Stripe account
 * in another tab meanwhile.
 */
export function usePaymentPolicies(salonId: string) {
  return useQuery<PaymentPolicies>({
    queryKey: paymentKeys.policies(salonId),
    staleTime: ONE_MINUTE,
    gcTime: 5 * ONE_MINUTE,
  })
}

/** The money of the last 30 days and the no-show rate before and since the first payment (GET …/payment-figures). */
export function usePaymentFigures(salonId: string) {
  return useQuery<PaymentFigures>({
    queryKey: paymentKeys.figures(salonId),
    staleTime: ONE_MINUTE,
    gcTime: 5 * ONE_MINUTE,
  })
}

/**
 * Saves a service's policy (PUT …/services/:serviceId/payment-policy; none removes it). The list's
 * badges follow at once from the answer; the policies are read again afterwards.
 */
export function useSavePaymentPolicy(salonId: string) {
  const queryClient = useQueryClient()
  const key = paymentKeys.policies(salonId)
  return useMutation({
    mutationFn: async ({ serviceId, policy }: { serviceId: string; policy: PaymentPolicy }) =>
      (await (
        await apiRequest('PUT', `/api/salons/${salonId}/services/${serviceId}/payment-policy`, policy)
      ).json()) as PaymentPolicy,
    onSuccess: (saved, { serviceId }) => {
      queryClient.setQueryData<PaymentPolicies>(key, (current) => {
        if (!current) return current
        const { [serviceId]: _previous, ...others } = current.policies
        return { ...current, policies: saved.kind === 'none' ? others : { ...others, [serviceId]: saved } }
      })
      void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}

/** The server's refusals of a policy, by their stable codes. */
const REFUSALS: Record<string, string> = {
  'payments.not_ready': 'paymentPolicy.errors.notReady',
  'payments.service_not_found': 'paymentPolicy.errors.serviceNotFound',
}

/** Why a policy was not saved, in the interface language: the code's text, else a general sentence (never the server's English). */
export function paymentPolicyErrorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined
  const key = code ? REFUSALS[code] : undefined
  return t(key ?? (error instanceof ApiError ? 'paymentPolicy.errors.generic' : 'paymentPolicy.errors.network'))
}

/**
 * What a booking of a service at `priceMinor` is asked under a policy, as the server computes it: a
 * deposit (a percentage rounded to the cent, at least the smallest charge, never more than the
 * price) or a guarantee's fee; undefined when nothing is asked (none, or a service too cheap for
 * the smallest charge).
 */
export function askedBy(
  policy: PaymentPolicy,
  priceMinor: number,
): { kind: 'deposit' | 'guarantee'; amountMinor: number } | undefined {
  if (policy.kind === 'none') return undefined
  if (policy.kind === 'guarantee') return { kind: 'guarantee', amountMinor: policy.feeMinor }
  const wanted =
    policy.deposit.type === 'fixed'
      ? policy.deposit.amountMinor
      : Math.max(MIN_CHARGE_MINOR, Math.round((priceMinor * policy.deposit.percent) / 100))
  const amountMinor = priceMinor > 0 ? Math.min(wanted, priceMinor) : wanted
  return amountMinor < MIN_CHARGE_MINOR ? undefined : { kind: 'deposit', amountMinor }
}
