import { AppError } from '@server/errors'

export const calendarNotConnected = () => new AppError('calendar.not_connected', 409, 'Connect Google Calendar first.')
export const calendarReconnectRequired = () =>
  new AppError('calendar.reconnect_required', 409, 'Google no longer accepts this connection; please sign in again.')
