import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './test'

const PAGES = [
  '/',
  '/chat',
  '/chat/SAL001',
  '/chat/SAL001/legacy',
  '/professional',
  '/admin',
  '/ambassador',
  '/ambassador/dashboard',
  '/ambassador-kit',
  '/waitlist',
  '/waitlist?ref=AMBDEMO1',
  '/no-such-page',
]

for (const path of PAGES) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious).toEqual([])
  })
}

test('the open language menu and the country picker are accessible too', async ({ page }) => {
  await page.goto('/waitlist')
  await page.getByRole('button', { name: /^Langue/ }).click()
  let results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Pays' }).click()
  await expect(page.getByRole('listbox')).toBeVisible()
  results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
})
