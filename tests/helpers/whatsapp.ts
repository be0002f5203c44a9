import {
  type FakeWhatsApp,
  type FakeWhatsAppCustomer,
  type FakeWhatsAppOptions,
  type FakeWhatsAppSend,
  startFakeWhatsApp,
  whatsappEnv,
} from '@tests/fakes/whatsapp'
import { sql } from 'drizzle-orm'
import type { FastifyServerOptions } from 'fastify'
import { startTestApp, type TestApp } from './app'
import type { TestDatabase } from './database'
import { drainJobs, eventually } from './jobs'
import { freePort } from './processes'
import { cookiesFrom, ownerCookie } from './sign-in'
import { rowsOf } from './telegram'

/** The demo salon's WhatsApp number in the fake, and another salon's. */
export const SALON_NUMBER = {
  wabaId: '104996122399160',
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '+33 6 12 34 56 78',
  verifiedName: 'Salon Élégance',
}
export const OTHER_NUMBER = {
  wabaId: '204996122399161',
  phoneNumberId: '206540352242923',
  displayPhoneNumber: '+33 4 91 00 00 00',
  verifiedName: 'Barbier du Port',
}

export const TEMPLATE_NAMES = ['salonia_appointment_reminder', 'salonia_appointment_change'] as const

export interface WhatsAppTestApp extends TestApp {
  fake: FakeWhatsApp
  fakeOptions: FakeWhatsAppOptions
  baseUrl: string
}

/**
 * A whole application with WhatsApp configured against the fake Cloud API, listening on a local
 * port (the fake posts notifications to its webhook), its workers on; the fake's clock is the app's.
 */
export async function startWhatsAppApp(
  options: {
    now?: string
    env?: Record<string, string>
    logger?: FastifyServerOptions['logger']
    /** A fake and a database to keep across a restart (closed by their owner, not by the app). */
    fake?: FakeWhatsApp
    database?: TestDatabase
  } = {},
): Promise<WhatsAppTestApp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw error
    }
  }
}

async function startOnFreePort(options: Parameters<typeof startWhatsAppApp>[0] = {}): Promise<WhatsAppTestApp> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const fakeOptions = fakeOptionsFor(baseUrl)
  const fake = options.fake ?? (await startFakeWhatsApp(fakeOptions))
  fake.webhookUrl = `${baseUrl}/api/whatsapp/webhook`
  const t = await startTestApp({
    now: options.now,
    ...(options.database ? { database: options.database } : {}),
    workers: true,
    logger: options.logger,
    env: { ...whatsappEnv(fake, fakeOptions), PUBLIC_URL: baseUrl, ...options.env },
  })
  fake.followClock(() => t.clock.now().getTime())
  try {
    await t.app.listen({ port, host: '127.0.0.1' })
  } catch (error) {
    await t.close()
    if (!options.fake) await fake.close()
    throw error
  }
  return {
    ...t,
    fake,
    fakeOptions,
    baseUrl,
    close: async () => {
      await t.close()
      if (!options.fake) await fake.close()
    },
  }
}

/** Meta's app as the fake knows it; the signup window sends the browser back to `baseUrl` only. */
function fakeOptionsFor(baseUrl?: string): FakeWhatsAppOptions {
  return {
    appId: '2345678901234567',
    appSecret: 'fake-whatsapp-app-secret-0123456789',
    configId: '987654321098765',
    ...(baseUrl ? { redirectUris: [`${baseUrl}/whatsapp/signup-return`] } : {}),
    businesses: [SALON_NUMBER, OTHER_NUMBER],
  }
}

/** A fake to keep across apps (a restart): whichever app uses it, its owner closes it. */
export function startWhatsAppFake(): Promise<FakeWhatsApp> {
  return startFakeWhatsApp(fakeOptionsFor())
}

/**
 * The owner connects the salon's number as the card does: starts the signup (state + binding
 * cookie), Embedded Signup gives the code and the ids, the browser posts them; the setup job runs.
 * Returns the connect call's response.
 */
export async function connectWhatsApp(
  t: WhatsAppTestApp,
  options: { salon?: string; cookie?: string; number?: typeof SALON_NUMBER; approve?: boolean } = {},
) {
  const salon = options.salon ?? 'SAL001'
  const owner = options.cookie ?? (await ownerCookie(t, salon))
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/salons/${salon}/whatsapp/signup`,
    headers: { cookie: owner },
  })
  if (start.statusCode !== 200) throw new Error(`signup answered ${start.statusCode}: ${start.body}`)
  const signup = t.fake.signUp((options.number ?? SALON_NUMBER).phoneNumberId)
  const connect = await t.app.inject({
    method: 'POST',
    url: `/api/salons/${salon}/whatsapp/connect`,
    headers: { cookie: cookiesFrom(start, owner) },
    payload: {
      code: signup.code,
      state: start.json().state,
      wabaId: signup.wabaId,
      phoneNumberId: signup.phoneNumberId,
    },
  })
  await drainJobs(t.database, ['whatsapp.connect'])
  if (options.approve !== false) {
    for (const name of TEMPLATE_NAMES) {
      await t.fake.setTemplateStatus((options.number ?? SALON_NUMBER).wabaId, name, 'all', 'APPROVED')
    }
  }
  return connect
}

/** Waits until the customer got `count` messages from the salon; returns them all. */
export async function whatsappMessagesOf(customer: FakeWhatsAppCustomer, count: number, timeoutMs = 20_000) {
  return eventually(() => (customer.messages().length >= count ? customer.messages() : undefined), timeoutMs)
}

/** Says something and waits for `answers` more messages; returns the new ones. */
export async function askOnWhatsApp(
  customer: FakeWhatsAppCustomer,
  text: string,
  answers = 1,
): Promise<FakeWhatsAppSend[]> {
  const before = customer.messages().length
  const sent = await customer.say(text)
  if (sent.status !== 200) throw new Error(`the webhook answered ${sent.status}`)
  return (await whatsappMessagesOf(customer, before + answers)).slice(before)
}

/** Taps a button or a list row of the last interactive message and waits for `answers` more messages. */
export async function tapOnWhatsApp(
  customer: FakeWhatsAppCustomer,
  pick: (options: { id: string; title: string }[]) => { id: string; title: string } | undefined,
  answers = 1,
): Promise<FakeWhatsAppSend[]> {
  const last = customer.lastInteractive()
  const options = last?.buttons ?? last?.list?.sections.flatMap((s) => s.rows) ?? []
  const chosen = pick(options)
  if (!chosen) throw new Error(`nothing to tap among ${JSON.stringify(options)}`)
  const before = customer.messages().length
  const sent = await customer.tap(chosen, last?.buttons ? 'button' : 'list')
  if (sent.status !== 200) throw new Error(`the webhook answered ${sent.status}`)
  return (await whatsappMessagesOf(customer, before + answers)).slice(before)
}

/** The words of a message as the customer reads them. */
export const wordsOf = (send: FakeWhatsAppSend | undefined) => send?.text ?? send?.document?.caption ?? ''

/**
 * A customer books Friday's women's cut in French by tapping, and answers the reminders question
 * (yes, no, or not at all). Returns the booking's id.
 */
export async function bookOnWhatsApp(
  t: WhatsAppTestApp,
  customer: FakeWhatsAppCustomer,
  reminders: 'yes' | 'no' | 'unanswered' = 'yes',
): Promise<string> {
  await askOnWhatsApp(customer, 'Bonjour, une coupe femme vendredi', 2)
  await tapOnWhatsApp(customer, (options) => options[1])
  await tapOnWhatsApp(customer, (options) => options.find((o) => /Oui/.test(o.title)), 3)
  if (reminders !== 'unanswered') await tapOnWhatsApp(customer, (options) => options[reminders === 'yes' ? 0 : 1])
  const [row] = await rowsOf<{ id: string }>(
    t,
    sql`select b.id from bookings b join customer_identities i on i.customer_id = b.customer_id
      where i.channel = 'whatsapp' and i.external_id = ${customer.waId} order by b.created_at desc limit 1`,
  )
  if (!row) throw new Error('no booking made on WhatsApp')
  return row.id
}
