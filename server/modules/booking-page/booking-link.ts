import { timingSafeEqual } from 'node:crypto'
import { macOf } from '@server/security/secrets'

/**
 * The customer's personal link to their booking (`PUBLIC_URL/r/<token>`): no account, no stored
 * secret. The token is the booking's id (16 bytes) and the first 16 bytes of an HMAC of it under a
 * key derived from APP_SECRET, both base64url: 44 characters, short enough for an SMS, and
 * unguessable (128 bits) without the app's secret. It opens that booking only; whether it is still
 * usable (the appointment not over yet) is the booking page's rule, read from the booking itself.
 */

const PURPOSE = 'booking-link'
const ID_BYTES = 16
const MAC_BYTES = 16
const TOKEN = /^[A-Za-z0-9_-]{44}$/

export function bookingLinkToken(appSecret: string, bookingId: string): string {
  const id = uuidBytes(bookingId)
  return `${id.toString('base64url')}${macOf(appSecret, PURPOSE, id).subarray(0, MAC_BYTES).toString('base64url')}`
}

/** The booking a token was made for, or null for anything else (forged, cut, another app's). */
export function bookingIdOfLinkToken(appSecret: string, token: string): string | null {
  if (!TOKEN.test(token)) return null
  const id = Buffer.from(token.slice(0, 22), 'base64url')
  const given = Buffer.from(token.slice(22), 'base64url')
  if (id.length !== ID_BYTES || given.length !== MAC_BYTES) return null
  // The canonical encoding only: another spelling of the same bytes is not the link we gave out.
  if (`${id.toString('base64url')}${given.toString('base64url')}` !== token) return null
  const expected = macOf(appSecret, PURPOSE, id).subarray(0, MAC_BYTES)
  return timingSafeEqual(given, expected) ? uuidOf(id) : null
}

/** The link itself, as messages and calendar files carry it. */
export function bookingLinkUrl(publicUrl: string, appSecret: string, bookingId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/r/${bookingLinkToken(appSecret, bookingId)}`
}

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '')
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new RangeError('A booking id is a UUID')
  return Buffer.from(hex, 'hex')
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
