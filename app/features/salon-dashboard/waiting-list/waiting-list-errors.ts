import { ApiError } from '@app/lib/api'
import type { TFunction } from 'i18next'
import { deskErrorText } from '../desk/desk-errors'

/** The server's refusals of the waiting list's actions, by stable code, in the interface language. */
const ERRORS: Record<string, string> = {
  'waiting_list.already_waiting': 'waitingList.errors.alreadyWaiting',
  'waiting_list.day_past': 'waitingList.errors.dayPast',
  'waiting_list.entry_not_found': 'waitingList.errors.entryNotFound',
  'customers.not_found': 'waitingList.errors.customerNotFound',
  'customers.erased': 'waitingList.errors.customerNotFound',
  'catalog.service_not_found': 'waitingList.errors.serviceUnavailable',
  'catalog.service_inactive': 'waitingList.errors.serviceUnavailable',
  'team.member_not_found': 'waitingList.errors.memberUnavailable',
  'team.member_not_performing': 'waitingList.errors.memberNotPerforming',
}

/**
 * What to tell the salon when the waiting list refuses: the code's own text when this client knows
 * it, else what the desk says of any refusal (the server's words for a form it found wrong, a
 * network failure, or a generic sentence — never a raw code).
 */
export function waitingListErrorText(t: TFunction, error: unknown): string {
  const known = error instanceof ApiError && error.code ? ERRORS[error.code] : undefined
  return known ? t(known) : deskErrorText(t, error)
}
