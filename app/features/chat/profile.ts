import { isLanguage, type Language } from '@common/languages'

/**
 * The customer's profile, kept on the device in a cookie (spec §3, §9): first name, optional phone,
 * language, an anonymous session ID and when the customer was last active at each salon.
 */
export interface CustomerProfile {
  name: string
  phone?: string
  /** Optional: where reminders go when there is no phone (or SMS is off). */
  email?: string
  language: Language
  /** 'user-<timestamp>-<random>': the customer's anonymous ID, sent as the chat context's userId. */
  sessionId: string
  /** When the customer last used each salon's chat: {salonId: ISO instant}. */
  lastActive: Record<string, string>
  /** When the profile was last saved (ISO instant). */
  timestamp: string
  /** The salon of the last visit. */
  salonId: string
}

/** The product's name followed by _user_info (spec §9). */
export const PROFILE_COOKIE = 'salonia_user_info'
export const PROFILE_LIFETIME_DAYS = 30
/**
 * A customer who used this salon's chat within the last 30 days is greeted as a returning customer.
 * The spec keeps the figure to itself; 30 days matches the profile cookie's lifetime, so anyone
 * whose profile survived since their last visit is welcomed back.
 */
export const RETURNING_WINDOW_DAYS = 30

const DAY_MS = 24 * 60 * 60 * 1000
export const NAME_MAX_LENGTH = 100
export const PHONE_MAX_LENGTH = 40
export const EMAIL_MAX_LENGTH = 254

/** An address that can receive mail as far as a form can tell: something@domain.tld, no space. */
export function isPlausibleEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
}

export type ProfileInput = { name: string; phone?: string; email?: string }

const randomPart = () => Math.random().toString(36).slice(2, 11)

export function newSessionId(now: Date): string {
  return `user-${now.getTime()}-${randomPart()}`
}

/** The chat's ID as the chat context names it: 'web-session-{salonId}-{time}-{random}'. */
export function newChatId(salonId: string, now: Date): string {
  return `web-session-${salonId}-${now.getTime()}-${randomPart()}`
}

/** What the profile dialog hands over: the first name trimmed, the phone and e-mail trimmed or left out. */
export function cleanProfileInput(input: ProfileInput): ProfileInput {
  const name = input.name.trim()
  const phone = input.phone?.trim()
  const email = input.email?.trim()
  return { name, ...(phone ? { phone } : {}), ...(email ? { email } : {}) }
}

/** A first profile, created when the customer saves the first-visit dialog at a salon. */
export function createProfile(input: ProfileInput, language: Language, salonId: string, now: Date): CustomerProfile {
  const iso = now.toISOString()
  return {
    ...cleanProfileInput(input),
    language,
    sessionId: newSessionId(now),
    lastActive: { [salonId]: iso },
    timestamp: iso,
    salonId,
  }
}

/** The same customer with a new name, phone and e-mail (the edit dialog); everything else stays. */
export function updateProfile(profile: CustomerProfile, input: ProfileInput, now: Date): CustomerProfile {
  const { phone: _previousPhone, email: _previousEmail, ...rest } = profile
  return { ...rest, ...cleanProfileInput(input), timestamp: now.toISOString() }
}

/** The profile after a visit to a salon: active there now. */
export function touchProfile(profile: CustomerProfile, salonId: string, now: Date): CustomerProfile {
  const iso = now.toISOString()
  return { ...profile, lastActive: { ...profile.lastActive, [salonId]: iso }, timestamp: iso, salonId }
}

/** True when the customer was active at this salon within RETURNING_WINDOW_DAYS before now. */
export function isReturning(profile: CustomerProfile, salonId: string, now: Date): boolean {
  const last = Date.parse(profile.lastActive[salonId] ?? '')
  if (Number.isNaN(last)) return false
  const age = now.getTime() - last
  return age >= 0 && age <= RETURNING_WINDOW_DAYS * DAY_MS
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A profile read back from JSON, or a reason it is not one. */
function validProfile(value: unknown): CustomerProfile | string {
  if (!isRecord(value)) return 'not an object'
  const { name, phone, email, language, sessionId, lastActive, timestamp, salonId } = value
  if (typeof name !== 'string' || name.trim() === '' || name.length > NAME_MAX_LENGTH) return 'no valid name'
  if (phone !== undefined && (typeof phone !== 'string' || phone.length > PHONE_MAX_LENGTH)) return 'invalid phone'
  if (!isLanguage(language)) return 'unknown language'
  if (typeof sessionId !== 'string' || !sessionId.startsWith('user-')) return 'no valid sessionId'
  if (!isRecord(lastActive) || !Object.values(lastActive).every((v) => typeof v === 'string')) {
    return 'invalid lastActive'
  }
  if (typeof timestamp !== 'string' || typeof salonId !== 'string') return 'invalid timestamp or salonId'
  const profile: CustomerProfile = {
    name: name.trim(),
    language,
    sessionId,
    lastActive: lastActive as Record<string, string>,
    timestamp,
    salonId,
  }
  const trimmedPhone = phone?.trim()
  if (trimmedPhone) profile.phone = trimmedPhone
  // An address spoiled in the cookie is dropped, not the whole profile.
  if (typeof email === 'string' && isPlausibleEmail(email.trim())) profile.email = email.trim()
  return profile
}

/** The profile in a cookie header ('a=1; salonia_user_info=…'), or null — an unreadable one is logged. */
export function readProfileCookie(cookieHeader: string): CustomerProfile | null {
  const prefix = `${PROFILE_COOKIE}=`
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length)
  if (raw === undefined || raw === '') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(decodeURIComponent(raw))
  } catch (error) {
    console.warn('Ignoring an unreadable profile cookie', error)
    return null
  }
  const profile = validProfile(parsed)
  if (typeof profile === 'string') {
    console.warn(`Ignoring an invalid profile cookie: ${profile}`)
    return null
  }
  return profile
}

/** The Set-Cookie text for document.cookie: 30 days, the whole site, same-site strict (Secure over HTTPS). */
export function profileCookie(profile: CustomerProfile, now: Date, secure = false): string {
  const maxAge = PROFILE_LIFETIME_DAYS * 24 * 60 * 60
  const expires = new Date(now.getTime() + maxAge * 1000).toUTCString()
  const value = encodeURIComponent(JSON.stringify(profile))
  return `${PROFILE_COOKIE}=${value}; Max-Age=${maxAge}; Expires=${expires}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`
}

export function readProfile(): CustomerProfile | null {
  return readProfileCookie(document.cookie)
}

export function saveProfile(profile: CustomerProfile, now = new Date()): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie, no Cookie Store API in every browser yet
  document.cookie = profileCookie(profile, now, window.location.protocol === 'https:')
}
