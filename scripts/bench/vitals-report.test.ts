import fc from 'fast-check'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { describe, expect, it } from 'vitest'
import type { Machine } from './report'
import {
  medianRun,
  type PageVitals,
  VITALS_MARKER_END,
  VITALS_MARKER_START,
  type VitalsReport,
  type VitalsRun,
  verdicts,
  vitalsConsole,
  vitalsSection,
} from './vitals-report'

const run = (figures: Partial<VitalsRun> = {}): VitalsRun => ({
  score: 95,
  fcpMs: 1200,
  lcpMs: 1800,
  cls: 0.01,
  tbtMs: 80,
  speedIndexMs: 1500,
  ttiMs: 2500,
  lcpElement: { description: 'h1.font-display “Réservez votre rendez-vous”', by: 'page' },
  largestShift: { value: 0.31, nodes: ['footer.border-t “Salonia”'] },
  lcpPhases: [
    { phase: 'TTFB', ms: 600 },
    { phase: 'Render Delay', ms: 1200 },
  ],
  scriptBytes: 118_400,
  scripts: 12,
  headerBytes: 1000,
  benchmarkIndex: 1500,
  ...figures,
})

const machine = (loadAverage: number[] = [0.2, 0.3, 0.4]): Machine => ({
  cpus: 2,
  cpuModel: 'AMD EPYC',
  memoryGiB: 8,
  loadAverage,
  os: 'Linux',
  node: 'v20.20.2',
  commit: 'abc1234',
})

const report = (pages: PageVitals[], loadAverage?: number[]): VitalsReport => ({
  date: new Date('2026-11-27T15:00:00Z'),
  command: 'npm run bench -- --only=vitals',
  totalSeconds: 600,
  machine: machine(loadAverage),
  lighthouseVersion: '12.2.3',
  chromium: 'Chromium 142.0.0.0 (headless)',
  settings: {
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    rttMs: 150,
    throughputKbps: 1638.4,
    cpuSlowdown: 4,
    screen: '412×823 at 1.75×',
  },
  warmups: 1,
  pages,
})

/** The Markdown table row whose first cell is the page. */
const rowOf = (section: string, heading: string, page: string) =>
  section
    .slice(section.indexOf(heading))
    .split('\n')
    .find((line) => line.startsWith(`| \`${page}\` |`))

describe('medianRun', () => {
  it('takes the run closest to the median FCP and TTI', () => {
    const runs = [
      run({ fcpMs: 1000, ttiMs: 2000, lcpMs: 1 }),
      run({ fcpMs: 1100, ttiMs: 2600, lcpMs: 2 }),
      run({ fcpMs: 1500, ttiMs: 2500, lcpMs: 3 }),
      run({ fcpMs: 1200, ttiMs: 2400, lcpMs: 4 }),
      run({ fcpMs: 3000, ttiMs: 9000, lcpMs: 5 }),
    ]
    // Medians: FCP 1200, TTI 2500; the fourth run is 100 ms away from both.
    expect(medianRun(runs).lcpMs).toBe(4)
  })

  it('averages the two middle values of an even count, and breaks ties with the lower TTI', () => {
    // Medians FCP 1000, TTI 2000: both runs are 100 ms of TTI away.
    const runs = [run({ fcpMs: 1000, ttiMs: 2100, lcpMs: 1 }), run({ fcpMs: 1000, ttiMs: 1900, lcpMs: 2 })]
    expect(medianRun(runs).lcpMs).toBe(2)
  })

  it('refuses no runs and runs without FCP or TTI, as Lighthouse does', () => {
    expect(() => medianRun([])).toThrow(/No runs/)
    expect(() => medianRun([run({ fcpMs: Number.NaN })])).toThrow(/FCP/)
    expect(() => medianRun([run({ ttiMs: Number.NaN })])).toThrow(/TTI/)
  })

  it('chooses the same run as Lighthouse’s computeMedianRun', () => {
    const figures = fc.record({
      fcpMs: fc.integer({ min: 1, max: 10_000 }),
      ttiMs: fc.integer({ min: 1, max: 30_000 }),
    })
    fc.assert(
      fc.property(fc.array(figures, { minLength: 1, maxLength: 9 }), (list) => {
        const runs = list.map((f, i) => run({ ...f, lcpMs: i }))
        const reports = runs.map((r) => ({
          id: r.lcpMs,
          audits: {
            'first-contentful-paint': { numericValue: r.fcpMs },
            interactive: { numericValue: r.ttiMs },
          },
        }))
        const theirs = computeMedianRun(reports as unknown as Parameters<typeof computeMedianRun>[0]) as unknown as {
          id: number
        }
        expect(medianRun(runs).lcpMs).toBe(theirs.id)
      }),
    )
  })
})

describe('verdicts', () => {
  it('holds each figure to its target, bounds included', () => {
    expect(verdicts(run({ score: 90, lcpMs: 2500, cls: 0.1, tbtMs: 200 }))).toEqual({
      score: true,
      lcp: true,
      cls: true,
      tbt: true,
    })
    expect(verdicts(run({ score: 89, lcpMs: 2501, cls: 0.1001, tbtMs: 201 }))).toEqual({
      score: false,
      lcp: false,
      cls: false,
      tbt: false,
    })
  })
})

describe('vitalsSection', () => {
  const good: PageVitals = {
    label: '/waitlist',
    path: '/waitlist',
    buildGzipBytes: 194_300,
    runs: [
      run({ lcpMs: 1700, fcpMs: 1100, ttiMs: 2400 }),
      run({ lcpMs: 1800 }),
      run({ lcpMs: 2100, fcpMs: 1300, ttiMs: 2600 }),
    ],
  }
  const moving: PageVitals = {
    label: '/',
    path: '/',
    runs: [
      run({ cls: 0.31, score: 78, fcpMs: 1200, ttiMs: 2500 }),
      run({ cls: 0.39, score: 74, fcpMs: 1400, ttiMs: 2900 }),
      run({ cls: 0, score: 99, fcpMs: 900, ttiMs: 1800 }),
    ],
  }

  it('is wrapped in the vitals markers', () => {
    const section = vitalsSection(report([good]))
    expect(section.startsWith(`${VITALS_MARKER_START}\n`)).toBe(true)
    expect(section.endsWith(`\n${VITALS_MARKER_END}`)).toBe(true)
  })

  it('gives each page its verdicts against the targets from its median run', () => {
    const section = vitalsSection(report([moving, good]))
    expect(rowOf(section, '### Against the targets', '/')).toBe(
      '| `/` | 78: **NO** | 1.80 s: yes | 0.310: **NO** | 80 ms: yes |',
    )
    expect(rowOf(section, '### Against the targets', '/waitlist')).toBe(
      '| `/waitlist` | 95: yes | 1.80 s: yes | 0.010: yes | 80 ms: yes |',
    )
    expect(section).toContain('1 of 2 pages miss at least one target in their median run: `/`.')
  })

  it('details the median run with each figure’s min–max, the JavaScript and the LCP element', () => {
    const section = vitalsSection(report([moving, good]))
    const row = rowOf(section, '### Per page', '/')
    expect(row).toContain('| 78 (74–99) |')
    expect(row).toContain('| 0.310 (0.000–0.390) |')
    expect(row).toContain('| 118.4 kB in 12 files | — |')
    expect(rowOf(section, '### Per page', '/waitlist')).toContain('| 1.80 s (1.70–2.10) |')
    expect(rowOf(section, '### Per page', '/waitlist')).toContain('| 194.3 kB |')
    expect(section).toContain(
      '- `/`: LCP `h1.font-display “Réservez votre rendez-vous”` (seen by the page) (ttfb 600 ms, render delay 1200 ms); largest layout shift 0.310: `footer.border-t “Salonia”`',
    )
    expect(section).toContain('| Throttling | simulate: RTT 150 ms, 1,638 kbps down, CPU ×4 |')
    expect(section).toContain('| Runs per page | 1 warm-up (discarded), then 3 |')
    expect(section).toContain('the headers of its 12 scripts are about 12.0 kB of the 118.4 kB "JavaScript loaded"')
  })

  it("holds the owner's signed-in agenda to the same targets, and says how it was signed in", () => {
    const agenda: PageVitals = {
      label: '/professional (signed in: the agenda)',
      path: '/professional',
      signedIn: true,
      runs: [run({ lcpMs: 4600, cls: 0.22, tbtMs: 838, score: 52 })],
    }
    const section = vitalsSection(report([good, agenda]))
    expect(section).toContain("## Core Web Vitals of the public pages and the owner's agenda")
    expect(rowOf(section, '### Against the targets', '/professional (signed in: the agenda)')).toBe(
      '| `/professional (signed in: the agenda)` | 52: **NO** | 4.60 s: **NO** | 0.220: **NO** | 838 ms: **NO** |',
    )
    expect(section).toContain("signed in as the demo salon's owner (SAL001), through the demo sign-in")
    expect(vitalsSection(report([good]))).toContain('## Core Web Vitals of the public pages (')
    expect(vitalsSection(report([good]))).not.toContain('signed in as')
  })

  it('says so when the machine was busy at the start', () => {
    expect(vitalsSection(report([good]))).not.toContain('was not idle')
    expect(vitalsSection(report([good], [1.5, 1, 1]))).toContain('**The machine was not idle when the run started**')
  })

  it('prints a console table that marks the misses', () => {
    const text = vitalsConsole(report([moving, good]))
    const line = text.split('\n').find((l) => l.startsWith('/ '))
    expect(line).toMatch(/78 NO .*0\.310 NO/)
    expect(text.split('\n').find((l) => l.startsWith('/waitlist'))).not.toContain('NO')
  })
})
