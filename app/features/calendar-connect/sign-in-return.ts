import { freshSession } from '@app/lib/session'
import { SIGN_IN_ERRORS, type SignInError } from '@common/schemas/auth-codes'
import { useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'

/**
 * What Google sign-in (or the demo sign-in) said when it sent the browser back:
 * `?connected=true&salon=SAL001[&demo=true]` or `?error=<code>[&expected=<masked e-mail>][&salon=…]`.
 * The address does not name the account: URLs land in logs and the browser's history.
 */
export type SignInReturn =
  /** `demo`: signed in by the demo page, so no Google Calendar is actually linked. */
  | { kind: 'connected'; salonId?: string; demo: boolean }
  | { kind: 'error'; code: SignInError | 'unknown'; expected?: string; salonId?: string }

export type SignInFailure = Extract<SignInReturn, { kind: 'error' }>

/** A sign-in that succeeded, with the account the session now names (none if it cannot say). */
export type SignedIn = Extract<SignInReturn, { kind: 'connected' }> & { email?: string }

const isSignInError = (code: string): code is SignInError => (SIGN_IN_ERRORS as readonly string[]).includes(code)

export function readSignInReturn(search: string): SignInReturn | undefined {
  const params = new URLSearchParams(search)
  // `?calendar=microsoft&connected=true`: a calendar added from the dashboard, not a sign-in.
  if (params.has('calendar')) return undefined
  const value = (name: string) => params.get(name)?.trim() || undefined
  if (params.get('connected') === 'true') {
    return { kind: 'connected', salonId: value('salon'), demo: params.get('demo') === 'true' }
  }
  const code = value('error')
  if (!code) return undefined
  return {
    kind: 'error',
    code: isSignInError(code) ? code : 'unknown',
    expected: value('expected'),
    salonId: value('salon'),
  }
}

/**
 * Reads the sign-in answer once, then takes it out of the address bar (replace, not push: Back must
 * not bring the message back). `onConnected` runs once per answer, even under React's strict mode,
 * once the session (asked again: the cookie was just set) says who signed in.
 */
export function useSignInReturn(path: string, onConnected?: (answer: SignedIn) => void) {
  const search = useSearch()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const [answer, setAnswer] = useState(() => readSignInReturn(search))
  const handled = useRef<string>(undefined)

  useEffect(() => {
    const current = readSignInReturn(search)
    if (!current || handled.current === search) return
    handled.current = search
    setAnswer(current)
    if (current.kind === 'connected') {
      // The cookie was just set: whatever the session said before is out of date.
      void freshSession(queryClient).then((session) =>
        onConnected?.({ ...current, email: session.isAuthenticated ? session.user?.email : undefined }),
      )
    }
    navigate(path, { replace: true })
  }, [search, path, navigate, queryClient, onConnected])

  return { answer, dismiss: () => setAnswer(undefined) }
}

/** Why a sign-in came back without a session, in the visitor's words. */
export function signInErrorText(code: SignInError | 'unknown', expected: string | undefined, t: TFunction): string {
  switch (code) {
    case 'wrong_account':
      return expected
        ? t('calendarConnect.signInErrors.wrongAccountExpected', { expected })
        : t('calendarConnect.signInErrors.wrongAccount')
    case 'access_denied':
      return t('calendarConnect.signInErrors.accessDenied')
    case 'invalid_state':
      return t('calendarConnect.signInErrors.invalidState')
    case 'auth_failed':
      return t('calendarConnect.signInErrors.authFailed')
    case 'no_authorized_account':
      return t('calendarConnect.errors.noAuthorizedAccount')
    case 'salon_inactive':
      return t('calendarConnect.errors.salonInactive')
    case 'not_admin':
      return t('calendarConnect.signInErrors.notAdmin')
    default:
      return t('calendarConnect.signInErrors.unknown')
  }
}
