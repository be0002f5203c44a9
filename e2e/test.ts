import { type Browser, type BrowserContext, test as base, type Page } from '@playwright/test'

// The browser tests take `test` (and the rest of Playwright's API) from here: the same, with pages
// that wait for the app to be hydrated after each navigation.
export * from '@playwright/test'

/**
 * The server renders the public pages: their fields and buttons are on screen before React has
 * hydrated them, and what a test types or clicks in that moment is lost, as it would be for a
 * person. After goto, reload, goBack and goForward, a page of the app (it carries the boot data)
 * waits for html[data-hydrated], which the app sets after its first render.
 */
function waitsForHydration(page: Page): void {
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args)
        await waitForHydration(page)
        return response
      },
    })
  }
}

/** Waits until the app has hydrated the page (no-op on a page that is not the app's). */
export async function waitForHydration(page: Page): Promise<void> {
  const isApp = await page.evaluate(() => document.getElementById('salonia-boot') !== null).catch(() => false)
  if (isApp) await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
}

function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', waitsForHydration)
  return context
}

export const test = base.extend<object, { hydratingBrowser: Browser }>({
  hydratingBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      const newPage = browser.newPage.bind(browser)
      Object.assign(browser, {
        newContext: async (...args: Parameters<Browser['newContext']>) => watchContext(await newContext(...args)),
        newPage: async (...args: Parameters<Browser['newPage']>) => {
          const page = await newPage(...args)
          waitsForHydration(page)
          return page
        },
      })
      await use(browser)
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    await use(watchContext(context))
  },
})
