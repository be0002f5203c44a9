#!/usr/bin/env node
// Starts the product for the browser tests: a fresh build, a fresh embedded database in a
// temporary folder, and the demo clock (APP_NOW) so bookings land on known days.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Both bundles: the browser's and the server's, which renders the public pages.
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const dataDir = mkdtempSync(join(tmpdir(), 'salonia-e2e-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    APP_NOW: process.env.APP_NOW ?? '2026-12-01T08:30:00+01:00',
    // Known to the browser tests (e2e/waiting-list.spec.ts), which sign a waiting customer's link
    // as the message telling them would carry it. Never a production secret.
    APP_SECRET: 'e2e-browser-tests-only-secret-0123456789',
    LOG_LEVEL: 'warn',
  },
})
const stop = () => server.kill('SIGTERM')
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
