/**
 * A salon's public ID as typed (`sal001 ` → `SAL001`), read as publicSalonIdSchema reads it, or
 * undefined when it does not look like one — without zod, for the connect form's first load
 * (salon-id.test.ts holds the two to the same answers).
 */
export function readPublicSalonId(raw: string): string | undefined {
  const id = raw.normalize('NFC').trim().toUpperCase()
  return id.length <= 16 && /^SAL\d{3,9}$/.test(id) ? id : undefined
}
