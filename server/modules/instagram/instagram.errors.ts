import { AppError } from '@server/errors'

export const instagramNotConfigured = () =>
  new AppError('instagram.not_configured', 409, 'Instagram is not configured on this server.')
export const instagramNotConnected = () =>
  new AppError('instagram.not_connected', 409, "Connect the salon's Instagram account first.")
export const instagramUserNotFound = () =>
  new AppError('instagram.user_not_found', 404, 'This Instagram user has not written to the salon.')
export const instagramSignatureRefused = () =>
  new AppError('instagram.forbidden', 401, 'The notification is not signed with our Instagram app secret.')
export const instagramVerificationRefused = () =>
  new AppError('instagram.verify_refused', 403, 'The verify token does not match.')
export const instagramWebhookUnavailable = () =>
  new AppError('instagram.not_configured', 404, 'Instagram is not configured on this server.')
