import { badRequest, conflict, unprocessable } from '@server/errors'

/** Every occurrence of the visit was left out: there is nothing to book. */
export const nothingToBook = () =>
  badRequest('bookings.visit_nothing_to_book', 'Every visit was left out: nothing to book')

/** One customer twice in one visit would be in two chairs at once. */
export const samePersonTwice = () =>
  unprocessable('bookings.visit_same_person', 'The same customer cannot come twice in one visit')

/** Some occurrences do not fit (any more): the desk shows the check again, nothing was booked. */
export const visitConflicts = (occurrences: number[]) =>
  conflict('bookings.visit_conflicts', 'Some of these visits do not fit any more; check them again', { occurrences })
