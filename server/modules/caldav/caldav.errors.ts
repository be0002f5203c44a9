import { AppError } from '@server/errors'

export const caldavUnauthorized = () =>
  new AppError(
    'caldav.unauthorized',
    422,
    'The server refused this user name and password (for iCloud, use an app-specific password).',
  )
export const caldavNotCaldav = () =>
  new AppError('caldav.not_caldav', 422, 'No calendar was found at this address: check the server address.')
export const caldavUnreachable = () =>
  new AppError('caldav.unreachable', 502, 'The calendar server could not be reached; please try again in a moment.')
export const caldavUrlRefused = () =>
  new AppError(
    'caldav.url_refused',
    400,
    'This address cannot be used: enter the https address of your calendar server.',
  )
export const caldavCalendarUnknown = () =>
  new AppError(
    'caldav.calendar_unknown',
    422,
    'This calendar is not one of the account’s: search for the calendars again.',
  )
