import { readFileSync } from 'node:fs'
import type { BundleReport } from '../scripts/build/bundle-budget'
import { expect, type Route, test } from './test'

/**
 * What a visitor's browser really downloads before the first screen: the JavaScript of `/` and of
 * the chat, compressed as the server sends it, within 130 kB (the build checks the same figure).
 * What the first screen does not need (the toasts, the chat's profile dialog) loads after it: the
 * test holds back every script the build does not count for the route, and the page must still
 * be hydrated — so the build's accounting cannot leave out a script the page waits for.
 */
const BUDGET_BYTES = 130_000
const report = JSON.parse(
  readFileSync(new URL('../dist/app/bundle-report.json', import.meta.url), 'utf8'),
) as BundleReport

for (const [path, route] of [
  ['/', '/'],
  ['/chat/SAL001', '/chat/:salonId'],
] as const) {
  test(`${path} loads at most 130 kB of compressed JavaScript`, { tag: '@once' }, async ({ page }, testInfo) => {
    const firstLoad = new Set(report.routes.find((r) => r.path === route)?.files.map((file) => `/${file}`))
    expect(firstLoad.size).toBeGreaterThan(0)
    // The build counts the largest of the four languages' texts; the browser loads its own. The
    // boot script (scripts/build/deferred-entry.ts, a few hundred bytes) starts the entry after the
    // first paint.
    const texts = /^\/assets\/((fr|de|it|en)|boot)-[\w-]+\.js$/
    const held: Route[] = []
    await page.route('**/assets/*.js', (request) => {
      const file = new URL(request.request().url()).pathname
      if (firstLoad.has(file) || texts.test(file)) return request.continue()
      held.push(request)
    })
    await page.goto(path, { waitUntil: 'load' })
    // Hydrated (e2e/test.ts waits for it after goto) and showing its first screen with those alone.
    await expect(page.locator('html'), `held back: ${held.map((r) => r.request().url())}`).toHaveAttribute(
      'data-hydrated',
      'true',
    )
    await expect(page.locator('h1').first()).toBeVisible()
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming
          return { name: entry.name, bytes: timing.encodedBodySize, decoded: timing.decodedBodySize }
        }),
    )
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0)
    testInfo.annotations.push({
      type: 'first-load JavaScript',
      description: `${path}: ${total} bytes compressed; ${held.length} scripts loaded later`,
    })
    expect(scripts.length).toBeGreaterThan(0)
    // Every script of some size arrives compressed (the build writes .br and .gz beside it).
    const uncompressed = scripts.filter((s) => s.decoded >= 1024 && s.bytes >= s.decoded)
    expect(uncompressed).toEqual([])
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
    await Promise.all(held.map((request) => request.continue()))
  })
}
