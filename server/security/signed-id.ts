import { timingSafeEqual } from 'node:crypto'
import { macOf } from './secrets'

/**
 * A personal link's token for one record, with no stored secret: the record's id (16 bytes) and
 * the first 16 bytes of an HMAC of it under a key derived from APP_SECRET for one purpose, both
 * base64url — 44 characters, short enough for an SMS, unguessable (128 bits) without the app's
 * secret, and useless for another purpose (a booking's link opens no waiting-list offer).
 */

const ID_BYTES = 16
const MAC_BYTES = 16
const TOKEN = /^[A-Za-z0-9_-]{44}$/

export function signedIdToken(appSecret: string, purpose: string, id: string): string {
  const bytes = uuidBytes(id)
  return `${bytes.toString('base64url')}${macOf(appSecret, purpose, bytes).subarray(0, MAC_BYTES).toString('base64url')}`
}

/** The id a token was made for under `purpose`, or null for anything else (forged, cut, another purpose's). */
export function idOfSignedToken(appSecret: string, purpose: string, token: string): string | null {
  if (!TOKEN.test(token)) return null
  const id = Buffer.from(token.slice(0, 22), 'base64url')
  const given = Buffer.from(token.slice(22), 'base64url')
  if (id.length !== ID_BYTES || given.length !== MAC_BYTES) return null
  // The canonical encoding only: another spelling of the same bytes is not the link we gave out.
  if (`${id.toString('base64url')}${given.toString('base64url')}` !== token) return null
  const expected = macOf(appSecret, purpose, id).subarray(0, MAC_BYTES)
  return timingSafeEqual(given, expected) ? uuidOf(id) : null
}

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '')
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new RangeError('A signed id is a UUID')
  return Buffer.from(hex, 'hex')
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
