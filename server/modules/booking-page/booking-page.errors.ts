import { AppError, conflict } from '@server/errors'

/** A link we never gave out (forged, cut short): no booking behind it, exactly as an unknown one. */
export const linkNotFound = () => new AppError('booking_page.not_found', 404, 'This link does not open any booking.')

/** The appointment is over: its link no longer opens anything. */
export const linkExpired = () =>
  new AppError('booking_page.expired', 410, 'This appointment is over: its link has expired.')

/** Inside the salon's cancellation notice: only the salon can change it now (its phone comes along). */
export const tooLateToChange = (phone: string | null) =>
  conflict('booking_page.too_late', 'It is too late to change this appointment here: please call the salon.', {
    phone,
  })
