import { idOfSignedToken, signedIdToken } from '@server/security/signed-id'

/**
 * A waiting customer's link to the time offered to them (`PUBLIC_URL/w/<token>`): the entry's id,
 * signed (server/security/signed-id.ts). It shows whatever the entry's offer is when opened — the
 * time free now, or that it was taken, or that they booked it.
 */

const PURPOSE = 'waiting-list-offer'

export function offerLinkToken(appSecret: string, entryId: string): string {
  return signedIdToken(appSecret, PURPOSE, entryId)
}

export function entryIdOfOfferToken(appSecret: string, token: string): string | null {
  return idOfSignedToken(appSecret, PURPOSE, token)
}

export function offerLinkUrl(publicUrl: string, appSecret: string, entryId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/w/${offerLinkToken(appSecret, entryId)}`
}
