#!/usr/bin/env node
// `npm run test:report`: where the suite's time goes. Clones the current commit into a temporary
// folder, runs `.ci/run` there as CI does (CI=true), and writes docs/TESTING.md from what it
// recorded: each stage's wall time, the slowest test files of each runner, and the totals; and
// scripts/testing/file-durations.json, each Vitest file's time, which orders the next runs.
// `npm run test:report -- --from <folder>` writes the page from a run already made in that folder
// (a clean clone where `bash .ci/run` ran), without running anything.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const SLOWEST = 25
const repo = resolve(import.meta.dirname, '..')
const fromIndex = process.argv.indexOf('--from')
const fromDir = fromIndex > 0 ? resolve(process.argv[fromIndex + 1] ?? '') : undefined

function git(dir, ...args) {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim()
}

let runDir = fromDir
let cleanup = () => {}
if (!runDir) {
  runDir = mkdtempSync(join(tmpdir(), 'salonia-ci-'))
  cleanup = () => rmSync(runDir, { recursive: true, force: true })
  console.log(`Cloning ${git(repo, 'rev-parse', '--short', 'HEAD')} and running .ci/run there…`)
  execFileSync('git', ['clone', '--quiet', repo, runDir])
  spawnSync('bash', ['.ci/run'], { cwd: runDir, stdio: 'inherit', env: { ...process.env, CI: 'true' } })
}

const read = (path) => {
  const file = join(runDir, path)
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}
const stagesText = read('test-results/timings/stages.tsv')
if (!stagesText) {
  console.error(`No test-results/timings/stages.tsv in ${runDir}: did .ci/run run there?`)
  process.exit(1)
}
const stages = stagesText
  .trim()
  .split('\n')
  .map((line) => line.split('\t'))
  .map(([name, seconds, status]) => ({ name, seconds: Number(seconds), status: Number(status) }))
const vitestFiles = JSON.parse(read('test-results/timings/vitest-files.json') ?? '[]')
const vitest = JSON.parse(read('test-results/summary/vitest.json') ?? '{}')
const playwright = JSON.parse(read('test-results/summary/playwright.json') ?? '{}')

/** Each Playwright spec file's tests, their summed duration, per project. */
function playwrightFiles() {
  const files = new Map()
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const entry = files.get(file) ?? { file, tests: 0, ms: 0, byProject: {} }
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0)
        entry.tests += 1
        entry.ms += ms
        entry.byProject[test.projectName] = (entry.byProject[test.projectName] ?? 0) + ms
        files.set(file, entry)
      }
    }
    for (const child of suite.suites ?? []) visit(child, file)
  }
  for (const suite of playwright.suites ?? []) visit(suite, `e2e/${suite.file ?? suite.title}`)
  return [...files.values()].sort((a, b) => b.ms - a.ms)
}

const s = (ms) => (ms / 1000).toFixed(1)
const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
const commit = git(runDir, 'rev-parse', '--short', 'HEAD')
const total = stages.find((stage) => stage.name === 'total')
const pwFiles = playwrightFiles()
const projects = [...new Set(pwFiles.flatMap((file) => Object.keys(file.byProject)))].sort()
const pwStats = playwright.stats ?? {}

const lines = [
  '# Where the suite’s time goes',
  '',
  '<!-- Written by `npm run test:report` (scripts/testing-report.mjs); run it again after changing the suite. -->',
  '',
  `Measured on a clean clone of \`${commit}\` with \`bash .ci/run\` (CI=true), on ${cpus().length} cores ` +
    `(${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${new Date().toISOString().slice(0, 10)}. ` +
    `CI allows 90 minutes; our own limit is 25.`,
  '',
  '## Stages',
  '',
  '| stage | wall time | exit |',
  '|---|---:|---:|',
  ...stages
    .filter((stage) => stage.name !== 'total')
    .map((stage) => `| ${stage.name} | ${minutes(stage.seconds)} | ${stage.status} |`),
  ...(total ? [`| **total** | **${minutes(total.seconds)}** | ${total.status} |`] : []),
  '',
  '## Totals',
  '',
  `- Vitest: ${vitest.numTotalTestSuites !== undefined ? `${vitestFiles.length} files, ` : ''}` +
    `${vitest.numPassedTests ?? 0} tests passed, ${vitest.numFailedTests ?? 0} failed` +
    ` (the files’ own times add up to ${minutes(Math.round(vitestFiles.reduce((sum, f) => sum + f.totalMs, 0) / 1000))}` +
    ' across the workers).',
  `- Playwright: ${pwFiles.length} spec files, ${pwStats.expected ?? 0} tests passed, ${pwStats.unexpected ?? 0} failed,` +
    ` ${pwStats.flaky ?? 0} flaky, ${pwStats.skipped ?? 0} skipped` +
    ` (the tests’ own times add up to ${minutes(Math.round(pwFiles.reduce((sum, f) => sum + f.ms, 0) / 1000))}).`,
  '',
  `## The ${SLOWEST} slowest Vitest files`,
  '',
  'Import is the file and what it imports (after the worker is ready); tests is its tests and hooks.',
  '',
  '| file | tests | import (s) | tests (s) | total (s) |',
  '|---|---:|---:|---:|---:|',
  ...[...vitestFiles]
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, SLOWEST)
    .map((f) => `| \`${f.file}\` | ${f.tests} | ${s(f.importMs)} | ${s(f.testsMs)} | ${s(f.totalMs)} |`),
  '',
  `## The ${SLOWEST} slowest Playwright files`,
  '',
  'The sum of their tests’ durations (fixtures included), per project.',
  '',
  `| file | tests | ${projects.map((p) => `${p} (s)`).join(' | ')} | total (s) |`,
  `|---|---:|${projects.map(() => '---:|').join('')}---:|`,
  ...pwFiles
    .slice(0, SLOWEST)
    .map(
      (f) => `| \`${f.file}\` | ${f.tests} | ${projects.map((p) => s(f.byProject[p] ?? 0)).join(' | ')} | ${s(f.ms)} |`,
    ),
  '',
]

writeFileSync(join(repo, 'docs', 'TESTING.md'), lines.join('\n'))
// The times the test sequencer starts the longest files first by (scripts/testing/slowest-first-sequencer.ts).
const durations = Object.fromEntries(
  [...vitestFiles].sort((a, b) => (a.file < b.file ? -1 : 1)).map((f) => [f.file, Math.round(f.totalMs / 100) / 10]),
)
if (vitestFiles.length > 0) {
  writeFileSync(join(repo, 'scripts', 'testing', 'file-durations.json'), `${JSON.stringify(durations, null, 2)}\n`)
}
console.log(`docs/TESTING.md written from the run of ${commit} (total ${total ? minutes(total.seconds) : 'unknown'}).`)
cleanup()
