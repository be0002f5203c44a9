import { expect, test } from '@playwright/test'

test('the front page says what Salonia is, in the visitor language', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Salonia' })).toBeVisible()
  await expect(page.getByText(/salons/i).first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('home.png'), fullPage: true })
})

test('the web app is served on any path so the client router can answer', async ({ page }) => {
  const response = await page.goto('/professional')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Salonia' })).toBeVisible()
})

test('API routes that do not exist answer a JSON 404, not the web app', async ({ request }) => {
  const response = await request.get('/api/nothing-here')
  expect(response.status()).toBe(404)
  expect(await response.json()).toMatchObject({ code: 'route.not_found' })
})
