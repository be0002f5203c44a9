import { describe, expect, it } from 'vitest'
import { toE164 } from './phone'

describe('toE164', () => {
  it.each([
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['+33 6 12 34 56 78', 'DE', '+33612345678'],
    ['0049 170 1234567', 'FR', '+491701234567'],
    ['0170 1234567', 'DE', '+491701234567'],
    ['347 123 4567', 'IT', '+393471234567'],
    ['079 123 45 67', 'CH', '+41791234567'],
    ['(0)6-12-34-56-78', 'fr', '+33612345678'],
  ])('reads %s in a salon of %s as %s', (typed, country, e164) => {
    expect(toE164(typed, country)).toBe(e164)
  })

  it.each([['12'], ['06 12 34'], ['not a number'], [''], ['+999 1234567']])('refuses %j', (typed) => {
    expect(toE164(typed, 'FR')).toBeNull()
  })
})
