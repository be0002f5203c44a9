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
  // The dashboard opens Meta's WhatsApp signup in a popup and must keep its handle on it.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
})

/**
 * The signup popup's last page, back on our origin after Meta's: it hands the code to the window
 * that opened it, a link any stricter policy would cut.
 */
const isOpenedByMeta = (url: string) => url === '/whatsapp/signup-return' || url.startsWith('/whatsapp/signup-return?')

/** The API's answers (salons, bookings, customers, sessions) are never kept by a browser or a proxy. */
const isApi = (url: string) => url.startsWith('/api/') || url === '/mcp' || url.startsWith('/mcp?')

/**
 * The build's files (scripts, styles, fonts, flags): a policy governs the document that loads them,
 * not the files, so they carry only what applies to them. A page's first load fetches some forty of
 * them, and the document's kilobyte of headers on each is weight a slow phone connection feels.
 */
const isBuiltFile = (url: string) => url.startsWith('/assets/') || url.startsWith('/flags/')

export function registerSecurityHeaders(app: App): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (isBuiltFile(request.url)) {
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin')
      return done()
    }
    // A route that may be cached (a file download) says so itself, over this default.
    if (isApi(request.url)) reply.header('cache-control', 'no-store')
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (isOpenedByMeta(request.url)) reply.raw.setHeader('cross-origin-opener-policy', 'unsafe-none')
      done(error instanceof Error ? error : undefined)
    })
  })
}
