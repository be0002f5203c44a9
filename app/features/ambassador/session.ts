import { toast } from '@app/components/ui/toast-store'
import { ApiError, apiRequest } from '@app/lib/api'
import { AMBASSADOR_SESSION_KEY, AMBASSADOR_SIGNED_OUT } from '@app/lib/session'
import type { AmbassadorSession } from '@common/schemas/ambassador'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { AMBASSADOR_KEY, useAmbassadorDashboard } from './ambassador-api'

/**
 * The signed-in ambassador, for the pages that need one (spec §6): when the dashboard cannot be
 * read — no session (401), a refusal, or no connection — a toast says so and the browser goes back
 * to /ambassador, once.
 */
export function useSignedInAmbassador() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const dashboard = useAmbassadorDashboard()
  const left = useRef(false)
  const signedOut = dashboard.data === null
  const { isError, error } = dashboard

  useEffect(() => {
    if (left.current || !(signedOut || isError)) return
    left.current = true
    // The navigation, too, stops showing an ambassador whose session has ended.
    if (signedOut) queryClient.setQueryData<AmbassadorSession>(AMBASSADOR_SESSION_KEY, AMBASSADOR_SIGNED_OUT)
    if (isError && !(error instanceof ApiError)) {
      toast({
        title: t('ambassador.dashboard.connectionError'),
        description: t('ambassador.dashboard.connectionErrorText'),
        tone: 'destructive',
      })
    } else {
      toast({
        title: t('ambassador.dashboard.loadFailed'),
        description: signedOut ? t('ambassador.dashboard.signInAgain') : t('ambassador.dashboard.loadFailedText'),
        tone: 'destructive',
      })
    }
    navigate('/ambassador', { replace: true })
  }, [signedOut, isError, error, navigate, t, queryClient])

  return dashboard.data ?? undefined
}

/** POST /api/ambassador/logout, then back to the sign-in with the area's answers forgotten. */
export function useAmbassadorLogout() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/ambassador/logout'),
    onSuccess: () => {
      toast({ title: t('ambassador.dashboard.loggedOut'), tone: 'success' })
      // Leave first: removed answers would otherwise be read again by the page being left.
      navigate('/ambassador')
      queryClient.removeQueries({ queryKey: AMBASSADOR_KEY })
      queryClient.setQueryData<AmbassadorSession>(AMBASSADOR_SESSION_KEY, AMBASSADOR_SIGNED_OUT)
    },
    onError: () => toast({ title: t('ambassador.dashboard.logoutFailed'), tone: 'destructive' }),
  })
}
