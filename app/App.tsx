import { APP_ROUTES, PAGE_TEXTS, type PageName } from '@common/routes'
import { type ComponentType, type ReactNode, Suspense, useEffect, useRef } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { Footer } from './components/layout/Footer'
import { NavBar } from './components/layout/NavBar'
import { PageLoading } from './components/PageLoading'
import { preloadProfessionalArea } from './features/professional/areas'
import { loadAreaTexts, loadPageTexts } from './lib/i18n'
import { type LazyPage, lazyPage } from './lib/lazy-page'

/**
 * A page in its own chunk, with its texts: those of the signed-in areas when it is one of theirs,
 * and its own (PAGE_TEXTS) when it has some. Code and texts arrive together.
 */
function withTexts(page: PageName, load: () => Promise<{ default: ComponentType }>, area = false) {
  const parts = PAGE_TEXTS[page] ?? []
  return lazyPage(
    async () =>
      (await Promise.all([load(), area ? loadAreaTexts() : undefined, ...parts.map((part) => loadPageTexts(part))]))[0],
  )
}
const withAreaTexts = (page: PageName, load: () => Promise<{ default: ComponentType }>) => withTexts(page, load, true)

// One chunk per page: a visitor downloads only the page they open.
export const PAGES: Record<PageName, LazyPage> = {
  HomePage: withTexts('HomePage', () => import('./pages/HomePage')),
  ChatPage: lazyPage(() => import('./pages/ChatPage')),
  // With the face it shows first, signed in or out, and that face's texts (features/professional/areas.ts).
  ProfessionalPage: lazyPage(
    async () => (await Promise.all([import('./pages/ProfessionalPage'), preloadProfessionalArea()]))[0],
  ),
  AdminPage: withAreaTexts('AdminPage', () => import('./pages/AdminPage')),
  AmbassadorLoginPage: withTexts('AmbassadorLoginPage', () => import('./pages/AmbassadorLoginPage')),
  AmbassadorDashboardPage: withAreaTexts('AmbassadorDashboardPage', () => import('./pages/AmbassadorDashboardPage')),
  AmbassadorKitPage: withAreaTexts('AmbassadorKitPage', () => import('./pages/AmbassadorKitPage')),
  WaitlistPage: withTexts('WaitlistPage', () => import('./pages/WaitlistPage')),
  BookingPage: withTexts('BookingPage', () => import('./pages/BookingPage')),
  WaitOfferPage: withTexts('WaitOfferPage', () => import('./pages/WaitOfferPage')),
  DemoSignInPage: withAreaTexts('DemoSignInPage', () => import('./pages/DemoSignInPage')),
  WhatsAppSignupReturnPage: withTexts('WhatsAppSignupReturnPage', () => import('./pages/WhatsAppSignupReturnPage')),
  NotFoundPage: lazyPage(() => import('./pages/NotFoundPage')),
}

/** Where Meta's WhatsApp signup window comes back (the server's redirect_uri; common/routes.ts). */
export const WHATSAPP_SIGNUP_RETURN_PATH = '/whatsapp/signup-return'

/**
 * The chat, a customer's booking page and a time offered from the waiting list are the salon's own
 * space: no Salonia navigation around them; nor around the WhatsApp signup's return, a popup.
 */
function Frame({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  // A new page starts at its top, as it would after a full page load. Not on the first render: a
  // visitor may have scrolled the server's HTML before the script arrived.
  const shownLocation = useRef(location)
  useEffect(() => {
    if (shownLocation.current === location) return
    shownLocation.current = location
    window.scrollTo(0, 0)
  }, [location])
  if (
    location === '/chat' ||
    location.startsWith('/chat/') ||
    location.startsWith('/r/') ||
    location.startsWith('/w/') ||
    // A popup of the signup, not a page of the site.
    location === WHATSAPP_SIGNUP_RETURN_PATH
  )
    return <Suspense fallback={<PageLoading />}>{children}</Suspense>
  // The footer waits with the page (inside the same Suspense boundary): shown under a loading
  // spinner, it would sit in the first screen and then be pushed down — the page's largest layout shift.
  return (
    <div className="flex min-h-dvh flex-col">
      <NavBar />
      <Suspense
        fallback={
          <main id="main" className="flex-1">
            <PageLoading />
          </main>
        }
      >
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
      </Suspense>
    </div>
  )
}

export function App() {
  const NotFound = PAGES.NotFoundPage
  return (
    <Frame>
      <Switch>
        {APP_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} component={PAGES[route.page]} />
        ))}
        <Route component={NotFound} />
      </Switch>
    </Frame>
  )
}
