import { expect, type Page } from '@playwright/test'
import { maskEmail } from '../common/privacy'
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
