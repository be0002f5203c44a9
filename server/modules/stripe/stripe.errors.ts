import { AppError } from '@server/errors'

export const stripeNotConfigured = () =>
  new AppError('stripe.not_configured', 409, 'Stripe is not configured on this server.')
export const stripeWebhookUnavailable = () =>
  new AppError('stripe.not_configured', 404, 'Stripe is not configured on this server.')
export const stripeUnavailable = () =>
  new AppError('stripe.unavailable', 503, 'Stripe cannot be reached right now: please try again in a moment.')
export const stripeSignatureRefused = () =>
  new AppError('stripe.forbidden', 400, 'The event is not signed with our Stripe webhook secret.')
export const stripeEventInvalid = () => new AppError('stripe.invalid_body', 400, 'The event is not JSON.')
