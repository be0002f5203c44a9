#!/usr/bin/env node
// A third product server for the browser tests of Instagram DMs: the same build as
// scripts/e2e-server.mjs (it waits for that server, which builds), a fresh database, and Meta
// replaced by the local fake of its Instagram endpoints (tests/fakes/instagram-server.ts) through
// INSTAGRAM_BASE_URL — the product's own OAuth, webhook and Send API code runs. The fake's control
// port lets a test play customers who write to the salon's account.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = process.env.PORT ?? '3995'
const instagramPort = process.env.FAKE_INSTAGRAM_PORT ?? '3994'
const controlPort = process.env.FAKE_INSTAGRAM_CONTROL_PORT ?? '3993'
const builtBy = process.env.BUILT_BY_URL
const appNow = process.env.APP_NOW ?? '2026-12-01T08:30:00+01:00'
const app = {
  INSTAGRAM_APP_ID: '1234567890123456',
  INSTAGRAM_APP_SECRET: 'fake-instagram-app-secret-0123456789',
  INSTAGRAM_VERIFY_TOKEN: 'fake-verify-token',
}

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer`)
}

if (builtBy) await waitFor(builtBy)
const instagram = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/instagram-server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...app,
    PORT: instagramPort,
    CONTROL_PORT: controlPort,
    PRODUCT_URL: `http://127.0.0.1:${port}`,
    APP_NOW: appNow,
  },
})
await waitFor(`http://127.0.0.1:${controlPort}/health`)

const dataDir = mkdtempSync(join(tmpdir(), 'salonia-e2e-instagram-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...app,
    PORT: port,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    APP_NOW: appNow,
    LOG_LEVEL: 'warn',
    INSTAGRAM_BASE_URL: `http://127.0.0.1:${instagramPort}`,
  },
})
const stop = () => {
  server.kill('SIGTERM')
  instagram.kill('SIGTERM')
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', (code) => {
  instagram.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
