import AxeBuilder from '@axe-core/playwright'
import { maskEmail } from '@common/privacy'
import { expect, type Page } from './test'
import { TEXTS } from './texts'

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
 * Signs the owner in for SAL001 with the demo sign-in (in French), from /professional through the
 * demo consent screen back to the dashboard — the same steps every spec about the dashboard needs.
 */
export async function signIn(page: Page) {
  const fr = TEXTS.fr
  await page.goto('/professional')
  await page.getByLabel(fr.calendarConnect.form.salonId).first().fill('SAL001')
  await page.getByRole('button', { name: fr.calendarConnect.form.connect }).first().click()
  await expect(page).toHaveURL(/\/demo-sign-in\?state=/)
  await page.getByRole('button', { name: fill(fr.demoSignIn.continueAs, { email: maskEmail(OWNER) }) }).click()
  await expect(page).toHaveURL(/\/professional$/)
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
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(' ') + (process.env.AXE_DEBUG ? ` ${n.html} ${n.failureSummary}` : '')).join(', ')}`,
    )
}

/** Signs in the demo way as the demo administrator, and waits for the panel. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/admin')
  await page.getByRole('button', { name: TEXTS.fr.adminAccess.signIn }).click()
  await expect(page).toHaveURL(/\/demo-sign-in\?state=/)
  await page.getByRole('button', { name: /admin@salonia\.demo/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.fr.admin.title })).toBeVisible()
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
