import helmet from 'helmet'
import type { App } from './types'

/**
 * Security headers on every response (Content-Security-Policy, HSTS, nosniff, frame and referrer
 * rules). The helmet middleware is built once: @fastify/helmet rebuilt it, CSP parsing included,
 * on every request, a measurable share of a cheap read's CPU (docs/PERFORMANCE.md).
 */
const setSecurityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
})

/** The API's answers (salons, bookings, customers, sessions) are never kept by a browser or a proxy. */
const isApi = (url: string) => url.startsWith('/api/') || url === '/mcp' || url.startsWith('/mcp?')

export function registerSecurityHeaders(app: App): void {
  app.addHook('onRequest', (request, reply, done) => {
    // A route that may be cached (a file download) says so itself, over this default.
    if (isApi(request.url)) reply.header('cache-control', 'no-store')
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined))
  })
}
