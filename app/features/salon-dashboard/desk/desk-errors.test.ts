import { ApiError } from '@app/lib/api'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { deskErrorText } from './desk-errors'

// The key itself stands for its text: what matters is which text is chosen.
const t = ((key: string) => key) as unknown as TFunction
const refusal = (status: number, body: ApiError['body']) => new ApiError(status, JSON.stringify(body), body)

describe('the desk’s refusals in the interface language', () => {
  it('says a taken time was just taken', () => {
    expect(deskErrorText(t, refusal(409, { code: 'bookings.slot_taken' }))).toBe('desk.errors.slotTaken')
  })

  it('says why a start outside the offered ones was refused, and suggests forcing it', () => {
    const body = { code: 'bookings.slot_unavailable', reason: 'outside_hours' } as ApiError['body']
    expect(deskErrorText(t, refusal(422, body))).toBe('desk.errors.refusal.outsideHours')
    expect(deskErrorText(t, refusal(422, { code: 'bookings.slot_unavailable' }))).toBe('desk.errors.slotUnavailable')
  })

  it('reads a status set before the appointment began, whatever the module names it', () => {
    expect(deskErrorText(t, refusal(422, { code: 'bookings.not_started' }))).toBe('desk.errors.notStarted')
    expect(deskErrorText(t, refusal(422, { code: 'booking_status.not_started' }))).toBe('desk.errors.notStarted')
  })

  it('gives the server’s words for a form it found wrong', () => {
    const body = { code: 'validation', issues: [{ path: 'customer.phone', message: 'Invalid phone number' }] }
    expect(deskErrorText(t, refusal(400, body))).toBe('desk.errors.invalid Invalid phone number')
  })

  it('never shows a code it does not know, nor a network failure as one', () => {
    expect(deskErrorText(t, refusal(409, { code: 'team.member_inactive', message: 'x' }))).toBe('desk.errors.generic')
    expect(deskErrorText(t, new TypeError('Failed to fetch'))).toBe('desk.errors.network')
  })
})
