import { clientKey, enforceLimit, isLoopback, type Limit } from '@server/http/rate-limits'
import type { AppDeps } from '@server/http/types'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { bookingIdOfLinkToken } from './booking-link'
import { linkNotFound } from './booking-page.errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The booking whose personal link the request presented (access rule `booking_link`). */
    linkedBookingId?: string | undefined
  }
}

/**
 * Ten minutes of one customer's page are a few dozen requests (the page, a few weeks of free
 * times, a change); a link asked far more often is being hammered, and an address trying many
 * links is guessing them (128 bits make that hopeless; the ceiling keeps it cheap for us too).
 */
export const REQUESTS_PER_LINK: Limit = { name: 'booking_link', max: 120, windowMs: 10 * 60_000 }
export const LINK_REQUESTS_PER_CLIENT: Limit = { name: 'booking_link_client', max: 300, windowMs: 10 * 60_000 }

/**
 * The access rule `booking_link`: the `:token` of the path must be a link we gave out
 * (booking-link.ts); it then opens that booking only. Counted per client address first — forged
 * links too — and per link. This machine's own requests are one client only by appearance (a
 * reverse proxy, the test runner): they are counted per link only, as the chat does.
 */
export async function checkBookingLink(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isLoopback(request)) await enforceLimit(deps, LINK_REQUESTS_PER_CLIENT, clientKey(request), reply)
  const { token } = request.params as { token?: string }
  const bookingId = token ? bookingIdOfLinkToken(deps.config.appSecret, token) : null
  if (!bookingId) throw linkNotFound()
  await enforceLimit(deps, REQUESTS_PER_LINK, bookingId, reply)
  request.linkedBookingId = bookingId
}

/** The booking of a request that passed `checkBookingLink`. */
export function linkedBooking(request: FastifyRequest): string {
  if (!request.linkedBookingId) throw linkNotFound()
  return request.linkedBookingId
}
