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
