// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/chat/SAL001"}
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type CustomerProfile,
  createProfile,
  isPlausibleEmail,
  isReturning,
  PROFILE_COOKIE,
  profileCookie,
  RETURNING_WINDOW_DAYS,
  readProfile,
  readProfileCookie,
  saveProfile,
  touchProfile,
  updateProfile,
} from './profile'

const NOW = new Date('2026-12-01T08:30:00+01:00')
const DAY = 24 * 60 * 60 * 1000
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY)

const cookieOf = (value: string) => `theme=dark; ${PROFILE_COOKIE}=${value}; other=1`

afterEach(() => {
  vi.restoreAllMocks()
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = `${PROFILE_COOKIE}=; Max-Age=0; Path=/`
})

describe('the profile', () => {
  it('is created trimmed, with an anonymous session ID and active now at the salon', () => {
    const profile = createProfile({ name: '  Marie  ', phone: '  06 12 34 56 78 ' }, 'fr', 'SAL001', NOW)
    expect(profile).toEqual({
      name: 'Marie',
      phone: '06 12 34 56 78',
      language: 'fr',
      sessionId: expect.stringMatching(new RegExp(`^user-${NOW.getTime()}-[a-z0-9]+$`)),
      lastActive: { SAL001: NOW.toISOString() },
      timestamp: NOW.toISOString(),
      salonId: 'SAL001',
    })
  })

  it('leaves out a blank phone', () => {
    expect(createProfile({ name: 'Marie', phone: '   ' }, 'fr', 'SAL001', NOW)).not.toHaveProperty('phone')
    const withPhone = createProfile({ name: 'Marie', phone: '0612' }, 'fr', 'SAL001', NOW)
    expect(updateProfile(withPhone, { name: ' Marion ', phone: '' }, NOW)).not.toHaveProperty('phone')
    expect(updateProfile(withPhone, { name: ' Marion ', phone: '' }, NOW)).toMatchObject({
      name: 'Marion',
      sessionId: withPhone.sessionId,
    })
  })
})

describe('the e-mail of the profile', () => {
  it('is kept trimmed when given, left out when blank, replaced or removed by an edit', () => {
    const profile = createProfile({ name: 'Marie', email: '  marie@example.com ' }, 'fr', 'SAL001', NOW)
    expect(profile.email).toBe('marie@example.com')
    expect(createProfile({ name: 'Marie', email: '  ' }, 'fr', 'SAL001', NOW)).not.toHaveProperty('email')
    expect(updateProfile(profile, { name: 'Marie', email: 'm@example.org' }, NOW).email).toBe('m@example.org')
    expect(updateProfile(profile, { name: 'Marie' }, NOW)).not.toHaveProperty('email')
  })

  it('tells a plausible address from one that cannot receive mail', () => {
    for (const good of ['a@b.fr', 'prenom.nom+salon@exemple.co.uk']) expect(isPlausibleEmail(good)).toBe(true)
    for (const bad of ['marie', 'marie@', 'marie@exemple', 'ma rie@exemple.fr', `${'a'.repeat(250)}@b.fr`]) {
      expect(isPlausibleEmail(bad)).toBe(false)
    }
  })

  it('reads back from the cookie, and a spoiled address drops out without losing the profile', () => {
    const profile = createProfile({ name: 'Émilie', email: 'emilie@example.com' }, 'fr', 'SAL001', NOW)
    expect(readProfileCookie(profileCookie(profile, NOW).split(';')[0] as string)).toEqual(profile)
    const spoiled = encodeURIComponent(JSON.stringify({ ...profile, email: 'not an address' }))
    const read = readProfileCookie(cookieOf(spoiled))
    expect(read?.name).toBe('Émilie')
    expect(read).not.toHaveProperty('email')
  })
})

describe('the profile cookie', () => {
  const profile = createProfile({ name: 'Émilie', phone: '+33 6 12 34 56 78' }, 'de', 'SAL001', NOW)

  it('reads back what was written', () => {
    const pair = profileCookie(profile, NOW).split(';')[0] as string
    expect(readProfileCookie(`theme=dark; ${pair}`)).toEqual(profile)
  })

  it('round-trips through document.cookie', () => {
    saveProfile(profile, NOW)
    expect(readProfile()).toEqual(profile)
  })

  it('lasts 30 days on the whole site, same-site strict', () => {
    const cookie = profileCookie(profile, NOW)
    expect(cookie).toContain('; Max-Age=2592000')
    expect(cookie).toContain(`; Expires=${new Date(NOW.getTime() + 30 * DAY).toUTCString()}`)
    expect(cookie).toContain('; Path=/')
    expect(cookie).toContain('; SameSite=Strict')
    expect(cookie).not.toContain('Secure')
    expect(profileCookie(profile, NOW, true)).toMatch(/; Secure$/)
  })

  it('is no profile when missing', () => {
    expect(readProfileCookie('theme=dark')).toBeNull()
    expect(readProfileCookie('')).toBeNull()
  })

  it('is no profile, with a warning, when its JSON is unreadable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(readProfileCookie(cookieOf(encodeURIComponent('{"name": "Marie"')))).toBeNull()
    expect(readProfileCookie(cookieOf('%E0%A4%A'))).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('is no profile, with a warning, when it is not a valid profile', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const invalid: unknown[] = [
      null,
      [],
      { ...profile, name: '   ' },
      { ...profile, language: 'es' },
      { ...profile, sessionId: 42 },
      { ...profile, lastActive: { SAL001: 3 } },
      { ...profile, phone: 612 },
    ]
    for (const value of invalid) {
      expect(readProfileCookie(cookieOf(encodeURIComponent(JSON.stringify(value))))).toBeNull()
    }
    expect(warn).toHaveBeenCalledTimes(invalid.length)
  })
})

describe('a returning customer', () => {
  const activeAt = (salonId: string, when: Date): CustomerProfile =>
    touchProfile(createProfile({ name: 'Marie' }, 'fr', 'SAL002', daysBefore(100)), salonId, when)

  it('uses a 30-day window', () => {
    expect(RETURNING_WINDOW_DAYS).toBe(30)
  })

  it('was active at this salon within the window', () => {
    expect(isReturning(activeAt('SAL001', daysBefore(1)), 'SAL001', NOW)).toBe(true)
    expect(isReturning(activeAt('SAL001', daysBefore(29.9)), 'SAL001', NOW)).toBe(true)
    expect(isReturning(activeAt('SAL001', daysBefore(30)), 'SAL001', NOW)).toBe(true)
  })

  it('is not one after the window, nor at another salon, nor with a date in the future', () => {
    expect(isReturning(activeAt('SAL001', daysBefore(30.01)), 'SAL001', NOW)).toBe(false)
    expect(isReturning(activeAt('SAL001', daysBefore(1)), 'SAL003', NOW)).toBe(false)
    expect(isReturning(activeAt('SAL001', new Date(NOW.getTime() + DAY)), 'SAL001', NOW)).toBe(false)
    expect(isReturning({ ...activeAt('SAL001', NOW), lastActive: { SAL001: 'yesterday' } }, 'SAL001', NOW)).toBe(false)
  })

  it('keeps the other salons when active at one', () => {
    const profile = touchProfile(activeAt('SAL001', daysBefore(3)), 'SAL002', NOW)
    expect(profile.lastActive).toEqual({ SAL001: daysBefore(3).toISOString(), SAL002: NOW.toISOString() })
    expect(profile.salonId).toBe('SAL002')
  })
})
