import { consoleErrors } from './helpers'
import { expect, test } from './test'
import { TEXTS } from './texts'

/**
 * A visitor's console stays clean: no error and no failed request logged (a 401 from a session
 * check included) on the pages anyone can open signed out. The ambassador's own pages are checked
 * signed in, in ambassador.spec.ts.
 */
const fr = TEXTS.fr

const PAGES: { path: string; heading: RegExp | string }[] = [
  { path: '/', heading: /./ },
  { path: '/professional', heading: /./ },
  { path: '/ambassador', heading: fr.ambassador.title },
  { path: '/waitlist', heading: /./ },
  { path: '/waitlist?ref=AMBDEMO1', heading: /./ },
  { path: '/this-page-does-not-exist', heading: /./ },
]

test('logs no error in the console on the signed-out pages', async ({ page }) => {
  const errors = consoleErrors(page)
  const failed: string[] = []
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`)
  })
  for (const { path, heading } of PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
  }
  // A salon's chat link, as customers open it.
  await page.goto('/chat/SAL001')
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.waitForLoadState('networkidle')
  // The unknown address is answered with its true status, 404, which Chromium logs for the page
  // itself; nothing else may be.
  const notFound = `${page.url().replace(/\/chat\/SAL001$/, '')}/this-page-does-not-exist`
  expect(
    errors.filter(
      (line) => line !== `${notFound}: Failed to load resource: the server responded with a status of 404 (Not Found)`,
    ),
  ).toEqual([])
  expect(failed.filter((line) => line !== `404 ${notFound}`)).toEqual([])
})
