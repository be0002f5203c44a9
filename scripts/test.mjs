#!/usr/bin/env node
// `npm test`: the whole suite — Vitest (unit, HTTP, data layer; PostgreSQL too when
// TEST_DATABASE_URL is set), then Playwright in Chromium — ending with one line
// "N passed, N failed" that adds both up. Each runner's wall time is printed as it ends and kept in
// test-results/timings/stages.tsv (beside .ci/run's stages) for scripts/testing-report.mjs.
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const reports = join('test-results', 'summary')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })
const vitestReport = join(reports, 'vitest.json')
const playwrightReport = join(reports, 'playwright.json')

const timings = join('test-results', 'timings')
mkdirSync(timings, { recursive: true })

function run(stage, command, args, env = {}) {
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const status = result.status ?? 1
  const seconds = Math.round((Date.now() - started) / 1000)
  appendFileSync(join(timings, 'stages.tsv'), `${stage}\t${seconds}\t${status}\n`)
  console.log(`── stage ${stage}: ${seconds} s (exit ${status})`)
  return status
}

const vitestStatus = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
  // Each test file's own times (import, setup, tests), for docs/TESTING.md.
  '--reporter=./scripts/testing/file-timings-reporter.ts',
])
const playwrightStatus = run('playwright', 'npx', ['playwright', 'test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
})

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
  } catch {
    return undefined
  }
}

// A runner that failed without counting a failed test (a file that did not load, a server that
// did not start) still counts as one failure, so the line never reads green by accident.
let passed = 0
let failed = 0
const vitest = readJson(vitestReport)
passed += vitest?.numPassedTests ?? 0
failed += Math.max(vitest?.numFailedTests ?? 0, vitestStatus === 0 ? 0 : 1)
const playwright = readJson(playwrightReport)
passed += (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0)
failed += Math.max(playwright?.stats?.unexpected ?? 0, playwrightStatus === 0 ? 0 : 1)

const ciStarted = Number(process.env.CI_RUN_STARTED)
if (ciStarted) console.log(`── total: ${Math.round(Date.now() / 1000 - ciStarted)} s`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
