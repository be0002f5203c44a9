import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

/**
 * Secrets at rest and signed values, all keyed from APP_SECRET through HKDF so that each use has
 * its own key: a leaked signature key does not decrypt tokens, and the other way round.
 */

function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'salonia', purpose, 32))
}

const VERSION = 'v1'

/** Encrypts with AES-256-GCM under a key for `purpose`: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function encryptSecret(appSecret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', deriveKey(appSecret, `encrypt:${purpose}`), iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** The plaintext of `encryptSecret`; throws on a tampered value or a different APP_SECRET. */
export function decryptSecret(appSecret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not an encrypted secret')
  const decipher = createDecipheriv(
    'aes-256-gcm',
    deriveKey(appSecret, `encrypt:${purpose}`),
    Buffer.from(iv, 'base64url'),
  )
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
}

/** `value.<mac>`: the value with an HMAC under a key for `purpose`. */
export function signValue(appSecret: string, purpose: string, value: string): string {
  return `${value}.${mac(appSecret, purpose, value)}`
}

/** The value of a `signValue` string, or undefined when the signature does not match. */
export function verifySignedValue(appSecret: string, purpose: string, signed: string): string | undefined {
  const dot = signed.lastIndexOf('.')
  if (dot <= 0) return undefined
  const value = signed.slice(0, dot)
  const given = Buffer.from(signed.slice(dot + 1))
  const expected = Buffer.from(mac(appSecret, purpose, value))
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined
}

function mac(appSecret: string, purpose: string, value: string): string {
  return macOf(appSecret, purpose, value).toString('base64url')
}

/** The HMAC-SHA256 of a value under a key for `purpose` (32 bytes; a caller may keep the first 16). */
export function macOf(appSecret: string, purpose: string, value: string | Buffer): Buffer {
  return createHmac('sha256', deriveKey(appSecret, `sign:${purpose}`))
    .update(value)
    .digest()
}

/** A random token for cookies and states (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps of a bearer token: its SHA-256, never the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/**
 * Whether a secret someone presented is ours, in constant time whatever the lengths (both are
 * hashed first): a webhook's secret header, a verify token, a signature.
 */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}
