import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { PageRequest, RenderedPage } from '@app/entry-server'
import { LANGUAGE_COOKIE, visitorLanguage } from '@common/languages'
import { matchAppRoute } from '@common/routes'
import { currentSession } from '@server/modules/auth/auth.usecases'
import { bookingIdOfLinkToken } from '@server/modules/booking-page/booking-link'
import { findSalonChatInfo } from '@server/modules/salons/salons.usecases'
import { entryIdOfOfferToken } from '@server/modules/waiting-list/offer-link'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorForLog, urlForLog } from './logging'
import { SESSION_COOKIES, sessionOf } from './session'
import type { AppDeps } from './types'

/** The server build of the web app (dist/server/entry-server.js, from app/entry-server.tsx). */
type EntryServer = { renderPage(request: PageRequest): Promise<RenderedPage> }

export type PageSender = (request: FastifyRequest, reply: FastifyReply, path: string) => Promise<FastifyReply>

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Sends a page of the web app: rendered by the server in the visitor's language (their choice in
 * the language cookie, else their browser's, else French) when the server build is there, so it
 * paints before any JavaScript; else index.html for the browser to render (npm run dev, tests
 * without a build). A render that fails or takes too long also falls back to index.html: a page
 * is never a 500.
 */
/**
 * GETs an API path within this server, as the request's visitor (their cookies): the answer's JSON
 * when it is a 200, else undefined. What a page shows first, sent with it (entry-server.tsx).
 */
export type ApiReader = (request: FastifyRequest, path: string) => Promise<unknown>

export async function pageSender(
  root: string,
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  readApi?: ApiReader,
): Promise<PageSender> {
  const template = readFileSync(resolve(root, 'index.html'), 'utf8')
  const entryFile = resolve(root, '../server/entry-server.js')
  const entry = existsSync(entryFile) ? ((await import(pathToFileURL(entryFile).href)) as EntryServer) : undefined

  return async (request, reply, path) => {
    const route = matchAppRoute(`/${path}`)
    if (route?.noindex) reply.header('x-robots-tag', 'noindex, nofollow')
    const cookies = request.cookies ?? {}
    const language = visitorLanguage(cookies[LANGUAGE_COOKIE], request.headers['accept-language'])
    const anonymous = Object.values(SESSION_COOKIES).every((name) => !cookies[name])
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    const bookingLink = bookingLinkOf(deps, route?.path, path)
    let page: Pick<RenderedPage, 'html' | 'title' | 'boot'> = { html: '', title: 'Salonia', boot: '' }
    if (entry) {
      try {
        page = await entry.renderPage({
          path: `/${path}`,
          search,
          language,
          anonymous,
          now: deps.clock.now().getTime(),
          salon: await chatSalon(deps, route?.path, path),
          ...(bookingLink ? { bookingLink } : {}),
          ...(anonymous
            ? {}
            : {
                sessions: {
                  // Read as GET /api/session reads it (renewed, or its cookie cleared), if the page needs it.
                  staff: async () => currentSession(deps.config, await sessionOf(deps, request, reply, 'staff')),
                  ambassadorCookie: Boolean(cookies[SESSION_COOKIES.ambassador]),
                },
                ...(readApi ? { read: (apiPath: string) => readApi(request, apiPath) } : {}),
              }),
        })
      } catch (error) {
        request.log.error(
          { err: errorForLog(error), path: urlForLog(`/${path}`) },
          'Server rendering failed: the browser renders the page',
        )
      }
    }
    const html = template
      .replace(/<html lang="[a-z]+">/, `<html lang="${language}">`)
      .replace('<title>Salonia</title>', `<title>${escapeHtml(page.title)}</title>`)
      .replace('</head>', route?.noindex ? `${NO_INDEX_META}</head>` : '</head>')
      .replace('<div id="root"></div>', `<div id="root">${page.html}</div>${page.boot}`)
    return reply
      .status(route && bookingLink?.valid !== false && !forgedOfferLink(deps, route.path, path) ? 200 : 404)
      .header('cache-control', anonymous ? 'no-cache' : 'private, no-cache')
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(compressFor(request, reply, html))
  }
}

/** What the X-Robots-Tag header says, in the page itself too (a copy saved or cached elsewhere keeps it). */
const NO_INDEX_META = '<meta name="robots" content="noindex, nofollow">'

/**
 * A customer's booking link (`/r/<token>`), and whether this server gave it out: its signature is
 * checked as GET /api/r/<token> does, without the database. One it never gave out is a 404 with the
 * booking page's "link not found", rendered here; whether a given one's appointment still exists
 * or is over, the page asks the API.
 */
function bookingLinkOf(deps: Pick<AppDeps, 'config'>, routePath: string | undefined, path: string) {
  if (routePath !== '/r/:token') return undefined
  const token = path.split('/').filter(Boolean)[1] ?? ''
  return { token, valid: bookingIdOfLinkToken(deps.config.appSecret, token) !== null }
}

/**
 * A waiting customer's link to a freed time (`/w/<token>`) this server never gave out: a 404 (the
 * page, rendered by the browser, then says the link is unknown), as for a booking link.
 */
function forgedOfferLink(deps: Pick<AppDeps, 'config'>, routePath: string, path: string): boolean {
  if (routePath !== '/w/:token') return false
  return entryIdOfOfferToken(deps.config.appSecret, path.split('/').filter(Boolean)[1] ?? '') === null
}

/** The salon a chat link names, read as GET /api/salon/:idOrHash would (none for an unknown one). */
async function chatSalon(deps: Pick<AppDeps, 'db' | 'config'>, routePath: string | undefined, path: string) {
  if (routePath !== '/chat/:salonId' && routePath !== '/chat/:salonId/legacy') return undefined
  // Public IDs and hashes are letters and digits: anything else is no salon (the browser says so).
  const idOrHash = path.split('/')[1] ?? ''
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(idOrHash)) return undefined
  const info = await findSalonChatInfo(deps, idOrHash)
  return info ? { idOrHash, info } : undefined
}

/** Brotli (fast setting) or gzip, as the browser accepts: a rendered page is made per request. */
function compressFor(request: FastifyRequest, reply: FastifyReply, html: string): Buffer | string {
  const accepted = String(request.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br')
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip')
    return gzipSync(html, { level: 6 })
  }
  return html
}
