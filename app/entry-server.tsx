import { text } from 'node:stream/consumers'
import type { Language } from '@common/languages'
import { type PageName, PUBLIC_PAGES, pageAt } from '@common/routes'
import type { SalonChatInfo } from '@common/schemas/salon'
import type { Session } from '@common/schemas/session'
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { prerenderToNodeStream } from 'react-dom/static'
import { PAGES } from './App'
import { refusedLinkKey } from './features/booking-page/booking-page-api'
import { salonChatQueryKey } from './features/chat/chat-api'
import { SignedInArea } from './features/professional/areas'
import { readAgendaStart } from './features/salon-dashboard/agenda/agenda-prefetch'
import { createQueryClient } from './lib/api'
import { type Boot, bootScript } from './lib/boot'
import { serverI18n } from './lib/i18n-server'
import { documentTitle, PageTitleContext } from './lib/page-title'
import { AMBASSADOR_SESSION_KEY, AMBASSADOR_SIGNED_OUT, SESSION_KEY } from './lib/session'
import { Root } from './Root'

/** The public pages (PUBLIC_PAGES): the server renders them. */
const RENDERED: ReadonlySet<PageName> = new Set(PUBLIC_PAGES)
/** Pages whose signed-out HTML would be wrong for someone signed in: rendered for anonymous visitors only… */
const ANONYMOUS_ONLY: ReadonlySet<PageName> = new Set(['AmbassadorLoginPage', 'ProfessionalPage'])
/**
 * …but for these, also for a salon's owner whose session the server has read: the professional
 * area's greeting paints with the page, as a public page's text does, instead of after the scripts,
 * the session and the dashboard's code. The dashboard itself renders in the browser, which knows
 * the screen (a phone opens on the agenda).
 */
const OWNER_RENDERED: ReadonlySet<PageName> = new Set(['ProfessionalPage'])

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
   * The staff session the request's cookie opens, as GET /api/session would answer (asked only for
   * a page the browser renders: a signed-in area), and whether an ambassador's cookie came too.
   */
  sessions?: { staff(): Promise<Session>; ambassadorCookie: boolean }
  /**
   * GET an API path as the visitor (their cookies), for what a page shows first: the answer's JSON
   * when it is a 200, else undefined.
   */
  read?(path: string): Promise<unknown>
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
  // A booking link the server never gave out: its "link not found" is rendered (a given one's page is not).
  const refused = page === 'BookingPage' && request.bookingLink?.valid === false ? request.bookingLink : undefined
  const byServer = RENDERED.has(page) || refused !== undefined
  const sessions =
    request.anonymous || (byServer && !ANONYMOUS_ONLY.has(page)) ? undefined : await knownSessions(request)
  const shell = (): RenderedPage => ({
    page,
    html: '',
    title: documentTitle(undefined),
    boot: bootScript({
      language: request.language,
      now: request.now,
      rendered: false,
      ...(sessions && { queries: dehydrate(sessionsClient(sessions)) }),
    }),
  })
  if (!byServer) return shell()
  if (ANONYMOUS_ONLY.has(page) && !request.anonymous && !(OWNER_RENDERED.has(page) && isOwner(sessions?.staff)))
    return shell()

  const queryClient = sessions ? sessionsClient(sessions) : createQueryClient()
  if (request.anonymous) {
    queryClient.setQueryData(SESSION_KEY, { isAuthenticated: false })
    queryClient.setQueryData(AMBASSADOR_SESSION_KEY, AMBASSADOR_SIGNED_OUT)
  }
  if (request.salon) queryClient.setQueryData(salonChatQueryKey(request.salon.idOrHash), request.salon.info)
  if (refused) queryClient.setQueryData(refusedLinkKey(refused.token), true)

  const i18n = serverI18n()[request.language]
  await PAGES[page].preload()
  // The owner's face of the professional area, loaded before the render as the page itself is (the
  // page's loader asks for the face the browser's boot data names: none here), and what its header
  // and a phone's first tab, the day's agenda, read first (sent with the page).
  const ownerSalon = OWNER_RENDERED.has(page) ? ownerSalonOf(sessions?.staff) : undefined
  if (ownerSalon) {
    const [, answers] = await Promise.all([
      SignedInArea.preload(),
      request.read ? readAgendaStart(ownerSalon, request.read, READS_WITHIN_MS) : [],
    ])
    for (const { queryKey, data } of answers) queryClient.setQueryData(queryKey, data)
  }
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

/** What the server knows of a signed-in visitor's sessions (knownSessions). */
interface KnownSessions {
  /** As GET /api/session answers; unknown when the session could not be read. */
  staff?: Session
  /** No ambassador cookie came: GET /api/ambassador/session would say signed out. */
  ambassadorSignedOut: boolean
}

/**
 * A signed-in visitor's sessions, read for a page that depends on them, and sent with it: its first
 * render knows who is signed in (the professional area opens on the dashboard, whose code is asked
 * for with the page's) instead of asking GET /api/session — and GET /api/ambassador/session, when no
 * ambassador cookie came — before it can. A session that cannot be read is left to the browser.
 */
async function knownSessions(request: PageRequest): Promise<KnownSessions | undefined> {
  if (!request.sessions) return undefined
  const staff = await request.sessions.staff().catch(() => undefined)
  return { ...(staff && { staff }), ambassadorSignedOut: !request.sessions.ambassadorCookie }
}

/** A query client that holds what the server knows of the sessions. */
function sessionsClient(sessions: KnownSessions): QueryClient {
  const queryClient = createQueryClient()
  if (sessions.staff) queryClient.setQueryData(SESSION_KEY, sessions.staff)
  if (sessions.ambassadorSignedOut) queryClient.setQueryData(AMBASSADOR_SESSION_KEY, AMBASSADOR_SIGNED_OUT)
  return queryClient
}

const ownerSalonOf = (session: Session | undefined) => (session?.isAuthenticated && session.user?.salonId) || undefined
const isOwner = (session: Session | undefined) => ownerSalonOf(session) !== undefined

/** How long the answers a page brings may keep it waiting before it goes without them. */
const READS_WITHIN_MS = 1000
