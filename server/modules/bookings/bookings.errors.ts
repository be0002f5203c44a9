import { AppError, badRequest, conflict, notFound } from '@server/errors'
import type { SlotRefusal } from '@server/modules/schedule/availability'

export const bookingNotFound = () => notFound('bookings.not_found', 'No such booking')
export const slotTaken = () =>
  conflict('bookings.slot_taken', 'This time slot has just been taken; please choose another one')
export const bookingNotHeld = () =>
  conflict('bookings.not_held', 'This booking is not waiting for a step any more (confirmed, or released)')
export const bookingCancelled = () => conflict('bookings.already_cancelled', 'This booking is cancelled')
export const bookingStarted = () =>
  new AppError('bookings.already_started', 422, 'This appointment has already started or is in the past')
export const appointmentPast = () =>
  new AppError('bookings.appointment_past', 422, 'This appointment was on an earlier day')
export const idempotencyKeyReused = () =>
  new AppError(
    'bookings.idempotency_key_reused',
    422,
    'This Idempotency-Key was already used for a different booking request',
  )
export const rangeTooLong = (maxDays: number) =>
  badRequest('bookings.range_too_long', `The period asked for is longer than ${maxDays} days`)
export const salonNotBooking = () =>
  new AppError('salons.inactive', 403, 'This salon is not taking bookings at the moment')
export const rangeInverted = () => badRequest('bookings.range_inverted', '"to" must be later than "from"')

const REFUSALS: Record<Exclude<SlotRefusal, 'taken'>, string> = {
  too_soon: "This time is too soon: bookings need at least the salon's minimum notice",
  beyond_horizon: 'This time is too far ahead: the salon takes bookings up to its booking horizon',
  closed_day: 'The salon is closed that day',
  time_off: 'The salon is closed then (absence)',
  outside_hours: 'This time is outside the opening hours',
  ends_after_closing: 'The service would end after closing time',
  off_grid: "Appointments start on the salon's slot grid (every 15 minutes by default)",
}

/** A requested start the engine does not offer: 409 when someone holds it, 422 otherwise. */
export function slotRefused(reason: SlotRefusal): AppError {
  if (reason === 'taken') return slotTaken()
  return new AppError('bookings.slot_unavailable', 422, REFUSALS[reason], { reason })
}

// ——— The booking desk ———

export const customerChoice = () =>
  badRequest(
    'bookings.customer_required',
    'Give exactly one of customerId (a customer the salon has) or customer (a new one)',
  )
export const forceNeedsMember = () =>
  badRequest('bookings.force_needs_member', 'A forced time needs the team member who performs it (memberId)')
export const memberAbsent = () =>
  new AppError(
    'bookings.member_absent',
    422,
    'The team member is absent then, or the salon is closed: even a forced time never falls in an absence',
  )
export const notStarted = () =>
  new AppError(
    'bookings.not_started',
    422,
    'This appointment has not begun yet: it can be marked as a no-show or as done once it has',
  )
