#!/usr/bin/env node
// `npm test`: the whole suite — Vitest (unit, HTTP, data layer; PostgreSQL too when
// TEST_DATABASE_URL is set), then Playwright in Chromium — ending with one line
// "N passed, N failed" that adds both up.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const reports = join('test-results', 'summary')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })
const vitestReport = join(reports, 'vitest.json')
const playwrightReport = join(reports, 'playwright.json')

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status ?? 1
}

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
])
const playwrightStatus = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport })

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

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
