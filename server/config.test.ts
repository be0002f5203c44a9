import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'salonia-config-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('configuration', () => {
  it('runs locally with nothing set: embedded database, demo data, port 3000', () => {
    const dir = tempDir()
    const config = loadConfig({ DATA_DIR: dir })
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:3000',
    })
  })

  it('generates APP_SECRET once and keeps it under DATA_DIR', () => {
    const dir = tempDir()
    const first = loadConfig({ DATA_DIR: dir }).appSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first)
    expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(first)
  })

  it('requires APP_SECRET in production and turns demo data off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(ConfigError)
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) })
    expect(config.seedDemo).toBe(false)
  })

  it('refuses to start a production server asked to seed the demo data', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), SEED_DEMO: '1' })).toThrow(
      /SEED_DEMO=1 is not allowed in production/,
    )
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), SEED_DEMO: '0' }).seedDemo).toBe(false)
  })

  it('reads APP_NOW, SEED_DEMO, ADMIN_EMAILS and PUBLIC_URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      APP_NOW: '2026-12-01T08:30:00+01:00',
      SEED_DEMO: '0',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      PUBLIC_URL: 'https://book.example.com/',
    })
    expect(config.appNow?.toISOString()).toBe('2026-12-01T07:30:00.000Z')
    expect(config.seedDemo).toBe(false)
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com'])
    expect(config.publicUrl).toBe('https://book.example.com')
  })

  it('trusts no proxy unless told', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false)
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8')
  })

  it('says which variable is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ APP_NOW: 'tomorrow', DATA_DIR: tempDir() })).toThrow(/APP_NOW/)
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/32 characters/)
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0', DATA_DIR: tempDir() })).toThrow(/DATABASE_POOL_SIZE/)
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many', DATA_DIR: tempDir() })).toThrow(/DATABASE_POOL_SIZE/)
  })

  it('sends SMS through Twilio only when its three settings are given, at Twilio unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).sms).toBeUndefined()
    const twilio = { TWILIO_ACCOUNT_SID: 'AC0123', TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_FROM: '+15005550006' }
    expect(loadConfig({ DATA_DIR: tempDir(), ...twilio }).sms).toEqual({
      accountSid: 'AC0123',
      authToken: 'secret-token',
      from: '+15005550006',
      baseUrl: 'https://api.twilio.com',
    })
    expect(loadConfig({ DATA_DIR: tempDir(), ...twilio, TWILIO_BASE_URL: 'http://127.0.0.1:4010/' }).sms?.baseUrl).toBe(
      'http://127.0.0.1:4010',
    )
    expect(() => loadConfig({ DATA_DIR: tempDir(), TWILIO_ACCOUNT_SID: 'AC0123' })).toThrow(/go together/)
  })

  it('runs the Telegram bot by webhook behind an HTTPS address and by long polling otherwise', () => {
    const token = '123456789:AAH3kq_Tq8xV0example-token-part-0123'
    expect(loadConfig({ DATA_DIR: tempDir() }).telegram).toBeUndefined()
    expect(loadConfig({ DATA_DIR: tempDir(), TELEGRAM_BOT_TOKEN: token }).telegram).toEqual({
      token,
      apiBaseUrl: 'https://api.telegram.org',
      mode: 'polling',
      webhookUrl: 'http://localhost:3000/api/telegram/webhook',
    })
    const behindHttps = loadConfig({
      DATA_DIR: tempDir(),
      TELEGRAM_BOT_TOKEN: token,
      TELEGRAM_API_BASE_URL: 'http://127.0.0.1:4020/',
      PUBLIC_URL: 'https://book.salonia.app/',
    }).telegram
    expect(behindHttps).toMatchObject({
      apiBaseUrl: 'http://127.0.0.1:4020',
      mode: 'webhook',
      webhookUrl: 'https://book.salonia.app/api/telegram/webhook',
    })
  })

  it('refuses a Telegram token that is not a BotFather token without repeating it', () => {
    const wrong = 'my-secret-but-wrong-token'
    expect(() => loadConfig({ DATA_DIR: tempDir(), TELEGRAM_BOT_TOKEN: wrong })).toThrow(/BotFather/)
    try {
      loadConfig({ DATA_DIR: tempDir(), TELEGRAM_BOT_TOKEN: wrong })
    } catch (error) {
      expect(String(error)).not.toContain(wrong)
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), TELEGRAM_API_BASE_URL: 'http://127.0.0.1:4020' })).toThrow(
      /goes with TELEGRAM_BOT_TOKEN/,
    )
  })

  it("talks to Meta's three Instagram hosts, or to one fake for all of them, once the three settings are set", () => {
    const instagram = {
      INSTAGRAM_APP_ID: '1234567890123456',
      INSTAGRAM_APP_SECRET: 'a1b2c3d4e5f6a7b8c9d0',
      INSTAGRAM_VERIFY_TOKEN: 'verify-me',
    }
    expect(loadConfig({ DATA_DIR: tempDir() }).instagram).toBeUndefined()
    expect(loadConfig({ DATA_DIR: tempDir(), ...instagram, PUBLIC_URL: 'https://book.salonia.app' }).instagram).toEqual(
      {
        appId: '1234567890123456',
        appSecret: 'a1b2c3d4e5f6a7b8c9d0',
        verifyToken: 'verify-me',
        hosts: {
          www: 'https://www.instagram.com',
          api: 'https://api.instagram.com',
          graph: 'https://graph.instagram.com',
        },
        redirectUri: 'https://book.salonia.app/api/instagram/callback',
        webhookUrl: 'https://book.salonia.app/api/instagram/webhook',
      },
    )
    const faked = loadConfig({
      DATA_DIR: tempDir(),
      ...instagram,
      INSTAGRAM_BASE_URL: 'http://127.0.0.1:4030/',
    }).instagram
    expect(faked?.hosts).toEqual({
      www: 'http://127.0.0.1:4030',
      api: 'http://127.0.0.1:4030',
      graph: 'http://127.0.0.1:4030',
    })
  })

  it('refuses half an Instagram app, or a wrong one, without repeating its secret', () => {
    const secret = 'a1b2c3d4e5f6a7b8c9d0'
    expect(() => loadConfig({ DATA_DIR: tempDir(), INSTAGRAM_APP_SECRET: secret })).toThrow(/go together/)
    expect(() => loadConfig({ DATA_DIR: tempDir(), INSTAGRAM_BASE_URL: 'http://127.0.0.1:4030' })).toThrow(/goes with/)
    const wrongId = { INSTAGRAM_APP_ID: 'my-app', INSTAGRAM_APP_SECRET: secret, INSTAGRAM_VERIFY_TOKEN: 'v' }
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...wrongId })).toThrow(/app's number/)
    try {
      loadConfig({ DATA_DIR: tempDir(), ...wrongId })
    } catch (error) {
      expect(String(error)).not.toContain(secret)
    }
    const wrongBase = { ...wrongId, INSTAGRAM_APP_ID: '1234567890', INSTAGRAM_BASE_URL: 'ftp://x' }
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...wrongBase })).toThrow(/http\(s\)/)
  })

  it("reads a WhatsApp app, with Meta's hosts or one base for a fake", () => {
    const whatsapp = {
      WHATSAPP_APP_ID: '2345678901234567',
      WHATSAPP_APP_SECRET: 'whatsapp-secret-0123456789',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_CONFIG_ID: '987654321098765',
    }
    expect(loadConfig({ DATA_DIR: tempDir() }).whatsapp).toBeUndefined()
    const real = loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://book.salonia.app', ...whatsapp }).whatsapp
    expect(real).toMatchObject({
      appId: '2345678901234567',
      configId: '987654321098765',
      hosts: { graph: 'https://graph.facebook.com', www: 'https://www.facebook.com' },
      webhookUrl: 'https://book.salonia.app/api/whatsapp/webhook',
    })
    const faked = loadConfig({ DATA_DIR: tempDir(), ...whatsapp, WHATSAPP_BASE_URL: 'http://127.0.0.1:4040/' }).whatsapp
    expect(faked?.hosts).toEqual({ graph: 'http://127.0.0.1:4040', www: 'http://127.0.0.1:4040' })
  })

  it("reads Stripe's keys, with Stripe's API or one base for a fake", () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_51Hq0123456789abcdef',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    }
    expect(loadConfig({ DATA_DIR: tempDir() }).stripe).toBeUndefined()
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://book.salonia.app', ...stripe }).stripe).toEqual({
      secretKey: stripe.STRIPE_SECRET_KEY,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      api: { host: 'api.stripe.com', port: 443, protocol: 'https' },
      webhookUrl: 'https://book.salonia.app/api/stripe/webhook',
    })
    const faked = loadConfig({ DATA_DIR: tempDir(), ...stripe, STRIPE_BASE_URL: 'http://127.0.0.1:4242/' }).stripe
    expect(faked?.api).toEqual({ host: '127.0.0.1', port: 4242, protocol: 'http' })
  })

  it('refuses half of Stripe, naming what is missing and never the secret', () => {
    const secret = 'sk_test_51Hq0123456789abcdef'
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env })
      } catch (error) {
        return String(error)
      }
      return 'accepted'
    }
    const half = messageOf({ STRIPE_SECRET_KEY: secret })
    expect(half).toMatch(/go together: STRIPE_WEBHOOK_SECRET is missing/)
    expect(half).not.toContain(secret)
    expect(messageOf({ STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' })).toMatch(/STRIPE_SECRET_KEY is missing/)
    expect(messageOf({ STRIPE_BASE_URL: 'http://127.0.0.1:4242' })).toMatch(/goes with/)
    const both = { STRIPE_SECRET_KEY: secret, STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef' }
    expect(messageOf({ ...both, STRIPE_SECRET_KEY: 'pk_test_0123456789abcdef' })).toMatch(/sk_live_, sk_test_ or rk_/)
    expect(messageOf({ ...both, STRIPE_WEBHOOK_SECRET: 'secret' })).toMatch(/whsec_/)
    expect(messageOf({ ...both, STRIPE_BASE_URL: 'ftp://x' })).toMatch(/http\(s\)/)
    expect(messageOf({ ...both, STRIPE_BASE_URL: 'http://127.0.0.1:4242/v1' })).toMatch(/without a path/)
    for (const env of [both, { ...both, STRIPE_WEBHOOK_SECRET: 'secret' }]) expect(messageOf(env)).not.toContain(secret)
  })

  it('refuses part of a WhatsApp app, naming what is missing and never the secret', () => {
    const secret = 'whatsapp-secret-0123456789'
    const messageOf = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env })
      } catch (error) {
        return String(error)
      }
      return 'accepted'
    }
    const half = messageOf({ WHATSAPP_APP_SECRET: secret, WHATSAPP_APP_ID: '2345678901234567' })
    expect(half).toMatch(/go together: WHATSAPP_VERIFY_TOKEN, WHATSAPP_CONFIG_ID are missing/)
    expect(half).not.toContain(secret)
    expect(messageOf({ WHATSAPP_BASE_URL: 'http://127.0.0.1:4040' })).toMatch(/goes with/)
    const all = {
      WHATSAPP_APP_ID: '2345678901234567',
      WHATSAPP_APP_SECRET: secret,
      WHATSAPP_VERIFY_TOKEN: 'v',
      WHATSAPP_CONFIG_ID: '987654321098765',
    }
    expect(messageOf({ ...all, WHATSAPP_APP_ID: 'my-app' })).toMatch(/app's number/)
    expect(messageOf({ ...all, WHATSAPP_CONFIG_ID: 'signup' })).toMatch(/Embedded Signup/)
    expect(messageOf({ ...all, WHATSAPP_APP_SECRET: 'short' })).toMatch(/too short/)
    expect(messageOf({ ...all, WHATSAPP_BASE_URL: 'ftp://x' })).toMatch(/http\(s\)/)
    for (const env of [
      { ...all, WHATSAPP_APP_ID: 'my-app' },
      { ...all, WHATSAPP_CONFIG_ID: 'x' },
    ]) {
      expect(messageOf(env)).not.toContain(secret)
    }
  })

  it('keeps as many PostgreSQL connections as told, or leaves it to the machine', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).databasePoolSize).toBeUndefined()
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12)
  })

  it('talks to PostgreSQL as a session unless told DATABASE_URL is a pooler in transaction mode', () => {
    const url = 'postgres://app@pgbouncer:6432/salonia'
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url }).databaseTransactionPooling).toBe(false)
    const pooled = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url, DATABASE_TRANSACTION_POOLING: '1' })
    expect(pooled.databaseTransactionPooling).toBe(true)
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_TRANSACTION_POOLING: '1' })).toThrow(/DATABASE_URL/)
  })
})
