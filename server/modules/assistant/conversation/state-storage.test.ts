import { describe, expect, it } from 'vitest'
import { readState } from './state-storage'

describe('a stored conversation state and the team member asked for', () => {
  it('keeps the member of the draft, of a proposal, of the starts offered with another member, and the question who', () => {
    const state = readState({
      draft: { serviceIds: ['s1'], date: '2026-12-04', memberId: 'hugo' },
      pending: { kind: 'book', serviceIds: ['s1'], start: '2026-12-04T10:00', memberId: 'hugo' },
      offeredWith: { '2026-12-04T10:00': 'lea' },
      askedMember: true,
    })
    expect(state.draft.memberId).toBe('hugo')
    expect(state.pending).toEqual({ kind: 'book', serviceIds: ['s1'], start: '2026-12-04T10:00', memberId: 'hugo' })
    expect(state.offeredWith).toEqual({ '2026-12-04T10:00': 'lea' })
    expect(state.askedMember).toBe(true)
  })

  it('drops member fields of another shape, and reads a state stored before members', () => {
    const state = readState({
      draft: { serviceIds: ['s1'], memberId: 42 },
      pending: { kind: 'book', serviceIds: ['s1'], start: '2026-12-04T10:00' },
      offeredWith: { '2026-12-04T10:00': 7 },
      askedMember: 'yes',
    })
    expect(state.draft.memberId).toBeUndefined()
    expect(state.pending).toEqual({ kind: 'book', serviceIds: ['s1'], start: '2026-12-04T10:00' })
    expect(state.offeredWith).toBeUndefined()
    expect(state.askedMember).toBeUndefined()
  })
})

describe('a stored conversation state and visits', () => {
  it('keeps the appointments of a move, a cancellation and a choice as visits', () => {
    const state = readState({
      draft: {},
      pending: {
        kind: 'choose_booking',
        action: 'move',
        options: [
          {
            bookingIds: ['a', 'b'],
            start: '2026-12-04T10:00',
            serviceNames: ['Coupe femme', 'Brushing'],
            member: 'Léa',
          },
          { bookingIds: ['c'], start: '2026-12-05T10:00', serviceNames: ['Balayage'] },
        ],
      },
      movingBookingIds: ['a', 'b'],
    })
    expect(state.pending).toEqual({
      kind: 'choose_booking',
      action: 'move',
      options: [
        { bookingIds: ['a', 'b'], start: '2026-12-04T10:00', serviceNames: ['Coupe femme', 'Brushing'], member: 'Léa' },
        { bookingIds: ['c'], start: '2026-12-05T10:00', serviceNames: ['Balayage'] },
      ],
    })
    expect(state.movingBookingIds).toEqual(['a', 'b'])
    expect(readState({ draft: {}, pending: { kind: 'cancel', bookingIds: ['a', 'b'] } }).pending).toEqual({
      kind: 'cancel',
      bookingIds: ['a', 'b'],
    })
  })

  it('reads the one-appointment shapes stored before visits, so a chat under way goes on', () => {
    const move = readState({ draft: {}, pending: { kind: 'move', bookingId: 'a', start: '2026-12-04T11:00' } })
    expect(move.pending).toEqual({ kind: 'move', bookingIds: ['a'], start: '2026-12-04T11:00' })
    expect(readState({ draft: {}, pending: { kind: 'cancel', bookingId: 'a' } }).pending).toEqual({
      kind: 'cancel',
      bookingIds: ['a'],
    })
    expect(readState({ draft: {}, movingBookingId: 'a' }).movingBookingIds).toEqual(['a'])
    const choice = readState({
      draft: {},
      pending: {
        kind: 'choose_booking',
        action: 'cancel',
        bookingIds: ['a', 'c'],
        options: [
          { bookingId: 'a', start: '2026-12-04T10:00', serviceName: 'Coupe femme' },
          { bookingId: 'c', start: '2026-12-05T10:00', serviceName: 'Balayage' },
        ],
      },
    })
    expect(choice.pending).toEqual({
      kind: 'choose_booking',
      action: 'cancel',
      options: [
        { bookingIds: ['a'], start: '2026-12-04T10:00', serviceNames: ['Coupe femme'] },
        { bookingIds: ['c'], start: '2026-12-05T10:00', serviceNames: ['Balayage'] },
      ],
    })
  })
})
