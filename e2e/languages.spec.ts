import { expect, test } from './test'
import { TEXTS } from './texts'

const NAMES = { fr: 'Français', de: 'Deutsch', it: 'Italiano', en: 'English' } as const

for (const language of ['de', 'it', 'en'] as const) {
  test(`switching to ${language} changes the texts and survives a reload`, async ({ page }) => {
    const texts = TEXTS[language]
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.fr.home.hero.title })).toBeVisible()

    await page.getByRole('button', { name: `${TEXTS.fr.nav.language.replace('{{language}}', NAMES.fr)}` }).click()
    const menu = page.getByRole('list', { name: TEXTS.fr.nav.chooseLanguage })
    // The current language is ticked.
    await expect(menu.getByRole('button', { name: NAMES.fr })).toHaveAttribute('aria-current', 'true')
    await menu.getByRole('button', { name: NAMES[language] }).click()

    await expect(page.getByRole('heading', { level: 1, name: texts.home.hero.title })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(page.getByRole('navigation', { name: texts.nav.label })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: texts.home.hero.title })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('salonia-language'))).toBe(language)

    // Other pages follow.
    await page.goto('/waitlist')
    await expect(page.getByRole('heading', { level: 1, name: texts.waitlist.title })).toBeVisible()
    await expect(page.getByRole('button', { name: texts.waitlist.form.submit })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath(`waitlist-${language}.png`), fullPage: true })
  })
}

test.describe('with a German browser', () => {
  test.use({ locale: 'de-DE' })
  test('the first visit is in German', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.de.home.hero.title })).toBeVisible()
  })
})

test.describe('with a Spanish browser', () => {
  test.use({ locale: 'es-ES' })
  test('the first visit is in French, the default', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.fr.home.hero.title })).toBeVisible()
  })

  test('a stored choice wins over the browser language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('salonia-language', 'it'))
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.it.home.hero.title })).toBeVisible()
  })
})
