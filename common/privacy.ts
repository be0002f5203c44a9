/** What a page may show of a person's address without handing it out. */

/** "salon.lumiere.demo@gmail.com" → "s•••o@gmail.com": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '•••'
  const local = email.slice(0, at)
  const shown = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local[local.length - 1]}`
  return `${shown}${email.slice(at)}`
}
