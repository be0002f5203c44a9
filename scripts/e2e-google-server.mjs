#!/usr/bin/env node
// A second product server for the browser tests of the real Google sign-in: the same build as
// scripts/e2e-server.mjs (it waits for that server, which builds), a fresh database, and Google
// replaced by the local fake of Google's endpoints (tests/fakes/google-server.ts) through
// GOOGLE_BASE_URL — the product's own OAuth code runs, only Google's hosts change.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = process.env.PORT ?? '3998'
const googlePort = process.env.FAKE_GOOGLE_PORT ?? '3997'
const builtBy = process.env.BUILT_BY_URL

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
const google = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/google-server.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: googlePort },
})
await waitFor(`http://127.0.0.1:${googlePort}/health`)

const dataDir = mkdtempSync(join(tmpdir(), 'salonia-e2e-google-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    APP_NOW: process.env.APP_NOW ?? '2026-12-01T08:30:00+01:00',
    LOG_LEVEL: 'warn',
    GOOGLE_CLIENT_ID: 'fake-client-id.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'fake-client-secret',
    GOOGLE_BASE_URL: `http://127.0.0.1:${googlePort}`,
  },
})
const stop = () => {
  server.kill('SIGTERM')
  google.kill('SIGTERM')
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', (code) => {
  google.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
