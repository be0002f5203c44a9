import { AppError } from '@server/errors'

export const googleNotConfigured = () =>
  new AppError('auth.google_not_configured', 503, 'Google sign-in is not configured on this server.')
export const noAuthorizedAccount = (salonId: string) =>
  new AppError(
    'auth.no_authorized_account',
    409,
    `No Google account is authorised to sign in for ${salonId} yet; ask your ambassador or Salonia support.`,
  )
export const salonInactive = (salonId: string) =>
  new AppError('salons.inactive', 403, `The salon ${salonId} is not active.`)
export const invalidSignInState = () =>
  new AppError('auth.invalid_state', 400, 'This sign-in link has expired or was already used; please start again.')
export const demoSignInUnavailable = () =>
  new AppError('auth.demo_unavailable', 404, 'The demo sign-in is not available on this server.')
export const googleUnavailable = () =>
  new AppError('calendar.google_unavailable', 502, 'Google could not be reached; please try again in a moment.')

export { calendarNotConnected, calendarReconnectRequired } from '@server/modules/calendar-sync/calendar-sync.errors'
