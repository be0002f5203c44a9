import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FakeInstagram, type FakeInstagramOptions, instagramEnv, startFakeInstagram } from './instagram'

/** The fake Instagram on its own, driven with plain fetch (Meta's wire) and a local webhook receiver. */

// biome-ignore lint/suspicious/noExplicitAny: the tests read Meta's JSON freely
type Loose = any

const HOUR = 3_600_000
const REDIRECT_URI = 'https://salonia.test/api/instagram/callback'
const SALON = { userId: '17841400000000001', appScopedId: '9876543210123456', username: 'salon.lumiere' }
const OTHER = { userId: '17841400000000002', appScopedId: '9876543210654321', username: 'barber.nord' }
const OPTIONS: FakeInstagramOptions = {
  appId: '1234567890123456',
  appSecret: 'fake-app-secret-0123456789abcdef',
  redirectUris: [REDIRECT_URI],
  accounts: [SALON, OTHER],
}

let fake: FakeInstagram
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeEach(async () => {
  receiver = await startReceiver()
  fake = await startFakeInstagram(OPTIONS)
  fake.webhookUrl = `${receiver.url}/api/instagram/webhook`
})
afterEach(async () => {
  await fake.close()
  await receiver.close()
})

/** A local webhook receiver keeping the raw bytes; answers `status.next` (200 by default). */
async function startReceiver() {
  const received: { raw: string; headers: IncomingHttpHeaders }[] = []
  const state = { next: 200 }
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    received.push({ raw: Buffer.concat(chunks).toString('utf8'), headers: request.headers })
    response.writeHead(state.next).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** What the product's webhook must do: HMAC-SHA256 of the raw bytes, compared in constant time. */
function validSignature(raw: string, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', OPTIONS.appSecret).update(raw).digest('hex')}`)
  const given = Buffer.from(String(header ?? ''))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function authUrl(params: Record<string, string> = {}): string {
  const url = new URL('https://www.instagram.com/oauth/authorize')
  url.search = new URLSearchParams({
    client_id: OPTIONS.appId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'instagram_business_basic,instagram_business_manage_messages',
    state: 'st4te',
    ...params,
  }).toString()
  return url.toString()
}

/** The code in the redirect, `#_` stripped as the product must. */
async function codeFor(username = SALON.username, onFake = fake): Promise<string> {
  const location = await onFake.consent(authUrl(), { username })
  return new URL(location).searchParams.get('code') ?? ''
}

async function exchange(fields: Record<string, string>, body: 'form' | 'multipart' = 'form', onFake = fake) {
  const all = {
    client_id: OPTIONS.appId,
    client_secret: OPTIONS.appSecret,
    grant_type: 'authorization_code',
    redirect_uri: REDIRECT_URI,
    ...fields,
  }
  let payload: URLSearchParams | FormData = new URLSearchParams(all)
  if (body === 'multipart') {
    payload = new FormData()
    for (const [key, value] of Object.entries(all)) payload.append(key, value)
  }
  const answer = await fetch(`${onFake.url}/oauth/access_token`, { method: 'POST', body: payload })
  const raw = await answer.text()
  return { status: answer.status, raw, body: JSON.parse(raw) as Loose }
}

async function graph(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (init.token) headers.authorization = `Bearer ${init.token}`
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  const answer = await fetch(`${fake.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return { status: answer.status, body: (await answer.json()) as Loose }
}

/** Consent, code exchange, long-lived exchange: the account's 60-day token. */
async function longLivedToken(username = SALON.username): Promise<string> {
  const short = (await exchange({ code: await codeFor(username) })).body.data[0].access_token
  const params = new URLSearchParams({
    grant_type: 'ig_exchange_token',
    client_secret: OPTIONS.appSecret,
    access_token: short,
  })
  return (await graph(`/access_token?${params}`)).body.access_token
}

const sendText = (token: string, recipientId: string, text: string, path = '/v26.0/me/messages') =>
  graph(path, { method: 'POST', token, body: { recipient: { id: recipientId }, message: { text } } })

describe('fake Instagram', () => {
  describe('Business Login', () => {
    it('redirects with the code, the state and Meta’s #_, or with the error triple on Cancel', async () => {
      const location = await fake.consent(authUrl())
      expect(location.startsWith(`${REDIRECT_URI}?code=AQ`)).toBe(true)
      expect(location.endsWith('&state=st4te#_')).toBe(true)
      const denied = new URL(await fake.consent(authUrl(), { deny: true }))
      expect(`${denied.origin}${denied.pathname}`).toBe(REDIRECT_URI)
      expect(Object.fromEntries(denied.searchParams)).toEqual({
        error: 'access_denied',
        error_reason: 'user_denied',
        error_description: 'The user denied your request.',
        state: 'st4te',
      })
      expect(fake.requests.filter((r) => r.path === '/oauth/authorize').map((r) => r.method)).toEqual([
        'GET',
        'POST',
        'GET',
        'POST',
      ])
    })

    it('refuses a malformed authorize request with Meta’s message, space-separated scopes being fine', async () => {
      await expect(fake.consent(authUrl({ client_id: '42' }))).rejects.toThrow('Invalid platform app')
      await expect(fake.consent(authUrl({ redirect_uri: `${REDIRECT_URI}/` }))).rejects.toThrow('Invalid redirect_uri')
      await expect(fake.consent(authUrl({ response_type: 'token' }))).rejects.toThrow('Invalid response_type')
      await expect(fake.consent(authUrl({ scope: 'instagram_business_basic' }))).rejects.toThrow(
        'Missing Scopes: instagram_business_manage_messages',
      )
      await expect(fake.consent(authUrl({ scope: 'business_basic' }))).rejects.toThrow('Invalid Scopes: business_basic')
      const page = await fetch(authUrl().replace('https://www.instagram.com', fake.url))
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('@barber.nord')
      await expect(
        fake.consent(authUrl({ scope: 'instagram_business_basic instagram_business_manage_messages' })),
      ).resolves.toContain('code=')
    })

    it('exchanges a code (form) for a short-lived token, wrapped, user_id as a string', async () => {
      const { status, body } = await exchange({ code: await codeFor() })
      expect(status).toBe(200)
      expect(body).toEqual({
        data: [
          {
            access_token: expect.stringMatching(/^IGAA/),
            user_id: SALON.userId,
            permissions: 'instagram_business_basic,instagram_business_manage_messages',
          },
        ],
      })
      expect(fake.tokensOf(SALON.userId)).toEqual([body.data[0].access_token])
    })

    it('answers flat, multipart accepted, with a 17-digit numeric user_id kept verbatim in the text', async () => {
      const flat = await startFakeInstagram({ ...OPTIONS, tokenShape: 'flat', numericUserId: true })
      try {
        const { status, raw, body } = await exchange({ code: await codeFor(SALON.username, flat) }, 'multipart', flat)
        expect(status).toBe(200)
        expect(raw).toContain(`"user_id":${SALON.userId},`)
        expect(String(body.user_id)).not.toBe(SALON.userId) // an odd number beyond 2^53: JSON.parse rounds it
        expect(body.permissions).toEqual(['instagram_business_basic', 'instagram_business_manage_messages'])
      } finally {
        await flat.close()
      }
    })

    it('uses a code once, within the hour, with its exact redirect_uri, and checks the secret', async () => {
      const code = await codeFor()
      const refused = (message: string) => ({ error_type: 'OAuthException', code: 400, error_message: message })
      expect((await exchange({ code, client_secret: 'nope' })).body).toEqual(refused('Error validating client secret'))
      expect((await exchange({ code: `${code}#_` })).body).toEqual(
        refused('Matching code was not found or was already used'),
      )
      expect((await exchange({ code, redirect_uri: 'https://elsewhere.test/cb' })).body).toEqual(
        refused('Invalid redirect_uri'),
      )
      expect((await exchange({ code })).status).toBe(200)
      const again = await exchange({ code })
      expect(again.status).toBe(400)
      expect(again.body).toEqual(refused('Matching code was not found or was already used'))

      const late = await codeFor()
      fake.advance(HOUR)
      expect((await exchange({ code: late })).body).toEqual(refused('This authorization code has expired.'))
    })

    it('swaps a short-lived token for a 60-day one; the short one dies after an hour', async () => {
      const short = (await exchange({ code: await codeFor() })).body.data[0].access_token
      const query = (secret: string) =>
        `/access_token?${new URLSearchParams({ grant_type: 'ig_exchange_token', client_secret: secret, access_token: short })}`
      const wrong = await graph(query('nope'))
      expect(wrong.status).toBe(400)
      expect(wrong.body.error).toMatchObject({ type: 'OAuthException', code: 101, fbtrace_id: expect.any(String) })
      const { status, body } = await graph(query(OPTIONS.appSecret))
      expect(status).toBe(200)
      expect(body).toEqual({ access_token: expect.stringMatching(/^IGAA/), token_type: 'bearer', expires_in: 5183944 })
      expect(body.access_token).not.toBe(short)

      fake.advance(HOUR)
      const expired = await graph('/v26.0/me', { token: short })
      expect(expired.status).toBe(400)
      expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463 })
      expect(expired.body.error.message).toMatch(/^Error validating access token: Session has expired on /)
      expect((await graph('/v26.0/me', { token: body.access_token })).status).toBe(200)
    })

    it('refreshes a long-lived token only once it is 24 hours old; the old one lives to its own expiry', async () => {
      const token = await longLivedToken()
      const refresh = (t: string) =>
        graph(`/refresh_access_token?${new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: t })}`)
      const early = await refresh(token)
      expect(early.status).toBe(400)
      expect(early.body.error).toMatchObject({ type: 'OAuthException', code: 10 })
      expect(early.body.error.message).toContain('not yet eligible')
      expect(fake.refreshes).toEqual([])

      fake.advance(25 * HOUR)
      const { status, body } = await refresh(token)
      expect(status).toBe(200)
      expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5183944 })
      expect(fake.refreshes).toEqual([{ accountUserId: SALON.userId, at: expect.any(Number) }])
      expect((await graph('/me', { token })).status).toBe(200)

      fake.advance(59 * 24 * HOUR)
      expect((await graph('/me', { token })).body.error).toMatchObject({ code: 190, error_subcode: 463 })
      expect((await refresh(token)).body.error.code).toBe(190)
      expect((await graph('/me', { token: body.access_token })).status).toBe(200)
      expect(fake.tokensOf(SALON.userId)).toEqual([body.access_token])
    })
  })

  describe('Graph', () => {
    it('answers /me with the fields asked only: user_id is not id', async () => {
      const token = await longLivedToken()
      expect((await graph('/v26.0/me?fields=user_id,username', { token })).body).toEqual({
        user_id: SALON.userId,
        username: SALON.username,
      })
      expect((await graph(`/me?access_token=${token}`)).body).toEqual({ id: SALON.appScopedId })
      expect((await graph(`/v25.0/${SALON.userId}?fields=id,user_id`, { token })).body).toEqual({
        id: SALON.appScopedId,
        user_id: SALON.userId,
      })
      expect((await graph('/v26.0/me?fields=email', { token })).body.error.code).toBe(100)
      const missing = await graph('/v26.0/me')
      expect(missing.status).toBe(400)
      expect(missing.body.error).toMatchObject({ type: 'OAuthException', code: 2500 })
      expect((await graph('/v26.0/me', { token: 'IGAAnot-ours' })).body.error.code).toBe(190)
      const unknown = await graph('/v26.0/me/feed/extra', { token })
      expect(unknown.status).toBe(400)
      expect(unknown.body.error.code).toBe(100)
    })

    it('turns a revoked token, or every token of a revoked account, into 190', async () => {
      const first = await longLivedToken()
      const second = await longLivedToken()
      fake.revoke(first)
      const revoked = await graph('/v26.0/me', { token: first })
      expect(revoked.body.error).toMatchObject({ code: 190, error_subcode: 460 })
      expect((await graph('/v26.0/me', { token: second })).status).toBe(200)
      fake.revokeAccount(SALON.userId)
      expect((await graph('/v26.0/me', { token: second })).body.error.code).toBe(190)
      expect(fake.tokensOf(SALON.userId)).toEqual([])
    })

    it('subscribes, lists and unsubscribes the app’s webhook fields', async () => {
      const token = await longLivedToken()
      const path = '/v26.0/me/subscribed_apps'
      expect((await graph(path, { token })).body).toEqual({ data: [] })
      expect((await graph(`${path}?subscribed_fields=messages`, { method: 'POST', token })).body).toEqual({
        success: true,
      })
      expect(fake.subscriptions.get(SALON.userId)).toEqual(['messages'])
      expect((await graph(path, { token })).body).toEqual({ data: [{ subscribed_fields: ['messages'] }] })
      const viaBody = await graph(path, {
        method: 'POST',
        token,
        body: { subscribed_fields: ['messages', 'comments'] },
      })
      expect(viaBody.body).toEqual({ success: true })
      expect(fake.subscriptions.get(SALON.userId)).toEqual(['messages', 'comments'])
      expect((await graph(`${path}?subscribed_fields=feed`, { method: 'POST', token })).body.error.code).toBe(100)
      expect((await graph(path, { method: 'DELETE', token })).body).toEqual({ success: true })
      expect(fake.subscriptions.has(SALON.userId)).toBe(false)
    })

    it('injects failures in Meta’s transient shape, then serves again', async () => {
      const token = await longLivedToken()
      fake.failNext(1)
      const failed = await graph('/v26.0/me', { token })
      expect(failed.status).toBe(500)
      expect(failed.body.error).toMatchObject({
        message: 'An unexpected error has occurred. Please retry your request later.',
        type: 'OAuthException',
        is_transient: true,
        code: 2,
      })
      expect((await graph('/v26.0/me', { token })).status).toBe(200)
    })
  })

  describe('messages and webhooks', () => {
    it('posts a customer’s message signed over Meta’s escaped bytes, and shows their profile', async () => {
      const customer = fake.customer(SALON.userId, '1234567890123456')
      const { mid, status } = await customer.say('Bonjour, un rendez-vous à 10h ? 💇‍♀️ https://x.test/a')
      expect(status).toBe(200)
      const [delivery] = receiver.received
      expect(validSignature(delivery?.raw ?? '', delivery?.headers['x-hub-signature-256'])).toBe(true)
      expect(delivery?.headers['content-type']).toBe('application/json')
      const raw = delivery?.raw ?? ''
      expect(raw).toMatch(/^[\x20-\x7e]*$/)
      expect(raw).toContain('rendez-vous \\u00e0 10h ? \\ud83d\\udc87\\u200d\\u2640\\ufe0f https:\\/\\/x.test\\/a')
      const body = JSON.parse(raw)
      expect(body).toEqual({
        object: 'instagram',
        entry: [
          {
            id: SALON.userId,
            time: expect.any(Number),
            messaging: [
              {
                sender: { id: customer.igsid },
                recipient: { id: SALON.userId },
                timestamp: expect.any(Number),
                message: { mid, text: 'Bonjour, un rendez-vous à 10h ? 💇‍♀️ https://x.test/a' },
              },
            ],
          },
        ],
      })
      expect(mid).toMatch(/^aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOj[\w-]{60,}$/)
      const token = await longLivedToken()
      const profile = await graph(`/v26.0/${customer.igsid}?fields=name,username`, { token })
      expect(profile.body).toEqual({ name: expect.any(String), username: expect.stringMatching(/^client\./) })
      expect((await graph('/v26.0/1111111111111111?fields=name', { token })).body.error.code).toBe(100)
    })

    it('sends through the Send API, then posts the signed echo with the same mid', async () => {
      const token = await longLivedToken()
      const customer = fake.customer(SALON.userId)
      expect(customer.igsid).toMatch(/^\d{16,17}$/)
      await customer.say('Salut')
      const { status, body } = await sendText(token, customer.igsid, 'Bien sûr, à demain !')
      expect(status).toBe(200)
      expect(body).toEqual({ recipient_id: customer.igsid, message_id: expect.stringMatching(/^aWdf/) })
      await fake.settle()
      expect(receiver.received).toHaveLength(2)
      const echo = receiver.received[1]
      expect(validSignature(echo?.raw ?? '', echo?.headers['x-hub-signature-256'])).toBe(true)
      expect(echo?.raw).toContain('Bien s\\u00fbr, \\u00e0 demain !')
      expect(JSON.parse(echo?.raw ?? '').entry[0]).toMatchObject({
        id: SALON.userId,
        messaging: [
          {
            sender: { id: SALON.userId },
            recipient: { id: customer.igsid },
            message: { mid: body.message_id, text: 'Bien sûr, à demain !', is_echo: true },
          },
        ],
      })
      expect(fake.sent).toEqual([
        {
          accountUserId: SALON.userId,
          recipientId: customer.igsid,
          text: 'Bien sûr, à demain !',
          mid: body.message_id,
          at: expect.any(Number),
        },
      ])
      expect((await sendText(token, customer.igsid, 'Encore', `/v26.0/${SALON.userId}/messages`)).status).toBe(200)
      expect((await sendText(token, customer.igsid, 'Et toi', `/v26.0/${OTHER.userId}/messages`)).status).toBe(400)
      expect(customer.messages()).toEqual(['Bien sûr, à demain !', 'Encore'])
    })

    it('refuses a text over 1000 UTF-8 bytes and a recipient who never wrote', async () => {
      const token = await longLivedToken()
      const customer = fake.customer(SALON.userId)
      await customer.say('Hello')
      const tooLong = await sendText(token, customer.igsid, 'é'.repeat(501))
      expect(tooLong.status).toBe(400)
      expect(tooLong.body.error).toMatchObject({
        message: '(#100) Length of param message[text] must be less than or equal to 1000',
        type: 'OAuthException',
        code: 100,
      })
      expect((await sendText(token, customer.igsid, 'é'.repeat(500))).status).toBe(200)
      const silent = fake.customer(SALON.userId)
      for (const stranger of [silent.igsid, '9999999999999999']) {
        const refused = await sendText(token, stranger, 'Hi')
        expect(refused.body.error).toMatchObject({ code: 100, error_subcode: 2018001 })
      }
      // The same IGSID means nothing to another account.
      const other = await longLivedToken(OTHER.username)
      expect((await sendText(other, customer.igsid, 'Hi')).body.error.error_subcode).toBe(2018001)
    })

    it('closes the window 24 hours after the customer’s last message', async () => {
      const token = await longLivedToken()
      const customer = fake.customer(SALON.userId)
      await customer.say('Hello')
      fake.advance(25 * HOUR)
      const late = await sendText(token, customer.igsid, 'Sorry for the wait')
      expect(late.status).toBe(400)
      expect(late.body.error).toMatchObject({
        message: '(#10) This message is sent outside of allowed window.',
        type: 'OAuthException',
        code: 10,
        error_subcode: 2534022,
      })
      await customer.say('Still there?')
      expect((await sendText(token, customer.igsid, 'Yes!')).status).toBe(200)
      const old = fake.customer(SALON.userId)
      await old.say('From yesterday', fake.now() - 24 * HOUR)
      expect((await sendText(token, old.igsid, 'Hi')).body.error.error_subcode).toBe(2534022)
    })

    it('redelivers byte-identical bodies, batches one entry per account, and posts raw or forged bodies', async () => {
      const anna = fake.customer(SALON.userId)
      const bruno = fake.customer(OTHER.userId)
      const { mid } = await anna.say('Ça marche')
      receiver.state.next = 500
      expect(await fake.redeliver(mid)).toBe(500)
      receiver.state.next = 200
      expect(receiver.received[1]?.raw).toBe(receiver.received[0]?.raw)
      expect(receiver.received[1]?.headers['x-hub-signature-256']).toBe(
        receiver.received[0]?.headers['x-hub-signature-256'],
      )

      expect(
        await fake.batch([
          { customer: anna, text: 'un' },
          { customer: bruno, text: 'zwei' },
          { customer: anna, text: 'tre' },
        ]),
      ).toBe(200)
      const batch = receiver.received[2]
      expect(validSignature(batch?.raw ?? '', batch?.headers['x-hub-signature-256'])).toBe(true)
      const entries = JSON.parse(batch?.raw ?? '').entry
      expect(entries.map((e: Loose) => [e.id, e.messaging.map((m: Loose) => m.message.text)])).toEqual([
        [SALON.userId, ['un', 'tre']],
        [OTHER.userId, ['zwei']],
      ])
      await fake.redeliver(entries[1].messaging[0].message.mid)
      expect(receiver.received[3]?.raw).toBe(batch?.raw)

      const body = '{"object":"instagram","entry":[]}'
      expect(fake.sign(body)).toBe(`sha256=${createHmac('sha256', OPTIONS.appSecret).update(body).digest('hex')}`)
      await fake.post(body, 'sha256=00')
      await fake.post(body, null)
      await fake.post(body)
      expect(receiver.received.slice(4).map((r) => r.headers['x-hub-signature-256'])).toEqual([
        'sha256=00',
        undefined,
        fake.sign(body),
      ])
    })

    it('sends images without text and the owner’s own replies as foreign echoes', async () => {
      const customer = fake.customer(SALON.userId)
      await customer.sendImage()
      const image = JSON.parse(receiver.received[0]?.raw ?? '').entry[0].messaging[0].message
      expect(image).toEqual({
        mid: expect.any(String),
        attachments: [{ type: 'image', payload: { url: expect.stringMatching(/^https:\/\/lookaside\.fbsbx\.com\//) } }],
      })
      const { mid } = await customer.ownerReplies('Je regarde')
      const echo = JSON.parse(receiver.received[1]?.raw ?? '').entry[0].messaging[0]
      expect(echo).toMatchObject({
        sender: { id: SALON.userId },
        recipient: { id: customer.igsid },
        message: { mid, text: 'Je regarde', is_echo: true },
      })
      expect(fake.sent).toEqual([])
    })

    it('gives the product its environment', () => {
      expect(instagramEnv(fake, OPTIONS)).toEqual({
        INSTAGRAM_APP_ID: OPTIONS.appId,
        INSTAGRAM_APP_SECRET: OPTIONS.appSecret,
        INSTAGRAM_VERIFY_TOKEN: 'fake-verify-token',
        INSTAGRAM_BASE_URL: fake.url,
      })
    })
  })
})
