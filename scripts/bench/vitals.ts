import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
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

export interface VitalsOptions {
  command: string
  /** Measured runs per page (after the warm-up). */
  runs: number
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
    for (const page of publicPages(server.hash)) {
      const route = matchAppRoute(page.path)?.path ?? '(any other path)'
      const buildGzipBytes = bundle?.routes.find((r) => r.path === route)?.gzipBytes
      const runs: VitalsRun[] = []
      const chromium = new Chromium()
      try {
        for (let i = 0; i < WARMUPS + options.runs; i++) {
          const url = `${server.origin}${page.path}`
          const { lhr, seen } = await measureWithRetries(url, page.notFound ?? false, chromium, server, log)
          const run = readRun(lhr, seen)
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

/** Lighthouse's own transient failures (e.g. NO_NAVSTART, "please run Lighthouse again") are retried this often. */
const RETRIES = 2

/**
 * Chromium launched by chrome-launcher, and Puppeteer connected to it: Lighthouse would open a tab
 * of its own just so; ours also records what the page saw. Launched on first use, and again after
 * a failed run (a browser in a bad state fails every run after, e.g. CHROME_INTERSTITIAL_ERROR).
 */
class Chromium {
  private running: Promise<{ chrome: chromeLauncher.LaunchedChrome; browser: Browser }> | undefined

  async open(): Promise<{ port: number; browser: Browser }> {
    this.running ??= (async () => {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS })
      try {
        const browser = await puppeteer.connect({
          browserURL: `http://127.0.0.1:${chrome.port}`,
          defaultViewport: null,
        })
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

/** One Lighthouse run in a new tab, which records what the page saw (OBSERVE_PAINTS_AND_SHIFTS). */
async function measureWithRetries(
  url: string,
  notFound: boolean,
  chromium: Chromium,
  server: RunningServer,
  log: (line: string) => void,
): Promise<{ lhr: Result; seen: Seen | undefined }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { port, browser } = await chromium.open()
      const tab = await browser.newPage()
      try {
        await tab.evaluateOnNewDocument(OBSERVE_PAINTS_AND_SHIFTS)
        const lhr = await runLighthouse(url, port, notFound, tab)
        const seen = await tab.evaluate(() => (window as Observed).__saloniaVitals)
        return { lhr, seen }
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

async function runLighthouse(url: string, port: number, ignoreStatusCode: boolean, tab: BrowserPage): Promise<Result> {
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
  return lhr
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
