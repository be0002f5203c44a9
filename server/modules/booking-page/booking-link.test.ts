import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bookingIdOfLinkToken, bookingLinkToken, bookingLinkUrl } from './booking-link'

const SECRET = 'test-secret-test-secret-test-secret-0000'
const BOOKING = '3f1c2a9e-0b7d-4c1e-9a55-2d8e6f4b7c10'

describe('booking links', () => {
  it('opens the booking it was made for, with a token short enough for an SMS', () => {
    const token = bookingLinkToken(SECRET, BOOKING)
    expect(token).toMatch(/^[A-Za-z0-9_-]{44}$/)
    expect(bookingIdOfLinkToken(SECRET, token)).toBe(BOOKING)
    expect(bookingLinkUrl('https://book.example.com/', SECRET, BOOKING)).toBe(`https://book.example.com/r/${token}`)
  })

  it('gives back any booking id, and every booking its own token', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(bookingIdOfLinkToken(SECRET, bookingLinkToken(SECRET, a))).toBe(a.toLowerCase())
        if (a.toLowerCase() !== b.toLowerCase())
          expect(bookingLinkToken(SECRET, a)).not.toBe(bookingLinkToken(SECRET, b))
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a forged, cut, lengthened or foreign token', () => {
    const token = bookingLinkToken(SECRET, BOOKING)
    const flipped = (at: number) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`
    for (const at of [0, 10, 21, 22, 30, 43]) expect(bookingIdOfLinkToken(SECRET, flipped(at))).toBeNull()
    expect(bookingIdOfLinkToken(SECRET, token.slice(0, 43))).toBeNull()
    expect(bookingIdOfLinkToken(SECRET, `${token}A`)).toBeNull()
    expect(bookingIdOfLinkToken(SECRET, token.replace(/./, '+'))).toBeNull()
    expect(bookingIdOfLinkToken('another-secret-another-secret-another-0', token)).toBeNull()
    // Another booking's id with this booking's signature.
    const other = bookingLinkToken(SECRET, '00000000-0000-4000-8000-000000000000')
    expect(bookingIdOfLinkToken(SECRET, `${other.slice(0, 22)}${token.slice(22)}`)).toBeNull()
    expect(bookingIdOfLinkToken(SECRET, '')).toBeNull()
  })
})
