import { createHash, randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeMicrosoft, startFakeMicrosoft } from './microsoft'

/**
 * The fake Microsoft against Microsoft's reference pages, driven with plain fetch and tokens from
 * the fake's own consent flow. Each test names the page it checks:
 *  [auth-code]  https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow
 *  [refresh]    https://learn.microsoft.com/entra/identity-platform/refresh-tokens
 *  [errors]     https://learn.microsoft.com/entra/identity-platform/reference-error-codes
 *  [event]      https://learn.microsoft.com/graph/api/resources/event
 *  [delta]      https://learn.microsoft.com/graph/delta-query-events and /graph/delta-query-overview
 *  [webhooks]   https://learn.microsoft.com/graph/change-notifications-delivery-webhooks
 *  [lifecycle]  https://learn.microsoft.com/graph/change-notifications-lifecycle-events
 *  [throttling] https://learn.microsoft.com/graph/throttling and /graph/throttling-limits
 */

const REDIRECT_URI = 'http://salonia.test/api/microsoft/callback'
const SCOPES = 'offline_access Calendars.ReadWrite User.Read'
const UTC = { Prefer: 'outlook.timezone="UTC"' }

let ms: FakeMicrosoft
let receiver: Awaited<ReturnType<typeof startReceiver>>

interface Reply {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: the tests read Microsoft's JSON freely
  body: any
  headers: Headers
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

function authUrl(challenge: string, scope = SCOPES) {
  const url = new URL(`${ms.baseUrl}/common/oauth2/v2.0/authorize`)
  url.search = new URLSearchParams({
    client_id: ms.clientId,
    response_type: 'code',
    response_mode: 'query',
    redirect_uri: REDIRECT_URI,
    scope,
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString()
  return url.toString()
}

async function token(form: Record<string, string>): Promise<Reply> {
  const answer = await fetch(`${ms.baseUrl}/common/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: ms.clientId, client_secret: ms.clientSecret, ...form }),
  })
  return { status: answer.status, body: await answer.json(), headers: answer.headers }
}

/** The product's way in: consent page, then the code redeemed with the secret and the verifier. */
async function signIn(scope = SCOPES) {
  const { verifier, challenge } = pkce()
  const code = new URL(await ms.consent(authUrl(challenge, scope))).searchParams.get('code') ?? ''
  const redeemed = await token({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
  })
  return redeemed.body as { access_token: string; refresh_token?: string; scope: string }
}

async function call(
  method: string,
  path: string,
  accessToken: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const answer = await fetch(path.startsWith('http') ? path : `${ms.baseUrl}/v1.0${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await answer.text()
  return { status: answer.status, body: text ? JSON.parse(text) : undefined, headers: answer.headers }
}

const at = (day: number, hour: number, zone = 'UTC') => ({
  dateTime: `2027-01-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00`,
  timeZone: zone,
})
const booking = (transactionId: string, day = 4, hour = 9) => ({
  subject: 'Coupe — Léa',
  body: { contentType: 'text', content: 'Réservé sur Salonia' },
  start: at(day, hour),
  end: at(day, hour + 1),
  showAs: 'busy',
  transactionId,
})

/** A webhook receiver on 127.0.0.1: /ok answers the handshake, the others fail it in their way. */
async function startReceiver() {
  const received: { path: string; body: { value: Array<Record<string, unknown>> } }[] = []
  const hanging: ServerResponse[] = []
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver')
    let text = ''
    for await (const chunk of request) text += chunk
    const validationToken = url.searchParams.get('validationToken')
    if (url.pathname === '/hang') return void hanging.push(response)
    if (url.pathname === '/broken') {
      response.writeHead(500)
      return response.end()
    }
    if (validationToken !== null) {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      // /encoded sends the token back as it came on the wire, which [webhooks] says fails.
      return response.end(url.pathname === '/encoded' ? encodeURIComponent(validationToken) : validationToken)
    }
    received.push({ path: url.pathname, body: JSON.parse(text) })
    response.writeHead(202)
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

beforeAll(async () => {
  ms = await startFakeMicrosoft({ validationTimeoutMs: 300 })
  receiver = await startReceiver()
})
afterAll(async () => {
  await ms.close()
  await receiver.close()
})
beforeEach(() => {
  ms.reset()
  receiver.received.length = 0
})

describe('identity platform', () => {
  it('redeems a code once, with the client secret and the PKCE verifier [auth-code]', async () => {
    const { verifier, challenge } = pkce()
    const redirect = new URL(await ms.consent(authUrl(challenge)))
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI)
    expect(redirect.searchParams.get('state')).toBe('state-123')
    const code = redirect.searchParams.get('code') ?? ''
    const form = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI }
    const redeemed = await token(form)
    expect(redeemed.status).toBe(200)
    expect(redeemed.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'Calendars.ReadWrite User.Read',
    })
    expect(redeemed.body.refresh_token).toEqual(expect.any(String))
    // "Error response": {error, error_description, error_codes, timestamp, trace_id, correlation_id}.
    const again = await token(form)
    expect(again.status).toBe(400)
    expect(again.body).toEqual({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/^AADSTS54005: .*\r\nTrace ID: [-0-9a-f]{36}\r\nCorrelation ID: /s),
      error_codes: [54005],
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/),
      trace_id: expect.any(String),
      correlation_id: expect.any(String),
      error_uri: 'https://login.microsoftonline.com/error?code=54005',
    })
    // A refresh token only with offline_access (`refresh_token` row of the token response).
    expect((await signIn('Calendars.ReadWrite')).refresh_token).toBeUndefined()
  })

  it('refuses a wrong verifier, a wrong secret and a cancelled consent [auth-code] [errors]', async () => {
    const { challenge } = pkce()
    const code = new URL(await ms.consent(authUrl(challenge))).searchParams.get('code') ?? ''
    const wrong = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce().verifier,
      redirect_uri: REDIRECT_URI,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ error: 'invalid_grant', error_codes: [501481] })
    const secret = await token({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: 'not-it' })
    expect(secret.status).toBe(401)
    expect(secret.body).toMatchObject({ error: 'invalid_client', error_codes: [7000215] })
    const denied = new URL(await ms.consent(authUrl(challenge), 'deny'))
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: 'access_denied', state: 'state-123' })
    expect(denied.searchParams.get('error_description')).toMatch(/^AADSTS65004/)
  })

  it('rotates refresh tokens without revoking the old one, and expires them on the clock [refresh]', async () => {
    const first = await signIn()
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token)
    expect((await call('GET', '/me', refreshed.body.access_token)).status).toBe(200)
    // "refresh tokens aren't revoked when used to acquire new access tokens": two workers may race.
    expect((await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' })).status).toBe(200)
    // An access token lives an hour; a refresh token 90 days of inactivity; a code about 10 minutes.
    const { challenge, verifier } = pkce()
    const code = new URL(await ms.consent(authUrl(challenge))).searchParams.get('code') ?? ''
    ms.clock.advance(11 * 60_000)
    const late = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
    })
    expect(late.body).toMatchObject({ error: 'invalid_grant', error_codes: [70008] })
    ms.clock.advance(91 * 86_400_000)
    expect((await call('GET', '/me', refreshed.body.access_token)).body.error.code).toBe('InvalidAuthenticationToken')
    const idle = await token({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token })
    expect(idle.body).toMatchObject({ error: 'invalid_grant', error_codes: [700082] })
    ms.clock.set(Date.now())
  })

  it('answers invalid_grant AADSTS50173 and 401 once the grant is revoked, and a new consent resumes [errors]', async () => {
    const tokens = await signIn()
    ms.revokeGrant()
    const refused = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' })
    expect(refused.body).toMatchObject({ error: 'invalid_grant', error_codes: [50173] })
    const me = await call('GET', '/me', tokens.access_token)
    expect(me.status).toBe(401)
    expect(me.headers.get('www-authenticate')).toMatch(/^Bearer /)
    expect(me.body.error).toMatchObject({
      code: 'InvalidAuthenticationToken',
      message: 'Access token has expired or is not yet valid.',
    })
    const again = await signIn()
    expect((await call('GET', '/me', again.access_token)).status).toBe(200)
    ms.revokeGrant({ how: 'interaction_required' })
    const mfa = await token({ grant_type: 'refresh_token', refresh_token: again.refresh_token ?? '' })
    expect(mfa.body).toMatchObject({ error: 'interaction_required', error_codes: [50076] })
    // An Entra outage: temporarily_unavailable, to be retried ("Error codes for token endpoint errors").
    ms.failNext({ status: 503, retryAfter: 1, where: 'identity' })
    const busy = await token({ grant_type: 'refresh_token', refresh_token: again.refresh_token ?? '' })
    expect([busy.status, busy.body.error, busy.headers.get('retry-after')]).toEqual([
      503,
      'temporarily_unavailable',
      '1',
    ])
  })
})

describe('Graph: user, calendars and events', () => {
  it('serves /me and /me/calendars, with 403 without the scope and 401 without a token [event]', async () => {
    const { access_token } = await signIn()
    const me = await call('GET', '/me', access_token)
    expect(me.body).toMatchObject({
      displayName: 'Claire Dubois',
      mail: 'claire@salon-lumiere.fr',
      id: ms.accounts[0]?.id,
    })
    expect(me.headers.get('request-id')).toEqual(expect.any(String))
    const calendars = await call('GET', '/me/calendars', access_token)
    expect(
      calendars.body.value.map((c: { name: string; isDefaultCalendar: boolean }) => [c.name, c.isDefaultCalendar]),
    ).toEqual([
      ['Calendar', true],
      ['Salon Lumière', false],
    ])
    const calendarOnly = await signIn('offline_access Calendars.ReadWrite')
    expect((await call('GET', '/me', calendarOnly.access_token)).body.error.code).toBe('ErrorAccessDenied')
    expect((await call('GET', '/me', '')).body.error.message).toBe('Access token is empty.')
  })

  it('creates once per transactionId, patches, deletes with 204 then 404 [event]', async () => {
    const { access_token } = await signIn()
    const calendarId = ms.calendars()[1]?.id ?? ''
    const path = `/me/calendars/${encodeURIComponent(calendarId)}/events`
    const first = await call('POST', path, access_token, booking('B1-1'), UTC)
    const retry = await call('POST', path, access_token, booking('B1-1'), UTC)
    expect([first.status, retry.status]).toEqual([201, 201])
    expect(retry.body.id).toBe(first.body.id)
    expect(ms.ourEvents({ calendarId })).toHaveLength(1)
    expect(first.body).toMatchObject({
      subject: 'Coupe — Léa',
      transactionId: 'B1-1',
      showAs: 'busy',
      type: 'singleInstance',
      isAllDay: false,
      isCancelled: false,
      start: { dateTime: '2027-01-04T09:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2027-01-04T10:00:00.0000000', timeZone: 'UTC' },
    })
    expect(first.body['@odata.etag']).toBe(`W/"${first.body.changeKey}"`)

    const id = encodeURIComponent(first.body.id)
    const moved = await call(
      'PATCH',
      `/me/events/${id}`,
      access_token,
      { start: at(4, 14, 'Europe/Paris'), end: at(4, 15, 'Europe/Paris') },
      UTC,
    )
    expect(moved.status).toBe(200)
    expect(moved.body.start).toEqual({ dateTime: '2027-01-04T13:00:00.0000000', timeZone: 'UTC' })
    expect(moved.body.changeKey).not.toBe(first.body.changeKey)
    expect((await call('PATCH', `/me/events/${id}`, access_token, { subjet: 'typo' })).body.error.code).toBe(
      'RequestBodyRead',
    )

    expect((await call('DELETE', `/me/events/${id}`, access_token)).status).toBe(204)
    const gone = await call('DELETE', `/me/events/${id}`, access_token)
    expect(gone.status).toBe(404)
    expect(gone.body.error.code).toBe('ErrorItemNotFound')
    // After a deletion the same transactionId still names the deleted event (the pessimistic reading).
    const ghost = await call('POST', path, access_token, booking('B1-1'), UTC)
    expect(ghost.body.id).toBe(first.body.id)
    expect((await call('GET', `/me/events/${id}`, access_token)).status).toBe(404)
    expect((await call('POST', path, access_token, booking('B1-2'), UTC)).body.id).not.toBe(first.body.id)
  })

  it('answers immutable ids when asked, and either form finds the event [event]', async () => {
    const { access_token } = await signIn()
    const plain = await call('POST', '/me/events', access_token, booking('B2-1'))
    const immutable = await call('GET', `/me/events/${encodeURIComponent(plain.body.id)}`, access_token, undefined, {
      Prefer: 'IdType="ImmutableId"',
    })
    expect(immutable.headers.get('preference-applied')).toContain('IdType="ImmutableId"')
    expect(immutable.body.id).not.toBe(plain.body.id)
    expect((await call('GET', `/me/events/${encodeURIComponent(immutable.body.id)}`, access_token)).body.id).toBe(
      plain.body.id,
    )
  })
})

describe('Graph: calendarView delta', () => {
  const window = new URLSearchParams({ startDateTime: '2027-01-01T00:00:00Z', endDateTime: '2027-01-31T00:00:00Z' })
  const deltaPath = () =>
    `/me/calendars/${encodeURIComponent(ms.calendars()[0]?.id ?? '')}/calendarView/delta?${window}`
  const pageOf = (size: number) => ({ Prefer: `odata.maxpagesize=${size}, outlook.timezone="UTC"` })

  async function round(accessToken: string, first: string, size = 2) {
    const pages: Reply[] = []
    let next: string | undefined = first
    while (next) {
      const page = await call('GET', next, accessToken, undefined, pageOf(size))
      expect(page.status).toBe(200)
      pages.push(page)
      next = page.body['@odata.nextLink']
      if (next) expect(page.body['@odata.deltaLink']).toBeUndefined()
    }
    return {
      items: pages.flatMap((p) => p.body.value),
      pages,
      deltaLink: pages.at(-1)?.body['@odata.deltaLink'] as string,
    }
  }

  it('pages with nextLink, ends with a deltaLink, and expands series [delta]', async () => {
    const { access_token } = await signIn()
    ms.addOwnEvent({ subject: 'Dentiste', start: at(5, 10, 'Europe/Paris'), end: at(5, 11, 'Europe/Paris') })
    ms.addOwnEvent({ subject: 'Congés', isAllDay: true, showAs: 'oof', start: at(6, 0), end: at(8, 0) })
    ms.addOwnEvent({
      subject: 'Hors fenêtre',
      start: { dateTime: '2027-03-01T10:00:00', timeZone: 'UTC' },
      end: { dateTime: '2027-03-01T11:00:00', timeZone: 'UTC' },
    })
    ms.addOwnEvent({
      subject: 'Formation',
      start: at(5, 18),
      end: at(5, 19),
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['tuesday'] },
        range: { type: 'numbered', startDate: '2027-01-05', numberOfOccurrences: 3 },
      },
    })
    const { items, pages, deltaLink } = await round(access_token, deltaPath())
    expect(pages.map((p) => p.body.value.length)).toEqual([2, 2, 1])
    expect(pages[0]?.headers.get('preference-applied')).toContain('odata.maxpagesize=2')
    expect(deltaLink).toMatch(new RegExp(`^${ms.baseUrl}/v1\\.0/me/calendars/.+/calendarView/delta\\?\\$deltatoken=`))
    expect(items.map((e: { subject: string; type: string }) => `${e.subject}:${e.type}`)).toEqual([
      'Dentiste:singleInstance',
      'Formation:occurrence',
      'Congés:singleInstance',
      'Formation:occurrence',
      'Formation:occurrence',
    ])
    const dentist = items[0]
    expect(dentist).toMatchObject({
      '@odata.type': '#microsoft.graph.event',
      start: { dateTime: '2027-01-05T09:00:00.0000000', timeZone: 'UTC' },
    })
    expect(items[2]).toMatchObject({
      isAllDay: true,
      showAs: 'oof',
      start: { dateTime: '2027-01-06T00:00:00.0000000' },
    })
    expect(
      new Set(
        items
          .filter((e: { type: string }) => e.type === 'occurrence')
          .map((e: { seriesMasterId: string }) => e.seriesMasterId),
      ).size,
    ).toBe(1)
  })

  it('answers only changes on the deltaLink, deletions as @removed, within the token window [delta]', async () => {
    const { access_token } = await signIn()
    const kept = ms.addOwnEvent({ subject: 'Garde', start: at(10, 9), end: at(10, 10) })
    const moved = ms.addOwnEvent({ subject: 'Déplacé', start: at(11, 9), end: at(11, 10) })
    const deleted = ms.addOwnEvent({ subject: 'Supprimé', start: at(12, 9), end: at(12, 10) })
    const leaving = ms.addOwnEvent({ subject: 'Sort', start: at(13, 9), end: at(13, 10) })
    const { deltaLink } = await round(access_token, deltaPath(), 10)
    ms.moveOwnEvent(moved.id as string, { start: at(11, 15), end: at(11, 16) })
    ms.deleteOwnEvent(deleted.id as string)
    ms.moveOwnEvent(leaving.id as string, {
      start: { dateTime: '2027-02-13T09:00:00', timeZone: 'UTC' },
      end: { dateTime: '2027-02-13T10:00:00', timeZone: 'UTC' },
    })
    ms.addOwnEvent({ subject: 'Nouveau', start: at(14, 9), end: at(14, 10) })
    ms.addOwnEvent({
      subject: 'Après la fenêtre',
      start: { dateTime: '2027-02-02T09:00:00', timeZone: 'UTC' },
      end: { dateTime: '2027-02-02T10:00:00', timeZone: 'UTC' },
    })
    const changes = await call('GET', deltaLink, access_token, undefined, { Prefer: 'IdType="ImmutableId"' })
    const removed = changes.body.value.filter((e: Record<string, unknown>) => e['@removed'])
    expect(removed).toEqual(
      [deleted.id, leaving.id].map((id) => ({
        '@odata.type': '#microsoft.graph.event',
        id,
        '@removed': { reason: 'deleted' },
      })),
    )
    const updated = changes.body.value.filter((e: Record<string, unknown>) => !e['@removed'])
    expect(updated.map((e: { subject: string }) => e.subject)).toEqual(['Déplacé', 'Nouveau'])
    expect(updated.some((e: { id: string }) => e.id === kept.id)).toBe(false)
    const quiet = await call('GET', changes.body['@odata.deltaLink'], access_token)
    expect(quiet.body.value).toEqual([])
  })

  it('answers 410 Gone to a token it no longer knows, and 400 without a window [delta]', async () => {
    const { access_token } = await signIn()
    const { deltaLink } = await round(access_token, deltaPath())
    ms.invalidateDeltaTokens()
    const gone = await call('GET', deltaLink, access_token)
    expect(gone.status).toBe(410)
    expect(gone.body.error.code).toBe('SyncStateNotFound')
    expect(gone.headers.get('location')).toContain('startDateTime=2027-01-01T00%3A00%3A00Z')
    expect((await call('GET', `${deltaLink.split('?')[0]}?$deltatoken=never-issued`, access_token)).status).toBe(410)
    const noWindow = await call('GET', `/me/calendarView/delta`, access_token)
    expect(noWindow.body.error).toMatchObject({
      code: 'ErrorInvalidParameter',
      message: expect.stringContaining('StartDateTime and EndDateTime'),
    })
  })
})

describe('Graph: subscriptions and notifications', () => {
  const expiry = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
  const subscribe = (accessToken: string, notificationUrl: string, lifecycleNotificationUrl?: string, minutes = 4200) =>
    call(
      'POST',
      '/subscriptions',
      accessToken,
      {
        changeType: 'created,updated,deleted',
        notificationUrl,
        ...(lifecycleNotificationUrl ? { lifecycleNotificationUrl } : {}),
        resource: `me/calendars/${ms.calendars()[0]?.id}/events`,
        expirationDateTime: expiry(minutes),
        clientState: 'secret-state',
      },
      { Prefer: 'IdType="ImmutableId"' },
    )

  it('validates both URLs with the token handshake, else 400 and no subscription [webhooks]', async () => {
    const { access_token } = await signIn()
    const made = await subscribe(access_token, receiver.url('/ok'), receiver.url('/ok-lifecycle'))
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      clientState: 'secret-state',
      changeType: 'created,updated,deleted',
      applicationId: ms.clientId,
    })
    for (const bad of ['/broken', '/encoded', '/hang']) {
      const refused = await subscribe(access_token, receiver.url('/ok'), receiver.url(bad))
      expect(refused.status).toBe(400)
      expect(refused.body.error.message).toMatch(/^Subscription validation request failed/)
    }
    expect((await subscribe(access_token, receiver.url('/ok'), undefined, 10_081)).body.error.message).toBe(
      'Subscription expiration can only be 10080 minutes in the future.',
    )
    expect(ms.subscriptions().map((s) => s.id)).toEqual([made.body.id])
  })

  it('notifies every change with its clientState, and renews with PATCH [webhooks]', async () => {
    const { access_token } = await signIn()
    const { body: subscription } = await subscribe(access_token, receiver.url('/ok'))
    const own = ms.addOwnEvent({ subject: 'Coiffeur perso', start: at(20, 9), end: at(20, 10) })
    const ours = await call('POST', '/me/events', access_token, booking('B3-1', 20, 11), {
      Prefer: 'IdType="ImmutableId"',
    })
    await ms.settled()
    const items = receiver.received.map((r) => r.body.value[0])
    expect(items).toEqual([
      expect.objectContaining({
        changeType: 'created',
        clientState: 'secret-state',
        subscriptionId: subscription.id,
        tenantId: ms.tenantId,
      }),
      expect.objectContaining({ changeType: 'created', clientState: 'secret-state' }),
    ])
    // Created with IdType="ImmutableId", the subscription names events by their immutable ids.
    expect(items.map((i) => (i?.resourceData as { id: string } | undefined)?.id)).toEqual([own.id, ours.body.id])
    expect(items[0]?.resourceData).toMatchObject({
      '@odata.type': '#Microsoft.Graph.Event',
      '@odata.etag': expect.any(String),
    })
    expect(ms.notifications.map((n) => n.status)).toEqual([202, 202])
    const renewed = await call('PATCH', `/subscriptions/${subscription.id}`, access_token, {
      expirationDateTime: expiry(10_000),
    })
    expect(renewed.status).toBe(200)
    expect(Date.parse(renewed.body.expirationDateTime)).toBeGreaterThan(Date.parse(subscription.expirationDateTime))
    ms.expireSubscription(subscription.id)
    expect(
      (await call('PATCH', `/subscriptions/${subscription.id}`, access_token, { expirationDateTime: expiry(60) }))
        .status,
    ).toBe(404)
  })

  it('sends lifecycle events to lifecycleNotificationUrl and acts on them [lifecycle]', async () => {
    const { access_token } = await signIn()
    const { body: subscription } = await subscribe(access_token, receiver.url('/ok'), receiver.url('/lifecycle'))
    expect(await ms.sendLifecycle(subscription.id, 'reauthorizationRequired')).toBe(202)
    ms.addOwnEvent({ subject: 'Pendant la pause', start: at(21, 9), end: at(21, 10) })
    expect((await call('POST', `/subscriptions/${subscription.id}/reauthorize`, access_token)).status).toBe(204)
    ms.addOwnEvent({ subject: 'Après', start: at(21, 11), end: at(21, 12) })
    expect(await ms.sendLifecycle(subscription.id, 'missed')).toBe(202)
    expect(await ms.sendLifecycle(subscription.id, 'subscriptionRemoved')).toBe(202)
    await ms.settled()
    const lifecycle = receiver.received.filter((r) => r.path === '/lifecycle').map((r) => r.body.value[0])
    expect(lifecycle.map((l) => l?.lifecycleEvent)).toEqual([
      'reauthorizationRequired',
      'missed',
      'subscriptionRemoved',
    ])
    expect(lifecycle[0]).toMatchObject({
      subscriptionId: subscription.id,
      clientState: 'secret-state',
      tenantId: ms.tenantId,
    })
    expect(receiver.received.filter((r) => r.path === '/ok')).toHaveLength(1)
    expect((await call('GET', `/subscriptions/${subscription.id}`, access_token)).status).toBe(404)
  })
})

describe('Graph throttling', () => {
  afterEach(() => ms.restore())

  it('answers 429 with Retry-After and Graph error body, and 503 during an outage [throttling]', async () => {
    const { access_token } = await signIn()
    ms.failNext({ status: 429, retryAfter: 7 })
    const throttled = await call('GET', '/me', access_token, undefined, { 'client-request-id': 'c-1' })
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toBe('7')
    expect(throttled.body).toEqual({
      error: {
        code: 'TooManyRequests',
        message: expect.any(String),
        innerError: {
          date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
          'request-id': expect.any(String),
          'client-request-id': 'c-1',
        },
      },
    })
    expect((await call('GET', '/me', access_token)).status).toBe(200)
    ms.outage({ status: 503, retryAfter: 2 })
    expect((await call('GET', '/me', access_token)).status).toBe(503)
    ms.restore()
    expect((await call('GET', '/me', access_token)).status).toBe(200)
  })

  it('refuses a fifth request at once on one mailbox with MailboxConcurrency [throttling]', async () => {
    const { access_token } = await signIn()
    ms.setDelay(150)
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('GET', '/me', access_token)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429])
    const refused = answers.find((a) => a.status === 429)
    expect(refused?.body.error).toMatchObject({
      code: 'ApplicationThrottled',
      message: 'Application is over its MailboxConcurrency limit.',
    })
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
