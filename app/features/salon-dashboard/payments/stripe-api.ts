import { toast } from '@app/components/ui/toast-store'
import { ApiError, apiRequest } from '@app/lib/api'
import { type PaymentAccountCard, paymentAccountCardSchema, paymentOnboardingSchema } from '@common/schemas/payments'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { rememberTab } from '../dashboard-tabs'
import { paymentKeys } from '../services/payment-policy-api'

/** Like `salonKeys`, the key is also the URL it reads. */
export const stripeKey = (salonId: string) => ['/api/salons', salonId, 'stripe']

/** Back from Stripe, the card is read this often… */
export const STRIPE_RETURN_POLL_MS = 2000
/** …for this long at most (a job reads the account again; Stripe's own events may follow later). */
export const STRIPE_RETURN_WATCH_MS = 20_000

/** Where Stripe sends the owner back: `/professional?stripe=returned`. */
const RETURN_PARAM = 'stripe'
const RETURN_VALUE = 'returned'

export function isStripeReturn(search: string): boolean {
  return new URLSearchParams(search).get(RETURN_PARAM) === RETURN_VALUE
}

/** Takes `stripe=returned` out of the address bar (replace: a reload or Back must not repeat it). */
function clearStripeReturn(): void {
  const url = new URL(window.location.href)
  url.searchParams.delete(RETURN_PARAM)
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

/**
 * What Stripe still needs, in the owner's words: its requirement names (`external_account`,
 * `individual.verification.document`…) grouped by topic, in a fixed order, the rest as "other".
 */
export const MISSING_TOPICS = [
  'bankAccount',
  'website',
  'identity',
  'terms',
  'individual',
  'representative',
  'company',
  'business',
  'other',
] as const
export type MissingTopic = (typeof MISSING_TOPICS)[number]

export function missingTopic(requirement: string): MissingTopic {
  if (requirement === 'external_account' || requirement.startsWith('external_account.')) return 'bankAccount'
  if (requirement === 'business_profile.url') return 'website'
  // A person's identity document (the owner, the representative, another person of the company).
  if (/^(individual|representative|person_[^.]+)\.verification\.(additional_)?document/.test(requirement)) {
    return 'identity'
  }
  if (requirement.startsWith('tos_acceptance.')) return 'terms'
  if (requirement.startsWith('individual.')) return 'individual'
  if (requirement.startsWith('representative.')) return 'representative'
  if (requirement.startsWith('company.')) return 'company'
  if (requirement.startsWith('business_profile.')) return 'business'
  return 'other'
}

export function missingTopics(missing: readonly string[]): MissingTopic[] {
  const topics = new Set(missing.map(missingTopic))
  return MISSING_TOPICS.filter((topic) => topics.has(topic))
}

/** What counts as a change of the account while watching it: its state and what it still needs. */
const fingerprint = (card: PaymentAccountCard | undefined) =>
  card ? [card.state, card.chargesEnabled, card.payoutsEnabled, ...card.missing].join('|') : ''

type ReturnPhase = 'none' | 'refreshing' | 'watching' | 'done'

/**
 * The salon's payment account card as the server keeps it (it never asks Stripe on this read),
 * read again when the owner comes back to the tab. Back from Stripe's onboarding
 * (`?stripe=returned`), once per return: the parameter leaves the address bar, the server is
 * asked to read the account again (POST …/refresh, which answers the card at once), then the card
 * is read every 2 s for 20 s at most — until it is ready, or changed and then stayed the same.
 */
export function useStripeAccount(salonId: string) {
  const queryClient = useQueryClient()
  const [phase, setPhase] = useState<ReturnPhase>(() =>
    typeof window !== 'undefined' && isStripeReturn(window.location.search) ? 'refreshing' : 'none',
  )
  const card = useQuery<PaymentAccountCard>({
    queryKey: stripeKey(salonId),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchInterval: phase === 'watching' ? STRIPE_RETURN_POLL_MS : false,
  })
  const started = useRef(false)
  const watched = useRef({ first: '', last: '' })

  useEffect(() => {
    if (phase !== 'refreshing' || started.current) return
    // Once, even under React's strict mode (its second run keeps this ref).
    started.current = true
    clearStripeReturn()
    const watch = (from: PaymentAccountCard | undefined) => {
      watched.current = { first: fingerprint(from), last: fingerprint(from) }
      setPhase(from?.state === 'ready' ? 'done' : 'watching')
    }
    apiRequest('POST', `/api/salons/${salonId}/stripe/refresh`)
      .then(async (answer) => paymentAccountCardSchema.parse(await answer.json()))
      .then(
        (fresh) => {
          queryClient.setQueryData(stripeKey(salonId), fresh)
          watch(fresh)
        },
        (error) => {
          // No Stripe on this server (no such route): nothing to follow.
          if (error instanceof ApiError && error.status === 404) return setPhase('done')
          // Otherwise followed all the same: Stripe's own events may turn the card ready meanwhile.
          watch(queryClient.getQueryData<PaymentAccountCard>(stripeKey(salonId)))
        },
      )
  }, [phase, salonId, queryClient])

  // Each read while watching (dataUpdatedAt: an identical answer keeps the same data object).
  const { data, dataUpdatedAt } = card
  useEffect(() => {
    if (phase !== 'watching' || !data || !dataUpdatedAt) return
    const now = fingerprint(data)
    const settled = now !== watched.current.first && now === watched.current.last
    watched.current.last = now
    if (data.state === 'ready' || settled) setPhase('done')
  }, [phase, data, dataUpdatedAt])

  useEffect(() => {
    if (phase !== 'watching') return
    const timer = setTimeout(() => setPhase('done'), STRIPE_RETURN_WATCH_MS)
    return () => clearTimeout(timer)
  }, [phase])

  // Ready now (or no longer): the services' deposits and guarantees apply, or no longer do.
  const state = data?.state
  const previous = useRef(state)
  useEffect(() => {
    if (previous.current && state && previous.current !== state) refreshPolicies(queryClient, salonId)
    previous.current = state
  }, [state, queryClient, salonId])

  return { card, returned: phase !== 'none', checking: phase === 'refreshing' || phase === 'watching' }
}

/** The services' policies say whether they apply (the account's readiness): read them again. */
function refreshPolicies(queryClient: QueryClient, salonId: string) {
  void queryClient.invalidateQueries({ queryKey: paymentKeys.policies(salonId) })
}

/** Why Stripe's onboarding could not be opened, in words: Stripe down, no Stripe on this server, else in general. */
export function onboardingErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'stripe.unavailable') return t('paymentAccount.errors.unavailable')
    if (error.code === 'stripe.not_configured') return t('paymentAccount.errors.notConfigured')
  }
  return t('paymentAccount.errors.unknown')
}

/**
 * Connect, or continue onboarding: the server gives a fresh link to Stripe's hosted onboarding and
 * the browser leaves for it (a full page: Stripe sends it back to `/professional?stripe=returned`).
 * The dashboard is told to open on the overview then, where this card is. The button stays busy
 * until the page is left; a failure resets it and says why.
 */
export function useStripeOnboarding(salonId: string) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const answer = await apiRequest('POST', `/api/salons/${salonId}/stripe/onboarding`)
      const { url } = paymentOnboardingSchema.parse(await answer.json())
      // Only a web address: never a script's.
      if (!/^https?:$/.test(new URL(url, window.location.href).protocol)) throw new Error('Not a web address')
      return url
    },
    onSuccess: (url) => {
      rememberTab('overview')
      window.location.assign(url)
    },
    onError: (error) => {
      toast({
        title: t('paymentAccount.toasts.openFailed'),
        description: onboardingErrorText(t, error),
        tone: 'destructive',
      })
      // The server may have changed since the card was read (Stripe no longer configured).
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: stripeKey(salonId) })
      }
    },
  })
}

/**
 * Disconnect: nothing new is asked for; what was paid stays paid and can still be refunded. The
 * card is read again. `onSettled` closes the confirmation either way, as WhatsApp's does.
 */
export function useStripeDisconnect(salonId: string, onSettled: () => void) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/salons/${salonId}/stripe/disconnect`),
    onSettled,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: stripeKey(salonId) })
      toast({
        title: t('paymentAccount.toasts.disconnected'),
        description: t('paymentAccount.toasts.disconnectedText'),
        tone: 'success',
      })
    },
    onError: () =>
      toast({
        title: t('paymentAccount.toasts.error'),
        description: t('paymentAccount.toasts.disconnectFailedText'),
        tone: 'destructive',
      }),
  })
}
