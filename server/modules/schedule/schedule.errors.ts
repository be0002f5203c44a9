import type { AffectedBooking } from '@common/schemas/schedule'
import { badRequest, conflict, notFound } from '@server/errors'

/** A member named who is not one of the salon's (the team's error too: team.errors.ts). */
export const memberNotFound = () =>
  notFound('team.member_not_found', 'No active team member with this id in this salon')
export const timeOffNotFound = () => notFound('schedule.time_off_not_found', 'No such absence for this salon')
export const timeOffEndsBeforeStart = () =>
  badRequest(
    'schedule.time_off_end_before_start',
    'The absence must end after it starts (a date as end date is the last day away, included)',
  )
export const timeOffOverlaps = (existing: { startDate: string; endDate: string }) =>
  conflict(
    'schedule.time_off_overlaps',
    `This absence overlaps another one (${existing.startDate} – ${existing.endDate})`,
    { existing },
  )
export const timeOffTooLong = () => badRequest('schedule.time_off_too_long', 'An absence lasts at most 366 days')

/** A change would leave bookings outside working time: nothing saved; the body lists them (AffectedBooking[]). */
export const bookingsAffected = (bookings: AffectedBooking[]) =>
  conflict(
    'schedule.bookings_affected',
    `This change leaves ${bookings.length} booking(s) outside working time; send it again with affectedBookings 'keep' (they stay) or 'cancel' (they are cancelled and the customers told)`,
    { bookings },
  )
export const recurringBlockNotFound = () => notFound('schedule.block_not_found', 'No such weekly block for this salon')
