import { AppError } from '@server/errors'

export const whatsappNotConfigured = () =>
  new AppError('whatsapp.not_configured', 409, 'WhatsApp is not configured on this server.')
export const whatsappWebhookUnavailable = () =>
  new AppError('whatsapp.not_configured', 404, 'WhatsApp is not configured on this server.')
export const whatsappSignatureRefused = () =>
  new AppError('whatsapp.forbidden', 401, 'The notification is not signed with our WhatsApp app secret.')
export const whatsappVerificationRefused = () =>
  new AppError('whatsapp.verify_refused', 403, 'The verify token does not match.')
export const whatsappSignupExpired = () =>
  new AppError(
    'whatsapp.signup_expired',
    400,
    'This WhatsApp signup has expired or was started in another browser: please start again.',
  )
export const whatsappNumberInUse = () =>
  new AppError('whatsapp.number_in_use', 409, 'This WhatsApp number is already connected to another salon.')
