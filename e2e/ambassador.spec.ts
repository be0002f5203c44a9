import { expect, type Page, test } from '@playwright/test'
import { TEXTS } from './texts'

/**
 * The ambassador area with the demo access code and the demo sign-in (the demo ambassador,
 * Camille Martin): login, dashboard and referrals, the printable kit.
 */
const fr = TEXTS.fr
const a = fr.ambassador
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')

async function signIn(page: Page) {
  await page.goto('/ambassador')
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible()
  await page.getByLabel(a.login.codeLabel).fill('NOT-A-CODE')
  await page.getByRole('button', { name: a.login.validate }).click()
  await expect(page.getByText(a.login.invalidCode).first()).toBeVisible()
  await page.getByLabel(a.login.codeLabel).fill('demo-ambassador-2026')
  await page.getByRole('button', { name: a.login.validate }).click()
  await expect(page.getByText(a.login.validated)).toBeVisible()
  await page.getByRole('button', { name: a.login.back }).click()
  await page.getByRole('button', { name: a.login.validate }).click()
  await page
    .getByRole('link', { name: a.login.google })
    .or(page.getByRole('button', { name: a.login.google }))
    .click()
  await expect(page).toHaveURL(/\/demo-sign-in\?state=/)
  await page.getByRole('button', { name: /camille\.ambassadrice\.demo@gmail\.com/ }).click()
  await expect(page).toHaveURL(/\/ambassador\/dashboard$/)
  await expect(
    page.getByRole('heading', { name: fill(a.dashboard.greeting, { name: 'Camille Martin' }) }),
  ).toBeVisible()
}

test('signs in with the access code and Google, and sees the referrals', async ({ page }) => {
  await signIn(page)
  await expect(page.getByText('AMBDEMO1').first()).toBeVisible()
  await page.getByRole('tab', { name: a.tabs.referrals }).click()
  await expect(page.getByRole('heading', { name: a.referrals.title })).toBeVisible()
})

test('a signed-out visitor of the dashboard is sent to the login', async ({ page }) => {
  await page.goto('/ambassador/dashboard')
  await expect(page).toHaveURL(/\/ambassador$/)
})

test('prints the kit page as an A4 PDF in Chromium @once', async ({ page }) => {
  await signIn(page)
  await page.goto('/ambassador-kit')
  await expect(page.getByRole('heading', { level: 1, name: a.kitPage.title })).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  // Every page is A4: 595 × 842 points (210 × 297 mm).
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)]
  expect(boxes.length).toBeGreaterThan(0)
  for (const [, width, height] of boxes) {
    expect(Math.abs(Number(width) - 595.28)).toBeLessThan(2)
    expect(Math.abs(Number(height) - 841.89)).toBeLessThan(2)
  }
})
