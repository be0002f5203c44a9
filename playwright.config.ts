import { defineConfig, devices } from '@playwright/test'

/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium); Playwright's own browser download is
 * not available here. The web server is the real product (`npm start`'s server) on a fresh
 * embedded database with the demo clock.
 */
const PORT = Number(process.env.E2E_PORT ?? 3999)
/** The server whose Google is the local fake (and the fake itself on the port below it). */
const GOOGLE_PORT = PORT - 2
/** The server whose Meta (Instagram) is the local fake (the fake below it, its control port below that). */
const INSTAGRAM_PORT = PORT - 4
const INSTAGRAM_CONTROL_PORT = PORT - 6

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  // One worker: on two cores a browser test is bound by Chromium's own CPU (its renderer, browser
  // and compositor processes), and two workers, each with a server of its own, measured 14.4 min
  // against 15.3 for one — not worth a second server's start and a second sign-in per project.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A visitor in France, the product's first market; tests of other languages say so.
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A screenshot when a test fails; the screens a person looks at are taken by their tests
    // (page.screenshot into test-results/e2e/), not one after every test.
    screenshot: 'only-on-failure',
    // No trace: recording one films every test (a screencast the browser's compositor encodes frame
    // by frame, then DOM snapshots at each step): a tenth of the browser tests' time in CI (899 s
    // against 1,018), more on a loaded machine, for files CI never shows. To look at a failure step
    // by step: --trace=retain-on-failure.
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // Composited in software by the browser, not through the GPU process's GL emulation
        // (SwiftShader): the GPU process was the busiest of Chromium's processes.
        '--disable-gpu-compositing',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Tests tagged @phone are written for a phone's screen (a 360 px layout, the menu a phone
    // folds the links into): the phone project runs them, the desktop does not repeat them.
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, grepInvert: /@phone/ },
    // The phone runs what a phone changes: every page's layout (small-screens, layout-shift,
    // accessibility), the customer's chat, the dashboard's screens that fold differently, and the
    // tests written for a phone. Not repeated there: tests tagged @wide (they need the desktop
    // layout), @once (what does not depend on the screen: status codes and texts, the protocols of
    // sign-in and downloads, flows whose screens a phone test already lays out) and the specs below,
    // whose every test is of that kind.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'] },
      grepInvert: /@wide|@once/,
      testIgnore: [
        'routes.spec.ts',
        'languages.spec.ts',
        'google-sign-in.spec.ts',
        'funnel.spec.ts',
        'admin.spec.ts',
        'budget.spec.ts',
      ],
    },
  ],
  webServer: [
    {
      command: `node scripts/e2e-server.mjs`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Behind the loopback "proxy": tests that sign salons up each come from their own address
      // (e2e/own-client.ts), like visitors behind a real proxy, within the waitlist's hourly limit.
      env: { PORT: String(PORT), PUBLIC_URL: `http://127.0.0.1:${PORT}`, TRUST_PROXY: '127.0.0.1' },
    },
    // The same product with Google configured, Google being a local fake: e2e/google-sign-in.spec.ts.
    {
      command: `node scripts/e2e-google-server.mjs`,
      url: `http://127.0.0.1:${GOOGLE_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(GOOGLE_PORT),
        PUBLIC_URL: `http://127.0.0.1:${GOOGLE_PORT}`,
        FAKE_GOOGLE_PORT: String(GOOGLE_PORT - 1),
        BUILT_BY_URL: `http://127.0.0.1:${PORT}/api/health`,
      },
    },
    // The same product with Instagram configured, Meta being a local fake: e2e/instagram.spec.ts.
    {
      command: `node scripts/e2e-instagram-server.mjs`,
      url: `http://127.0.0.1:${INSTAGRAM_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(INSTAGRAM_PORT),
        PUBLIC_URL: `http://127.0.0.1:${INSTAGRAM_PORT}`,
        FAKE_INSTAGRAM_PORT: String(INSTAGRAM_PORT - 1),
        FAKE_INSTAGRAM_CONTROL_PORT: String(INSTAGRAM_CONTROL_PORT),
        BUILT_BY_URL: `http://127.0.0.1:${PORT}/api/health`,
      },
    },
  ],
})
