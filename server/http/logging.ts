import type { FastifyRequest } from 'fastify'

/**
 * What a request looks like in the log: never its credentials. Headers are not logged at all, and
 * the query parameters that carry secrets (Google's authorisation code, sign-in states, access
 * codes, tokens, the web chat's userId — the key that books and reads in the customer's name —, an
 * e-mail address, which no address of the app carries but a link from elsewhere might) are
 * masked in the logged URL, as is the token of a customer's booking link (`/r/<token>`,
 * `/api/r/<token>/…`), which lets whoever holds it cancel or move the appointment, and of a waiting
 * customer's link to a freed time (`/w/<token>`), which books it in their name. Bodies are
 * never logged.
 */
const SECRET_PARAMETERS = [
  'code',
  'state',
  'accessCode',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'hub.verify_token',
  'userId',
  'email',
]

/** The booking page's paths (the web page and its API, however many slashes): the segment after `r/` is the link's token. */
const BOOKING_LINK_PATH = /^(\/*(?:api\/+)?r\/+)[^/]+/i
/** A waiting customer's link to a freed time (`/w/<token>`, `/api/waiting-list/offers/<token>/…`): it books in their name. */
const OFFER_LINK_PATH = /^(\/*(?:w|api\/+waiting-list\/+offers)\/+)[^/]+/i

export function urlForLog(url: string): string {
  const query = url.indexOf('?')
  const path = (query < 0 ? url : url.slice(0, query))
    .replace(BOOKING_LINK_PATH, '$1[redacted]')
    .replace(OFFER_LINK_PATH, '$1[redacted]')
  if (query < 0) return path
  const params = new URLSearchParams(url.slice(query + 1))
  for (const name of SECRET_PARAMETERS) if (params.has(name)) params.set(name, '[redacted]')
  return `${path}?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}`
}

/** A booking link's path anywhere in a text (an error's message or stack): its token masked. */
const BOOKING_LINK_IN_TEXT = /(\/(?:r|w|waiting-list\/+offers)\/+)[^/\s?#"'`]+/gi

function textForLog(text: string): string {
  return text.replace(BOOKING_LINK_IN_TEXT, '$1[redacted]')
}

/**
 * An error as it may be logged when its message could name the request's address (a page's
 * render): the same error with the booking link's token masked in its message and stack, and in
 * those of the errors it gathers.
 */
export function errorForLog(error: unknown): unknown {
  if (typeof error === 'string') return textForLog(error)
  if (!(error instanceof Error)) return error
  const message = textForLog(error.message)
  const safe =
    error instanceof AggregateError ? new AggregateError(error.errors.map(errorForLog), message) : new Error(message)
  safe.name = error.name
  safe.stack = textForLog(error.stack ?? '')
  return safe
}

export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
}
