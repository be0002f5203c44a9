import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { maskEmail } from '@common/privacy'
import { KIT_TEXTS } from '@server/modules/ambassadors/kit-texts'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { consoleErrors, fill, withKeptSession } from './helpers'
import { test } from './own-client'
import { expect, type Page } from './test'
import { TEXTS } from './texts'

/**
 * The ambassador area with the demo access code and the demo sign-in (the demo ambassador,
 * Camille Martin): login, dashboard and referrals, the printable kit.
 */
const fr = TEXTS.fr
const a = fr.ambassador
const login = fr.ambassadorSignIn

// pdfjs reads the standard fonts' metrics from its own package.
const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`

/** Text compared without its spacing: a PDF's text runs split words and spaces their own way. */
const squash = (text: string) => text.replace(/\s+/g, '')

/** Each page of a PDF: its text (squashed), and how far down the page its last line is (0 to 1). */
async function pdfPages(bytes: Uint8Array): Promise<{ text: string; reach: number }[]> {
  const pdf = await getDocument({ data: bytes, standardFontDataUrl: STANDARD_FONTS }).promise
  const pages = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const height = page.view[3] ?? 842
    const items = (await page.getTextContent()).items.filter((item) => 'str' in item && item.str.trim() !== '')
    const lowest = Math.max(0, ...items.map((item) => ('transform' in item ? height - item.transform[5] : 0)))
    const text = items.map((item) => ('str' in item ? item.str : '')).join(' ')
    pages.push({ text: squash(text), reach: lowest / height })
  }
  return pages
}

/** One of the four figures, as a number ("Total Références" → 3). */
async function figure(page: Page, label: string): Promise<number> {
  const tile = page.getByRole('region', { name: a.stats.title }).getByText(label, { exact: true }).locator('..')
  return Number((await tile.textContent())?.match(/(\d+)\s*$/)?.[1])
}

/**
 * The sign-in, a wrong code first when asked (once: wrong codes spend a budget of 10 a minute per
 * client, which the other tests' sign-ins would exhaust).
 */
async function signInThroughTheForms(page: Page, { wrongCodeFirst = false } = {}) {
  await page.goto('/ambassador')
  await expect(page.getByRole('heading', { level: 1, name: login.title })).toBeVisible()
  if (wrongCodeFirst) {
    await page.getByLabel(login.codeLabel).fill('NOT-A-CODE')
    await page.getByRole('button', { name: login.validate }).click()
    await expect(page.getByText(login.invalidCode).first()).toBeVisible()
  }
  await page.getByLabel(login.codeLabel).fill('demo-ambassador-2026')
  await page.getByRole('button', { name: login.validate }).click()
  await expect(page.getByText(login.validated)).toBeVisible()
  await page.getByRole('button', { name: login.back }).click()
  await page.getByRole('button', { name: login.validate }).click()
  await page
    .getByRole('link', { name: login.google })
    .or(page.getByRole('button', { name: login.google }))
    .click()
  await expect(page).toHaveURL(/\/demo-sign-in\?state=/)
  await page.getByRole('button', { name: /camille\.ambassadrice\.demo@gmail\.com/ }).click()
  await expect(page).toHaveURL(/\/ambassador\/dashboard$/)
  await expect(
    page.getByRole('heading', { name: fill(a.dashboard.greeting, { name: 'Camille Martin' }) }),
  ).toBeVisible()
}

/** Signed in as the demo ambassador: through the forms, or with the session kept from a test before. */
async function signIn(page: Page) {
  await withKeptSession(
    page,
    'ambassador',
    () => signInThroughTheForms(page),
    async () => {
      await page.goto('/ambassador/dashboard')
      await expect(
        page.getByRole('heading', { name: fill(a.dashboard.greeting, { name: 'Camille Martin' }) }),
      ).toBeVisible()
    },
  )
}

test('signs in with the access code and Google, and sees the referrals', async ({ page }) => {
  await signInThroughTheForms(page, { wrongCodeFirst: true })
  await expect(page.getByText('AMBDEMO1').first()).toBeVisible()
  await page.getByRole('tab', { name: a.tabs.referrals }).click()
  await expect(page.getByRole('heading', { name: a.referrals.title })).toBeVisible()
})

test('a signed-out visitor of the dashboard is sent to the login @once', async ({ page }) => {
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
  // Each step and each question stays whole on one page, and the last page is no near-empty one.
  const pages = await pdfPages(new Uint8Array(pdf))
  const kit = KIT_TEXTS.fr
  const onOnePage = (title: string, text: string) =>
    pages.some((page) => page.text.includes(squash(title)) && page.text.includes(squash(text)))
  for (const step of kit.steps) expect(onOnePage(step.title, step.text), step.title).toBe(true)
  for (const item of kit.faq) expect(onOnePage(item.q, item.a), item.q).toBe(true)
  expect(pages.at(-1)?.reach).toBeGreaterThan(0.3)
})

for (const language of ['fr', 'de', 'it', 'en'] as const) {
  test(`prints the kit page in ${language} on A4 pages that each end full, with no near-empty last page @once`, async ({
    page,
  }) => {
    await signIn(page)
    await page.evaluate((chosen) => localStorage.setItem('salonia-language', chosen), language)
    await page.goto('/ambassador-kit')
    await expect(
      page.getByRole('heading', { level: 1, name: TEXTS[language].ambassador.kitContent.title }),
    ).toBeVisible()
    await expect(page.getByRole('img', { name: /AMBDEMO1/ })).toBeVisible()
    await page.emulateMedia({ media: 'print' })
    const pages = await pdfPages(new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true })))
    expect(pages.length).toBeLessThanOrEqual(2)
    expect(pages.at(-1)?.reach).toBeGreaterThan(0.3)
    expect(pages.map((p) => p.text).join('')).toContain(squash(KIT_TEXTS[language].supportTitle))
  })
}

test('"Actualiser" reads the four figures again, not only the list @once', async ({ page, request }, testInfo) => {
  await signIn(page)
  const total = await figure(page, a.stats.total)
  const waiting = await figure(page, a.stats.waitlist)
  // A salon signs up with the ambassador's link while the dashboard is open.
  const signUp = await request.post('/api/waitlist', {
    data: {
      salonName: `Salon Compté ${testInfo.project.name} ${Date.now()}`,
      contactEmail: 'compte@example.com',
      address: '5 rue Neuve, 69001 Lyon',
      country: 'FR',
      referralCode: 'AMBDEMO1',
      language: 'fr',
    },
  })
  expect(signUp.ok()).toBe(true)
  expect(await figure(page, a.stats.total)).toBe(total)
  await page.getByRole('tab', { name: a.tabs.referrals }).click()
  await page.getByRole('button', { name: a.referrals.refresh }).click()
  await expect.poll(() => figure(page, a.stats.total)).toBe(total + 1)
  expect(await figure(page, a.stats.waitlist)).toBe(waiting + 1)
})

test('downloads the kit PDF in the language the interface shows, not the one stored at sign-up @once', async ({
  page,
}) => {
  await signIn(page)
  // Camille signed up in French; her interface now shows German.
  await page.evaluate(() => localStorage.setItem('salonia-language', 'de'))
  await page.reload()
  const de = TEXTS.de.ambassador
  await page.getByRole('tab', { name: de.tabs.kit }).click()
  const href = await page.getByRole('link', { name: new RegExp(de.kit.downloadPdf) }).getAttribute('href')
  expect(href).toBe('/api/ambassador/kit-pdf?language=de')
  const res = await page.request.get(href ?? '')
  expect(res.headers()['content-type']).toBe('application/pdf')
  expect(res.headers()['content-language']).toBe('de')
  const text = (await pdfPages(new Uint8Array(await res.body()))).map((p) => p.text).join('')
  expect(text).toContain(squash(KIT_TEXTS.de.stepsTitle))
  for (const step of KIT_TEXTS.de.steps) expect(text).toContain(squash(step.title))
  expect(text).not.toContain(squash(KIT_TEXTS.fr.stepsTitle))
})

test.describe('on a 360 px phone @phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('shows the referral link whole: it wraps, nothing of it is cut or scrolled', async ({ page }) => {
    await signIn(page)
    const field = page.getByLabel(a.link.label)
    await expect(field).toHaveValue(/\/waitlist\?ref=AMBDEMO1$/)
    const fits = await field.evaluate(
      (element) =>
        element.scrollWidth <= element.clientWidth + 1 &&
        element.scrollHeight <= element.clientHeight + 1 &&
        element.getBoundingClientRect().right <= window.innerWidth,
    )
    expect(fits).toBe(true)
    await page.screenshot({ path: test.info().outputPath('referral-link-360.png') })
  })
})

test('the navigation shows the signed-in ambassador and signs them out', async ({ page, isMobile }) => {
  // A session of its own: the one kept for the other tests stays signed in.
  await signInThroughTheForms(page)
  const header = page.getByRole('banner')
  const openMenu = async () => {
    if (isMobile) await page.getByRole('button', { name: fr.nav.openMenu }).click()
  }
  await openMenu()
  const me = header.getByRole('link', { name: fill(fr.nav.ambassadorArea, { name: 'Camille Martin' }) })
  await expect(me).toBeVisible()
  await expect(me).toHaveAttribute('href', '/ambassador/dashboard')
  await expect(header.getByRole('link', { name: fr.nav.connect })).toHaveCount(0)
  const logout = page.waitForResponse((res) => res.url().endsWith('/api/ambassador/logout'))
  await header.getByRole('button', { name: fr.nav.disconnect }).click()
  expect((await logout).status()).toBe(200)
  await expect(page).toHaveURL(/\/ambassador$/)
  await openMenu()
  await expect(header.getByRole('link', { name: fr.nav.connect })).toBeVisible()
  await expect(header.getByRole('link', { name: /Camille Martin/ })).toHaveCount(0)
  // Signed out for the server too.
  expect((await page.request.get('/api/ambassador/session')).status()).toBe(200)
  expect(await (await page.request.get('/api/ambassador/session')).json()).toEqual({ isAuthenticated: false })
})

test('logs no error in the console on the ambassador pages @once', async ({ page }) => {
  const errors = consoleErrors(page)
  // The sign-in pages are ambassador pages too.
  await signInThroughTheForms(page)
  for (const tab of [a.tabs.referrals, a.tabs.overview, a.tabs.kit]) {
    await page.getByRole('tab', { name: tab }).click()
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
  }
  await expect(page.getByRole('img', { name: /AMBDEMO1/ }).first()).toBeVisible()
  await page.goto('/ambassador-kit')
  await expect(page.getByRole('img', { name: /AMBDEMO1/ })).toBeVisible()
  await page.goto('/ambassador')
  await expect(page.getByRole('link', { name: login.signedIn.action })).toBeVisible()
  expect(errors).toEqual([])
})

test('from the referral link to a working salon: sign-up, activation, the owner signs in, the ambassador hands over @once', async ({
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
