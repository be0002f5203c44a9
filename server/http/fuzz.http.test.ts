import { createHmac } from 'node:crypto'
import { bookingLinkToken } from '@server/modules/booking-page/booking-link'
import { countMessage, saveAccount } from '@server/modules/instagram/instagram.repository'
import { mcpTokenFor } from '@server/modules/mcp/mcp-token'
import { signatureOf } from '@server/modules/meta/meta-webhook'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { webhookSecret } from '@server/modules/telegram/telegram-updates'
import { offerLinkToken } from '@server/modules/waiting-list/offer-link'
import { type FakeStripe, startFakeStripe } from '@tests/fakes/stripe'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { adminCookie, ambassadorCookie, cookiesFrom, ownerCookie } from '@tests/helpers/sign-in'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import type { AccessRule } from './access'

/**
 * Malformed values of every kind, into every input of every route of the server, with the session
 * each route asks for (so the input is really read): no answer may be a 5xx, none may carry SQL or
 * a driver's message, and what PostgreSQL cannot store must be refused by the request's schema —
 * not by the database (the error handler's backstop for that, `request.invalid_value`, means a
 * schema let it through). A route added without an example here fails the first test.
 */

interface Example {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
  headers?: Record<string, string>
  /** Headers computed from the body as sent (a webhook's signature), so a spoiled body is still read. */
  sign?: (payload: string | Buffer) => Record<string, string>
}

/** Values that once reached PostgreSQL or the engine and broke something, and the usual suspects. */
const TEXT_ATTACKS: unknown[] = [
  '\u0000',
  'Léa\u0000',
  '\ud800',
  'oui \ud800',
  '\udc00x',
  '0000-01-01',
  '9999-12-31T23:00-14:00',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2026-02-30T10:00',
  '2026-12-03T24:00',
  '',
  '   ',
  'x'.repeat(20_000),
  "'; drop table bookings; --",
  '\u202e\u0007\u001b[31m',
  '😀'.repeat(300),
  '%00',
  '../../etc/passwd',
  null,
  0,
  -1,
  1e308,
  0.5,
  true,
  [],
  ['a', 'b'],
  {},
  { $ne: null },
]

/** The same in a URL (path segment or query value), already encoded: a lone surrogate has no UTF-8. */
const URL_ATTACKS = [
  '%00',
  'SAL001%00',
  '%ED%A0%80',
  '%C0%80',
  '%FF%FE',
  '%',
  '%ZZ',
  '0000-01-01',
  '9999-12-31T23%3A00-14%3A00',
  '%2B275760-09-13T00%3A00%3A00Z',
  'x'.repeat(5_000),
  '%20',
  '..%2F..%2Fetc',
  '-1',
  '1e308',
]

/** Whole bodies that are not what any route expects. */
const RAW_BODIES: { payload: string | Buffer; contentType: string }[] = [
  { payload: '{', contentType: 'application/json' },
  { payload: '{"a":"\u0000"}', contentType: 'application/json' },
  { payload: '"just a string"', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { payload: `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`, contentType: 'application/json' },
  {
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    contentType: 'application/json',
  },
  { payload: 'name=x', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain', contentType: 'text/plain' },
]

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/
const INSTAGRAM_SECRET = 'fuzz-instagram-app-secret-0123456789'
const INSTAGRAM_ACCOUNT = '17841400000000001'
const WHATSAPP_SECRET = 'fuzz-whatsapp-app-secret-0123456789'
const STRIPE_SECRET = 'whsec_fuzzFuzzFuzz0123456789'
const STRIPE_KEY = 'sk_test_51FuzzFuzzFuzz0123456789'
const SQL_LEAK =
  /failed query|insert into|select .* from|\$\d+|params:|invalid byte sequence|out of range|syntax error/i

let t: TestApp
let stripe: FakeStripe
let owner: () => Promise<string>
let admin: () => Promise<string>
let ambassador: () => Promise<string>
let mcpToken: string
let examples: Record<string, () => Promise<Example[]>> = {}
let counter = 0
const nextIp = () => {
  counter += 1
  return `10.77.${Math.floor(counter / 250) % 250}.${counter % 250}`
}

/** The app, the data the examples name (a booking, an absence, a code…), and an example per route. */
async function prepare(): Promise<void> {
  // With a Telegram bot behind HTTPS, so the webhook is open to the fuzzer (its fake answers nothing:
  // no worker runs here, updates are only stored).
  stripe = await startFakeStripe({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_SECRET })
  t = await startTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: '123456789:AAH3kq_Tq8xV0example-token-part-0123',
      TELEGRAM_API_BASE_URL: 'http://127.0.0.1:9',
      PUBLIC_URL: 'https://salonia.test',
      // Instagram too, its Meta unreachable: notifications are only stored, no job runs.
      INSTAGRAM_APP_ID: '1234567890123456',
      INSTAGRAM_APP_SECRET: INSTAGRAM_SECRET,
      INSTAGRAM_VERIFY_TOKEN: 'fuzz-verify-token',
      INSTAGRAM_BASE_URL: 'http://127.0.0.1:9',
      // And Microsoft (Outlook calendars), unreachable: only the consent address is built.
      MICROSOFT_CLIENT_ID: '3f1c9a7e-52d4-4b8f-9e0a-6c2d8b1f4a73',
      MICROSOFT_CLIENT_SECRET: 'fuzz~microsoft~secret~0123456789',
      MICROSOFT_BASE_URL: 'http://127.0.0.1:9',
      // And WhatsApp, its Meta unreachable likewise.
      WHATSAPP_APP_ID: '2345678901234567',
      WHATSAPP_APP_SECRET: WHATSAPP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'fuzz-verify-token',
      WHATSAPP_CONFIG_ID: '987654321098765',
      WHATSAPP_BASE_URL: 'http://127.0.0.1:9',
      // And Stripe, its fake answering the card's onboarding (events are only stored, no job runs).
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
      STRIPE_BASE_URL: stripe.url,
    },
  })
  // Fresh sessions for each request: some routes (logout, disconnect) end the one they are given.
  owner = () => ownerCookie(t, 'SAL001')
  admin = () => adminCookie(t)
  ambassador = () => ambassadorCookie(t)
  const demo = await findSalonByPublicId(t.database.db, 'SAL001')
  if (!demo) throw new Error('no demo salon')
  mcpToken = mcpTokenFor(t.config.appSecret, demo)

  const ownerSession = await owner()
  const [service] = (
    await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie: ownerSession } })
  ).json()
  const serviceId: string = service.id
  const book = (startsAt: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      headers: { cookie: ownerSession },
      payload: { serviceId, startsAt, customer: { name: 'Léa' } },
    })
  const bookingId: string = (await book('2026-12-02T10:00')).json().id
  // The customer's own page works on a booking of its own (its examples cancel and move it).
  const token = bookingLinkToken(t.config.appSecret, (await book('2026-12-03T10:00')).json().id)
  const customers = await t.app.inject({ url: '/api/salons/SAL001/customers', headers: { cookie: ownerSession } })
  const customerId: string = customers.json().customers[0].id
  const timeOff = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/time-off',
    headers: { cookie: ownerSession },
    payload: { startDate: '2027-01-05', endDate: '2027-01-05', reason: 'Formation' },
  })
  const timeOffId: string = timeOff.json().id
  const block = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/blocks',
    headers: { cookie: ownerSession },
    payload: { weekdays: [0], startTime: '12:00', endTime: '13:00', reason: 'Déjeuner' },
  })
  const blockId: string = block.json().id
  const waiting = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/waiting-list',
    headers: { cookie: ownerSession },
    payload: { customerId, serviceIds: [serviceId], day: '2027-01-06', part: 'morning' },
  })
  const entryId: string = waiting.json().id
  // Nothing offered on it (410): the fuzzed tokens are judged before the entry is read.
  const offerToken = offerLinkToken(t.config.appSecret, entryId)
  const team = (await t.app.inject({ url: '/api/salons/SAL001/team', headers: { cookie: ownerSession } })).json()
  const memberIds: string[] = team.members.map((m: { id: string }) => m.id)
  const memberId = memberIds[1] as string
  const code = await t.app.inject({
    method: 'POST',
    url: '/api/admin/access-codes',
    headers: { cookie: await admin() },
    payload: { label: 'Fuzz' },
  })
  const codeId: string = code.json().accessCode.id
  await t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: {
      salonName: 'Salon Fuzz',
      contactEmail: 'fuzz@example.com',
      address: '1 rue A',
      referralCode: 'AMBDEMO1',
    },
  })
  const referrals = await t.app.inject({ url: '/api/ambassador/referrals', headers: { cookie: await ambassador() } })
  const referralId: string = referrals.json().referrals[0]._id
  const NO_ID = '00000000-0000-4000-8000-000000000000'
  const signInState = async () => {
    const res = await t.app.inject({ url: '/api/google/auth-url/SAL001', remoteAddress: nextIp() })
    return {
      state: new URL(res.json().authUrl).searchParams.get('state') ?? '',
      cookie: cookiesFrom(res),
    }
  }

  let chats = 0
  const chat = () => ({
    message: 'Je voudrais une coupe femme jeudi à 14h',
    context: {
      userId: `fuzz-user-${++chats}`,
      chatId: `fuzz-chat-${chats}`,
      clientName: 'Léa',
      clientPhone: '+33 6 12 34 56 78',
      language: 'fr',
      salonId: 'SAL001',
    },
  })
  const tool = (name: string, args: Record<string, unknown>) => ({
    headers: { authorization: `Bearer ${mcpToken}`, accept: 'application/json, text/event-stream' },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  })
  const customer = { reference: 'agent-customer-1', name: 'Léa', phone: '+33612345678', language: 'fr' }
  const week = { '0': { isOpen: false }, '1': { isOpen: true, openTime: '09:00', closeTime: '19:00' } }
  const workingHours = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, week[d as '0' | '1'] ?? week['1']]),
  )

  const now = t.clock.now()
  await saveAccount(t.database.db, {
    salonId: demo.id,
    igUserId: INSTAGRAM_ACCOUNT,
    appScopedId: null,
    username: 'salon.elegance',
    accessToken: 'sealed',
    tokenIssuedAt: now,
    tokenExpiresAt: now,
    subscribedAt: now,
    connectedAt: now,
  })
  const instagramUser = '17841455500000001'
  await countMessage(
    t.database.db,
    { salonId: demo.id, igAccountId: INSTAGRAM_ACCOUNT, userId: instagramUser },
    now,
    now,
  )
  const signedForWhatsApp = (payload: string | Buffer) => ({
    'x-hub-signature-256': signatureOf(Buffer.from(payload), WHATSAPP_SECRET),
  })
  const signedForStripe = (payload: string | Buffer) => {
    const at = Math.floor(t.clock.now().getTime() / 1000)
    const v1 = createHmac('sha256', STRIPE_SECRET)
      .update(`${at}.${Buffer.from(payload).toString('utf8')}`)
      .digest('hex')
    return { 'stripe-signature': `t=${at},v1=${v1}` }
  }
  const signed = (payload: string | Buffer) => ({
    'x-hub-signature-256': signatureOf(Buffer.from(payload), INSTAGRAM_SECRET),
  })

  const one = (example: Example) => async () => [example]
  const telegram = t.config.telegram
  if (!telegram) throw new Error('no Telegram configuration')
  examples = {
    'GET /api/health': one({}),
    'GET /api/salon/:idOrHash': one({ params: { idOrHash: demo.hash } }),
    'GET /api/salons/by-id/:id': one({ params: { id: 'SAL001' } }),
    'GET /api/salons/:id/availability': one({
      params: { id: 'SAL001' },
      query: { serviceId, from: '2026-12-02', to: '2026-12-05' },
    }),
    'GET /api/salon-hash/:salonId': one({ params: { salonId: 'SAL001' } }),
    'GET /api/salons/:id': one({ params: { id: 'SAL001' } }),
    'PATCH /api/salons/:id': one({
      params: { id: 'SAL001' },
      body: {
        name: 'Salon Lumière',
        address: '12 rue des Lilas, 75011 Paris',
        country: 'FR',
        timeZone: 'Europe/Paris',
        publicPhone: '01 43 55 20 20',
        practicalInfo: 'Paiement par carte.\nParking public à 50 m.',
        remindDayBefore: true,
        remindTwoHours: true,
        remindBySms: true,
        cancellationNoticeMinutes: 120,
      },
    }),
    'GET /api/salons/:id/services': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/services': one({
      params: { id: 'SAL001' },
      body: { name: 'Soin fuzz', description: 'Un soin', duration: 30, priceAmount: '35,50', isActive: true },
    }),
    'PATCH /api/salons/:id/services/:serviceId': one({
      params: { id: 'SAL001', serviceId },
      body: { name: 'Coupe femme', priceAmount: 45, translations: { de: 'Damenschnitt', en: null } },
    }),
    'PUT /api/salons/:id/services/order': one({ params: { id: 'SAL001' }, body: { serviceIds: [serviceId] } }),
    'GET /api/salons/:id/services/export': one({ params: { id: 'SAL001' }, query: { language: 'fr' } }),
    'POST /api/salons/:id/services/import': one({
      params: { id: 'SAL001' },
      body: { csvData: 'id,name,description,duration,price\n,Soin,Un soin,30,2000' },
    }),
    'POST /api/salons/:id/services/import/preview': one({
      params: { id: 'SAL001' },
      body: { csvData: 'id,name,description,duration,price\n,Soin,Un soin,30,2000' },
    }),
    'GET /api/salons/:id/working-hours': one({ params: { id: 'SAL001' } }),
    'PUT /api/salons/:id/working-hours': one({
      params: { id: 'SAL001' },
      body: { workingHours, affectedBookings: 'keep' },
    }),
    'GET /api/salons/:id/time-off': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/time-off': one({
      params: { id: 'SAL001' },
      body: { startDate: '2027-02-01', endDate: '2027-02-01', reason: 'Inventaire', affectedBookings: 'keep' },
    }),
    'DELETE /api/salons/:id/time-off/:timeOffId': one({ params: { id: 'SAL001', timeOffId } }),
    'GET /api/salons/:id/blocks': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/blocks': one({
      params: { id: 'SAL001' },
      body: {
        weekdays: [1, 2],
        startTime: '12:30',
        endTime: '13:15',
        firstDay: '2027-02-01',
        affectedBookings: 'keep',
      },
    }),
    'DELETE /api/salons/:id/blocks/:blockId': one({ params: { id: 'SAL001', blockId } }),
    'GET /api/salons/:id/waiting-list': one({
      params: { id: 'SAL001' },
      query: { from: '2027-01-01', to: '2027-01-31' },
    }),
    'POST /api/salons/:id/waiting-list': one({
      params: { id: 'SAL001' },
      body: { customer: { name: 'Lina', phone: '+33 6 11 22 33 44' }, serviceIds: [serviceId], day: '2027-01-07' },
    }),
    'DELETE /api/salons/:id/waiting-list/:entryId': one({ params: { id: 'SAL001', entryId } }),
    'GET /api/salons/:id/team': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/team': one({
      params: { id: 'SAL001' },
      body: { name: 'Inès', colour: '#0891b2', serviceIds: [serviceId], workingHours: { workingHours } },
    }),
    'PATCH /api/salons/:id/team/:memberId': one({
      params: { id: 'SAL001', memberId },
      body: { name: 'Hugo', isActive: true, serviceIds: [serviceId], workingHours: null, affectedBookings: 'keep' },
    }),
    'PUT /api/salons/:id/team-order': one({ params: { id: 'SAL001' }, body: { memberIds } }),
    'PUT /api/salons/:id/calendar-blocks': one({ params: { id: 'SAL001' }, body: { calendarBlocks: 'owner' } }),
    'GET /api/salons/:id/bookings': one({
      params: { id: 'SAL001' },
      query: { from: '2026-12-01', to: '2026-12-31', status: 'confirmed' },
    }),
    'POST /api/salons/:id/visits/check': one({
      params: { id: 'SAL001' },
      body: {
        startsAt: '2026-12-16T10:00',
        people: [
          { customer: { name: 'Léa', phone: '+33612345678' }, services: [{ serviceId, memberId }] },
          { customerId: crypto.randomUUID(), services: [{ serviceId }] },
        ],
        repeat: { everyWeeks: 6, times: 3 },
      },
    }),
    'POST /api/salons/:id/visits': one({
      params: { id: 'SAL001' },
      body: {
        ...{
          startsAt: '2026-12-16T10:00',
          people: [
            { customer: { name: 'Léa', phone: '+33612345678' }, services: [{ serviceId, memberId }] },
            { customerId: crypto.randomUUID(), services: [{ serviceId }] },
          ],
          repeat: { everyWeeks: 6, times: 3 },
        },
        skip: [1],
      },
    }),
    'POST /api/salons/:id/bookings': one({
      params: { id: 'SAL001' },
      headers: { 'idempotency-key': 'fuzz-key-1' },
      body: {
        serviceId,
        startsAt: '2026-12-04T15:00',
        customer: { name: 'Léa', phone: '+33612345678', email: 'lea@example.com', language: 'fr' },
        memberId,
        force: true,
      },
    }),
    'GET /api/salons/:id/dashboard': one({ params: { id: 'SAL001' } }),
    'GET /api/salons/:id/customers': one({ params: { id: 'SAL001' }, query: { q: 'Léa 06 12', page: '1' } }),
    'GET /api/salons/:id/customers/:customerId': one({ params: { id: 'SAL001', customerId } }),
    'PATCH /api/salons/:id/customers/:customerId': one({
      params: { id: 'SAL001', customerId },
      body: { notes: 'Préfère le mardi.' },
    }),
    'GET /api/salons/:id/customers/:customerId/export': one({ params: { id: 'SAL001', customerId } }),
    // Refused while the customer's appointment is to come (409): the customer stays for the other examples.
    'POST /api/salons/:id/customers/:customerId/erase': one({ params: { id: 'SAL001', customerId } }),
    'POST /api/salons/:id/customers/:customerId/merge': one({
      params: { id: 'SAL001', customerId },
      body: { duplicateId: '0b7c3a52-2f55-4b8e-9d0e-6a1f3c2b9e41' },
    }),
    'POST /api/salons/:id/disconnect': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/sync-calendar': one({ params: { id: 'SAL001' } }),
    'GET /api/salons/:id/calendar': one({ params: { id: 'SAL001' } }),
    'GET /api/calendar-providers': one({}),
    'GET /api/salons/:id/calendars': one({ params: { id: 'SAL001' } }),
    // No calendar of that id in the demo salon: 404, and nothing changes.
    'PUT /api/salons/:id/calendars/:calendarId/writer': one({ params: { id: 'SAL001', calendarId: entryId } }),
    'POST /api/salons/:id/calendars/:calendarId/sync': one({ params: { id: 'SAL001', calendarId: entryId } }),
    'DELETE /api/salons/:id/calendars/:calendarId': one({ params: { id: 'SAL001', calendarId: entryId } }),
    'GET /api/salons/:id/microsoft/auth-url': one({ params: { id: 'SAL001' } }),
    'GET /api/microsoft/callback': one({ query: { state: 'a.b', code: 'code', error: 'access_denied' } }),
    // Graph's handshake, then a notification naming no subscription of ours (dropped, 202).
    'POST /api/microsoft/notifications': async () => [
      { query: { validationToken: 'Validation: Testing client application reachability for subscription' } },
      {
        body: {
          value: [
            {
              subscriptionId: 'a7b5c2d0-0000-4000-8000-000000000001',
              clientState: 'not-the-secret',
              changeType: 'updated',
              resource: 'Users/a7b5c2d0/Events/AAMkAGI2',
            },
          ],
        },
      },
    ],
    'POST /api/microsoft/lifecycle': async () => [
      { query: { validationToken: 'Validation: Testing client application reachability for subscription' } },
      {
        body: {
          value: [
            {
              subscriptionId: 'a7b5c2d0-0000-4000-8000-000000000001',
              clientState: 'not-the-secret',
              lifecycleEvent: 'subscriptionRemoved',
            },
          ],
        },
      },
    ],
    // A server address no CalDAV client may call (ftp): refused (400) before any request leaves.
    'POST /api/salons/:id/caldav/discover': one({
      params: { id: 'SAL001' },
      body: { preset: 'custom', serverUrl: 'ftp://calendar.example/', username: 'claire', password: 'app-password' },
    }),
    'POST /api/salons/:id/caldav/connect': one({
      params: { id: 'SAL001' },
      body: {
        account: { preset: 'custom', serverUrl: 'ftp://calendar.example/', username: 'claire', password: 'pw' },
        calendarUrl: 'ftp://calendar.example/claire/salon/',
      },
    }),
    'POST /api/google/calendar-notifications': one({
      headers: {
        'content-type': 'application/json; utf-8',
        'x-goog-channel-id': 'a7b5c2d0-0000-4000-8000-000000000001',
        'x-goog-channel-token': 'not-the-token',
        'x-goog-resource-id': 'resource-1',
        'x-goog-resource-state': 'exists',
        'x-goog-message-number': '2',
      },
    }),
    'GET /api/salons/:id/instagram/auth': one({ params: { id: 'SAL001' } }),
    'GET /api/instagram/callback': one({ query: { state: 'a.b', code: 'code', error: 'access_denied' } }),
    'POST /api/salons/:id/instagram/disconnect': one({ params: { id: 'SAL001' } }),
    'GET /api/salons/:id/instagram/users': one({ params: { id: 'SAL001' } }),
    'GET /api/salons/:id/instagram/stats': one({ params: { id: 'SAL001' } }),
    'POST /api/instagram/users/:userId/whitelist': one({
      params: { userId: instagramUser },
      body: { whitelisted: true },
    }),
    'POST /api/instagram/users/:userId/pause': one({ params: { userId: instagramUser }, body: { minutes: 30 } }),
    'POST /api/instagram/users/:userId/unblock': one({ params: { userId: instagramUser } }),
    'GET /api/instagram/webhook': one({
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'fuzz-verify-token', 'hub.challenge': '1158201444' },
    }),
    'POST /api/instagram/webhook': one({
      body: {
        object: 'instagram',
        entry: [
          {
            id: INSTAGRAM_ACCOUNT,
            time: 1796000000000,
            messaging: [
              {
                sender: { id: instagramUser },
                recipient: { id: INSTAGRAM_ACCOUNT },
                timestamp: 1796000000000,
                message: { mid: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlE', text: 'Une coupe demain à 10h' },
              },
            ],
          },
        ],
      },
      sign: signed,
    }),
    'GET /api/salons/:id/whatsapp': one({ params: { id: 'SAL001' } }),
    'GET /api/salons/:id/whatsapp/signup': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/whatsapp/connect': one({
      params: { id: 'SAL001' },
      body: { code: 'AQBx-code', state: 'a.b', wabaId: '104996122399160', phoneNumberId: '106540352242922' },
    }),
    'POST /api/salons/:id/whatsapp/disconnect': one({ params: { id: 'SAL001' } }),
    'GET /api/whatsapp/webhook': one({
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'fuzz-verify-token', 'hub.challenge': '1158201444' },
    }),
    'POST /api/whatsapp/webhook': one({
      body: {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '104996122399160',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '33612345678', phone_number_id: '106540352242922' },
                  contacts: [{ profile: { name: 'Zoé' }, wa_id: '33611111111' }],
                  messages: [
                    {
                      from: '33611111111',
                      id: 'wamid.HBgLMzM2MTExMTExMTEVAgA',
                      timestamp: '1796000000',
                      type: 'text',
                      text: { body: 'Une coupe demain à 10h' },
                    },
                  ],
                  statuses: [
                    {
                      id: 'wamid.HBgLMzM2MTExMTExMTEVAgB',
                      status: 'delivered',
                      timestamp: '1796000000',
                      recipient_id: '33611111111',
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
      sign: signedForWhatsApp,
    }),
    'POST /api/telegram/webhook': one({
      headers: {
        'content-type': 'application/json',
        'x-telegram-bot-api-secret-token': webhookSecret(t.config.appSecret, telegram),
      },
      body: {
        update_id: 7001,
        message: {
          message_id: 1,
          date: 1796000000,
          chat: { id: 4242, type: 'private', first_name: 'Léa' },
          from: { id: 4242, is_bot: false, first_name: 'Léa', language_code: 'fr' },
          text: 'Une coupe demain à 10h',
        },
      },
    }),
    'GET /api/bookings/:bookingId': one({ params: { bookingId } }),
    'POST /api/bookings/:bookingId/cancel': one({ params: { bookingId }, body: { reason: 'Coiffeuse malade' } }),
    'POST /api/bookings/:bookingId/reschedule': one({
      params: { bookingId },
      body: { startsAt: '2026-12-09T11:00', serviceId, memberId, force: true, tellCustomer: false, undoable: true },
    }),
    // Nothing to undo here (409): the fuzzed bodies are judged before the booking is read.
    'POST /api/bookings/:bookingId/undo-move': one({
      params: { bookingId },
      body: { startsAt: '2026-12-09T10:00:00+01:00', memberId },
    }),
    // Refused before the appointment has begun (422): the booking stays as it is for the others.
    'POST /api/bookings/:bookingId/status': one({ params: { bookingId }, body: { status: 'no_show' } }),
    'PUT /api/bookings/:bookingId/note': one({ params: { bookingId }, body: { note: 'Allergique.' } }),
    'GET /api/r/:token': one({ params: { token } }),
    'GET /api/r/:token/payment': one({ params: { token } }),
    'GET /api/r/:token/pay': one({ params: { token } }),
    'GET /api/bookings/:bookingId/payment': one({ params: { bookingId } }),
    'POST /api/bookings/:bookingId/payment/paid-at-salon': one({ params: { bookingId } }),
    'POST /api/bookings/:bookingId/payment/waive': one({ params: { bookingId } }),
    'POST /api/bookings/:bookingId/payment/refund': one({ params: { bookingId } }),
    'GET /api/salons/:id/payment-policies': one({ params: { id: 'SAL001' } }),
    'PUT /api/salons/:id/services/:serviceId/payment-policy': one({
      params: { id: 'SAL001', serviceId },
      body: { kind: 'deposit', deposit: { type: 'percent', percent: 30 }, freeCancelHours: 48 },
    }),
    'GET /api/salons/:id/payment-figures': one({ params: { id: 'SAL001' }, query: { days: '30' } }),
    'GET /api/salons/:id/stripe': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/stripe/onboarding': one({ params: { id: 'SAL001' } }),
    'GET /api/salons/:id/stripe/onboarding': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/stripe/refresh': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/stripe/disconnect': one({ params: { id: 'SAL001' } }),
    'POST /api/stripe/webhook': one({
      body: {
        id: 'evt_1FuzzFuzzFuzz',
        object: 'event',
        type: 'checkout.session.completed',
        account: 'acct_1FuzzFuzzFuzz',
        created: 1796000000,
        data: { object: { id: 'cs_test_fuzz', object: 'checkout.session', status: 'complete', mode: 'payment' } },
      },
      sign: signedForStripe,
    }),
    'GET /api/r/:token/times': one({ params: { token }, query: { from: '2026-12-03' } }),
    'GET /api/r/:token/calendar.ics': one({ params: { token } }),
    'POST /api/r/:token/move': one({ params: { token }, body: { startsAt: '2026-12-04T11:00:00+01:00' } }),
    'POST /api/r/:token/cancel': one({ params: { token } }),
    'GET /api/waiting-list/offers/:token': one({ params: { token: offerToken } }),
    'POST /api/waiting-list/offers/:token/accept': one({ params: { token: offerToken } }),
    'GET /api/salons': one({}),
    'GET /api/services': one({}),
    'GET /api/admin/waitlist': one({}),
    'GET /api/admin/overview': one({}),
    'POST /api/admin/salons': one({
      body: {
        name: 'Salon Neuf',
        address: '2 rue B',
        country: 'BE',
        contactEmail: 'neuf@example.com',
        authorizedGoogleEmail: 'neuf@example.com',
        isActive: true,
        publicPhone: '02 12 34 56 78',
        practicalInfo: 'Carte ou espèces.',
      },
    }),
    'GET /api/admin/salons/:id': one({ params: { id: 'SAL001' } }),
    'PATCH /api/admin/salons/:id': one({
      params: { id: 'SAL001' },
      body: { name: 'Salon Lumière', publicPhone: '+33 1 43 55 20 20', practicalInfo: 'Accès de plain-pied.' },
    }),
    'GET /api/admin/access-codes': one({}),
    'POST /api/admin/access-codes': one({ body: { label: 'Équipe Lyon' } }),
    'POST /api/admin/access-codes/:codeId/revoke': one({ params: { codeId } }),
    'POST /api/admin/salons/:id/resend-activation-email': one({ params: { id: 'SAL001' } }),
    'PATCH /api/admin/waitlist/:id': one({ params: { id: referralId }, body: { status: 'contacted' } }),
    // Unknown entries and ambassadors (404): the other routes' examples keep theirs as they are.
    'POST /api/admin/waitlist/:id/activate': one({
      params: { id: NO_ID },
      body: { authorizedEmail: 'owner@example.com' },
    }),
    'POST /api/admin/waitlist/:id/link': one({ params: { id: NO_ID }, body: { salonId: 'SAL001' } }),
    'DELETE /api/admin/waitlist/:id': one({ params: { id: NO_ID } }),
    'GET /api/admin/ambassadors': one({}),
    'POST /api/admin/ambassadors/:id/deactivate': one({ params: { id: NO_ID } }),
    'POST /api/admin/ambassadors/:id/reactivate': one({ params: { id: NO_ID } }),
    'GET /api/admin/jobs/failed': one({}),
    'POST /api/admin/jobs/:id/retry': one({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    'POST /api/ambassador/validate-code': one({ body: { accessCode: 'DEMO-AMBASSADOR-2026' } }),
    'GET /api/ambassador/google-auth': one({ query: { accessCode: 'DEMO-AMBASSADOR-2026' } }),
    'POST /api/ambassador/logout': one({}),
    'GET /api/ambassador/session': one({}),
    'GET /api/ambassador/dashboard': one({}),
    'GET /api/ambassador/referrals': one({}),
    'POST /api/ambassador/activate-referral': one({ body: { referralId, authorizedEmail: 'owner@example.com' } }),
    'PUT /api/ambassador/update-authorized-email': one({
      body: { salonId: 'SAL002', newAuthorizedEmail: 'owner2@example.com' },
    }),
    'POST /api/ambassador/resend-activation-email': one({ body: { salonId: 'SAL002' } }),
    'POST /api/ambassador/qrcode': one({ body: { referralCode: 'AMBDEMO1' } }),
    'GET /api/ambassador/qrcode': one({}),
    'GET /api/ambassador/kit-pdf': one({ query: { language: 'de' } }),
    'POST /api/waitlist': one({
      body: {
        salonName: 'Salon Essai',
        contactEmail: 'essai@example.com',
        address: '5 rue D',
        phone: '+33 1 23 45 67 89',
        country: 'FR',
        referralCode: 'AMBDEMO1',
        language: 'fr',
      },
    }),
    'GET /api/session': one({}),
    'POST /api/logout': one({}),
    'GET /api/google/auth-url/:salonId': one({ params: { salonId: 'SAL001' } }),
    'GET /api/google/admin-auth-url': one({}),
    'GET /api/google/callback': one({ query: { state: 'a.b', code: 'code', error: 'access_denied' } }),
    'GET /api/auth/demo': async () => [{ query: { state: (await signInState()).state } }],
    'POST /api/auth/demo': async () => {
      const { state, cookie } = await signInState()
      return [{ body: { state }, headers: { cookie } }]
    },
    'POST /api/ics/download': one({
      body: { icsContent: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n', filename: 'rdv.ics' },
    }),
    'POST /api/mcp/chat': async () => [{ body: chat() }],
    'POST /api/ai/chat': async () => [{ body: chat() }],
    'GET /api/chat/salon-messages': one({
      query: { salonId: 'SAL001', userId: 'user-fuzz', since: '2026-12-01T08:00:00Z' },
    }),
    'POST /mcp': async () => [
      tool('get_salon_info', {}),
      tool('check_availability', { serviceId, date: '2026-12-03', until: '2026-12-04', start: '2026-12-03T14:00' }),
      tool('book_appointment', { serviceId, start: '2026-12-10T16:00', customer }),
      tool('list_my_appointments', { customer }),
      tool('cancel_appointment', { bookingId, customer }),
      tool('reschedule_appointment', { bookingId, start: '2026-12-10T17:00', customer }),
      tool('tell_salon_late', { bookingId, minutes: 10, customer }),
      tool('reschedule_visit', { bookingIds: [bookingId, bookingId], start: '2026-12-11T10:00', customer }),
      tool('cancel_visit', { bookingIds: [bookingId, bookingId], customer }),
    ],
    'GET /mcp': one({ headers: { authorization: `Bearer ${mcpToken}` } }),
    'GET /api/salons/:id/mcp-token': one({ params: { id: 'SAL001' } }),
    'POST /api/salons/:id/mcp-token': one({ params: { id: 'SAL001' } }),
    'DELETE /api/salons/:id/mcp-token': one({ params: { id: 'SAL001' } }),
    'DELETE /mcp': one({ headers: { authorization: `Bearer ${mcpToken}` } }),
  }
}

// At collection time, so the table below has one test per route the server declares.
await prepare()
afterAll(async () => {
  await t.close()
  await stripe.close()
})

/** Walked last: they change the MCP token the /mcp examples use, and end the salon's connection. */
const LAST = [
  'POST /api/salons/:id/mcp-token',
  'DELETE /api/salons/:id/mcp-token',
  'POST /api/salons/:id/instagram/disconnect',
  'POST /api/salons/:id/disconnect',
]
/** Every route of the server, in the order walked. */
const ROUTE_KEYS = [...Object.keys(examples).filter((key) => !LAST.includes(key)), ...LAST]

/** The session a route's rule asks for, as request headers. */
async function credentials(rule: AccessRule): Promise<Record<string, string>> {
  switch (rule) {
    case 'salon':
    case 'booking':
    case 'instagram_user':
      return { cookie: await owner() }
    case 'admin':
      return { cookie: await admin() }
    case 'ambassador':
      return { cookie: await ambassador() }
    case 'salon_token':
      return { authorization: `Bearer ${mcpToken}` }
    default:
      return {}
  }
}

interface Mutation {
  what: string
  spoil(example: Example): Example
  raw?: (typeof RAW_BODIES)[number]
}

/** Every way of spoiling an example: each path parameter, query value, header and body leaf in turn. */
function* mutations(example: Example): Generator<Mutation> {
  for (const name of Object.keys(example.params ?? {})) {
    for (const value of URL_ATTACKS) {
      yield {
        what: `param ${name}=${value.slice(0, 30)}`,
        spoil: (e) => ({ ...e, params: { ...e.params, [name]: value } }),
      }
    }
  }
  for (const name of Object.keys(example.query ?? {})) {
    for (const value of URL_ATTACKS) {
      yield {
        what: `query ${name}=${value.slice(0, 30)}`,
        spoil: (e) => ({ ...e, query: { ...e.query, [name]: value } }),
      }
    }
    yield { what: `query ${name} twice`, spoil: (e) => ({ ...e, query: { ...e.query, [`${name}&${name}`]: 'x' } }) }
  }
  // Dates of one request together, so no other check (a range too long or inverted) refuses it first.
  const dateNames = Object.entries(example.query ?? {})
    .filter(([, value]) => DATE_LIKE.test(value))
    .map(([name]) => name)
  if (dateNames.length > 1) {
    for (const value of URL_ATTACKS) {
      for (const name of dateNames) {
        yield {
          what: `query ${name} alone=${value.slice(0, 30)}`,
          spoil: (e) => ({
            ...e,
            query: Object.fromEntries(
              Object.entries(e.query ?? {})
                .filter(([other]) => other === name || !dateNames.includes(other))
                .map(([other, v]) => [other, other === name ? value : v]),
            ),
          }),
        }
      }
      yield {
        what: `every date of the query=${value.slice(0, 30)}`,
        spoil: (e) => ({ ...e, query: { ...e.query, ...Object.fromEntries(dateNames.map((name) => [name, value])) } }),
      }
    }
  }
  for (const name of Object.keys(example.headers ?? {})) {
    if (name === 'authorization' || name === 'cookie' || name === 'accept') continue
    for (const value of ['\u0000', 'é\u0000', 'x'.repeat(5_000), '', '0000-01-01']) {
      yield {
        what: `header ${name}=${JSON.stringify(value).slice(0, 30)}`,
        spoil: (e) => ({ ...e, headers: { ...e.headers, [name]: value } }),
      }
    }
  }
  if (example.body !== undefined) {
    for (const path of leaves(example.body)) {
      for (const value of TEXT_ATTACKS) {
        yield {
          what: `body ${path.join('.')}=${JSON.stringify(value)?.slice(0, 30)}`,
          spoil: (e) => ({ ...e, body: replaceAt(e.body, path, value) }),
        }
      }
    }
    // Dates of one body together, so no other check (an end before the start) refuses it first.
    const datePaths = leaves(example.body).filter((path) => DATE_LIKE.test(String(valueAt(example.body, path))))
    if (datePaths.length > 1) {
      for (const value of TEXT_ATTACKS) {
        yield {
          what: `every date of the body=${JSON.stringify(value)?.slice(0, 30)}`,
          spoil: (e) => ({ ...e, body: datePaths.reduce((body, path) => replaceAt(body, path, value), e.body) }),
        }
      }
    }
    yield {
      what: 'body with an unknown field',
      spoil: (e) => ({ ...e, body: { ...(e.body as object), unexpected: '\u0000' } }),
    }
  }
  for (const raw of RAW_BODIES) yield { what: `raw body ${String(raw.payload).slice(0, 20)}`, spoil: (e) => e, raw }
}

/** Paths to every value of a JSON body (objects and arrays are entered, and are leaves themselves). */
function leaves(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [path]
  const inner = Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]))
  return path.length > 0 ? [path, ...inner] : inner
}

function valueAt(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((inner, key) => (inner as Record<string, unknown> | undefined)?.[key], value)
}

function replaceAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path as [string, ...string[]]
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>
  copy[head] = replaceAt((value as Record<string, unknown>)[head], rest, replacement)
  return copy
}

function urlOf(pattern: string, example: Example): string {
  let url = pattern
  for (const [name, value] of Object.entries(example.params ?? {})) url = url.replace(`:${name}`, value)
  const query = Object.entries(example.query ?? {})
    .map(([key, value]) =>
      key.includes('&') ? key : `${key}=${/%|[^\w.:-]/.test(value) ? value : encodeURIComponent(value)}`,
    )
    .join('&')
  return query ? `${url}?${query}` : url
}

async function send(
  method: string,
  pattern: string,
  rule: AccessRule,
  example: Example,
  raw?: (typeof RAW_BODIES)[number],
): Promise<LightMyRequestResponse> {
  const headers = { ...(await credentials(rule)), ...example.headers }
  const options: InjectOptions = {
    method: method as 'GET',
    url: urlOf(pattern, example),
    headers,
    remoteAddress: nextIp(),
  }
  if (raw) {
    options.payload = raw.payload
    options.headers = { ...headers, 'content-type': raw.contentType, ...example.sign?.(raw.payload) }
  } else if (example.body !== undefined) {
    options.payload = JSON.stringify(example.body)
    options.headers = { ...headers, 'content-type': 'application/json', ...example.sign?.(options.payload) }
  }
  return t.app.inject(options)
}

describe('no input makes the server fail (fuzz over the route table)', () => {
  it('has an example request for every route of the server', () => {
    const routes = [...t.app.accessTable.keys()].filter((key) => !key.startsWith('HEAD '))
    expect([...routes].sort()).toEqual([...ROUTE_KEYS].sort())
  })

  it.each(ROUTE_KEYS)('%s', async (key) => {
    const [method, pattern] = key.split(' ') as [string, string]
    const rule = t.app.accessTable.get(key) as AccessRule
    const fresh = examples[key] as () => Promise<Example[]>
    const failures: string[] = []
    let sent = 0
    for (const [index, example] of (await fresh()).entries()) {
      const baseline = await send(method, pattern, rule, example)
      if (baseline.statusCode >= 500)
        failures.push(`the example itself → ${baseline.statusCode} ${baseline.body.slice(0, 200)}`)
      for (const { what, spoil, raw } of mutations(example)) {
        // Each request gets a fresh example (a new chat, a new sign-in state) to spoil.
        const base = (await fresh())[index] ?? example
        const res = await send(method, pattern, rule, spoil(base), raw)
        sent += 1
        const body = res.body.slice(0, 2_000)
        if (res.statusCode >= 500) failures.push(`${what} → ${res.statusCode} ${body.slice(0, 200)}`)
        else if (SQL_LEAK.test(body) && !isFileContent(key)) failures.push(`${what} → leaks: ${body.slice(0, 200)}`)
        else if (body.includes('"request.invalid_value"')) {
          failures.push(`${what} → reached the database (the backstop answered): ${body.slice(0, 200)}`)
        }
      }
    }
    expect(failures, `${failures.length} of ${sent} requests failed`).toEqual([])
    expect(sent).toBeGreaterThan(0)
  })
})

/** A calendar file or a PDF is content, not an error message: the leak detector does not read them. */
function isFileContent(key: string): boolean {
  return key === 'POST /api/ics/download' || key === 'GET /api/ambassador/kit-pdf'
}
