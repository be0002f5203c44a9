// The sign-in codes without zod: the professional page reads them from its address on its first load.

/**
 * Why a sign-in came back without a session: `/professional?error=<code>` (or `/admin?error=…`),
 * with `expected=<masked e-mail>` for a wrong account.
 */

export const SIGN_IN_ERRORS = [
  'wrong_account',
  'access_denied',
  'invalid_state',
  'auth_failed',
  'no_authorized_account',
  'salon_inactive',
  'not_admin',
] as const
export type SignInError = (typeof SIGN_IN_ERRORS)[number]

export const SIGN_IN_PURPOSES = ['professional', 'admin', 'ambassador'] as const
export type SignInPurpose = (typeof SIGN_IN_PURPOSES)[number]
