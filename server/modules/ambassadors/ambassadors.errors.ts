import { AppError, conflict, notFound } from '@server/errors'

export const referralNotFound = () => new AppError('referrals.not_found', 404, 'This referral does not exist.')
export const referralAlreadyConverted = (salonId: string | null) =>
  new AppError('referrals.already_converted', 409, `This salon is already activated${salonId ? ` (${salonId})` : ''}.`)
export const ownerHasSignedIn = () =>
  new AppError(
    'referrals.owner_signed_in',
    409,
    "The salon's owner has signed in: only the owner can change the salon's Google account now.",
  )
export const noAuthorizedEmail = () =>
  conflict('referrals.no_authorized_email', 'This salon has no authorised Google account to send sign-in details for.')
export const ambassadorSignInRequired = () => new AppError('auth.required', 401, 'Please sign in as an ambassador.')
export const ambassadorNotFound = () => notFound('ambassadors.not_found', 'This ambassador does not exist.')
export const ambassadorInactive = () =>
  conflict('ambassadors.inactive', 'This ambassador is deactivated: reactivate them before crediting them.')
