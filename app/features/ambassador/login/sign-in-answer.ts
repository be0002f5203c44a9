import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AMBASSADOR_SIGN_IN_ERRORS, type AmbassadorSignInError } from '../../../../common/schemas/ambassador'

/** What the ambassador's Google sign-in said when it sent the browser back to /ambassador. */
export type AmbassadorSignInAnswer = { kind: 'success' } | { kind: 'error'; code: AmbassadorSignInError | 'unknown' }

const isKnownError = (code: string): code is AmbassadorSignInError =>
  (AMBASSADOR_SIGN_IN_ERRORS as readonly string[]).includes(code)

export function readSignInAnswer(search: string): AmbassadorSignInAnswer | undefined {
  const params = new URLSearchParams(search)
  const error = params.get('error')?.trim()
  if (error) return { kind: 'error', code: isKnownError(error) ? error : 'unknown' }
  if (params.has('success')) return { kind: 'success' }
  return undefined
}

/**
 * Spec §2: `?success=…` goes on to the dashboard; `?error=…` is kept on screen and taken out of the
 * address bar (replace: Back must not bring it back, and a reload must not show it again).
 */
export function useSignInAnswer() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const [failure, setFailure] = useState<AmbassadorSignInError | 'unknown'>()

  useEffect(() => {
    const answer = readSignInAnswer(search)
    if (!answer) return
    if (answer.kind === 'success') {
      navigate('/ambassador/dashboard', { replace: true })
      return
    }
    setFailure(answer.code)
    navigate('/ambassador', { replace: true })
  }, [search, navigate])

  return { failure, dismiss: () => setFailure(undefined) }
}

/** Spec §8's message for each sign-in failure; any other value is "unknown". */
export function signInErrorText(code: AmbassadorSignInError | 'unknown', t: TFunction): string {
  switch (code) {
    case 'auth_failed':
      return t('ambassador.login.errors.authFailed')
    case 'invalid_access_code':
      return t('ambassador.login.errors.invalidAccessCode')
    case 'token_invalid':
      return t('ambassador.login.errors.tokenInvalid')
    case 'creation_failed':
      return t('ambassador.login.errors.creationFailed')
    case 'callback_error':
      return t('ambassador.login.errors.callbackError')
    default:
      return t('ambassador.login.errors.unknown')
  }
}
