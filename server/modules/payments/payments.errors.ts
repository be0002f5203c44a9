import { AppError } from '@server/errors'

export const nothingToSettle = () =>
  new AppError('payments.nothing_to_settle', 409, 'This booking has no payment waiting for that.')
export const serviceNotFound = () => new AppError('payments.service_not_found', 404, 'This service does not exist.')
export const paymentsNotReady = () =>
  new AppError(
    'payments.not_ready',
    409,
    'The salon cannot take payments yet: connect and finish the payment account first.',
  )
