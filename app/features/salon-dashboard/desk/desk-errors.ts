import { ApiError } from '@app/lib/api'
import type { TFunction } from 'i18next'

/** The server's refusals of the desk's actions, by stable code, in the interface language. */
const ERRORS: Record<string, string> = {
  'bookings.slot_taken': 'desk.errors.slotTaken',
  'bookings.not_found': 'desk.errors.notFound',
  'bookings.already_cancelled': 'desk.errors.alreadyCancelled',
  'bookings.already_started': 'desk.errors.alreadyStarted',
  'bookings.appointment_past': 'desk.errors.appointmentPast',
  'bookings.not_started': 'desk.errors.notStarted',
  'salons.inactive': 'desk.errors.salonInactive',
  'bookings.visit_conflicts': 'desk.errors.visitConflicts',
  'bookings.visit_same_person': 'desk.errors.visitSamePerson',
  'bookings.visit_nothing_to_book': 'desk.errors.visitNothingToBook',
}

/** Why a start the engine does not offer was refused (`bookings.slot_unavailable`'s reason). */
const REFUSALS: Record<string, string> = {
  too_soon: 'desk.errors.refusal.tooSoon',
  beyond_horizon: 'desk.errors.refusal.beyondHorizon',
  closed_day: 'desk.errors.refusal.closedDay',
  time_off: 'desk.errors.refusal.timeOff',
  outside_hours: 'desk.errors.refusal.outsideHours',
  ends_after_closing: 'desk.errors.refusal.endsAfterClosing',
  off_grid: 'desk.errors.refusal.offGrid',
}

export function isSlotTaken(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'bookings.slot_taken'
}

/**
 * What to tell the salon when an action is refused: the code's own text when this client knows it;
 * a refused start with its reason; a form the server found wrong with its words (already readable);
 * otherwise a generic sentence, never a raw code.
 */
export function deskErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('desk.errors.network')
  const known = error.code ? ERRORS[error.code] : undefined
  if (known) return t(known)
  if (error.code === 'bookings.slot_unavailable') {
    const reason = (error.body as { reason?: string } | undefined)?.reason
    const refusal = reason ? REFUSALS[reason] : undefined
    return refusal ? t(refusal) : t('desk.errors.slotUnavailable')
  }
  // Any code ending in not_started (the status route's refusal before the appointment begins).
  if (error.code?.endsWith('not_started')) return t('desk.errors.notStarted')
  const issues = error.body?.issues ?? []
  if (error.status === 400 && issues.length > 0)
    return [t('desk.errors.invalid'), ...issues.map((issue) => issue.message)].join(' ')
  return t('desk.errors.generic')
}
