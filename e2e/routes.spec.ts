import { expect, test } from './test'
import { TEXTS } from './texts'

const fr = TEXTS.fr

/** Every route of the spec's table, with the heading a visitor sees there (in French). */
const ROUTES: [path: string, heading: string, status: number][] = [
  ['/', fr.home.hero.title, 200],
  ['/chat', fr.chat.restricted.title, 200],
  ['/chat/SAL001', fr.chat.title, 200],
  ['/chat/SAL001/legacy', fr.chat.title, 200],
  ['/professional', fr.professional.title, 200],
  ['/admin', fr.adminAccess.title, 200],
  ['/ambassador', fr.ambassador.title, 200],
  ['/ambassador/dashboard', fr.ambassador.title, 200],
  ['/ambassador-kit', fr.ambassador.title, 200],
  ['/waitlist', fr.waitlist.title, 200],
  ['/this/page/does-not-exist', fr.notFound.title, 404],
]

for (const [path, heading, status] of ROUTES) {
  test(`${path} renders its page`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(status)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page).toHaveTitle(/Salonia/)
    // Nothing wider than the window, at any size.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await page.screenshot({ path: test.info().outputPath('page.png'), fullPage: true })
  })
}

test('the 404 page says Page Not Found in English and leads home', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('salonia-language', 'en'))
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByText('404')).toBeVisible()
  await page.getByRole('link', { name: TEXTS.en.common.backHome }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.en.home.hero.title })).toBeVisible()
})

test('each page downloads only its own code', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(scripts.some((s) => /HomePage-/.test(s))).toBe(true)
  expect(scripts.some((s) => /WaitlistPage-/.test(s))).toBe(false)

  await page.getByRole('contentinfo').getByRole('link', { name: fr.footer.waitlist, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: fr.waitlist.title })).toBeVisible()
  expect(scripts.some((s) => /WaitlistPage-/.test(s))).toBe(true)
})

test('home page links lead where the spec says', async ({ page }) => {
  await page.goto('/')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: fr.home.hero.cta, exact: true })).toHaveAttribute('href', '/professional')
  await expect(main.getByRole('link', { name: fr.nav.demo, exact: true })).toHaveAttribute('href', '/chat/SAL001')
  await expect(main.getByRole('link', { name: fr.home.closing.cta, exact: true })).toHaveAttribute(
    'href',
    '/professional',
  )
  await expect(main.getByRole('link', { name: fr.home.closing.waitlist, exact: true })).toHaveAttribute(
    'href',
    '/waitlist',
  )
  for (const section of [
    fr.home.features.title,
    fr.home.audience.title,
    fr.home.advantages.title,
    fr.home.closing.title,
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible()
  }
  for (const card of ['booking', 'calendar', 'ai'] as const) {
    await expect(main.getByRole('heading', { level: 3, name: fr.home.features[card].title })).toBeVisible()
  }
  await expect(main.getByText(fr.home.testimonial.quote)).toBeVisible()
  await main.getByRole('link', { name: fr.home.hero.cta, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: fr.professional.title })).toBeVisible()
})

test('a favicon.ico is served, linked from every page', async ({ page, request }) => {
  const answer = await request.get('/favicon.ico')
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
  // An ICO header: reserved 0, type 1 (icon), then at least one image.
  const bytes = await answer.body()
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0])
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0)
  await page.goto('/')
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1)
})
