import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

/**
 * Every environment variable Salonia reads, parsed in one place. The README's configuration table
 * mirrors this file. Everything is optional for a local run.
 */

const DEFAULT_DATA_DIR = './data'

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  DATABASE_TRANSACTION_POOLING: flag.optional(),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  PUBLIC_URL: optionalString,
  APP_SECRET: optionalString,
  APP_NOW: optionalString,
  SEED_DEMO: flag.optional(),
  TRUST_PROXY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAILS: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_BASE_URL: optionalString,
  INSTAGRAM_APP_ID: optionalString,
  INSTAGRAM_APP_SECRET: optionalString,
  INSTAGRAM_VERIFY_TOKEN: optionalString,
  INSTAGRAM_BASE_URL: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_BASE_URL: optionalString,
  WHATSAPP_APP_ID: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_CONFIG_ID: optionalString,
  WHATSAPP_BASE_URL: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_BASE_URL: optionalString,
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_API_BASE_URL: optionalString,
  SMTP_URL: optionalString,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_BASE_URL: optionalString,
  MAIL_FROM: z.string().trim().min(3).default('Salonia <no-reply@salonia.app>'),
  AI_BASE_URL: optionalString,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
})

export type Env = z.infer<typeof envSchema>

export interface Config {
  env: Env['NODE_ENV']
  isProduction: boolean
  port: number
  host: string
  databaseUrl: string | undefined
  /** Connections to DATABASE_URL's server; undefined: defaultPoolSize() (server/db/client.ts). */
  databasePoolSize: number | undefined
  /**
   * DATABASE_URL is a pooler in transaction mode (PgBouncer's `pool_mode = transaction`): no named
   * prepared statements, no LISTEN (server/db/client.ts).
   */
  databaseTransactionPooling: boolean
  dataDir: string
  publicUrl: string
  appSecret: string
  appNow: Date | undefined
  seedDemo: boolean
  logLevel: Env['LOG_LEVEL']
  /** Fastify's trustProxy: false, true, or the proxies' addresses/CIDRs (comma-separated). */
  trustProxy: boolean | string
  /**
   * Administrators' Google e-mails (lower case). With the demo sign-in and no ADMIN_EMAILS, the demo
   * administrator `DEMO_ADMIN_EMAIL`.
   */
  adminEmails: string[]
  /** Google OAuth client; absent: no Google sign-in (the demo sign-in stands in outside production). */
  google: { clientId: string; clientSecret: string; baseUrl: string | undefined } | undefined
  /** A one-click sign-in page replaces Google's consent: only when Google is absent, never in production. */
  demoSignIn: boolean
  /** Outgoing mail: an SMTP URL (smtp://user:pass@host:587, smtps://…), or none (outbox and log only). */
  mail: { smtpUrl: string | undefined; from: string }
  /** Twilio's Programmable Messaging, for reminders by SMS; absent: no SMS (e-mail and chat channels only). */
  sms: TwilioConfig | undefined
  /** The platform's Telegram bot; absent: no Telegram (the web chat and e-mail/SMS only). */
  telegram: TelegramConfig | undefined
  /** Meta's Instagram app (Instagram API with Instagram Login); absent: the Instagram card says so. */
  instagram: InstagramConfig | undefined
  /** The Microsoft Entra app of Outlook calendars (Microsoft 365, Outlook.com); absent: Outlook is not offered. */
  microsoft: MicrosoftConfig | undefined
  /** Meta's app for the WhatsApp Business Platform (Cloud API, Embedded Signup); absent: the WhatsApp card says so. */
  whatsapp: WhatsAppConfig | undefined
  /** The platform's Stripe account (Connect): salons' deposits and card guarantees; absent: nothing asks for money. */
  stripe: StripeConfig | undefined
  /** An OpenAI-compatible model that drives the assistant's tools; absent: the built-in assistant. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined
  raw: Env
}

export class ConfigError extends Error {}

/** Twilio's Programmable Messaging account (SMS reminders). */
export interface TwilioConfig {
  accountSid: string
  authToken: string
  /** The sender: a Twilio number in E.164, or an alphanumeric sender ID where countries allow it. */
  from: string
  baseUrl: string
  /** How long to wait for Twilio's answer (10 s; tests shorten it). */
  timeoutMs?: number
}

/** The Microsoft Entra app (identity platform and Graph) that connects salons' Outlook calendars. */
export interface MicrosoftConfig {
  clientId: string
  clientSecret: string
  /**
   * Replaces both https://login.microsoftonline.com and https://graph.microsoft.com, paths kept
   * (the fake Microsoft in tests); undefined: the real hosts.
   */
  baseUrl: string | undefined
  /** Where Microsoft sends the owner's browser back after consent (registered in the Entra app). */
  redirectUri: string
}

export interface TelegramConfig {
  token: string
  /** Where the Bot API lives: https://api.telegram.org, or a fake's address in tests (paths kept). */
  apiBaseUrl: string
  /**
   * How updates arrive: by webhook at `webhookUrl` when PUBLIC_URL is HTTPS (Telegram calls only
   * HTTPS), by long polling otherwise, so a laptop with a real token works without a tunnel.
   */
  mode: 'webhook' | 'polling'
  webhookUrl: string
}

export interface InstagramConfig {
  appId: string
  appSecret: string
  /** What Meta repeats in `hub.verify_token` when the webhook is set up in the App Dashboard. */
  verifyToken: string
  /**
   * Meta's three hosts — the consent window (www.instagram.com), the code exchange
   * (api.instagram.com) and the Graph API (graph.instagram.com) — or one fake for all in tests.
   */
  hosts: { www: string; api: string; graph: string }
  /** Registered in the App Dashboard as the OAuth redirect URI: must match to the character. */
  redirectUri: string
  /** Registered in the App Dashboard as the webhook callback URL. */
  webhookUrl: string
}

export interface WhatsAppConfig {
  appId: string
  appSecret: string
  /** What Meta repeats in `hub.verify_token` when the webhook is set up in the App Dashboard. */
  verifyToken: string
  /** Embedded Signup's configuration (App Dashboard › Facebook Login for Business › Configurations). */
  configId: string
  /** graph.facebook.com (the Cloud API and the code exchange) and www.facebook.com (the signup window), or one fake for both. */
  hosts: { graph: string; www: string }
  /** Registered in the App Dashboard as the webhook callback URL. */
  webhookUrl: string
}

export interface StripeConfig {
  secretKey: string
  /** The webhook endpoint's signing secret (Dashboard › Developers › Webhooks), `whsec_…`. */
  webhookSecret: string
  /** api.stripe.com, or a fake in tests: the SDK's host, port and protocol. */
  api: { host: string; port: number; protocol: 'http' | 'https' }
  /** Registered in Stripe's Dashboard as the webhook endpoint (listening to connected accounts' events too). */
  webhookUrl: string
}

/** A BotFather token: the bot's numeric id, a colon, then the secret part. */
const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{30,60}$/

/** Who the demo sign-in signs in as administrator when ADMIN_EMAILS is empty. */
export const DEMO_ADMIN_EMAIL = 'admin@salonia.demo'

/** The demo's ambassador (seeded with demo data; the demo sign-in stands for her). Her referral link is /waitlist?ref=AMBDEMO1. */
export const DEMO_AMBASSADOR = {
  name: 'Camille Martin',
  email: 'camille.ambassadrice.demo@gmail.com',
  referralCode: 'AMBDEMO1',
  language: 'fr' as const,
}

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const isProduction = env.NODE_ENV === 'production'
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both or neither.')
  }
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          baseUrl: env.GOOGLE_BASE_URL?.replace(/\/+$/, ''),
        }
      : undefined
  const demoSignIn = !google && !isProduction
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM]
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new ConfigError('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together: set all three or none.')
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  const telegram = telegramConfig(env, publicUrl)
  const instagram = instagramConfig(env, publicUrl)
  const microsoft = microsoftConfig(env, publicUrl)
  const whatsapp = whatsappConfig(env, publicUrl)
  const stripe = stripeConfig(env, publicUrl)
  const adminEmails = (env.ADMIN_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
  const dataDir = resolve(env.DATA_DIR)

  let appNow: Date | undefined
  if (env.APP_NOW) {
    appNow = new Date(env.APP_NOW)
    if (Number.isNaN(appNow.getTime())) throw new ConfigError(`APP_NOW is not an ISO instant: ${env.APP_NOW}`)
  }
  if (isProduction && env.SEED_DEMO) {
    throw new ConfigError(
      'SEED_DEMO=1 is not allowed in production: the demo data has a public access code and a salon anyone could book. Remove SEED_DEMO.',
    )
  }
  if (env.DATABASE_TRANSACTION_POOLING && !env.DATABASE_URL) {
    throw new ConfigError('DATABASE_TRANSACTION_POOLING is about DATABASE_URL: set DATABASE_URL to the pooler too.')
  }
  if (isProduction && !env.APP_SECRET) {
    throw new ConfigError('APP_SECRET is required in production (at least 32 characters).')
  }
  if (env.APP_SECRET && env.APP_SECRET.length < 32) {
    throw new ConfigError('APP_SECRET must be at least 32 characters long.')
  }

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseTransactionPooling: env.DATABASE_TRANSACTION_POOLING ?? false,
    dataDir,
    publicUrl,
    appSecret: env.APP_SECRET ?? readOrCreateSecret(dataDir),
    appNow,
    seedDemo: !isProduction && (env.SEED_DEMO ?? true),
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    adminEmails: adminEmails.length === 0 && demoSignIn ? [DEMO_ADMIN_EMAIL] : adminEmails,
    google,
    demoSignIn,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            baseUrl: (env.TWILIO_BASE_URL ?? 'https://api.twilio.com').replace(/\/+$/, ''),
          }
        : undefined,
    telegram,
    instagram,
    microsoft,
    whatsapp,
    stripe,
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? {
            baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''),
            apiKey: env.AI_API_KEY,
            model: env.AI_MODEL,
            timeoutMs: env.AI_TIMEOUT_MS,
          }
        : undefined,
    raw: env,
  }
}

/** The bot's settings; the messages never repeat the token, which must not reach a log. */
function telegramConfig(env: Env, publicUrl: string): TelegramConfig | undefined {
  if (!env.TELEGRAM_BOT_TOKEN) {
    if (env.TELEGRAM_API_BASE_URL)
      throw new ConfigError('TELEGRAM_API_BASE_URL goes with TELEGRAM_BOT_TOKEN: set the token too.')
    return undefined
  }
  if (!TELEGRAM_TOKEN.test(env.TELEGRAM_BOT_TOKEN)) {
    throw new ConfigError(
      "TELEGRAM_BOT_TOKEN does not look like a BotFather token (digits, ':', then about 35 letters, digits, '_' or '-').",
    )
  }
  const apiBaseUrl = (env.TELEGRAM_API_BASE_URL ?? 'https://api.telegram.org').replace(/\/+$/, '')
  if (!/^https?:\/\/[^/\s]+/.test(apiBaseUrl)) {
    throw new ConfigError('TELEGRAM_API_BASE_URL must be an http(s) address, like https://api.telegram.org.')
  }
  return {
    token: env.TELEGRAM_BOT_TOKEN,
    apiBaseUrl,
    mode: publicUrl.startsWith('https://') ? 'webhook' : 'polling',
    webhookUrl: `${publicUrl}/api/telegram/webhook`,
  }
}

/** Meta's app settings; like the bot's, the messages never repeat a secret. */
function instagramConfig(env: Env, publicUrl: string): InstagramConfig | undefined {
  const parts = [env.INSTAGRAM_APP_ID, env.INSTAGRAM_APP_SECRET, env.INSTAGRAM_VERIFY_TOKEN]
  if (!parts.some(Boolean)) {
    if (env.INSTAGRAM_BASE_URL)
      throw new ConfigError(
        'INSTAGRAM_BASE_URL goes with INSTAGRAM_APP_ID, INSTAGRAM_APP_SECRET and INSTAGRAM_VERIFY_TOKEN.',
      )
    return undefined
  }
  if (!env.INSTAGRAM_APP_ID || !env.INSTAGRAM_APP_SECRET || !env.INSTAGRAM_VERIFY_TOKEN) {
    throw new ConfigError(
      'INSTAGRAM_APP_ID, INSTAGRAM_APP_SECRET and INSTAGRAM_VERIFY_TOKEN go together: set all three or none.',
    )
  }
  if (!/^\d{5,25}$/.test(env.INSTAGRAM_APP_ID)) {
    throw new ConfigError("INSTAGRAM_APP_ID is the Instagram app's number (App Dashboard › Instagram › API setup).")
  }
  if (env.INSTAGRAM_APP_SECRET.length < 16) {
    throw new ConfigError('INSTAGRAM_APP_SECRET looks too short: copy the Instagram app secret from the App Dashboard.')
  }
  const base = env.INSTAGRAM_BASE_URL?.replace(/\/+$/, '')
  if (base !== undefined && !/^https?:\/\/[^/\s]+/.test(base)) {
    throw new ConfigError('INSTAGRAM_BASE_URL must be an http(s) address, like http://127.0.0.1:4030.')
  }
  return {
    appId: env.INSTAGRAM_APP_ID,
    appSecret: env.INSTAGRAM_APP_SECRET,
    verifyToken: env.INSTAGRAM_VERIFY_TOKEN,
    hosts: {
      www: base ?? 'https://www.instagram.com',
      api: base ?? 'https://api.instagram.com',
      graph: base ?? 'https://graph.instagram.com',
    },
    redirectUri: `${publicUrl}/api/instagram/callback`,
    webhookUrl: `${publicUrl}/api/instagram/webhook`,
  }
}

/** The Entra app's settings: the id and the secret go together; the messages never repeat the secret. */
function microsoftConfig(env: Env, publicUrl: string): MicrosoftConfig | undefined {
  if (!env.MICROSOFT_CLIENT_ID && !env.MICROSOFT_CLIENT_SECRET) {
    if (env.MICROSOFT_BASE_URL)
      throw new ConfigError('MICROSOFT_BASE_URL goes with MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET.')
    return undefined
  }
  if (!env.MICROSOFT_CLIENT_ID || !env.MICROSOFT_CLIENT_SECRET) {
    throw new ConfigError('MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET go together: set both or neither.')
  }
  const baseUrl = env.MICROSOFT_BASE_URL?.replace(/\/+$/, '')
  if (baseUrl !== undefined && !/^https?:\/\/[^/\s]+/.test(baseUrl)) {
    throw new ConfigError('MICROSOFT_BASE_URL must be an http(s) address, like http://127.0.0.1:4040.')
  }
  return {
    clientId: env.MICROSOFT_CLIENT_ID,
    clientSecret: env.MICROSOFT_CLIENT_SECRET,
    baseUrl,
    redirectUri: `${publicUrl}/api/microsoft/callback`,
  }
}

/** The WhatsApp app's settings: all four or none; the messages never repeat a secret. */
function whatsappConfig(env: Env, publicUrl: string): WhatsAppConfig | undefined {
  const named = {
    WHATSAPP_APP_ID: env.WHATSAPP_APP_ID,
    WHATSAPP_APP_SECRET: env.WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: env.WHATSAPP_VERIFY_TOKEN,
    WHATSAPP_CONFIG_ID: env.WHATSAPP_CONFIG_ID,
  }
  const missing = Object.entries(named)
    .filter(([, value]) => !value)
    .map(([name]) => name)
  if (missing.length === 4) {
    if (env.WHATSAPP_BASE_URL)
      throw new ConfigError(
        'WHATSAPP_BASE_URL goes with WHATSAPP_APP_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN and WHATSAPP_CONFIG_ID.',
      )
    return undefined
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `WHATSAPP_APP_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN and WHATSAPP_CONFIG_ID go together: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
    )
  }
  const { WHATSAPP_APP_ID: appId, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_CONFIG_ID: configId } = named
  if (!appId || !/^\d{5,25}$/.test(appId)) {
    throw new ConfigError("WHATSAPP_APP_ID is the Meta app's number (App Dashboard › App settings › Basic).")
  }
  if (!appSecret || appSecret.length < 16) {
    throw new ConfigError('WHATSAPP_APP_SECRET looks too short: copy the app secret from the App Dashboard.')
  }
  if (!configId || !/^\d{5,25}$/.test(configId)) {
    throw new ConfigError(
      "WHATSAPP_CONFIG_ID is the Embedded Signup configuration's number (Facebook Login for Business › Configurations).",
    )
  }
  const base = env.WHATSAPP_BASE_URL?.replace(/\/+$/, '')
  if (base !== undefined && !/^https?:\/\/[^/\s]+/.test(base)) {
    throw new ConfigError('WHATSAPP_BASE_URL must be an http(s) address, like http://127.0.0.1:4040.')
  }
  return {
    appId,
    appSecret,
    verifyToken: named.WHATSAPP_VERIFY_TOKEN as string,
    configId,
    hosts: { graph: base ?? 'https://graph.facebook.com', www: base ?? 'https://www.facebook.com' },
    webhookUrl: `${publicUrl}/api/whatsapp/webhook`,
  }
}

/** Stripe: the secret key and the webhook's secret go together; the messages never repeat a secret. */
function stripeConfig(env: Env, publicUrl: string): StripeConfig | undefined {
  const key = env.STRIPE_SECRET_KEY
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET
  if (!key && !webhookSecret) {
    if (env.STRIPE_BASE_URL)
      throw new ConfigError('STRIPE_BASE_URL goes with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.')
    return undefined
  }
  if (!key)
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: STRIPE_SECRET_KEY is missing.')
  if (!webhookSecret)
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: STRIPE_WEBHOOK_SECRET is missing.')
  if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]{10,}$/.test(key)) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY is a secret or restricted key from the Dashboard (Developers › API keys), starting with sk_live_, sk_test_ or rk_.',
    )
  }
  if (!/^whsec_[A-Za-z0-9+/=]{10,}$/.test(webhookSecret)) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET is the webhook endpoint's signing secret, starting with whsec_.")
  }
  const base = env.STRIPE_BASE_URL?.replace(/\/+$/, '') ?? 'https://api.stripe.com'
  const url = /^https?:\/\/[^/\s]+$/.test(base) ? new URL(base) : undefined
  if (!url)
    throw new ConfigError('STRIPE_BASE_URL must be an http(s) address without a path, like http://127.0.0.1:4242.')
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return {
    secretKey: key,
    webhookSecret,
    api: { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol },
    webhookUrl: `${publicUrl}/api/stripe/webhook`,
  }
}

/**
 * DATA_DIR, absolute, read alone: a restore must know it without loadConfig generating an app
 * secret there (the restored database needs the secret it was made with).
 */
export function dataDirFrom(source: NodeJS.ProcessEnv = process.env): string {
  return resolve(source.DATA_DIR ?? DEFAULT_DATA_DIR)
}

/** A secret generated once and kept under DATA_DIR, so restarts keep cookies and encrypted tokens valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}

/**
 * Whom to believe about the client's address (X-Forwarded-For). Nobody by default: behind no proxy,
 * a forged header would let a client dodge the per-client rate limits.
 */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || ['0', 'false', 'no', 'off'].includes(value)) return false
  if (['1', 'true', 'yes', 'on'].includes(value)) return true
  return value
}
