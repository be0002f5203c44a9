import { signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * Nothing moves while a public page loads (issue 19: CLS ≤ 0.1), nor the owner's agenda on a phone
 * (issue 39). A first visit in a fresh context, with the worst order of arrival forced: the fonts
 * come 1.5 s late and every script 1 s late, so the first paint stands alone, then the fonts swap,
 * then the scripts run and the lazy parts appear (and, signed in, the salon's data after them).
 * The total of every layout shift not caused by input must stay under 0.1 — stricter than CLS (its
 * largest session window), and not a matter of timing.
 */
const LIMIT = 0.1
const FONT_DELAY_MS = 1500
const SCRIPT_DELAY_MS = 1000

/** One layout shift as the page recorded it: its score, when, and what moved from where to where. */
interface Shift {
  value: number
  at: number
  sources: { node: string; from: string; to: string }[]
}

/** Where the page keeps what it recorded, for the test to read. */
type Recorder = { __layoutShifts?: { total: number; shifts: Shift[] } }

/** Installed before any of the page's own scripts: a buffered observer of every layout shift. */
function observeLayoutShifts() {
  interface LayoutShiftSource {
    node: Node | null
    previousRect: DOMRectReadOnly
    currentRect: DOMRectReadOnly
  }
  interface LayoutShift extends PerformanceEntry {
    value: number
    hadRecentInput: boolean
    sources: LayoutShiftSource[]
  }
  const describe = (node: Node | null): string => {
    if (!node) return '(removed node)'
    if (!(node instanceof Element))
      return `${node.nodeName.toLowerCase()} “${(node.textContent ?? '').trim().slice(0, 40)}”`
    const classes = [...node.classList]
      .slice(0, 4)
      .map((c) => `.${c}`)
      .join('')
    const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
    return `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}>${text ? ` “${text}”` : ''}`
  }
  const rect = (r: DOMRectReadOnly) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`
  const record: { total: number; shifts: Shift[] } = { total: 0, shifts: [] }
  ;(window as Recorder).__layoutShifts = record
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue
      record.total += entry.value
      record.shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: entry.sources.map((s) => ({
          node: describe(s.node),
          from: rect(s.previousRect),
          to: rect(s.currentRect),
        })),
      })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function delayFontsAndScripts(page: Page) {
  await page.route('**/*.woff2', async (route) => {
    await pause(FONT_DELAY_MS)
    await route.continue()
  })
  await page.route('**/assets/*.js', async (route) => {
    await pause(SCRIPT_DELAY_MS)
    await route.continue()
  })
}

const explain = (shifts: Shift[]) =>
  shifts
    .map(
      (s) =>
        `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.map((source) => `${source.node} ${source.from} → ${source.to}`).join('; ')}`,
    )
    .join('\n')

const PAGES = [
  { path: '/', ready: (page: Page) => page.getByRole('heading', { level: 1 }).first() },
  // A customer's first visit: the welcome dialog opens over the chat.
  { path: '/chat/SAL001', ready: (page: Page) => page.getByRole('dialog') },
]

/** What the page recorded, once everything that could still move it has (see the test below). */
async function settledShifts(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  // Hydrated, its finite animations over, and two frames later (a shift is reported after the
  // frame that shows it): everything that could still move the page has.
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) =>
          Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    )
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
  return page.evaluate(() => (window as Recorder).__layoutShifts ?? { total: Number.NaN, shifts: [] })
}

for (const { path, ready } of PAGES) {
  test(`${path} does not shift its layout while it loads (total < ${LIMIT})`, async ({ page }, testInfo) => {
    await page.addInitScript(observeLayoutShifts)
    await delayFontsAndScripts(page)
    await page.goto(path, { waitUntil: 'load' })
    await expect(ready(page)).toBeVisible()
    const recorded = await settledShifts(page)
    testInfo.annotations.push({
      type: 'layout shift',
      description: `${path} (${testInfo.project.name}): total ${recorded.total.toFixed(4)} in ${recorded.shifts.length} shifts`,
    })
    await testInfo.attach('layout shifts', { body: explain(recorded.shifts) || 'none', contentType: 'text/plain' })
    expect(
      recorded.total,
      `${path} shifted its layout by ${recorded.total.toFixed(4)} in all:\n${explain(recorded.shifts)}`,
    ).toBeLessThan(LIMIT)
  })
}

test(`the owner's agenda opens on a phone without shifting its layout, its data last (total < ${LIMIT}) @phone`, async ({
  page,
}, testInfo) => {
  await signIn(page)
  // A new tab of the signed-in browser, no dashboard tab remembered in it: a phone opens on the day's agenda.
  const agenda = await page.context().newPage()
  await agenda.addInitScript(observeLayoutShifts)
  await delayFontsAndScripts(agenda)
  // And the salon's data after the scripts: the dashboard shows its skeletons first, then the day.
  await agenda.route('**/api/salons/**', async (route) => {
    await pause(SCRIPT_DELAY_MS)
    await route.continue()
  })
  await agenda.goto('/professional', { waitUntil: 'load' })
  await expect(agenda.getByRole('tab', { name: TEXTS.fr.agenda.tabShort })).toHaveAttribute('aria-selected', 'true')
  await expect(agenda.locator('[data-agenda-column]').first()).toBeVisible()
  const recorded = await settledShifts(agenda)
  testInfo.annotations.push({
    type: 'layout shift',
    description: `/professional signed in (${testInfo.project.name}): total ${recorded.total.toFixed(4)} in ${recorded.shifts.length} shifts`,
  })
  await testInfo.attach('layout shifts', { body: explain(recorded.shifts) || 'none', contentType: 'text/plain' })
  expect(
    recorded.total,
    `the agenda shifted its layout by ${recorded.total.toFixed(4)} in all:\n${explain(recorded.shifts)}`,
  ).toBeLessThan(LIMIT)
})
