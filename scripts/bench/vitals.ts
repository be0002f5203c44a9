import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { matchAppRoute } from '@common/routes'
import { freePort } from '@tests/helpers/processes'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import puppeteer, { type Browser, type Page as BrowserPage } from 'puppeteer-core'
import type { BundleReport } from '../build/bundle-budget'
import { watchOtherActivity } from './activity'
import { cpuTimes, describeMachine } from './report'
import type { LighthouseSettings, PageVitals, VitalsReport, VitalsRun } from './vitals-report'

/**
 * `npm run bench -- --only=vitals`: Lighthouse (the npm package, driving Debian's Chromium) in its
 * default mobile profile — an emulated phone, simulated throttling — against the built app, on
 * every public page. The server runs in its own process as scripts/e2e-server.mjs starts it (built
 * app, PGlite in a fresh folder, demo data, the demo clock), on a free port of 127.0.0.1. Runs are
 * serial, one Chromium at a time: per page one warm-up run (discarded), then the measured ones.
 * vitals-report.ts chooses the median run and writes the section of docs/PERFORMANCE.md.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BUNDLE_REPORT = join(ROOT, 'dist/app/bundle-report.json')
/** Debian's Chromium, as playwright.config.ts drives it. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Without the background-networking flags, Chromium's own connections fail on a closed network. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
/** The browser tests' demo clock: the demo salon's bookings land on known days. */
const APP_NOW = '2026-12-01T08:30:00+01:00'
const WARMUPS = 1

interface Page {
  label: string
  path: string
  /** Whether the page answers 404 (Lighthouse refuses a non-2xx document unless told). */
  notFound?: boolean
  /**
   * Measured signed in as the demo salon's owner: the browser signs in once through the demo
   * sign-in, as the owner does, before the page's runs (see signInAsOwner), and each run checks
   * that it measured this page's content (`shows`, a CSS selector) rather than a signed-out page.
   */
  signedIn?: { shows: string }
  /** The route whose first load the build counts for this page, when not the path's own. */
  buildRoute?: string
}

/** The public pages: what anyone opens without signing in, and the 404. */
function publicPages(hash: string): Page[] {
  return [
    { label: '/', path: '/' },
    { label: '/chat/<SAL001 hash>', path: `/chat/${hash}` },
    { label: '/chat/SAL001/legacy', path: '/chat/SAL001/legacy' },
    { label: '/waitlist', path: '/waitlist' },
    { label: '/ambassador', path: '/ambassador' },
    { label: '/professional', path: '/professional' },
    { label: '/this-page-does-not-exist', path: '/this-page-does-not-exist', notFound: true },
  ]
}

/**
 * The signed-in professional area on a phone: where the owner lands, today's agenda (a narrow
 * screen opens the dashboard on it, and each run's new tab has no remembered tab).
 */
const SIGNED_IN_PAGES: Page[] = [
  {
    label: '/professional (signed in: the agenda)',
    path: '/professional',
    signedIn: { shows: '[role="tabpanel"][id$="-content-agenda"][data-state="active"]' },
    buildRoute: '/professional (signed in)',
  },
]

export type VitalsPages = 'all' | 'public' | 'signed-in'

function pagesToMeasure(which: VitalsPages, hash: string): Page[] {
  return [...(which === 'signed-in' ? [] : publicPages(hash)), ...(which === 'public' ? [] : SIGNED_IN_PAGES)]
}

export interface VitalsOptions {
  command: string
  /** Measured runs per page (after the warm-up). */
  runs: number
  /** Which pages: the public ones, the signed-in ones, or both (the default). */
  pages?: VitalsPages
  /** A folder where each run's Lighthouse report and trace are kept, to read them in DevTools. */
  keepIn?: string
  log: (line: string) => void
}

export async function runVitalsBenchmark(options: VitalsOptions): Promise<VitalsReport> {
  const { log } = options
  const started = performance.now()
  // Read before the build: the load average of the minute after it would be the build's own.
  const machine = describeMachine()
  log('Building the web app (npm run build) …')
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
  const bundle = readBundleReport()

  log(
    `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB.toFixed(1)} GiB, Node ${machine.node}, load average ${machine.loadAverage.map((l) => l.toFixed(2)).join(' / ')}`,
  )
  if ((machine.loadAverage[0] ?? 0) > machine.cpus / 2)
    log('Warning: the machine is busy; the figures will be pessimistic.')

  const server = await startServer(log)
  const cpuAtStart = cpuTimes()
  const others = watchOtherActivity(machine.cpus)
  let watching = others !== undefined
  try {
    const pages: PageVitals[] = []
    let lighthouseVersion = ''
    let hostUserAgent = ''
    let settings: LighthouseSettings | undefined
    for (const page of pagesToMeasure(options.pages ?? 'all', server.hash)) {
      const route = page.buildRoute ?? matchAppRoute(page.path)?.path ?? '(any other path)'
      const buildGzipBytes = bundle?.routes.find((r) => r.path === route)?.gzipBytes
      const runs: VitalsRun[] = []
      const chromium = new Chromium(page.signedIn ? (browser) => signInAsOwner(browser, server.origin, log) : undefined)
      try {
        for (let i = 0; i < WARMUPS + options.runs; i++) {
          const url = `${server.origin}${page.path}`
          const { lhr, trace, seen } = await measureWithRetries(url, page, chromium, server, log)
          const run = readRun(lhr, seen)
          if (options.keepIn) keep(options.keepIn, page, i - WARMUPS + 1, { lhr, trace, seen })
          lighthouseVersion = lhr.lighthouseVersion
          hostUserAgent = lhr.environment.hostUserAgent
          settings ??= readSettings(lhr)
          const warmup = i < WARMUPS
          log(
            `  ${page.label} ${warmup ? 'warm-up' : `run ${i - WARMUPS + 1}/${options.runs}`}: score ${run.score}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, CLS ${run.cls.toFixed(3)}, TBT ${run.tbtMs.toFixed(0)} ms, JS ${(run.scriptBytes / 1000).toFixed(1)} kB; LCP element ${run.lcpElement?.description.slice(0, 50) ?? '—'}`,
          )
          if (!warmup) runs.push(run)
        }
      } finally {
        await chromium.close()
      }
      pages.push({
        label: page.label,
        path: page.path,
        ...(page.signedIn ? { signedIn: true } : {}),
        runs,
        ...(buildGzipBytes === undefined ? {} : { buildGzipBytes }),
      })
    }
    const cpuAtEnd = cpuTimes()
    const otherActivity = others?.stop()
    watching = false
    return {
      date: new Date(),
      command: options.command,
      totalSeconds: (performance.now() - started) / 1000,
      machine,
      ...(cpuAtStart && cpuAtEnd && cpuAtEnd.total > cpuAtStart.total
        ? { stealPercent: (100 * (cpuAtEnd.steal - cpuAtStart.steal)) / (cpuAtEnd.total - cpuAtStart.total) }
        : {}),
      ...(otherActivity ? { otherActivity } : {}),
      lighthouseVersion,
      chromium: chromiumOf(hostUserAgent),
      settings: settings ?? readSettings(undefined),
      warmups: WARMUPS,
      pages,
    }
  } finally {
    if (watching) others?.stop()
    await server.stop()
  }
}

/**
 * A run's report (`<page>-<run>.report.json`, Lighthouse's viewer reads it), its trace
 * (`.trace.json`, DevTools' Performance panel reads it) and what the page saw. Run 0 is the warm-up.
 */
function keep(folder: string, page: Page, run: number, what: { lhr: Result; trace: unknown; seen: Seen | undefined }) {
  mkdirSync(folder, { recursive: true })
  const name = join(folder, `${page.label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run}`)
  writeFileSync(`${name}.report.json`, JSON.stringify({ ...what.lhr, saloniaSeen: what.seen }))
  writeFileSync(`${name}.trace.json`, JSON.stringify(what.trace))
}

/** Lighthouse's own transient failures (e.g. NO_NAVSTART, "please run Lighthouse again") are retried this often. */
const RETRIES = 2

/**
 * Chromium launched by chrome-launcher, and Puppeteer connected to it: Lighthouse would open a tab
 * of its own just so; ours also records what the page saw. Launched on first use, and again after
 * a failed run (a browser in a bad state fails every run after, e.g. CHROME_INTERSTITIAL_ERROR);
 * `prepare` runs in each new browser before its first run (the owner's sign-in).
 */
class Chromium {
  private running: Promise<{ chrome: chromeLauncher.LaunchedChrome; browser: Browser }> | undefined

  constructor(private readonly prepare?: (browser: Browser) => Promise<void>) {}

  async open(): Promise<{ port: number; browser: Browser }> {
    this.running ??= (async () => {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS })
      try {
        const browser = await puppeteer.connect({
          browserURL: `http://127.0.0.1:${chrome.port}`,
          defaultViewport: null,
        })
        await this.prepare?.(browser)
        return { chrome, browser }
      } catch (error) {
        chrome.kill()
        throw error
      }
    })()
    const { chrome, browser } = await this.running
    return { port: chrome.port, browser }
  }

  async close(): Promise<void> {
    const running = await this.running?.catch(() => undefined)
    this.running = undefined
    if (!running) return
    await running.browser.disconnect().catch(() => {})
    running.chrome.kill()
  }
}

/**
 * Signs the demo salon's owner in, in this browser, the way e2e/helpers.ts does: the salon's ID in
 * /professional's connect form, then "Continue as …" on the demo sign-in page (the stand-in for
 * Google's consent when no Google is configured), back to the dashboard. The session cookie stays
 * for the runs: Lighthouse's storage reset clears the caches (every run still downloads every
 * file) and the origin's service workers, file systems and cache storage, but not its cookies
 * (`clearStorageTypes`, Lighthouse 12's default) — a returning owner on a cold cache.
 */
async function signInAsOwner(browser: Browser, origin: string, log: (line: string) => void): Promise<void> {
  const tab = await browser.newPage()
  try {
    // The scripts start after the first paint: typing before the form is hydrated would be lost.
    await tab.goto(`${origin}/professional`, { waitUntil: 'networkidle0' })
    await tab.locator('#calendar-connect-salon-id').fill('SAL001')
    // The connect button is enabled once the form has the salon's ID.
    await Promise.all([
      tab.waitForNavigation({ waitUntil: 'networkidle0' }),
      tab.locator('form:has(#calendar-connect-salon-id) button[type="submit"]:not([disabled])').click(),
    ])
    if (!new URL(tab.url()).pathname.startsWith('/demo-sign-in'))
      throw new Error(`The owner's sign-in went to ${tab.url()}, not to the demo sign-in page`)
    // Its first button: "Continue as <the owner's e-mail>".
    await Promise.all([tab.waitForNavigation(), tab.locator('section button:not([disabled])').click()])
    await tab.waitForSelector('[role="tablist"]')
    log(`  Signed in as SAL001's owner through the demo sign-in (${new URL(tab.url()).pathname})`)
  } finally {
    await tab.close().catch(() => {})
  }
}

/** One Lighthouse run in a new tab, which records what the page saw (OBSERVE_PAINTS_AND_SHIFTS). */
async function measureWithRetries(
  url: string,
  page: Page,
  chromium: Chromium,
  server: RunningServer,
  log: (line: string) => void,
): Promise<{ lhr: Result; trace: unknown; seen: Seen | undefined }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { port, browser } = await chromium.open()
      const tab = await browser.newPage()
      try {
        await tab.evaluateOnNewDocument(OBSERVE_PAINTS_AND_SHIFTS)
        const { lhr, trace } = await runLighthouse(url, port, page.notFound ?? false, tab)
        const seen = await tab.evaluate(() => (window as Observed).__saloniaVitals)
        // A run of the sign-in form instead of the signed-in page would measure the wrong page.
        if (page.signedIn && !(await tab.$(page.signedIn.shows)))
          throw new Error(`${url} did not show ${page.signedIn.shows} (signed out?)`)
        return { lhr, trace, seen }
      } finally {
        await tab.close().catch(() => {})
      }
    } catch (error) {
      // A server gone (stopped by someone else: its port answers no more) fails every run after.
      const gone = server.exited()
      if (gone) throw new Error(`The app server stopped during the run (${gone}): ${String(error)}`)
      if (attempt >= RETRIES) throw error
      log(`    retrying in a new browser: ${error instanceof Error ? error.message : String(error)}`)
      await chromium.close()
    }
  }
}

async function runLighthouse(
  url: string,
  port: number,
  ignoreStatusCode: boolean,
  tab: BrowserPage,
): Promise<{ lhr: Result; trace: unknown }> {
  // The config is left undefined: Lighthouse's default, the mobile profile with simulated throttling.
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ignoreStatusCode },
    undefined,
    tab,
  )
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  return { lhr, trace: result.artifacts.Trace }
}

const numeric = (lhr: Result, audit: string): number => {
  const value = lhr.audits[audit]?.numericValue
  if (typeof value !== 'number') throw new Error(`No ${audit} in Lighthouse's report of ${lhr.finalDisplayedUrl}`)
  return value
}

interface Table {
  type: 'table'
  items: Record<string, unknown>[]
}
const isTable = (details: unknown): details is Table =>
  typeof details === 'object' && details !== null && (details as Table).type === 'table'

/** What the page itself observed during a run (see OBSERVE_PAINTS_AND_SHIFTS). */
interface Seen {
  lcp?: string
  largestShift?: { value: number; nodes: string[] }
}
type Observed = { __saloniaVitals?: Seen }

/**
 * Runs in the measured page before its own scripts: the element of the last largest-contentful-
 * paint candidate and the largest layout shift's nodes. Lighthouse 12.2's own element audits
 * (largest-contentful-paint-element, layout-shifts) fail on recent Chromium (its TraceElements
 * gatherer trips over the trace: "Cannot read properties of undefined (reading 'frame_sequence')").
 * Plain JavaScript in a string: a function would be sent as tsx compiled it, calling its `__name`
 * helper, which the page does not have.
 */
const OBSERVE_PAINTS_AND_SHIFTS = `(() => {
  const describe = (node) => {
    if (!node) return '(removed)'
    const text = (node.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50)
    if (!(node instanceof Element)) return node.nodeName.toLowerCase() + (text ? ' “' + text + '”' : '')
    const classes = [...node.classList].slice(0, 3).map((c) => '.' + c).join('')
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + classes + (text ? ' “' + text + '”' : '')
  }
  const seen = {}
  window.__saloniaVitals = seen
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = describe(entry.element)
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput || entry.value <= (seen.largestShift ? seen.largestShift.value : 0)) continue
      seen.largestShift = { value: entry.value, nodes: entry.sources.map((source) => describe(source.node)) }
    }
  }).observe({ type: 'layout-shift', buffered: true })
})()`

/** The figures of one Lighthouse report that the bench keeps, and what the page saw of its LCP and shifts. */
export function readRun(lhr: Result, seen: Seen | undefined): VitalsRun {
  const score = lhr.categories.performance?.score
  if (typeof score !== 'number') throw new Error(`No performance score for ${lhr.finalDisplayedUrl}`)
  // largest-contentful-paint-element: a list of two tables, the element, then LCP's phases.
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined
  const tables = (lcpDetails?.items ?? []).filter(isTable)
  const node = tables[0]?.items[0]?.node as { nodeLabel?: string; selector?: string } | undefined
  const lcpPhases = (tables[1]?.items ?? []).flatMap((item) =>
    typeof item.phase === 'string' && typeof item.timing === 'number' ? [{ phase: item.phase, ms: item.timing }] : [],
  )
  const requests = lhr.audits['network-requests']?.details
  const scripts = (isTable(requests) ? requests.items : []).filter((item) => item.resourceType === 'Script')
  const size = (value: unknown) => (typeof value === 'number' ? value : 0)
  const headers = scripts
    .filter((item) => size(item.resourceSize) > 0 && size(item.resourceSize) < 1024)
    .map((item) => size(item.transferSize) - size(item.resourceSize))
    .sort((a, b) => a - b)
  return {
    score: Math.round(score * 100),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    ttiMs: numeric(lhr, 'interactive'),
    ...(node
      ? { lcpElement: { description: `${node.selector ?? ''} “${node.nodeLabel ?? ''}”`, by: 'lighthouse' as const } }
      : seen?.lcp
        ? { lcpElement: { description: seen.lcp, by: 'page' as const } }
        : {}),
    lcpPhases,
    ...(seen?.largestShift ? { largestShift: seen.largestShift } : {}),
    scriptBytes: scripts.reduce((sum, item) => sum + size(item.transferSize), 0),
    scripts: scripts.length,
    ...(headers.length > 0 ? { headerBytes: headers[Math.floor(headers.length / 2)] } : {}),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

function readSettings(lhr: Result | undefined): LighthouseSettings {
  const s = lhr?.configSettings
  const screen = s?.screenEmulation
  return {
    formFactor: s?.formFactor ?? 'unknown',
    throttlingMethod: s?.throttlingMethod ?? 'unknown',
    rttMs: s?.throttling?.rttMs ?? Number.NaN,
    throughputKbps: s?.throttling?.throughputKbps ?? Number.NaN,
    cpuSlowdown: s?.throttling?.cpuSlowdownMultiplier ?? Number.NaN,
    screen: screen ? `${screen.width}×${screen.height} at ${screen.deviceScaleFactor}×` : 'unknown',
  }
}

/** "Mozilla/5.0 (X11; Linux x86_64) … HeadlessChrome/131.0.6778.85 …" → "Chromium 131.0.6778.85 (headless)". */
export function chromiumOf(hostUserAgent: string): string {
  const match = /(Headless)?Chrome\/([\d.]+)/.exec(hostUserAgent)
  return match ? `Chromium ${match[2]}${match[1] ? ' (headless)' : ''}` : hostUserAgent || 'unknown'
}

function readBundleReport(): BundleReport | undefined {
  if (!existsSync(BUNDLE_REPORT)) return undefined
  try {
    return JSON.parse(readFileSync(BUNDLE_REPORT, 'utf8')) as BundleReport
  } catch {
    return undefined
  }
}

interface RunningServer {
  origin: string
  /** SAL001's secure hash: its customers' chat link is /chat/<hash>. */
  hash: string
  /** How the server process ended, if it did. */
  exited(): string | undefined
  stop(): Promise<void>
}

/**
 * The built product, as scripts/e2e-server.mjs starts it: server/main.ts in its own Node process on
 * a fresh embedded database (demo data seeded) with the demo clock. SAL001's hash is read from the
 * customer chat link the server prints when it has started with the demo data.
 */
async function startServer(log: (line: string) => void): Promise<RunningServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'salonia-vitals-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    APP_NOW,
    LOG_LEVEL: 'warn',
  }
  // The embedded database with the demo data, whatever the caller's environment says.
  for (const name of ['DATABASE_URL', 'NODE_ENV', 'SEED_DEMO']) delete env[name]
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let ended: string | undefined
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = signal ? `signal ${signal}` : `exit code ${code}`
      resolve()
    }),
  )
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const hash = await chatHashFrom(child, origin)
    log(`Server on ${origin} (PGlite in a fresh folder, demo data, APP_NOW ${APP_NOW}); SAL001's chat: /chat/${hash}`)
    const health = await fetch(`${origin}/api/health`)
    if (!health.ok) throw new Error(`${origin}/api/health answered ${health.status}`)
    return { origin, hash, exited: () => ended, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Waits for the line "customer chat link: <origin>/chat/<hash>" that server/main.ts prints once listening. */
function chatHashFrom(child: ChildProcess, origin: string): Promise<string> {
  const pattern = new RegExp(
    `customer chat link: ${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/chat/([A-Za-z0-9_-]+)`,
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => finish(new Error(`The server did not start within 120 s:\n${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const hash = pattern.exec(output)?.[1]
      if (hash) finish(undefined, hash)
    }
    const onExit = (code: number | null) =>
      finish(new Error(`The server exited (${code}) before it started:\n${output}`))
    function finish(error: Error | undefined, hash?: string) {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
      // Keep draining the server's output so it never blocks on a full pipe.
      child.stdout?.resume()
      if (error) reject(error)
      else resolve(hash as string)
    }
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
  })
}
