import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createFakeCalendar, type FakeGoogleCalendar } from './google-calendar'

/**
 * A local stand-in for Google's OAuth 2.0 / OpenID Connect endpoints, on Google's own paths, so
 * the product's real sign-in code runs against it (GOOGLE_BASE_URL):
 *  - GET  /o/oauth2/v2/auth     the consent screen: an HTML page listing the fake's accounts, with
 *                               "Continue as …" buttons and a "Cancel" (deny) button
 *  - POST /o/oauth2/v2/auth     the choice → 302 to redirect_uri with ?code&state (or ?error=access_denied)
 *  - POST /token                authorization_code (client secret + PKCE S256 checked) and refresh_token grants
 *  - GET  /v1/userinfo          the account behind a Bearer access token
 *  - POST /revoke               revokes a refresh or access token (and the whole grant)
 *  - /calendar/v3/…             Google Calendar API v3: events and push channels (google-calendar.ts)
 * Real time drives token lifetimes; `expireAccessTokens()` ends every access token at once.
 */

export interface FakeGoogleAccount {
  email: string
  name: string
  emailVerified?: boolean
}

interface Grant {
  account: FakeGoogleAccount
  scope: string
  refreshToken: string | undefined
  revoked: boolean
}

interface PendingCode {
  grant: Grant
  clientId: string
  redirectUri: string
  codeChallenge: string
  used: boolean
}

export interface FakeGoogle {
  baseUrl: string
  clientId: string
  clientSecret: string
  accounts: FakeGoogleAccount[]
  /** Every token revoked, in order. */
  revoked: string[]
  /** Grant types the token endpoint served, in order. */
  tokenRequests: string[]
  /** Makes every access token expired, as if an hour had passed. */
  expireAccessTokens(): void
  /** Walks the consent screen as a browser would: the callback URL the browser is sent to. */
  consent(authUrl: string, choice: { email: string } | 'deny'): Promise<string>
  /** Each account's Google Calendar, as the owner sees it in Google, and the calendar API's controls. */
  calendar: FakeGoogleCalendar
  close(): Promise<void>
}

const AUTH_PATH = '/o/oauth2/v2/auth'

export async function startFakeGoogle(
  options: {
    accounts?: FakeGoogleAccount[]
    clientId?: string
    clientSecret?: string
    port?: number
    /** Accept http:// webhook addresses for push channels (default true: tests listen on http://127.0.0.1). */
    allowHttpWebhooks?: boolean
    /** The calendars' time zone (default UTC). */
    calendarTimeZone?: string
  } = {},
): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com'
  const clientSecret = options.clientSecret ?? 'fake-client-secret'
  const codes = new Map<string, PendingCode>()
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>()
  const refreshTokens = new Map<string, Grant>()
  const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`
  /** The grant behind an access token, if the token is known, unexpired and its grant not revoked. */
  const liveGrant = (accessToken: string) => {
    const entry = accessTokens.get(accessToken)
    return entry && entry.expiresAt > Date.now() && !entry.grant.revoked ? entry.grant : undefined
  }
  const calendar = createFakeCalendar({
    baseUrl: () => fake.baseUrl,
    authenticate: (accessToken) => {
      const grant = liveGrant(accessToken)
      return grant && { email: grant.account.email, scope: grant.scope }
    },
    allowHttpWebhooks: options.allowHttpWebhooks ?? true,
    timeZone: options.calendarTimeZone ?? 'UTC',
  })

  const fake: FakeGoogle = {
    baseUrl: '',
    clientId,
    clientSecret,
    accounts: options.accounts ?? [],
    revoked: [],
    tokenRequests: [],
    expireAccessTokens: () => {
      for (const entry of accessTokens.values()) entry.expiresAt = 0
    },
    consent: async (authUrl, choice) => {
      const url = new URL(authUrl)
      const page = await fetch(`${fake.baseUrl}${url.pathname}${url.search}`)
      if (!page.ok) throw new Error(`consent screen answered ${page.status}: ${await page.text()}`)
      const html = await page.text()
      const requestId = html.match(/name="request" value="([^"]+)"/)?.[1]
      if (!requestId) throw new Error('no consent request on the page')
      const form = new URLSearchParams({
        request: requestId,
        ...(choice === 'deny' ? { deny: '1' } : { email: choice.email }),
      })
      const decision = await fetch(`${fake.baseUrl}${AUTH_PATH}`, { method: 'POST', body: form, redirect: 'manual' })
      const location = decision.headers.get('location')
      if (decision.status !== 302 || !location) throw new Error(`consent answered ${decision.status}`)
      return location
    },
    calendar: calendar.controls,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  /** Consent screens shown and not yet answered, by request id. */
  const consents = new Map<string, URLSearchParams>()

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-google')
    try {
      if (url.pathname === '/health') return json(response, 200, { ok: true })
      if (url.pathname.startsWith('/calendar/v3/')) return await calendar.handle(request, response, url)
      if (url.pathname === AUTH_PATH && request.method === 'GET') return showConsent(url.searchParams, response)
      if (url.pathname === AUTH_PATH && request.method === 'POST') return decide(await readForm(request), response)
      if (url.pathname === '/token' && request.method === 'POST')
        return issueTokens(request, await readForm(request), response)
      if (url.pathname === '/v1/userinfo' && request.method === 'GET') return userInfo(request, response)
      if (url.pathname === '/revoke' && request.method === 'POST') {
        const form = await readForm(request)
        return revoke(url.searchParams.get('token') ?? form.get('token'), response)
      }
      json(response, 404, { error: 'not_found' })
    } catch (error) {
      json(response, 500, { error: 'server_error', error_description: (error as Error).message })
    }
  })

  function showConsent(params: URLSearchParams, response: ServerResponse) {
    const problem =
      params.get('client_id') !== clientId
        ? 'invalid_client'
        : params.get('response_type') !== 'code'
          ? 'unsupported_response_type'
          : !params.get('redirect_uri')
            ? 'redirect_uri_mismatch'
            : params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')
              ? 'invalid_request (PKCE S256 expected)'
              : undefined
    if (problem) {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      response.end(`<!doctype html><title>Error 400</title><h1>Error 400: ${problem}</h1>`)
      return
    }
    const requestId = token('req-')
    consents.set(requestId, params)
    const hint = params.get('login_hint')
    const buttons = fake.accounts
      .map(
        (a) =>
          `<button name="email" value="${escapeHtml(a.email)}">Continue as ${escapeHtml(a.name)} (${escapeHtml(a.email)})${a.email === hint ? ' — suggested' : ''}</button>`,
      )
      .join('\n')
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><title>Sign in – Google Accounts (fake)</title></head>
<body><main><h1>Choose an account</h1><p>to continue to Salonia</p><p>Scopes: ${escapeHtml(params.get('scope') ?? '')}</p>
<form method="post" action="${AUTH_PATH}"><input type="hidden" name="request" value="${requestId}">
${buttons}
<button name="deny" value="1">Cancel</button></form></main></body></html>`)
  }

  function decide(form: URLSearchParams, response: ServerResponse) {
    const params = consents.get(form.get('request') ?? '')
    if (!params) return json(response, 400, { error: 'invalid_request', error_description: 'unknown consent request' })
    consents.delete(form.get('request') ?? '')
    const redirect = new URL(params.get('redirect_uri') ?? '')
    const state = params.get('state')
    if (state) redirect.searchParams.set('state', state)
    const account = fake.accounts.find((a) => a.email === form.get('email'))
    if (form.get('deny') || !account) {
      redirect.searchParams.set('error', 'access_denied')
    } else {
      const code = token('4/code-')
      const offline = params.get('access_type') === 'offline'
      codes.set(code, {
        grant: {
          account,
          scope: params.get('scope') ?? '',
          refreshToken: offline ? token('1//refresh-') : undefined,
          revoked: false,
        },
        clientId: params.get('client_id') ?? '',
        redirectUri: params.get('redirect_uri') ?? '',
        codeChallenge: params.get('code_challenge') ?? '',
        used: false,
      })
      redirect.searchParams.set('code', code)
    }
    response.writeHead(302, { location: redirect.toString() })
    response.end()
  }

  function clientOf(request: IncomingMessage, form: URLSearchParams): { id: string | null; secret: string | null } {
    const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1]
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':')
      return { id: id ?? null, secret: secret ?? null }
    }
    return { id: form.get('client_id'), secret: form.get('client_secret') }
  }

  function newAccessToken(grant: Grant) {
    const accessToken = token('ya29.')
    accessTokens.set(accessToken, { grant, expiresAt: Date.now() + 3599_000 })
    return accessToken
  }

  function issueTokens(request: IncomingMessage, form: URLSearchParams, response: ServerResponse) {
    const grantType = form.get('grant_type') ?? ''
    fake.tokenRequests.push(grantType)
    const client = clientOf(request, form)
    if (client.id !== clientId || client.secret !== clientSecret) {
      return json(response, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' })
    }
    if (grantType === 'authorization_code') {
      const pending = codes.get(form.get('code') ?? '')
      const verifier = form.get('code_verifier') ?? ''
      const challenge = createHash('sha256').update(verifier).digest('base64url')
      if (!pending || pending.used || pending.clientId !== client.id) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' })
      }
      pending.used = true
      if (pending.redirectUri !== form.get('redirect_uri')) {
        return json(response, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' })
      }
      if (challenge !== pending.codeChallenge) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' })
      }
      const { grant } = pending
      if (grant.refreshToken) refreshTokens.set(grant.refreshToken, grant)
      return json(response, 200, {
        access_token: newAccessToken(grant),
        expires_in: 3599,
        scope: grant.scope,
        token_type: 'Bearer',
        ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
      })
    }
    if (grantType === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '')
      if (!grant || grant.revoked) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })
      }
      return json(response, 200, {
        access_token: newAccessToken(grant),
        expires_in: 3599,
        scope: grant.scope,
        token_type: 'Bearer',
      })
    }
    return json(response, 400, { error: 'unsupported_grant_type' })
  }

  function userInfo(request: IncomingMessage, response: ServerResponse) {
    const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? ''
    const grant = liveGrant(bearer)
    if (!grant) return json(response, 401, { error: 'invalid_token', error_description: 'Invalid Credentials' })
    const { account } = grant
    return json(response, 200, {
      sub: createHash('sha256').update(account.email).digest('hex').slice(0, 21),
      email: account.email,
      email_verified: account.emailVerified ?? true,
      name: account.name,
    })
  }

  function revoke(value: string | null, response: ServerResponse) {
    const grant = refreshTokens.get(value ?? '') ?? accessTokens.get(value ?? '')?.grant
    if (!value || !grant) return json(response, 400, { error: 'invalid_token', error_description: 'Bad Request' })
    grant.revoked = true
    fake.revoked.push(value)
    return json(response, 200, {})
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
