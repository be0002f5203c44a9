import AxeBuilder from '@axe-core/playwright'
import { maskEmail } from '@common/privacy'
import { type Cookie, expect, type Page, waitForHydration } from './test'
import { TEXTS, type Texts } from './texts'

/** The demo salon's (SAL001) owner: the account its demo sign-in offers and its messages name. */
export const OWNER = 'salon.lumiere.demo@gmail.com'

/**
 * A text of the catalogue with its `{{placeholders}}` filled, so a test finds an element by the
 * very words a visitor reads (a missing value leaves the placeholder empty).
 */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''))

/** Whether the page fits the window's width: nothing to scroll sideways, on a phone above all. */
export const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/**
 * Sessions signed in once per test worker and handed to its later tests, by server and role. The
 * sign-in screens are tested through the UI by their own tests (professional, ambassador, admin,
 * navigation specs); a test of what comes after starts signed in, as a returning user's browser
 * does: the first test of a worker signs in through the UI, the next ones get its session cookie
 * (and sign in through the UI again if a test signed that session out).
 */
const keptSessions = new Map<string, Cookie[]>()

export async function withKeptSession(
  page: Page,
  role: 'owner' | 'admin' | 'ambassador',
  signInThroughUi: () => Promise<void>,
  land: () => Promise<void>,
) {
  const [cookieName, sessionPath] =
    role === 'ambassador'
      ? ['salonia_ambassador_session', '/api/ambassador/session']
      : ['salonia_session', '/api/session']
  const live = async () => {
    const res = await page.request.get(sessionPath)
    return { origin: new URL(res.url()).origin, signedIn: res.ok() && (await res.json()).isAuthenticated === true }
  }
  const key = `${(await live()).origin} ${role}`
  const kept = keptSessions.get(key)
  if (kept) {
    await page.context().addCookies(kept)
    if ((await live()).signedIn) return land()
    await page.context().clearCookies({ name: cookieName })
  }
  await signInThroughUi()
  keptSessions.set(
    key,
    (await page.context().cookies()).filter((cookie) => cookie.name === cookieName),
  )
}

/**
 * Signs the owner in for SAL001 with the demo sign-in (in French, or in `texts`' language), from
 * /professional through the demo consent screen back to the dashboard — the same steps every spec
 * about the dashboard needs — or, later in a worker, with the session a test signed in before.
 */
export async function signIn(page: Page, texts: Texts = TEXTS.fr) {
  // The tests start from the overview; a phone opens on the day's agenda (e2e/agenda.spec.ts says so).
  const dashboard = async () => {
    await expect(page.getByRole('tablist').first()).toBeVisible()
    const overview = page
      .getByRole('tab', { name: texts.dashboard.tabs.overview, exact: true })
      .or(page.getByRole('tab', { name: texts.dashboard.tabs.overviewShort, exact: true }))
    if ((await overview.getAttribute('aria-selected')) !== 'true') await overview.click()
    await expect(overview).toHaveAttribute('aria-selected', 'true')
  }
  await withKeptSession(
    page,
    'owner',
    async () => {
      await signInThroughTheDemo(page, texts)
      await dashboard()
    },
    async () => {
      await page.goto('/professional')
      await dashboard()
    },
  )
}

/** The owner's sign-in through the UI, every step of it (the tests of the sign-in itself). */
export async function signInThroughTheDemo(page: Page, texts: Texts = TEXTS.fr) {
  await page.goto('/professional')
  await page.getByLabel(texts.calendarConnect.form.salonId).first().fill('SAL001')
  await page.getByRole('button', { name: texts.calendarConnect.form.connect }).first().click()
  await expect(page).toHaveURL(/\/demo-sign-in\?state=/)
  await expect(page.getByRole('heading', { name: texts.demoSignIn.title })).toBeVisible()
  await page.getByRole('button', { name: fill(texts.demoSignIn.continueAs, { email: maskEmail(OWNER) }) }).click()
  await expect(page).toHaveURL(/\/professional$/, { timeout: 30_000 })
  // The dashboard comes rendered by the server: a tap before React has hydrated it is lost.
  await waitForHydration(page)
}

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page, once its finite animations have
 * ended: a toast or a row still fading in has, for an instant, a contrast nobody reads it at.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) =>
          Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // A toast on its way out (Radix marks it closed as it fades) is not read: its half-transparent
  // text would be measured against whatever it is fading over.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-tone][data-state="closed"]')
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + (process.env.AXE_DEBUG ? ` ${n.html} ${n.failureSummary}` : '')).join(', ')}`,
    )
}

/** Signs in the demo way as the demo administrator (or with the kept session), and waits for the panel. */
export async function signInAsAdmin(page: Page) {
  const panel = () => expect(page.getByRole('heading', { level: 1, name: TEXTS.fr.admin.title })).toBeVisible()
  await withKeptSession(
    page,
    'admin',
    async () => {
      await page.goto('/admin')
      await page.getByRole('button', { name: TEXTS.fr.adminAccess.signIn }).click()
      await expect(page).toHaveURL(/\/demo-sign-in\?state=/)
      await page.getByRole('button', { name: /admin@salonia\.demo/ }).click()
      await panel()
    },
    async () => {
      await page.goto('/admin')
      await panel()
    },
  )
}

/** Console errors (a 401 logged by a request included) and uncaught exceptions, as they come. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}
