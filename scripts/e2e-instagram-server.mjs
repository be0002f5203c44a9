#!/usr/bin/env node
// A third product server, the Meta server, for the browser tests of Instagram DMs and WhatsApp:
// the same build as scripts/e2e-server.mjs (it waits for that server, which builds), a fresh
// database, and Meta replaced by local fakes — of its Instagram endpoints
// (tests/fakes/instagram-server.ts) through INSTAGRAM_BASE_URL, and of the WhatsApp Cloud API and
// Embedded Signup (tests/fakes/whatsapp-server.ts) through WHATSAPP_BASE_URL — so the product's own
// OAuth, signup, webhook and Send API code runs. Each fake's control port lets a test play
// customers who write to the salon (and, for WhatsApp, Meta's reviews and revocations). Stripe is
// faked here too (tests/fakes/stripe-server.ts, through STRIPE_BASE_URL): its onboarding and
// payment pages, and its signed events to the product's webhook. And Microsoft (Outlook calendars,
// tests/fakes/microsoft-server.ts, through MICROSOFT_BASE_URL): its consent page, tokens and Graph.
// CalDAV needs no fake: the browser tests connect the real Radicale of TEST_RADICALE_URL.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = process.env.PORT ?? '3995'
const instagramPort = process.env.FAKE_INSTAGRAM_PORT ?? '3994'
const controlPort = process.env.FAKE_INSTAGRAM_CONTROL_PORT ?? '3993'
// Below the Instagram ones (clear of the ports in playwright.config.ts).
const whatsappPort = process.env.FAKE_WHATSAPP_PORT ?? String(Number(port) - 3)
const whatsappControlPort = process.env.FAKE_WHATSAPP_CONTROL_PORT ?? String(Number(port) - 4)
const stripePort = process.env.FAKE_STRIPE_PORT ?? String(Number(port) - 5)
const stripeControlPort = process.env.FAKE_STRIPE_CONTROL_PORT ?? String(Number(port) - 6)
const microsoftPort = process.env.FAKE_MICROSOFT_PORT ?? String(Number(port) - 7)
const microsoftControlPort = process.env.FAKE_MICROSOFT_CONTROL_PORT ?? String(Number(port) - 8)
const builtBy = process.env.BUILT_BY_URL
const appNow = process.env.APP_NOW ?? '2026-12-01T08:30:00+01:00'
const app = {
  INSTAGRAM_APP_ID: '1234567890123456',
  INSTAGRAM_APP_SECRET: 'fake-instagram-app-secret-0123456789',
  INSTAGRAM_VERIFY_TOKEN: 'fake-verify-token',
  WHATSAPP_APP_ID: '2345678901234567',
  WHATSAPP_APP_SECRET: 'fake-whatsapp-app-secret-0123456789',
  // What the fake's whatsappEnv gives (tests/fakes/whatsapp.ts).
  WHATSAPP_VERIFY_TOKEN: 'fake-whatsapp-verify-token',
  WHATSAPP_CONFIG_ID: '987654321098765',
  STRIPE_SECRET_KEY: 'sk_test_51SaloniaFakeKey0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_SaloniaFakeWebhookSecret0123',
  // What tests/fakes/microsoft-server.ts registers by default.
  MICROSOFT_CLIENT_ID: '3f1c9a7e-52d4-4b8f-9e0a-6c2d8b1f4a73',
  MICROSOFT_CLIENT_SECRET: 'fake~microsoft~secret~0123456789abcdef',
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
const whatsapp = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/whatsapp-server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...app,
    PORT: whatsappPort,
    CONTROL_PORT: whatsappControlPort,
    PRODUCT_URL: `http://127.0.0.1:${port}`,
    APP_NOW: appNow,
  },
})
const stripe = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/stripe-server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...app,
    PORT: stripePort,
    CONTROL_PORT: stripeControlPort,
    PRODUCT_URL: `http://127.0.0.1:${port}`,
    APP_NOW: appNow,
  },
})
const microsoft = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/microsoft-server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...app,
    PORT: microsoftPort,
    CONTROL_PORT: microsoftControlPort,
    PRODUCT_URL: `http://127.0.0.1:${port}`,
    APP_NOW: appNow,
  },
})
await Promise.all([
  waitFor(`http://127.0.0.1:${microsoftControlPort}/health`),
  waitFor(`http://127.0.0.1:${controlPort}/health`),
  waitFor(`http://127.0.0.1:${whatsappControlPort}/health`),
  waitFor(`http://127.0.0.1:${stripeControlPort}/health`),
])

const dataDir = mkdtempSync(join(tmpdir(), 'salonia-e2e-instagram-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...app,
    PORT: port,
    // The fakes send browsers and notifications back to 127.0.0.1 (run by hand, PUBLIC_URL is unset).
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    APP_NOW: appNow,
    LOG_LEVEL: 'warn',
    INSTAGRAM_BASE_URL: `http://127.0.0.1:${instagramPort}`,
    WHATSAPP_BASE_URL: `http://127.0.0.1:${whatsappPort}`,
    STRIPE_BASE_URL: `http://127.0.0.1:${stripePort}`,
    MICROSOFT_BASE_URL: `http://127.0.0.1:${microsoftPort}`,
  },
})
const stop = () => {
  server.kill('SIGTERM')
  instagram.kill('SIGTERM')
  whatsapp.kill('SIGTERM')
  stripe.kill('SIGTERM')
  microsoft.kill('SIGTERM')
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', (code) => {
  instagram.kill('SIGTERM')
  whatsapp.kill('SIGTERM')
  stripe.kill('SIGTERM')
  microsoft.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
