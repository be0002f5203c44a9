import { idOfSignedToken, signedIdToken } from '@server/security/signed-id'

/**
 * The customer's personal link to their booking (`PUBLIC_URL/r/<token>`): no account, no stored
 * secret (server/security/signed-id.ts). It opens that booking only; whether it is still usable
 * (the appointment not over yet) is the booking page's rule, read from the booking itself.
 */

const PURPOSE = 'booking-link'

export function bookingLinkToken(appSecret: string, bookingId: string): string {
  return signedIdToken(appSecret, PURPOSE, bookingId)
}

/** The booking a token was made for, or null for anything else (forged, cut, another app's). */
export function bookingIdOfLinkToken(appSecret: string, token: string): string | null {
  return idOfSignedToken(appSecret, PURPOSE, token)
}

/** The link itself, as messages and calendar files carry it. */
export function bookingLinkUrl(publicUrl: string, appSecret: string, bookingId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/r/${bookingLinkToken(appSecret, bookingId)}`
}
