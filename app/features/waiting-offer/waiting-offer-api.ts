import { apiRequest } from '@app/lib/api'
import type { WaitOffer } from '@common/schemas/waiting-list'

/** The customer's link to a time offered from the waiting list talks to /api/waiting-list/offers/<token>: the token is the only key. */
const base = (token: string) => `/api/waiting-list/offers/${encodeURIComponent(token)}`

export const waitOfferKey = (token: string) => ['wait-offer', token] as const

export async function fetchWaitOffer(token: string): Promise<WaitOffer> {
  return (await apiRequest('GET', base(token))).json()
}

/** Takes the time offered: the offer as booked, or a refusal (taken by someone else, closed, unknown link). */
export async function acceptWaitOffer(token: string): Promise<WaitOffer> {
  return (await apiRequest('POST', `${base(token)}/accept`)).json()
}
