import { describe, expect, it } from 'vitest'
import { isStorableText, text } from './primitives'
import { pointInTimeSchema } from './schedule'

describe('text from outside', () => {
  const name = text().min(1, 'required').max(10, 'too long')

  it('refuses a NUL byte and lone surrogates, with a message a person understands', () => {
    for (const value of ['a\u0000b', '\u0000', 'oui \ud800', '\udc00', 'x\ud83d']) {
      const result = name.safeParse(value)
      expect(result.success, JSON.stringify(value)).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/character that is not allowed/)
    }
  })

  it('keeps whole surrogate pairs (emoji), accents and other scripts', () => {
    expect(name.parse('😀 Léa')).toBe('😀 Léa')
    expect(name.parse('山田')).toBe('山田')
    expect(isStorableText('\ud83d\ude00')).toBe(true)
  })

  it('trims and composes: one spelling of "é" whichever way it was typed', () => {
    expect(name.parse('  Le\u0301a  ')).toBe('Léa')
    expect(name.parse('  Le\u0301a  ')).toBe(name.parse('Léa'))
  })

  it('applies the field’s own length rules after trimming', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('required')
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('too long')
  })
})

describe('points in time from outside', () => {
  it.each([
    '2026-12-03',
    '2026-12-03T14:00',
    '2026-12-03T14:00:00+01:00',
    '2026-12-03T13:00:00.123Z',
    '2000-01-01',
    '2100-12-31T23:00-14:00',
  ])('accepts %s', (value) => {
    expect(pointInTimeSchema.safeParse(value).success).toBe(true)
  })

  it.each([
    ['0000-01-01', /Expected a date/],
    ['0000-01-01T00:00:00Z', /year 2000 to 2100/],
    ['1999-12-31T12:00', /year 2000 to 2100/],
    ['9999-12-31T23:00-14:00', /year 2000 to 2100/],
    ['2101-01-01', /year 2000 to 2100/],
    ['+275760-09-13T00:00:00Z', /Expected a date/],
    ['2026-02-30', /Expected a date/],
    ['2026-12-03\u0000', /not allowed/],
  ])('refuses %s', (value, message) => {
    const result = pointInTimeSchema.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.message).join(' ')).toMatch(message)
  })
})
