import type { Config } from '@server/config'
import { AppError } from '@server/errors'
import type { FastifyInstance } from 'fastify'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery guard for everything the browser's cookies authenticate: a write
 * (POST, PUT, PATCH, DELETE) whose Origin is neither PUBLIC_URL's nor the host the request was sent
 * to (a page cannot choose the Host its victim's browser sends) is refused. Browsers always send
 * Origin on such requests (and Sec-Fetch-Site); a request with neither comes from a program,
 * which holds no victim's cookies. Bearer-token routes (MCP) carry no cookie authority and are
 * left to their token.
 */
export function registerSameOriginGuard(app: FastifyInstance, config: Config): void {
  const allowed = new Set([new URL(config.publicUrl).origin])
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    if (request.routeOptions.config?.access === 'salon_token') return
    const origin = request.headers.origin
    const fetchSite = request.headers['sec-fetch-site']
    const crossSite =
      origin !== undefined ? !allowed.has(origin) && hostOf(origin) !== request.host : fetchSite === 'cross-site'
    if (crossSite) {
      throw new AppError(
        'request.cross_site',
        403,
        'This request came from another site; the action was refused to protect your account.',
      )
    }
  })
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}
