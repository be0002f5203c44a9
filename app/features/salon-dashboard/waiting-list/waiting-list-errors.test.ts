import { ApiError } from '@app/lib/api'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { waitingListErrorText } from './waiting-list-errors'

// The key itself stands for its text: what matters is which text is chosen.
const t = ((key: string) => key) as unknown as TFunction
const refusal = (status: number, body: ApiError['body']) => new ApiError(status, JSON.stringify(body), body)

describe('the waiting list’s refusals in the interface language', () => {
  it('says the customer already waits for that day, or that the day is over', () => {
    expect(waitingListErrorText(t, refusal(409, { code: 'waiting_list.already_waiting' }))).toBe(
      'waitingList.errors.alreadyWaiting',
    )
    expect(waitingListErrorText(t, refusal(400, { code: 'waiting_list.day_past' }))).toBe('waitingList.errors.dayPast')
  })

  it('names what the salon no longer has: the customer, a service, the member', () => {
    expect(waitingListErrorText(t, refusal(404, { code: 'customers.not_found' }))).toBe(
      'waitingList.errors.customerNotFound',
    )
    expect(waitingListErrorText(t, refusal(409, { code: 'catalog.service_inactive' }))).toBe(
      'waitingList.errors.serviceUnavailable',
    )
    expect(waitingListErrorText(t, refusal(422, { code: 'team.member_not_performing' }))).toBe(
      'waitingList.errors.memberNotPerforming',
    )
  })

  it('reads anything else as the desk does: the server’s words for a form, never a raw code', () => {
    const body = { code: 'validation', issues: [{ path: 'serviceIds', message: 'Choose at least one service' }] }
    expect(waitingListErrorText(t, refusal(400, body))).toBe('desk.errors.invalid Choose at least one service')
    expect(waitingListErrorText(t, refusal(409, { code: 'waiting_list.something_new' }))).toBe('desk.errors.generic')
    expect(waitingListErrorText(t, new TypeError('Failed to fetch'))).toBe('desk.errors.network')
  })
})
