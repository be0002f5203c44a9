/**
 * A salon's public phone number as people write it — "01 43 55 20 20", "+41 (0)22 310 20 20",
 * "06.12.34.56.78", "030/1234567" — checked by the same rule in the dashboard and on the server.
 * It is shown and quoted as written, never reformatted.
 */

export const PUBLIC_PHONE_MAX_LENGTH = 30
export const PUBLIC_PHONE_MIN_DIGITS = 6
/** E.164's longest number. */
export const PUBLIC_PHONE_MAX_DIGITS = 15

export type PublicPhoneProblem = 'characters' | 'plus' | 'digits' | 'length'

/** What is wrong with a (trimmed) phone number, or null when it is one. */
export function publicPhoneProblem(phone: string): PublicPhoneProblem | null {
  if (phone.length > PUBLIC_PHONE_MAX_LENGTH) return 'length'
  if (!/^[0-9 +./()-]*$/.test(phone)) return 'characters'
  // A "+" opens an international number; anywhere else it is a typing slip.
  if (phone.lastIndexOf('+') > 0) return 'plus'
  const digits = phone.replace(/\D/g, '').length
  if (digits < PUBLIC_PHONE_MIN_DIGITS || digits > PUBLIC_PHONE_MAX_DIGITS) return 'digits'
  return null
}

/** The server's words for each problem (the dashboard has its own, in four languages). */
export const PUBLIC_PHONE_MESSAGES: Record<PublicPhoneProblem, string> = {
  length: `The phone number is at most ${PUBLIC_PHONE_MAX_LENGTH} characters`,
  characters: 'A phone number is written with digits, spaces and + . - / ( ) only',
  plus: 'A "+" may only open the number (+33 1 43 55 20 20)',
  digits: `A phone number has ${PUBLIC_PHONE_MIN_DIGITS} to ${PUBLIC_PHONE_MAX_DIGITS} digits`,
}

export const PRACTICAL_INFO_MAX_LENGTH = 600
