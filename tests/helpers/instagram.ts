import { createSalon } from '@server/modules/salons/salons.usecases'
import {
  type FakeInstagram,
  type FakeInstagramCustomer,
  type FakeInstagramOptions,
  instagramEnv,
  startFakeInstagram,
} from '@tests/fakes/instagram'
import type { FastifyServerOptions } from 'fastify'
import { startTestApp, type TestApp } from './app'
import { eventually } from './jobs'
import { freePort } from './processes'
import { cookiesFrom, ownerCookie } from './sign-in'

/** The demo salon's Instagram account in the fake (odd ids: rounding beyond 2^53 would show). */
export const SALON_ACCOUNT = {
  userId: '17841400000000001',
  appScopedId: '9010000000000003',
  username: 'salon.elegance',
}
/** Another salon's account. */
export const OTHER_ACCOUNT = {
  userId: '17841400000000077',
  appScopedId: '9010000000000099',
  username: 'barbier.du.port',
}

export interface InstagramTestApp extends TestApp {
  fake: FakeInstagram
  fakeOptions: FakeInstagramOptions
  /** The app's address: Meta's redirects and notifications come to it. */
  baseUrl: string
}

/**
 * A whole application with Instagram configured against the fake Meta, listening on a local port
 * (the fake posts notifications to its webhook), its workers on; the fake's clock is the app's.
 */
export async function startInstagramApp(
  options: {
    now?: string
    env?: Record<string, string>
    fake?: Partial<Pick<FakeInstagramOptions, 'tokenShape' | 'numericUserId'>>
    logger?: FastifyServerOptions['logger']
  } = {},
): Promise<InstagramTestApp> {
  // The port is chosen before anything listens on it (the fake must know the app's address), so
  // another test's server may take it meanwhile: then everything starts again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw error
    }
  }
}

async function startOnFreePort(options: Parameters<typeof startInstagramApp>[0] = {}): Promise<InstagramTestApp> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const fakeOptions: FakeInstagramOptions = {
    appId: '1234567890123456',
    appSecret: 'fake-instagram-app-secret-0123456789',
    redirectUris: [`${baseUrl}/api/instagram/callback`],
    accounts: [SALON_ACCOUNT, OTHER_ACCOUNT],
    ...options.fake,
  }
  const fake = await startFakeInstagram(fakeOptions)
  fake.webhookUrl = `${baseUrl}/api/instagram/webhook`
  const t = await startTestApp({
    now: options.now,
    workers: true,
    logger: options.logger,
    env: { ...instagramEnv(fake, fakeOptions), PUBLIC_URL: baseUrl, ...options.env },
  })
  fake.followClock(() => t.clock.now().getTime())
  try {
    await t.app.listen({ port, host: '127.0.0.1' })
  } catch (error) {
    await t.close()
    await fake.close()
    throw error
  }
  return {
    ...t,
    fake,
    fakeOptions,
    baseUrl,
    close: async () => {
      await t.close()
      await fake.close()
    },
  }
}

/**
 * The owner connects the salon's account as in a browser: asks for Meta's address (getting the
 * binding cookie), consents in the fake's window, comes back with the code. Returns where the
 * callback sent the browser.
 */
export async function connectInstagram(
  t: InstagramTestApp,
  options: { salon?: string; username?: string; deny?: boolean; cookie?: string } = {},
): Promise<string> {
  const owner = options.cookie ?? (await ownerCookie(t, options.salon ?? 'SAL001'))
  const auth = await t.app.inject({
    method: 'GET',
    url: `/api/salons/${options.salon ?? 'SAL001'}/instagram/auth`,
    headers: { cookie: owner },
  })
  if (auth.statusCode !== 200) throw new Error(`auth answered ${auth.statusCode}: ${auth.body}`)
  const consent = await t.fake.consent(auth.json().authUrl, { username: options.username, deny: options.deny })
  const back = new URL(consent)
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookiesFrom(auth, owner) },
  })
  return String(callback.headers.location)
}

/** Waits until the customer has `count` messages from the salon; returns them all. */
export async function instagramMessagesOf(customer: FakeInstagramCustomer, count: number, timeoutMs = 20_000) {
  return eventually(() => (customer.messages().length >= count ? customer.messages() : undefined), timeoutMs)
}

/** Says something and waits for `answers` more messages; returns the new ones. */
export async function askOnInstagram(customer: FakeInstagramCustomer, text: string, answers = 1): Promise<string[]> {
  const before = customer.messages().length
  const sent = await customer.say(text)
  if (sent.status !== 200) throw new Error(`the webhook answered ${sent.status}`)
  return (await instagramMessagesOf(customer, before + answers)).slice(before)
}

/** Another salon (its public id), for what must stay between a salon and its own customers. */
export async function otherSalon(t: TestApp): Promise<string> {
  const other = await createSalon(t.database.db, {
    name: 'Barbier du Port',
    contactEmail: 'barbier@example.com',
    authorizedGoogleEmail: 'barbier@example.com',
    address: '2 quai du Port, Marseille',
    country: 'FR',
  })
  return other.publicId
}
