import { toast } from '@app/components/ui/toast-store'
import { ApiError, apiRequest } from '@app/lib/api'
import { useMutation } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Where Google sign-in starts for a salon's professional. */
export const salonAuthUrlEndpoint = (salonId: string) => `/api/google/auth-url/${encodeURIComponent(salonId)}`
/** Where Google sign-in starts for an administrator. */
export const ADMIN_AUTH_URL_ENDPOINT = '/api/google/admin-auth-url'

/** Asks the server where to send the browser; anything but JSON with an authUrl is a failure (spec §5). */
export async function fetchAuthUrl(endpoint: string): Promise<string> {
  const response = await apiRequest('GET', endpoint)
  // Checked by hand (authUrlSchema's shape): zod is not part of the connect form's first load.
  const body: unknown = await response.json().catch(() => undefined)
  const authUrl = typeof body === 'object' && body !== null ? (body as { authUrl?: unknown }).authUrl : undefined
  if (typeof authUrl !== 'string' || authUrl === '') throw new Error('The sign-in address is missing from the answer')
  return authUrl
}

/** What went wrong when asking for the sign-in address, in the visitor's words. */
export function authUrlErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'auth.no_authorized_account':
        return t('calendarConnect.errors.noAuthorizedAccount')
      case 'salons.inactive':
        return t('calendarConnect.errors.salonInactive')
      case 'auth.google_not_configured':
        return t('calendarConnect.errors.googleNotConfigured')
      case 'salons.not_found':
        return t('calendarConnect.errors.salonNotFound')
    }
    if (error.status === 400) return t('calendarConnect.errors.invalidId')
  }
  return t('calendarConnect.errors.tryAgain')
}

/**
 * Sends the browser to Google's consent (or the demo sign-in page): asks the server for the address,
 * then leaves the page. A failure is a destructive toast; `isPending` stays true while the browser
 * leaves, so the button keeps saying "Connexion..." instead of flashing back.
 */
export function useGoogleRedirect({ failureTitle }: { failureTitle: string }) {
  const { t } = useTranslation()
  const [leaving, setLeaving] = useState(false)
  const mutation = useMutation({
    mutationFn: fetchAuthUrl,
    onSuccess: (authUrl) => {
      setLeaving(true)
      window.location.assign(authUrl)
    },
    onError: (error) => toast({ title: failureTitle, description: authUrlErrorText(error, t), tone: 'destructive' }),
  })

  // Back from Google with the browser's back button, the page may come from the back-forward cache
  // as it was left: pending. Make it usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  return { redirect: mutation.mutate, isPending: mutation.isPending || leaving }
}
