import { APP_ROUTES, PAGE_TEXTS, type PageName } from '@common/routes'
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react'
import { Route, Switch, useLocation } from 'wouter'
import { Footer } from './components/layout/Footer'
import { NavBar } from './components/layout/NavBar'
import { PageLoading } from './components/PageLoading'
import { loadAreaTexts, loadPageTexts } from './lib/i18n'

/** A page of the signed-in areas: its code and its texts arrive together. */
function withAreaTexts(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => (await Promise.all([load(), loadAreaTexts()]))[0])
}

/** A public page with texts of its own (PAGE_TEXTS): its code and those texts arrive together. */
function withPageTexts(page: keyof typeof PAGE_TEXTS, load: () => Promise<{ default: ComponentType }>) {
  const part = PAGE_TEXTS[page]
  return lazy(async () => (await Promise.all([load(), part ? loadPageTexts(part) : undefined]))[0])
}

// One chunk per page: a visitor downloads only the page they open.
const PAGES: Record<PageName, ReturnType<typeof lazy>> = {
  HomePage: withPageTexts('HomePage', () => import('./pages/HomePage')),
  ChatPage: lazy(() => import('./pages/ChatPage')),
  ProfessionalPage: withAreaTexts(() => import('./pages/ProfessionalPage')),
  AdminPage: withAreaTexts(() => import('./pages/AdminPage')),
  AmbassadorLoginPage: withAreaTexts(() => import('./pages/AmbassadorLoginPage')),
  AmbassadorDashboardPage: withAreaTexts(() => import('./pages/AmbassadorDashboardPage')),
  AmbassadorKitPage: withAreaTexts(() => import('./pages/AmbassadorKitPage')),
  WaitlistPage: withPageTexts('WaitlistPage', () => import('./pages/WaitlistPage')),
  BookingPage: withPageTexts('BookingPage', () => import('./pages/BookingPage')),
  DemoSignInPage: withAreaTexts(() => import('./pages/DemoSignInPage')),
  NotFoundPage: lazy(() => import('./pages/NotFoundPage')),
}

/** The chat and a customer's booking page are the salon's own space: no Salonia navigation around them. */
function Frame({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  // A new page starts at its top, as it would after a full page load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    // A block body: Chromium's scrollTo now returns a promise, which React would take for a cleanup.
    window.scrollTo(0, 0)
  }, [location])
  if (location === '/chat' || location.startsWith('/chat/') || location.startsWith('/r/'))
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
