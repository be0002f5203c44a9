// The sign-in codes without zod: the ambassador page reads them from its address on its first load.

/** Why the ambassador sign-in came back to `/ambassador?error=…` (spec §8). */

export const AMBASSADOR_SIGN_IN_ERRORS = [
  'auth_failed',
  'invalid_access_code',
  'token_invalid',
  'creation_failed',
  'callback_error',
] as const
export type AmbassadorSignInError = (typeof AMBASSADOR_SIGN_IN_ERRORS)[number]
