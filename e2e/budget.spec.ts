import { expect, test } from '@playwright/test'

/**
 * What a visitor's browser really downloads before the first screen: the JavaScript of `/` and of
 * the chat, compressed as the server sends it, within 150 kB (the build checks the same figure).
 */
const BUDGET_BYTES = 150_000

for (const path of ['/', '/chat/SAL001']) {
  test(`${path} loads at most 150 kB of compressed JavaScript`, { tag: '@once' }, async ({ page }, testInfo) => {
    await page.goto(path, { waitUntil: 'networkidle' })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
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
    testInfo.annotations.push({ type: 'first-load JavaScript', description: `${path}: ${total} bytes compressed` })
    expect(scripts.length).toBeGreaterThan(0)
    // Every script of some size arrives compressed (the build writes .br and .gz beside it).
    const uncompressed = scripts.filter((s) => s.decoded >= 1024 && s.bytes >= s.decoded)
    expect(uncompressed).toEqual([])
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
  })
}
