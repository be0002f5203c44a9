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

/** Merging a customer's file into itself: a caller's mistake. */
export const mergeSameCustomer = () =>
  new AppError('customers.merge_same', 422, 'Choose another customer to merge into this one.')

/**
 * One person cannot sit in two chairs at once: two appointments to come that overlap, one in each
 * file, must be moved or cancelled before the files become one.
 */
export const mergeOverlap = (upcoming: UpcomingBooking[]) =>
  conflict(
    'customers.merge_overlap',
    `These appointments to come overlap (${upcoming
      .map((b) => `${b.localDate} ${b.localTime} ${b.service}`)
      .join(', ')}): move or cancel one of them before merging.`,
    { upcoming },
  )

/** Both files' notes together would be longer than a note may be. */
export const mergeNotesTooLong = (max: number) =>
  new AppError(
    'customers.merge_notes_too_long',
    422,
    `Both notes together exceed ${max} characters: shorten one first.`,
  )
