import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FakeWhatsApp, type FakeWhatsAppOptions, startFakeWhatsApp, whatsappEnv } from './whatsapp'

/** The fake WhatsApp on its own, driven with plain fetch (Meta's wire) and a local webhook receiver. */

// biome-ignore lint/suspicious/noExplicitAny: the tests read Meta's JSON freely
type Loose = any

const HOUR = 3_600_000
const SALON = {
  wabaId: '102290129340398',
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '+33 1 42 68 53 00',
  verifiedName: 'Salon Lumière',
}
const OTHER = {
  wabaId: '102290129340399',
  phoneNumberId: '106540352242923',
  displayPhoneNumber: '+41 22 123 45 67',
  verifiedName: 'Coiffure du Lac',
  qualityRating: 'YELLOW' as const,
  messagingLimitTier: 'TIER_2K',
}
const OPTIONS: FakeWhatsAppOptions = {
  appId: '1234567890123456',
  appSecret: 'fake-app-secret-0123456789abcdef',
  configId: '987654321098765',
  businesses: [SALON, OTHER],
}
const ZOE = '33612345678'

let fake: FakeWhatsApp
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeEach(async () => {
  receiver = await startReceiver()
  fake = await startFakeWhatsApp(OPTIONS)
  fake.webhookUrl = `${receiver.url}/api/whatsapp/webhook`
})
afterEach(async () => {
  await fake.close()
  await receiver.close()
})

/** A local webhook receiver keeping the raw bytes; answers 200. */
async function startReceiver() {
  const received: { raw: string; headers: IncomingHttpHeaders }[] = []
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    received.push({ raw: Buffer.concat(chunks).toString('utf8'), headers: request.headers })
    response.writeHead(200).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    /** Parsed bodies, every signature checked on the way. */
    bodies(): Loose[] {
      return received.map(({ raw, headers }) => {
        expect(validSignature(raw, headers['x-hub-signature-256'])).toBe(true)
        return JSON.parse(raw)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** What the product's webhook must do: HMAC-SHA256 of the raw bytes with the app secret, in constant time. */
function validSignature(raw: string, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', OPTIONS.appSecret).update(raw).digest('hex')}`)
  const given = Buffer.from(String(header ?? ''))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

async function graph(path: string, init: { method?: string; token?: string; body?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {}
  if (init.token) headers.authorization = `Bearer ${init.token}`
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const answer = await fetch(`${fake.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  })
  const raw = await answer.text()
  return { status: answer.status, raw, body: JSON.parse(raw) as Loose }
}

const exchange = (fields: Record<string, string>) =>
  graph(
    `/v23.0/oauth/access_token?${new URLSearchParams({ client_id: OPTIONS.appId, client_secret: OPTIONS.appSecret, ...fields })}`,
  )

/** Embedded Signup's code, exchanged: a business token for that number's WABA. */
async function connect(phoneNumberId = SALON.phoneNumberId): Promise<string> {
  const { code } = fake.signUp(phoneNumberId)
  return (await exchange({ code })).body.access_token
}

/** Connected, registered and subscribed, as the product's connect job leaves a number. */
async function ready(phoneNumberId = SALON.phoneNumberId): Promise<string> {
  const token = await connect(phoneNumberId)
  const pin = { messaging_product: 'whatsapp', pin: '123456' }
  expect((await graph(`/v23.0/${phoneNumberId}/register`, { method: 'POST', token, body: pin })).status).toBe(200)
  return token
}

const send = (token: string, message: Record<string, unknown>, phoneNumberId = SALON.phoneNumberId) =>
  graph(`/v23.0/${phoneNumberId}/messages`, {
    method: 'POST',
    token,
    body: { messaging_product: 'whatsapp', recipient_type: 'individual', ...message },
  })

const text = (to: string, body: string) => ({ to, type: 'text', text: { body } })

/** The `value` of every notification received, in order. */
const values = (): Loose[] => receiver.bodies().map((b) => b.entry[0].changes[0].value)
const statuses = (): Loose[] => values().flatMap((v) => v.statuses ?? [])

describe('fake WhatsApp', () => {
  describe('Embedded Signup and the business token', () => {
    it('exchanges a code once, within 30 seconds, with the app id and secret', async () => {
      const { code, wabaId, phoneNumberId } = fake.signUp()
      expect({ wabaId, phoneNumberId }).toEqual({ wabaId: SALON.wabaId, phoneNumberId: SALON.phoneNumberId })
      const wrongSecret = await exchange({ code, client_secret: 'nope' })
      expect(wrongSecret.status).toBe(400)
      expect(wrongSecret.body.error).toMatchObject({
        message: 'Error validating client secret.',
        type: 'OAuthException',
        code: 1,
        fbtrace_id: expect.any(String),
      })
      expect((await exchange({ code, client_id: '42' })).body.error.code).toBe(101)
      const { status, body } = await exchange({ code })
      expect(status).toBe(200)
      expect(body).toEqual({ access_token: expect.stringMatching(/^EAA[A-Za-z0-9]+$/), token_type: 'bearer' })
      const again = await exchange({ code })
      expect(again.body.error).toMatchObject({ code: 100, error_subcode: 36009 })
      expect((await exchange({ code: 'AQnot-a-code' })).body.error.code).toBe(100)

      const late = fake.signUp(OTHER.phoneNumberId)
      fake.advance(30_000)
      expect((await exchange({ code: late.code })).body.error).toMatchObject({ code: 100, error_subcode: 36007 })
    })

    it('scopes a token to its WABA and turns revoked or unknown tokens into 190', async () => {
      const token = await connect()
      expect((await graph(`/v23.0/${SALON.phoneNumberId}`, { token })).status).toBe(200)
      const elsewhere = await graph(`/v23.0/${OTHER.phoneNumberId}`, { token })
      expect(elsewhere.body.error).toMatchObject({ code: 100, error_subcode: 33 })
      expect((await graph(`/v23.0/${OTHER.wabaId}/message_templates`, { token })).body.error.code).toBe(100)

      fake.revokeTokens(SALON.wabaId)
      const revoked = await graph(`/v23.0/${SALON.phoneNumberId}`, { token })
      expect(revoked.status).toBe(401)
      expect(revoked.body.error).toMatchObject({ type: 'OAuthException', code: 190, error_subcode: 460 })
      expect(revoked.body.error.message).toMatch(/^Error validating access token: /)
      expect((await graph(`/v23.0/${SALON.phoneNumberId}`, { token: 'EAAnot-ours' })).body.error.code).toBe(190)
      expect((await graph(`/v23.0/${SALON.phoneNumberId}`)).body.error.code).toBe(104)
      expect((await graph(`/v23.0/${SALON.phoneNumberId}`, { token: await connect() })).status).toBe(200)
    })

    it('serves the dialog and the SDK stand-in, and posts the session info and the code', async () => {
      const query = (extra: Record<string, string> = {}) =>
        new URLSearchParams({
          client_id: OPTIONS.appId,
          config_id: OPTIONS.configId,
          response_type: 'code',
          override_default_response_type: 'true',
          extras: JSON.stringify({ setup: {} }),
          ...extra,
        })
      const page = await fetch(`${fake.url}/v25.0/dialog/oauth?${query()}`)
      const html = await page.text()
      expect(page.status).toBe(200)
      expect(html).toContain('Continue with Salon Lumière (+33 1 42 68 53 00)')
      expect((await fetch(`${fake.url}/dialog/oauth?${query({ config_id: '1' })}`)).status).toBe(400)
      expect((await fetch(`${fake.url}/dialog/oauth?${query({ response_type: 'token' })}`)).status).toBe(400)

      const decide = async (request: string, choice: Record<string, string>) => {
        const answer = await fetch(`${fake.url}/dialog/oauth`, {
          method: 'POST',
          body: new URLSearchParams({ request, ...choice }),
        })
        const result = /<pre id="result">([^<]*)<\/pre>/.exec(await answer.text())?.[1] ?? ''
        const unescaped = result.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))
        return unescaped
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line))
      }
      const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? ''
      const [sessionInfo, login] = await decide(requestId, { phone_number_id: SALON.phoneNumberId })
      expect(sessionInfo).toEqual({
        data: { phone_number_id: SALON.phoneNumberId, waba_id: SALON.wabaId, business_id: expect.any(String) },
        type: 'WA_EMBEDDED_SIGNUP',
        event: 'FINISH',
      })
      expect(login).toMatchObject({ type: 'FAKE_FB_LOGIN_RESPONSE', response: { status: 'connected' } })
      expect((await exchange({ code: login.response.authResponse.code })).status).toBe(200)

      const coexistence = await fetch(
        `${fake.url}/dialog/oauth?${query({ extras: JSON.stringify({ setup: {}, featureType: 'whatsapp_business_app_onboarding' }) })}`,
      )
      const second = /name="request" value="([^"]+)"/.exec(await coexistence.text())?.[1] ?? ''
      expect((await decide(second, { phone_number_id: SALON.phoneNumberId }))[0].event).toBe(
        'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING',
      )
      const third = /name="request" value="([^"]+)"/.exec(
        await (await fetch(`${fake.url}/dialog/oauth?${query()}`)).text(),
      )
      const [cancelled, nothing] = await decide(third?.[1] ?? '', { cancel: '1' })
      expect(cancelled).toMatchObject({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL' })
      expect(nothing.response).toEqual({ authResponse: null, status: 'unknown' })

      const sdk = await fetch(`${fake.url}/en_US/sdk.js`)
      expect(sdk.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect(await sdk.text()).toContain('window.FB = {')
    })

    it('redirects the popup to redirect_uri with the code and state, and wants the same redirect_uri back', async () => {
      const redirectUri = 'https://salonia.test/whatsapp/signup-return'
      const strict = await startFakeWhatsApp({ ...OPTIONS, redirectUris: [redirectUri] })
      try {
        const open = async (uri: string) => {
          const query = new URLSearchParams({
            client_id: OPTIONS.appId,
            config_id: OPTIONS.configId,
            response_type: 'code',
            override_default_response_type: 'true',
            display: 'popup',
            redirect_uri: uri,
            state: 'st4te',
            extras: JSON.stringify({ setup: {}, featureType: '', sessionInfoVersion: '3' }),
          })
          const page = await fetch(`${strict.url}/v23.0/dialog/oauth?${query}`)
          return { status: page.status, request: /name="request" value="([^"]+)"/.exec(await page.text())?.[1] ?? '' }
        }
        const choose = async (request: string, choice: Record<string, string>) => {
          const answer = await fetch(`${strict.url}/dialog/oauth`, {
            method: 'POST',
            body: new URLSearchParams({ request, ...choice }),
          })
          const html = await answer.text()
          const fromHtml = (value: string) => value.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))
          return {
            posts: fromHtml(/<pre id="result">([^<]*)<\/pre>/.exec(html)?.[1] ?? '')
              .trim()
              .split('\n')
              .map((line) => JSON.parse(line)),
            redirect: fromHtml(/<a id="redirect" href="([^"]+)"/.exec(html)?.[1] ?? ''),
          }
        }
        expect((await open('https://elsewhere.test/return')).status).toBe(400)
        const { posts, redirect } = await choose((await open(redirectUri)).request, {
          phone_number_id: OTHER.phoneNumberId,
        })
        expect(posts).toEqual([
          {
            data: { phone_number_id: OTHER.phoneNumberId, waba_id: OTHER.wabaId, business_id: expect.any(String) },
            type: 'WA_EMBEDDED_SIGNUP',
            event: 'FINISH',
          },
        ])
        const back = new URL(redirect)
        expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
        expect(back.searchParams.get('state')).toBe('st4te')
        expect(back.hash).toBe('#_=_')
        const code = back.searchParams.get('code') ?? ''
        const exchangeOn = (fields: Record<string, string>) =>
          fetch(
            `${strict.url}/v23.0/oauth/access_token?${new URLSearchParams({ client_id: OPTIONS.appId, client_secret: OPTIONS.appSecret, code, ...fields })}`,
          ).then(async (r) => ({ status: r.status, body: (await r.json()) as Loose }))
        expect((await exchangeOn({})).body.error).toMatchObject({ code: 100, error_subcode: 36008 })
        expect((await exchangeOn({ redirect_uri: redirectUri })).status).toBe(200)

        const cancelled = await choose((await open(redirectUri)).request, { cancel: '1' })
        expect(cancelled.posts[0]).toMatchObject({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL' })
        expect(Object.fromEntries(new URL(cancelled.redirect).searchParams)).toEqual({
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          state: 'st4te',
        })
      } finally {
        await strict.close()
      }
    })
  })

  describe('number setup', () => {
    it('registers with a 6-digit PIN, refuses another PIN once set, and sends only from a registered number', async () => {
      const token = await connect()
      fake.customer(SALON.phoneNumberId, ZOE)
      expect((await send(token, text(ZOE, 'Bonjour'))).body.error).toMatchObject({
        message: '(#133010) Account not registered',
        code: 133010,
      })
      const register = (body: Record<string, unknown>) =>
        graph(`/v23.0/${SALON.phoneNumberId}/register`, { method: 'POST', token, body })
      expect((await register({ messaging_product: 'whatsapp', pin: '12345' })).body.error.code).toBe(100)
      expect((await register({ pin: '123456' })).body.error.code).toBe(100)
      expect(fake.registered(SALON.phoneNumberId)).toBeUndefined()
      expect((await register({ messaging_product: 'whatsapp', pin: '123456' })).body).toEqual({ success: true })
      expect(fake.registered(SALON.phoneNumberId)).toEqual({ pin: '123456' })
      const other = await register({ messaging_product: 'whatsapp', pin: '654321' })
      expect(other.status).toBe(400)
      expect(other.body.error).toMatchObject({ message: '(#133005) Two step verification PIN Mismatch', code: 133005 })
      expect((await register({ messaging_product: 'whatsapp', pin: '123456' })).status).toBe(200)
      expect((await send(token, text(ZOE, 'Bonjour'))).status).toBe(200)
    })

    it('subscribes, lists and unsubscribes the app for the WABA', async () => {
      const token = await connect()
      const path = `/v23.0/${SALON.wabaId}/subscribed_apps`
      expect((await graph(path, { token })).body).toEqual({ data: [] })
      expect((await graph(path, { method: 'POST', token })).body).toEqual({ success: true })
      expect(fake.subscribed(SALON.wabaId)).toBe(true)
      expect((await graph(path, { token })).body).toEqual({
        data: [{ whatsapp_business_api_data: { link: expect.any(String), name: 'Salonia', id: OPTIONS.appId } }],
      })
      expect((await graph(path, { method: 'DELETE', token })).body).toEqual({ success: true })
      expect(fake.subscribed(SALON.wabaId)).toBe(false)
    })

    it('answers the fields asked of the phone number, plus id', async () => {
      const token = await connect(OTHER.phoneNumberId)
      const fields =
        'display_phone_number,verified_name,quality_rating,messaging_limit_tier,code_verification_status,name_status'
      const { body } = await graph(`/v23.0/${OTHER.phoneNumberId}?fields=${fields}`, { token })
      expect(body).toEqual({
        display_phone_number: '+41 22 123 45 67',
        verified_name: 'Coiffure du Lac',
        quality_rating: 'YELLOW',
        messaging_limit_tier: 'TIER_2K',
        code_verification_status: 'VERIFIED',
        name_status: 'APPROVED',
        id: OTHER.phoneNumberId,
      })
      fake.setQuality(OTHER.phoneNumberId, 'RED', 'TIER_250')
      expect(
        (await graph(`/${OTHER.phoneNumberId}?fields=quality_rating,messaging_limit_tier`, { token })).body,
      ).toEqual({
        quality_rating: 'RED',
        messaging_limit_tier: 'TIER_250',
        id: OTHER.phoneNumberId,
      })
      expect((await graph(`/v23.0/${OTHER.phoneNumberId}?fields=email`, { token })).body.error.code).toBe(100)
      expect((await graph(`/v23.0/${OTHER.phoneNumberId}/feed`, { token })).body.error.code).toBe(2500)
    })
  })

  describe('templates', () => {
    const REMINDER = {
      name: 'appointment_reminder',
      language: 'fr',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'Bonjour {{1}}, votre rendez-vous est le {{2}} chez Salon Lumière.',
          example: { body_text: [['Zoé', '12 mars à 10:00']] },
        },
      ],
    }
    const body = (textValue: string, examples: string[]) => [
      { type: 'BODY', text: textValue, example: { body_text: [examples] } },
    ]
    const templateMessage = (parameters: string[]) => ({
      to: ZOE,
      type: 'template',
      template: {
        name: 'appointment_reminder',
        language: { code: 'fr' },
        components: [{ type: 'body', parameters: parameters.map((p) => ({ type: 'text', text: p })) }],
      },
    })

    it('creates templates as Meta checks them, refuses a duplicate, and lists them', async () => {
      const token = await ready()
      const create = (template: Record<string, unknown>) =>
        graph(`/v23.0/${SALON.wabaId}/message_templates`, { method: 'POST', token, body: template })
      const refused = async (template: Record<string, unknown>) =>
        (await create({ ...REMINDER, ...template })).body.error
      expect(await refused({ name: 'Appointment Reminder' })).toMatchObject({ code: 100, message: 'Invalid parameter' })
      expect((await refused({ category: 'TRANSACTIONAL' })).code).toBe(100)
      expect((await refused({ language: 'fr_XX' })).code).toBe(100)
      expect(await refused({ components: body('Bonjour {{1}}, à bientôt.', []) })).toMatchObject({
        error_subcode: 2388043,
      })
      expect(await refused({ components: body('Bonjour {{1}}, le {{3}} donc.', ['a', 'b']) })).toMatchObject({
        error_subcode: 2388072,
      })
      expect(await refused({ components: body('{{1}}, votre rendez-vous approche.', ['Zoé']) })).toMatchObject({
        error_subcode: 2388299,
        error_user_title: 'Leading or trailing parameters not allowed',
      })
      const created = await create(REMINDER)
      expect(created.body).toEqual({ id: expect.stringMatching(/^\d{15,16}$/), status: 'PENDING', category: 'UTILITY' })
      expect((await create(REMINDER)).body.error).toMatchObject({
        code: 100,
        error_subcode: 2388024,
        error_user_title: 'Content in this language already exists',
      })
      expect((await create({ ...REMINDER, language: 'de' })).status).toBe(200)

      const list = await graph(
        `/v23.0/${SALON.wabaId}/message_templates?name=appointment_reminder&fields=name,status,language,category&limit=1`,
        { token },
      )
      expect(list.body.data).toEqual([
        { name: 'appointment_reminder', status: 'PENDING', language: 'fr', category: 'UTILITY', id: created.body.id },
      ])
      expect(list.body.paging).toMatchObject({ cursors: { before: expect.any(String), after: expect.any(String) } })
      const next = await graph(
        `/v23.0/${SALON.wabaId}/message_templates?name=appointment&fields=language&after=${list.body.paging.cursors.after}`,
        { token },
      )
      expect(next.body.data).toEqual([{ language: 'de', id: expect.any(String) }])
      expect(fake.templates(SALON.wabaId).map((t) => [t.language, t.status])).toEqual([
        ['fr', 'PENDING'],
        ['de', 'PENDING'],
      ])
    })

    it('sends only an approved template with the right parameters; approval arrives as a webhook', async () => {
      const token = await ready()
      await graph(`/v23.0/${SALON.wabaId}/message_templates`, { method: 'POST', token, body: REMINDER })
      const id = fake.templates(SALON.wabaId)[0]?.id
      const pending = await send(token, templateMessage(['Zoé', '12 mars à 10:00']))
      expect(pending.status).toBe(404)
      expect(pending.body.error).toMatchObject({
        message: '(#132001) Template name does not exist in the translation',
        code: 132001,
        error_data: {
          messaging_product: 'whatsapp',
          details: 'template name (appointment_reminder) does not exist in fr',
        },
      })

      expect(await fake.setTemplateStatus(SALON.wabaId, 'appointment_reminder', 'fr', 'APPROVED')).toBe(200)
      const [approval] = receiver.bodies()
      expect(approval).toEqual({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: SALON.wabaId,
            time: expect.any(Number),
            changes: [
              {
                value: {
                  event: 'APPROVED',
                  message_template_id: Number(id),
                  message_template_name: 'appointment_reminder',
                  message_template_language: 'fr',
                  reason: 'NONE',
                  message_template_category: 'UTILITY',
                },
                field: 'message_template_status_update',
              },
            ],
          },
        ],
      })

      expect((await send(token, templateMessage(['Zoé']))).body.error).toMatchObject({
        code: 132000,
        error_data: {
          details: 'body: number of localizable_params (1) does not match the expected number of params (2)',
        },
      })
      expect((await send(token, templateMessage(['Zoé', '12 mars\n10:00']))).body.error.code).toBe(132018)
      const sent = await send(token, templateMessage(['Zoé', '12 mars à 10:00']))
      expect(sent.status).toBe(200)
      expect(sent.body.messages).toEqual([{ id: expect.stringMatching(/^wamid\./), message_status: 'accepted' }])
      expect(fake.sends()[0]?.template).toEqual({
        name: 'appointment_reminder',
        language: 'fr',
        parameters: ['Zoé', '12 mars à 10:00'],
      })
      // A template may open a conversation: no 131047, a billable utility message.
      await fake.flushStatuses()
      expect(statuses().map((s) => [s.status, s.pricing?.type, s.pricing?.billable])).toEqual([
        ['sent', 'regular', true],
        ['delivered', 'regular', true],
        ['read', undefined, undefined],
      ])
      expect(statuses()[0].pricing).toEqual({
        billable: true,
        pricing_model: 'PMP',
        category: 'utility',
        type: 'regular',
      })

      await fake.setTemplateStatus(SALON.wabaId, 'appointment_reminder', 'all', 'PAUSED')
      expect((await send(token, templateMessage(['Zoé', '12 mars']))).body.error.code).toBe(132015)
    })
  })

  describe('sending', () => {
    it('uploads a document (bytes, name and type kept) and sends it by media id', async () => {
      const token = await ready()
      const upload = (parts: [string, string | Blob, string?][]) => {
        const form = new FormData()
        for (const [name, value, filename] of parts) {
          if (typeof value === 'string') form.append(name, value)
          else form.append(name, value, filename)
        }
        return graph(`/v23.0/${SALON.phoneNumberId}/media`, { method: 'POST', token, form })
      }
      const bytes = Buffer.from('BEGIN:VCALENDAR\r\nSUMMARY:Coupe – Zoé\r\nEND:VCALENDAR\r\n')
      const calendar = new Blob([bytes], { type: 'text/calendar' })
      const refused = await upload([
        ['messaging_product', 'whatsapp'],
        ['type', 'text/calendar'],
        ['file', calendar, 'rendez-vous.ics'],
      ])
      expect(refused.body.error.code).toBe(100)
      expect(refused.body.error.message).toContain("Received file of type 'text/calendar'")
      const plain = new Blob([bytes], { type: 'text/plain' })
      expect((await upload([['file', plain, 'rendez-vous.ics']])).body.error.message).toContain('messaging_product')
      expect((await upload([['messaging_product', 'whatsapp']])).body.error.message).toContain('file')
      const uploaded = await upload([
        ['messaging_product', 'whatsapp'],
        ['type', 'text/plain'],
        ['file', plain, 'rendez-vous.ics'],
      ])
      expect(uploaded.body).toEqual({ id: expect.stringMatching(/^\d{15,16}$/) })

      const customer = fake.customer(SALON.phoneNumberId, ZOE)
      await customer.say('Vous pouvez m’envoyer le rendez-vous ?')
      const document = { id: uploaded.body.id, filename: 'rendez-vous.ics', caption: 'Votre rendez-vous' }
      expect((await send(token, { to: ZOE, type: 'document', document })).status).toBe(200)
      expect(customer.messages()[0]?.document).toEqual({
        filename: 'rendez-vous.ics',
        caption: 'Votre rendez-vous',
        mimeType: 'text/plain',
        content: bytes,
      })
      const unknown = await send(token, { to: ZOE, type: 'document', document: { id: '1234567890123456' } })
      expect(unknown.body.error).toMatchObject({ code: 131009, message: '(#131009) Parameter value is not valid' })
    })

    it('refuses each interactive limit with 131009, naming the field', async () => {
      const token = await ready()
      await fake.customer(SALON.phoneNumberId, ZOE).say('Bonjour')
      const reply = (id: string, title: string) => ({ type: 'reply', reply: { id, title } })
      const buttons = (list: unknown[], bodyText = 'Quel jour ?') => ({
        type: 'button',
        body: { text: bodyText },
        action: { buttons: list },
      })
      const rows = (n: number, prefix = 'r') =>
        Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, title: `10:${String(i).padStart(2, '0')}` }))
      const list = (sections: unknown[], more: Record<string, unknown> = {}) => ({
        type: 'list',
        body: { text: 'Choisissez une heure' },
        action: { button: 'Voir les heures', sections },
        ...more,
      })
      const cases: [string, unknown, string][] = [
        ['a 21-character button title', buttons([reply('a', 'x'.repeat(21))]), "[0]['reply']['title']"],
        ['four buttons', buttons(['a', 'b', 'c', 'd'].map((i) => reply(i, i))), "['buttons']: between 1 and 3"],
        ['no button', buttons([]), "['buttons']: between 1 and 3"],
        ['a 257-character id', buttons([reply('i'.repeat(257), 'Oui')]), "[0]['reply']['id']"],
        ['the same id twice', buttons([reply('a', 'Oui'), reply('a', 'Non')]), 'ids must be unique'],
        ['a 1025-character body', buttons([reply('a', 'Oui')], 'x'.repeat(1025)), "['body']['text']"],
        [
          'a 21-character list button',
          {
            ...list([{ title: 'Matin', rows: rows(2) }]),
            action: { button: 'b'.repeat(21), sections: [{ title: 'Matin', rows: rows(2) }] },
          },
          "['action']['button']",
        ],
        [
          '11 rows',
          list([
            { title: 'Matin', rows: rows(6) },
            { title: 'Après-midi', rows: rows(5, 's') },
          ]),
          'at most 10 rows',
        ],
        [
          'a 25-character row title',
          list([{ title: 'Matin', rows: [{ id: 'a', title: 't'.repeat(25) }] }]),
          "['rows'][0]['title']",
        ],
        [
          'a 73-character description',
          list([{ title: 'Matin', rows: [{ id: 'a', title: 'A', description: 'd'.repeat(73) }] }]),
          "['description']",
        ],
        [
          'a 201-character row id',
          list([{ title: 'Matin', rows: [{ id: 'i'.repeat(201), title: 'A' }] }]),
          "['rows'][0]['id']",
        ],
        [
          'a row id in two sections',
          list([
            { title: 'Matin', rows: rows(1) },
            { title: 'Soir', rows: rows(1) },
          ]),
          'row ids must be unique',
        ],
        ['a 25-character section title', list([{ title: 's'.repeat(25), rows: rows(1) }]), "[0]['title']"],
        [
          'a 61-character footer',
          list([{ title: 'Matin', rows: rows(1) }], { footer: { text: 'f'.repeat(61) } }),
          "['footer']['text']",
        ],
        [
          'a 61-character header',
          list([{ title: 'Matin', rows: rows(1) }], { header: { type: 'text', text: 'h'.repeat(61) } }),
          "['header']['text']",
        ],
        [
          'an image header on a list',
          list([{ title: 'Matin', rows: rows(1) }], { header: { type: 'image', image: { id: '1' } } }),
          "['header']['type']",
        ],
      ]
      for (const [what, interactive, field] of cases) {
        const { status, body } = await send(token, { to: ZOE, type: 'interactive', interactive })
        expect({ what, status, code: body.error?.code }).toEqual({ what, status: 400, code: 131009 })
        expect(body.error.message).toBe('(#131009) Parameter value is not valid')
        expect(body.error.error_data.details, what).toContain(field)
      }
      const untitled = await send(token, {
        to: ZOE,
        type: 'interactive',
        interactive: list([{ rows: rows(1) }, { title: 'Soir', rows: rows(1, 's') }]),
      })
      expect(untitled.body.error.error_data.details).toContain("[0]['title']")
      const missing = await send(token, {
        to: ZOE,
        type: 'interactive',
        interactive: { type: 'button', body: { text: 'x' }, action: {} },
      })
      expect(missing.body.error).toMatchObject({
        code: 100,
        message: "(#100) The parameter interactive['action']['buttons'] is required.",
      })
      const longText = await send(token, text(ZOE, 'x'.repeat(4097)))
      expect(longText.body.error).toMatchObject({
        code: 100,
        message: "(#100) Param text['body'] must be at most 4096 characters long.",
      })
      expect(fake.sends()).toEqual([])

      const atLimits = [
        buttons(
          ['a', 'b', 'c'].map((i) => reply(i.repeat(256), `${i.repeat(19)}!`)),
          'x'.repeat(1024),
        ),
        list(
          [
            { title: 's'.repeat(24), rows: rows(5) },
            { title: 'Soir', rows: rows(5, 's') },
          ],
          {
            header: { type: 'text', text: 'h'.repeat(60) },
            footer: { text: 'f'.repeat(60) },
          },
        ),
      ]
      for (const interactive of atLimits)
        expect((await send(token, { to: ZOE, type: 'interactive', interactive })).status).toBe(200)
      expect((await send(token, text(ZOE, 'x'.repeat(4096)))).status).toBe(200)
      expect(fake.sends().map((s) => s.type)).toEqual(['interactive', 'interactive', 'text'])
      expect(fake.sends()[1]?.list?.sections[1]?.rows[4]).toEqual({ id: 's4', title: '10:04' })
    })

    it('reports sent, delivered and read within 24 hours, then 131047 as a failed status', async () => {
      const token = await ready()
      const customer = fake.customer(SALON.phoneNumberId, ZOE, 'Zoé Martin')
      await customer.say('Bonjour')
      fake.advance(23 * HOUR)
      const inTime = await send(token, text(`+${ZOE}`, 'Bien sûr, à demain !'))
      expect(inTime.body).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: `+${ZOE}`, wa_id: ZOE }],
        messages: [{ id: expect.stringMatching(/^wamid\.HBgL[A-Za-z0-9+/=]+$/) }],
      })
      fake.advance(HOUR)
      const late = await send(token, text(ZOE, 'Vous êtes toujours là ?'))
      expect(late.status).toBe(200)
      expect(statuses()).toEqual([])
      await fake.flushStatuses()
      const [sent, delivered, read, failed] = statuses()
      expect(sent).toEqual({
        id: inTime.body.messages[0].id,
        status: 'sent',
        timestamp: expect.stringMatching(/^\d{10}$/),
        recipient_id: ZOE,
        conversation: { id: expect.any(String), expiration_timestamp: expect.any(String), origin: { type: 'service' } },
        pricing: { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
      })
      expect([delivered.status, read.status]).toEqual(['delivered', 'read'])
      expect(failed).toEqual({
        id: late.body.messages[0].id,
        status: 'failed',
        timestamp: expect.any(String),
        recipient_id: ZOE,
        errors: [
          {
            code: 131047,
            title: 'Re-engagement message',
            message: 'Re-engagement message',
            error_data: { details: expect.stringContaining('more than 24 hours') },
            href: expect.any(String),
          },
        ],
      })
      expect(values().at(-1).metadata).toEqual({
        display_phone_number: '33142685300',
        phone_number_id: SALON.phoneNumberId,
      })
    })

    it('fails sends to an undeliverable customer with 131026, and to one who never wrote with 131047', async () => {
      const token = await ready()
      const customer = fake.customer(SALON.phoneNumberId, ZOE)
      customer.undeliverable = true
      customer.reads = false
      await customer.say('Bonjour')
      expect((await send(token, text(ZOE, 'Bonjour !'))).status).toBe(200)
      expect((await send(token, text('41791234567', 'Bonjour !'))).status).toBe(200)
      await fake.flushStatuses()
      expect(statuses().map((s) => [s.recipient_id, s.status, s.errors?.[0].code, s.errors?.[0].title])).toEqual([
        [ZOE, 'failed', 131026, 'Message undeliverable'],
        ['41791234567', 'failed', 131047, 'Re-engagement message'],
      ])
    })

    it('fails the next sends on demand: 130429, 503, then any Cloud API code', async () => {
      const token = await ready()
      const customer = fake.customer(SALON.phoneNumberId, ZOE)
      const { wamid } = await customer.say('Bonjour')
      fake.failNext({ code: 130429 })
      const typing = {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: wamid,
        typing_indicator: { type: 'text' },
      }
      expect(
        (await graph(`/v23.0/${SALON.phoneNumberId}/messages`, { method: 'POST', token, body: typing })).body,
      ).toEqual({
        success: true,
      })
      const limited = await send(token, text(ZOE, 'Un instant'))
      expect(limited.status).toBe(400)
      expect(limited.body).toEqual({
        error: {
          message: '(#130429) Rate limit hit',
          type: 'OAuthException',
          code: 130429,
          error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
          fbtrace_id: expect.any(String),
        },
      })
      expect((await send(token, text(ZOE, 'Un instant'))).status).toBe(200)
      fake.failNext({ httpStatus: 503, times: 2 })
      for (const _ of [1, 2]) {
        const down = await send(token, text(ZOE, 'Encore'))
        expect([down.status, down.body.error.code]).toEqual([503, 2])
      }
      fake.failNext({ code: 131026 })
      expect((await send(token, text(ZOE, 'Encore'))).body.error.code).toBe(131026)
      expect((await send(token, text(ZOE, 'Encore'))).status).toBe(200)
      expect(fake.sends()).toHaveLength(2)
      expect(fake.typing()).toEqual([{ phoneNumberId: SALON.phoneNumberId, messageId: wamid, at: expect.any(Number) }])
      const unknown = { ...typing, message_id: 'wamid.HBgLnot-one' }
      const refused = await graph(`/v23.0/${SALON.phoneNumberId}/messages`, { method: 'POST', token, body: unknown })
      expect(refused.body.error.code).toBe(131009)
    })

    it('posts statuses right after each send with autoStatuses', async () => {
      const token = await ready()
      await fake.customer(SALON.phoneNumberId, ZOE).say('Bonjour')
      fake.autoStatuses = true
      await send(token, text(ZOE, 'Bonjour Zoé'))
      for (let i = 0; i < 100 && statuses().length < 3; i++) await new Promise((r) => setTimeout(r, 10))
      expect(statuses().map((s) => s.status)).toEqual(['sent', 'delivered', 'read'])
    })
  })

  describe('customers and webhooks', () => {
    it('posts a message in Meta’s escaped, signed bytes, and redelivers it byte for byte', async () => {
      const customer = fake.customer(SALON.phoneNumberId, ZOE, 'Zoé Martin')
      const { wamid, status } = await customer.say('Un rendez-vous à 10h ? 💇‍♀️ https://x.test/a')
      expect(status).toBe(200)
      const [delivery] = receiver.received
      const raw = delivery?.raw ?? ''
      expect(raw).toMatch(/^[\x20-\x7e]*$/)
      expect(raw).toContain('\\u00e0 10h ? \\ud83d\\udc87\\u200d\\u2640\\ufe0f https:\\/\\/x.test\\/a')
      expect(delivery?.headers['content-type']).toBe('application/json')
      expect(receiver.bodies()[0]).toEqual({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: SALON.wabaId,
            changes: [
              {
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '33142685300', phone_number_id: SALON.phoneNumberId },
                  contacts: [{ profile: { name: 'Zoé Martin' }, wa_id: ZOE }],
                  messages: [
                    {
                      from: ZOE,
                      id: wamid,
                      timestamp: expect.stringMatching(/^\d{10}$/),
                      type: 'text',
                      text: { body: 'Un rendez-vous à 10h ? 💇‍♀️ https://x.test/a' },
                    },
                  ],
                },
                field: 'messages',
              },
            ],
          },
        ],
      })
      expect(await fake.redeliver(wamid)).toBe(200)
      expect(receiver.received[1]?.raw).toBe(raw)
      expect(receiver.received[1]?.headers['x-hub-signature-256']).toBe(delivery?.headers['x-hub-signature-256'])

      const handMade = { object: 'whatsapp_business_account', entry: [] }
      await fake.notify(handMade, { signature: 'sha256=00' })
      await fake.notify(handMade)
      expect(receiver.received[2]?.headers['x-hub-signature-256']).toBe('sha256=00')
      expect(
        validSignature(receiver.received[3]?.raw ?? '', receiver.received[3]?.headers['x-hub-signature-256']),
      ).toBe(true)
      expect(fake.sign('{}')).toBe(`sha256=${createHmac('sha256', OPTIONS.appSecret).update('{}').digest('hex')}`)
    })

    it('taps buttons, list rows and template buttons with the context of the message shown', async () => {
      const token = await ready()
      const customer = fake.customer(SALON.phoneNumberId, ZOE)
      await customer.say('Bonjour')
      const question = await send(token, {
        to: ZOE,
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'On confirme ?' },
          action: { buttons: [{ type: 'reply', reply: { id: 'yes', title: 'Oui' } }] },
        },
      })
      expect(() => customer.tap({ id: 'no', title: 'Non' })).toThrow('no button')
      await customer.tap({ id: 'yes', title: 'Oui' })
      const slots = await send(token, {
        to: ZOE,
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'Quelle heure ?' },
          action: {
            button: 'Heures',
            sections: [{ title: 'Matin', rows: [{ id: 'slot-10', title: '10:00', description: 'Avec Léa' }] }],
          },
        },
      })
      expect(() => customer.tap({ id: 'slot-10', title: '10:00' }, 'button')).toThrow('shows a list')
      await customer.tap({ id: 'slot-10', title: '10:00' })
      await customer.sendImage('Comme ça ?')
      const messages = values().map((v) => v.messages[0])
      expect(messages[1]).toMatchObject({
        context: { from: '33142685300', id: question.body.messages[0].id },
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Oui' } },
      })
      expect(messages[2]).toMatchObject({
        context: { id: slots.body.messages[0].id },
        interactive: { type: 'list_reply', list_reply: { id: 'slot-10', title: '10:00', description: 'Avec Léa' } },
      })
      expect(messages[3]).toMatchObject({
        type: 'image',
        image: { caption: 'Comme ça ?', mime_type: 'image/jpeg', sha256: expect.any(String), id: expect.any(String) },
      })
      expect(customer.lastInteractive()?.list?.button).toBe('Heures')
      expect(() => customer.tapTemplateButton('stop', 'Stop')).toThrow('no template')
    })

    it('posts the owner’s replies from the WhatsApp Business app as smb_message_echoes', async () => {
      const customer = fake.customer(SALON.phoneNumberId, ZOE)
      const { wamid } = await customer.ownerReplies('Je regarde et je reviens vers vous')
      expect(receiver.bodies()[0].entry[0]).toEqual({
        id: SALON.wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '33142685300', phone_number_id: SALON.phoneNumberId },
              message_echoes: [
                {
                  from: '33142685300',
                  to: ZOE,
                  id: wamid,
                  timestamp: expect.stringMatching(/^\d{10}$/),
                  type: 'text',
                  text: { body: 'Je regarde et je reviens vers vous' },
                },
              ],
            },
            field: 'smb_message_echoes',
          },
        ],
      })
      expect(fake.sends()).toEqual([])
    })

    it('gives the product its environment', () => {
      expect(whatsappEnv(fake, OPTIONS)).toEqual({
        WHATSAPP_APP_ID: OPTIONS.appId,
        WHATSAPP_APP_SECRET: OPTIONS.appSecret,
        WHATSAPP_VERIFY_TOKEN: 'fake-whatsapp-verify-token',
        WHATSAPP_CONFIG_ID: OPTIONS.configId,
        WHATSAPP_BASE_URL: fake.url,
      })
    })
  })
})
