/**
 * The web app's route table (spec §2). The browser router renders these pages; the server answers
 * 404 for any other path (with the web app, which shows the "Page Not Found" page).
 */
export const APP_ROUTES = [
  { path: '/', page: 'HomePage' },
  // Without a salon the chat shows its restricted-access screen (spec §2, Chat screen).
  { path: '/chat', page: 'ChatPage' },
  { path: '/chat/:salonId', page: 'ChatPage' },
  { path: '/chat/:salonId/legacy', page: 'ChatPage' },
  { path: '/professional', page: 'ProfessionalPage' },
  { path: '/admin', page: 'AdminPage' },
  { path: '/ambassador', page: 'AmbassadorLoginPage' },
  { path: '/ambassador/dashboard', page: 'AmbassadorDashboardPage' },
  { path: '/ambassador-kit', page: 'AmbassadorKitPage' },
  { path: '/waitlist', page: 'WaitlistPage' },
  // The customer's own booking page, opened by the personal link of their confirmation (no sign-in).
  // Someone's appointment: kept out of search engines (X-Robots-Tag), wherever its link was seen.
  { path: '/r/:token', page: 'BookingPage', noindex: true },
  // A time offered to a customer of the waiting list, opened by the link of the message telling them.
  { path: '/w/:token', page: 'WaitOfferPage', noindex: true },
  // Where Meta's WhatsApp signup window (a popup) comes back: hands the code to the dashboard and closes.
  { path: '/whatsapp/signup-return', page: 'WhatsAppSignupReturnPage', noindex: true },
  // Offered by the server instead of Google's consent screen when Google is not configured (never in production).
  { path: '/demo-sign-in', page: 'DemoSignInPage' },
] as const

export type AppRoute = (typeof APP_ROUTES)[number] & { noindex?: boolean }
export type PageName = AppRoute['page'] | 'NotFoundPage'

/**
 * The public pages, which the server renders (issue: HTML that paints before JavaScript; see
 * app/entry-server.tsx) and whose first load the build keeps small (scripts/build/chunk-groups.ts).
 * The signed-in areas stay rendered in the browser: their HTML would depend on who asks, and nobody
 * waits on a phone's slow network for them as a customer does for the chat.
 */
export const PUBLIC_PAGES: readonly PageName[] = [
  'HomePage',
  'ChatPage',
  'WaitlistPage',
  'AmbassadorLoginPage',
  'ProfessionalPage',
  'NotFoundPage',
]

/**
 * Pages whose many texts of their own are apart (app/locales/pages/<part>/), loaded with the page
 * only: the chat does not download the home page's texts, nor the other way round. The sign-in
 * screens' texts are apart from the areas' (app/locales/areas/): a visitor who is not signed in
 * does not download the whole dashboard's.
 */
export const PAGE_TEXTS: Partial<Record<PageName, readonly string[]>> = {
  HomePage: ['home'],
  WaitlistPage: ['waitlist'],
  // Signed out, the professional area offers the connect form and the waitlist's form.
  ProfessionalPage: ['sign-in', 'waitlist'],
  AmbassadorLoginPage: ['sign-in'],
  // The administrator signs in with Google as a salon does, and reads the same refusals.
  AdminPage: ['sign-in'],
  BookingPage: ['booking-page'],
  WaitOfferPage: ['waiting-offer'],
  WhatsAppSignupReturnPage: ['whatsapp-signup'],
}

/** The route a path belongs to (a trailing slash is ignored), or undefined for "Page Not Found". */
export function matchAppRoute(pathname: string): AppRoute | undefined {
  const segments = pathname.split('/').filter(Boolean)
  return APP_ROUTES.find((route) => {
    const pattern = route.path.split('/').filter(Boolean)
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? (segments[i] ?? '') !== '' : part === segments[i]))
    )
  })
}

/** The page a path shows: its route's, else "Page Not Found". */
export function pageAt(pathname: string): PageName {
  return matchAppRoute(pathname)?.page ?? 'NotFoundPage'
}
