import { maskEmail } from '@common/privacy'
import { expect, type Page, test } from '@playwright/test'
import { fill } from './helpers'
import { TEXTS } from './texts'

/**
 * The ambassador area with the demo access code and the demo sign-in (the demo ambassador,
 * Camille Martin): login, dashboard and referrals, the printable kit.
 */
const fr = TEXTS.fr
const a = fr.ambassador

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

test('from the referral link to a working salon: sign-up, activation, the owner signs in, the ambassador hands over', async ({
  page,
  browser,
}, testInfo) => {
  const salonName = `Salon Parrainé ${testInfo.project.name} ${Date.now()}`
  const owner = `owner.${testInfo.project.name}.${Date.now()}@gmail.com`
  await signIn(page)
  const { referralLink } = await (await page.request.get('/api/ambassador/qrcode')).json()
  expect(referralLink).toMatch(/\/waitlist\?ref=AMBDEMO1$/)

  // A salon scans the QR code: the waitlist form, credited to the ambassador.
  const visitor = await browser.newContext({ locale: 'fr-FR' })
  const salonPage = await visitor.newPage()
  await salonPage.goto(new URL(referralLink).pathname + new URL(referralLink).search)
  await salonPage.getByLabel(fr.waitlist.form.salonName).fill(salonName)
  await salonPage.getByLabel(fr.waitlist.form.contactEmail).fill('contact@parraine.fr')
  await salonPage.getByLabel(fr.waitlist.form.address).fill('5 rue Neuve, 69001 Lyon')
  await salonPage.getByRole('button', { name: fr.waitlist.form.submit }).click()
  await expect(salonPage.getByRole('form', { name: fr.waitlist.form.label }).getByRole('status')).toContainText(
    'Inscription réussie',
  )

  // The ambassador activates it with the owner's Gmail.
  await page.getByRole('tab', { name: a.tabs.referrals }).click()
  await page.getByRole('button', { name: a.referrals.refresh }).click()
  const card = page.getByRole('article').or(page.getByRole('listitem')).filter({ hasText: salonName }).first()
  await card.getByRole('button', { name: a.referrals.activate }).click()
  const dialog = page.getByRole('dialog', { name: a.activate.title })
  await expect(dialog.getByRole('button', { name: a.activate.submit })).toBeDisabled()
  await dialog.getByLabel(a.activate.emailLabel).fill(owner)
  await dialog.getByRole('button', { name: a.activate.submit }).click()
  await expect(dialog).toBeHidden()
  await expect(card).toContainText(a.referrals.status.converted)
  const salonId = (await card.textContent())?.match(/SAL\d{3,}/)?.[0]
  expect(salonId).toBeTruthy()

  // The owner follows the e-mail's link and signs in with that account.
  await salonPage.goto(`/professional?salon=${salonId}`)
  await expect(salonPage.getByLabel(fr.calendarConnect.form.salonId).first()).toHaveValue(salonId ?? '')
  await salonPage.getByRole('button', { name: fr.calendarConnect.form.connect }).first().click()
  await salonPage.getByRole('button', { name: maskEmail(owner) }).click()
  await expect(salonPage).toHaveURL(/\/professional$/)
  await expect(salonPage.getByText(salonName).first()).toBeVisible()
  await visitor.close()

  // From now on the e-mail is the owner's: the ambassador's pencil is off.
  await page.getByRole('button', { name: a.referrals.refresh }).click()
  await expect(card.getByRole('button', { name: fill(a.referrals.editEmail, { salon: salonName }) })).toBeDisabled()
})
