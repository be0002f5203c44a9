import { AppError } from '@server/errors'

export const calendarNotConnected = () => new AppError('calendar.not_connected', 409, 'Connect a calendar first.')
export const calendarReconnectRequired = () =>
  new AppError(
    'calendar.reconnect_required',
    409,
    'The calendar no longer accepts this connection; please connect it again.',
  )
export const calendarNotFound = () => new AppError('calendar.not_found', 404, 'This salon has no calendar of that id.')
export const calendarIsSignIn = () =>
  new AppError(
    'calendar.is_sign_in',
    409,
    'This calendar is the one you sign in with: choose another to receive bookings, or disconnect to sign out.',
  )
export const calendarNotWriter = () =>
  new AppError('calendar.not_writer', 409, "A team member's own calendar cannot receive the salon's bookings.")

/**
 * How a provider tells calendar sync that a call failed. Each carries the stable code the
 * dashboard shows (`lastError`), so a provider keeps its own words (Google's `google_unavailable`).
 */
export class CalendarFailure extends Error {
  constructor(
    readonly kind: 'revoked' | 'throttled' | 'unavailable' | 'refused',
    readonly code: string,
    message: string,
    readonly retryAfterMs = 0,
  ) {
    super(message)
    this.name = 'CalendarFailure'
  }
}

/** The provider no longer accepts our access: the calendar waits for the owner to connect it again. */
export const calendarAccessRevoked = (message: string) => new CalendarFailure('revoked', 'reconnect_required', message)
/** The provider asked us to wait: the same work is retried after `retryAfterMs`, without counting a failure. */
export const calendarThrottled = (retryAfterMs: number, message: string) =>
  new CalendarFailure('throttled', 'throttled', message, retryAfterMs)
/** Down, slow or answering 5xx: retried with backoff. */
export const calendarUnavailable = (message: string, code = 'unavailable') =>
  new CalendarFailure('unavailable', code, message)
/** The provider refused what we sent (a 4xx that is not about access): recorded, retried like the rest. */
export const calendarRefused = (message: string, code = 'refused') => new CalendarFailure('refused', code, message)
