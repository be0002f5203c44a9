import type { FastifyRequest } from 'fastify'

/**
 * What a request looks like in the log: never its credentials. Headers are not logged at all, and
 * the query parameters that carry secrets (Google's authorisation code, sign-in states, access
 * codes, tokens) are masked in the logged URL.
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
]

export function urlForLog(url: string): string {
  const query = url.indexOf('?')
  if (query < 0) return url
  const params = new URLSearchParams(url.slice(query + 1))
  for (const name of SECRET_PARAMETERS) if (params.has(name)) params.set(name, '[redacted]')
  return `${url.slice(0, query)}?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}`
}

export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
  }),
}
