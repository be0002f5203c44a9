import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min'

/**
 * A customer's phone number as an SMS provider wants it: E.164 (`+33612345678`). Customers type
 * numbers the way they say them ("06 12 34 56 78", "0049 170 1234567", "+41 79 123 45 67"); a
 * number without its country code is read as one of the salon's country. Null when it cannot be a
 * phone number (too short, letters, an unknown country code). Whether it takes SMS — a landline
 * does not — only the provider can say.
 */
export function toE164(phone: string, salonCountry: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, salonCountry.toUpperCase() as CountryCode)
  return parsed?.isValid() ? parsed.number : null
}
