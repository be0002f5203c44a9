import { AppError } from '@server/errors'

/** The server has no Microsoft app (MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET): Outlook cannot be connected. */
export const microsoftNotConfigured = () =>
  new AppError('microsoft.not_configured', 503, 'Outlook calendars are not configured on this server.')

/** A notification that is neither Graph's handshake nor a readable list of notifications. */
export const microsoftInvalidNotification = () =>
  new AppError('microsoft.invalid_notification', 400, 'The notification is not one Microsoft Graph sends.')
