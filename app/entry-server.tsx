import { text } from 'node:stream/consumers'
import type { Language } from '@common/languages'
import { type PageName, PUBLIC_PAGES, pageAt } from '@common/routes'
import type { SalonChatInfo } from '@common/schemas/salon'
import { dehydrate } from '@tanstack/react-query'
import { prerenderToNodeStream } from 'react-dom/static'
import { PAGES } from './App'
import { refusedLinkKey } from './features/booking-page/booking-page-api'
import { salonChatQueryKey } from './features/chat/chat-api'
import { createQueryClient } from './lib/api'
import { type Boot, bootScript } from './lib/boot'
import { serverI18n } from './lib/i18n-server'
import { documentTitle, PageTitleContext } from './lib/page-title'
import { AMBASSADOR_SESSION_KEY, AMBASSADOR_SIGNED_OUT, SESSION_KEY } from './lib/session'
import { Root } from './Root'

/** The public pages (PUBLIC_PAGES): the server renders them. */
const RENDERED: ReadonlySet<PageName> = new Set(PUBLIC_PAGES)
/** Pages whose signed-out HTML would be wrong for someone signed in: rendered for anonymous visitors only. */
const ANONYMOUS_ONLY: ReadonlySet<PageName> = new Set(['AmbassadorLoginPage', 'ProfessionalPage'])

export interface PageRequest {
  /** The address's path and query ("?ref=…"), as the browser asked for it. */
  path: string
  search: string
  language: Language
  /** No session cookie came: the visitor is signed out, for sure. */
  anonymous: boolean
  /** The server's clock (APP_NOW in demos and tests), in milliseconds. */
  now: number
  /** The salon a chat link names, when there is one: the server reads it as GET /api/salon/… would. */
  salon?: { idOrHash: string; info: SalonChatInfo }
  /**
   * A customer's booking link (`/r/<token>`): whether the server gave it out (its signature holds).
   * One it did not is rendered here, as the booking page's "link not found"; one it did is left to
   * the browser, which asks for its appointment.
   */
  bookingLink?: { token: string; valid: boolean }
}

export interface RenderedPage {
  page: PageName
  /** What goes inside #root (empty: the browser renders the page). */
  html: string
  title: string
  /** The boot data block, for the end of the body. */
  boot: string
}

/**
 * Renders a page to HTML with React's prerender, which waits for everything to load (the lazy page
 * and its texts) and so leaves nothing pending: no inline script is needed (the CSP allows none).
 * Throws when the render fails; the caller then sends the page for the browser to render.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  const page = pageAt(request.path)
  const shell = (): RenderedPage => ({
    page,
    html: '',
    title: documentTitle(undefined),
    boot: bootScript({ language: request.language, now: request.now, rendered: false }),
  })
  // A booking link the server never gave out: its "link not found" is rendered (a given one's page is not).
  const refused = page === 'BookingPage' && request.bookingLink?.valid === false ? request.bookingLink : undefined
  if ((!RENDERED.has(page) && !refused) || (ANONYMOUS_ONLY.has(page) && !request.anonymous)) return shell()

  const queryClient = createQueryClient()
  if (request.anonymous) {
    queryClient.setQueryData(SESSION_KEY, { isAuthenticated: false })
    queryClient.setQueryData(AMBASSADOR_SESSION_KEY, AMBASSADOR_SIGNED_OUT)
  }
  if (request.salon) queryClient.setQueryData(salonChatQueryKey(request.salon.idOrHash), request.salon.info)
  if (refused) queryClient.setQueryData(refusedLinkKey(refused.token), true)

  const i18n = serverI18n()[request.language]
  await PAGES[page].preload()
  const title = { title: documentTitle(undefined) }
  const rendered = new Map<string, unknown>()
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <PageTitleContext.Provider value={title}>
      <Root
        i18n={i18n}
        queryClient={queryClient}
        now={request.now}
        rendered={rendered}
        ssrPath={request.path}
        ssrSearch={request.search}
      />
    </PageTitleContext.Provider>,
    {
      signal: AbortSignal.timeout(2000),
      onError: (error) => void errors.push(error),
      // Never outline a large boundary into a hidden copy with a script that swaps it in: the
      // page arrives whole, and the CSP allows no inline script anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  )
  const html = await text(prelude)
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${request.path} failed`)
  const boot: Boot = {
    language: request.language,
    now: request.now,
    rendered: true,
    queries: dehydrate(queryClient),
    ...(rendered.size > 0 && { values: Object.fromEntries(rendered) }),
  }
  return { page, html, title: title.title, boot: bootScript(boot) }
}
