import { describe, expect, it } from 'vitest'
import { decryptSecret, encryptSecret, hashToken, randomToken, signValue, verifySignedValue } from './secrets'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'

describe('secrets at rest', () => {
  it('decrypts what it encrypted, with a fresh IV each time', () => {
    const a = encryptSecret(SECRET, 'google-token', 'ya29.token')
    const b = encryptSecret(SECRET, 'google-token', 'ya29.token')
    expect(a).not.toBe(b)
    expect(a).not.toContain('ya29')
    expect(decryptSecret(SECRET, 'google-token', a)).toBe('ya29.token')
  })

  it('refuses a tampered value, another purpose or another APP_SECRET', () => {
    const sealed = encryptSecret(SECRET, 'google-token', 'ya29.token')
    const parts = sealed.split('.')
    const tampered = [...parts.slice(0, 3), `${parts[3]?.slice(0, -2)}AA`].join('.')
    expect(() => decryptSecret(SECRET, 'google-token', tampered)).toThrow()
    expect(() => decryptSecret(SECRET, 'other', sealed)).toThrow()
    expect(() => decryptSecret(`${SECRET}!`, 'google-token', sealed)).toThrow()
    expect(() => decryptSecret(SECRET, 'google-token', 'plain')).toThrow()
  })
})

describe('signed values', () => {
  it('verifies its own signature and nothing else', () => {
    const signed = signValue(SECRET, 'oauth-state', 'abc')
    expect(verifySignedValue(SECRET, 'oauth-state', signed)).toBe('abc')
    expect(verifySignedValue(SECRET, 'other', signed)).toBeUndefined()
    expect(verifySignedValue(SECRET, 'oauth-state', `abd${signed.slice(3)}`)).toBeUndefined()
    expect(verifySignedValue(SECRET, 'oauth-state', 'abc')).toBeUndefined()
  })
})

describe('tokens', () => {
  it('are random and stored only as a hash', () => {
    const token = randomToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(randomToken()).not.toBe(token)
    expect(hashToken(token)).toBe(hashToken(token))
    expect(hashToken(token)).not.toContain(token)
  })
})
