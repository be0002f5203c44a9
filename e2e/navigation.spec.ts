import { maskEmail } from '@common/privacy'
import { expect, test } from './test'
import { TEXTS } from './texts'

const fr = TEXTS.fr

test('the navigation bar stays on top and offers Connect when signed out', { tag: '@wide' }, async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: fr.nav.label })
  await expect(nav.getByRole('link', { name: fr.nav.home, exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: fr.nav.disconnect })).toHaveCount(0)
  await page.mouse.wheel(0, 2500)
  await expect(page.getByRole('banner')).toBeInViewport()
  await nav.getByRole('link', { name: fr.nav.connect }).click()
  await expect(page).toHaveURL(/\/professional$/)
  await expect(nav.getByRole('link', { name: fr.nav.professional })).toHaveAttribute('aria-current', 'page')
  await nav.getByRole('link', { name: fr.nav.ambassador }).click()
  await expect(page.getByRole('heading', { level: 1, name: fr.ambassador.title })).toBeVisible()
})

test.describe('on a 375 px phone @phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the menu opens, leads to a page and closes on the way', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    const toggle = page.getByRole('button', { name: fr.nav.openMenu })
    await expect(toggle).toBeVisible()
    await expect(header.getByRole('link', { name: fr.nav.professional })).toBeHidden()

    await toggle.click()
    const close = page.getByRole('button', { name: fr.nav.closeMenu })
    await expect(close).toHaveAttribute('aria-expanded', 'true')
    await expect(header.getByRole('link', { name: fr.nav.connect })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('menu-open.png') })

    await header.getByRole('link', { name: fr.nav.ambassador }).click()
    await expect(page.getByRole('heading', { level: 1, name: fr.ambassador.title })).toBeVisible()
    await expect(page.getByRole('button', { name: fr.nav.openMenu })).toHaveAttribute('aria-expanded', 'false')
    await expect(header.getByRole('link', { name: fr.nav.professional })).toBeHidden()

    // The browser's back button is a route change too.
    await page.getByRole('button', { name: fr.nav.openMenu }).click()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: fr.home.hero.title })).toBeVisible()
    await expect(page.getByRole('button', { name: fr.nav.openMenu })).toHaveAttribute('aria-expanded', 'false')
  })
})

test('signed in, the bar offers Disconnect, which signs out and goes home', { tag: '@wide' }, async ({ page }) => {
  // Signed in the way a newcomer does after `npm start`: the demo sign-in for the demo salon.
  await page.goto('/professional')
  await page.getByLabel(fr.calendarConnect.form.salonId).fill('SAL001')
  await page.getByRole('button', { name: fr.calendarConnect.form.connect }).click()
  // The demo page only hints at the salon's account.
  await page.getByRole('button', { name: new RegExp(maskEmail('salon.lumiere.demo@gmail.com')) }).click()
  await expect(page).toHaveURL(/\/professional$/)
  await page.goto('/waitlist')
  const nav = page.getByRole('navigation', { name: fr.nav.label })
  await expect(nav.getByRole('button', { name: fr.nav.disconnect })).toBeVisible()
  await expect(nav.getByRole('link', { name: fr.nav.connect })).toHaveCount(0)

  await nav.getByRole('button', { name: fr.nav.disconnect }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(nav.getByRole('link', { name: fr.nav.connect })).toBeVisible()
  expect(await (await page.request.get('/api/session')).json()).toEqual({ isAuthenticated: false })
})
