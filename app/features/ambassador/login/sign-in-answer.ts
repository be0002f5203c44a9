import { AMBASSADOR_SIGN_IN_ERRORS, type AmbassadorSignInError } from '@common/schemas/ambassador-codes'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'

/**
 * Why the sign-in came back: one of Google sign-in's refusals, or — before Google, from the server's
 * Google link — too many access-code checks from this connection, with the seconds to wait.
 */
export type SignInFailure =
  | { code: AmbassadorSignInError | 'unknown' }
  | { code: 'rate_limited'; retryAfterSeconds: number }

/** What the ambassador's Google sign-in said when it sent the browser back to /ambassador. */
export type AmbassadorSignInAnswer = { kind: 'success' } | ({ kind: 'error' } & SignInFailure)

const isKnownError = (code: string): code is AmbassadorSignInError =>
  (AMBASSADOR_SIGN_IN_ERRORS as readonly string[]).includes(code)

export function readSignInAnswer(search: string): AmbassadorSignInAnswer | undefined {
  const params = new URLSearchParams(search)
  const error = params.get('error')?.trim()
  if (error === 'rate_limited') {
    const seconds = Number(params.get('retryAfter'))
    return { kind: 'error', code: 'rate_limited', retryAfterSeconds: seconds > 0 ? Math.ceil(seconds) : 60 }
  }
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
  const [failure, setFailure] = useState<SignInFailure>()

  useEffect(() => {
    const answer = readSignInAnswer(search)
    if (!answer) return
    if (answer.kind === 'success') {
      navigate('/ambassador/dashboard', { replace: true })
      return
    }
    setFailure(
      answer.code === 'rate_limited'
        ? { code: answer.code, retryAfterSeconds: answer.retryAfterSeconds }
        : { code: answer.code },
    )
    navigate('/ambassador', { replace: true })
  }, [search, navigate])

  return { failure, dismiss: () => setFailure(undefined) }
}

/** Spec §8's message for each sign-in failure; any other value is "unknown". */
export function signInErrorText(failure: SignInFailure, t: TFunction): string {
  switch (failure.code) {
    case 'rate_limited':
      return t('ambassadorSignIn.rateLimited', { seconds: failure.retryAfterSeconds })
    case 'auth_failed':
      return t('ambassadorSignIn.errors.authFailed')
    case 'invalid_access_code':
      return t('ambassadorSignIn.errors.invalidAccessCode')
    case 'token_invalid':
      return t('ambassadorSignIn.errors.tokenInvalid')
    case 'creation_failed':
      return t('ambassadorSignIn.errors.creationFailed')
    case 'callback_error':
      return t('ambassadorSignIn.errors.callbackError')
    default:
      return t('ambassadorSignIn.errors.unknown')
  }
}
