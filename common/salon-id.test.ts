import { describe, expect, it } from 'vitest'
import { readPublicSalonId } from './salon-id'
import { publicSalonIdSchema } from './schemas/salon'

describe('readPublicSalonId', () => {
  it('reads a salon ID exactly as the server’s schema does', () => {
    const typed = [
      'SAL001',
      'sal001',
      '  Sal123456789 ',
      'SAL12',
      'SAL0000000001',
      'SAL001x',
      'XSAL001',
      '',
      ' ',
      'SAL\u0000001',
      'SAL00\uD8001',
      'ＳＡＬ001',
      'SAL٠٠١',
      'sal001\n',
      `SAL${'1'.repeat(13)}`,
    ]
    for (const raw of typed) {
      const parsed = publicSalonIdSchema.safeParse(raw)
      expect(readPublicSalonId(raw), JSON.stringify(raw)).toBe(parsed.success ? parsed.data : undefined)
    }
  })
})
