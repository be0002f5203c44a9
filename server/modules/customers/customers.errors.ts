import type { UpcomingBooking } from '@common/schemas/customers'
import { AppError, conflict, notFound } from '@server/errors'

/** Another salon's customer answers exactly as an unknown id: ids reveal nothing about other salons. */
export const customerNotFound = () => notFound('customers.not_found', 'This customer does not exist.')

export const customerAlreadyErased = () =>
  conflict('customers.already_erased', "This customer's personal data has already been erased.")

/** Erasing is refused while appointments are to come: nothing is cancelled behind the salon's back. */
export const customerHasUpcomingBookings = (upcoming: UpcomingBooking[]) =>
  conflict(
    'customers.has_upcoming_bookings',
    `This customer still has ${upcoming.length} appointment(s) to come (${upcoming
      .map((b) => `${b.localDate} ${b.localTime} ${b.service}`)
      .join(', ')}). Cancel them first, then erase the customer.`,
    { upcoming },
  )

/** An erased customer keeps their bookings' figures but takes no new appointment (nothing left to call them by). */
export const customerErased = () =>
  new AppError(
    'customers.erased',
    422,
    "This customer's personal data was erased: book the appointment for a new customer instead.",
  )
