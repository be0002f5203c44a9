import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { graphErrors, IdentityError, identityErrors } from './microsoft-errors'
import { type Caller, type FakeMicrosoftAccount, mailboxOf, shortScope, type World } from './microsoft-world'

/**
 * The Microsoft identity platform (v2.0 endpoints) of the fake Microsoft, on login.microsoftonline.com's
 * paths, as "OAuth 2.0 authorization code flow" describes it
 * (https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow):
 *  - GET  /{tenant}/oauth2/v2.0/authorize  the sign-in and consent page: the accounts, the permissions
 *                                          asked, an "Accept" and a "Cancel" button (as the Google fake's)
 *  - POST /common/login                    the button pressed → 302 to redirect_uri with ?code&state
 *                                          (response_mode=query), or ?error=access_denied
 *  - POST /{tenant}/oauth2/v2.0/token      authorization_code (client secret + PKCE) and refresh_token
 * Refresh tokens rotate: every redemption answers a new one and the old one stays valid ("refresh
 * tokens aren't revoked when used to acquire new access tokens"), each lasting 90 days of inactivity
 * (https://learn.microsoft.com/entra/identity-platform/refresh-tokens). Authorization codes last 10
 * minutes and redeem once. The fake's clock drives every lifetime.
 */

/** What a revoked grant answers on refresh: revoked (AADSTS50173), expired (700082) or MFA asked (50076). */
export type Revocation = 'revoked' | 'expired' | 'interaction_required'

export interface Grant {
  id: string
  account: FakeMicrosoftAccount
  /** Graph scopes as asked (short form, original case), without the OpenID ones. */
  scopes: string[]
  offline: boolean
  issuedAt: number
  revoked: { at: number; how: Revocation } | undefined
}

interface PendingCode {
  grant: Grant
  clientId: string
  redirectUri: string
  challenge: string
  issuedAt: number
  used: boolean
}

const AUTHORIZE_PATH = /^\/([^/]+)\/oauth2\/v2\.0\/authorize$/
const TOKEN_PATH = /^\/([^/]+)\/oauth2\/v2\.0\/token$/
export const LOGIN_PATH = '/common/login'
const CODE_TTL_MS = 10 * 60_000
/** expires_in as Entra commonly answers it. */
const ACCESS_TOKEN_TTL_S = 3599
const REFRESH_INACTIVITY_MS = 90 * 86_400_000
/** OpenID scopes shape the answer, not Graph's permissions. */
const OPENID_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access'])

export interface IdentityOptions {
  clientId: string
  clientSecret: string
  /** Registered redirect URIs; undefined accepts any (the product's port varies between tests). */
  redirectUris: string[] | undefined
}

export function createIdentity(world: World, options: IdentityOptions) {
  const codes = new Map<string, PendingCode>()
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>()
  const refreshTokens = new Map<string, { grant: Grant; issuedAt: number }>()
  const grants: Grant[] = []
  /** Consent pages shown and not yet answered, by the request id hidden in their form. */
  const consents = new Map<string, URLSearchParams>()
  // Opaque tokens, as Microsoft accounts get them: a client must not decode them.
  const token = (prefix: string) => `${prefix}${randomBytes(48).toString('base64url')}`

  function matches(path: string): 'authorize' | 'token' | 'login' | undefined {
    if (AUTHORIZE_PATH.test(path)) return 'authorize'
    if (TOKEN_PATH.test(path)) return 'token'
    return path === LOGIN_PATH ? 'login' : undefined
  }

  // --- the sign-in and consent page -----------------------------------------------------------

  /** Entra's own error page, for a request it cannot send back (unknown app, unregistered redirect_uri). */
  function errorPage(response: ServerResponse, error: IdentityError) {
    response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><title>Sign in to your account</title></head><body><main>
<h1>Sign in</h1><p>Sorry, but we’re having trouble signing you in.</p><p class="error">${escapeHtml(error.message)}</p></main></body></html>`)
  }

  function redirectWithError(response: ServerResponse, params: URLSearchParams, error: string, description: string) {
    const redirect = new URL(params.get('redirect_uri') ?? '')
    redirect.searchParams.set('error', error)
    redirect.searchParams.set('error_description', description)
    const state = params.get('state')
    if (state !== null) redirect.searchParams.set('state', state)
    response.writeHead(302, { location: redirect.toString() })
    response.end()
  }

  function showConsent(params: URLSearchParams, response: ServerResponse) {
    const clientId = params.get('client_id') ?? ''
    if (clientId !== options.clientId) return errorPage(response, identityErrors.unknownClient(clientId))
    const redirectUri = params.get('redirect_uri') ?? ''
    if (!/^https?:\/\//.test(redirectUri) || (options.redirectUris && !options.redirectUris.includes(redirectUri))) {
      return errorPage(
        response,
        new IdentityError(
          400,
          'invalid_request',
          50011,
          `The redirect URI '${redirectUri}' specified in the request does not match the redirect URIs configured for the application '${clientId}'.`,
        ),
      )
    }
    if (params.get('response_type') !== 'code') {
      return redirectWithError(
        response,
        params,
        'unsupported_response_type',
        'AADSTS700054: response_type is not supported for this application.',
      )
    }
    const mode = params.get('response_mode')
    if (mode !== null && mode !== 'query') {
      // Entra also knows fragment and form_post; the product asks for query, and only query is faked.
      return redirectWithError(
        response,
        params,
        'invalid_request',
        `(fake Microsoft) response_mode=${mode} is not faked`,
      )
    }
    if (!params.get('scope')) {
      return redirectWithError(
        response,
        params,
        'invalid_request',
        "AADSTS900144: The request body must contain the following parameter: 'scope'.",
      )
    }
    // Entra accepts `plain` or no PKCE from a confidential client; the product promises S256, so the fake insists.
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) {
      return redirectWithError(
        response,
        params,
        'invalid_request',
        '(fake Microsoft) a code_challenge with code_challenge_method=S256 is required',
      )
    }
    const requestId = randomBytes(16).toString('base64url')
    consents.set(requestId, params)
    const hint = params.get('login_hint')
    const choices = world.accounts
      .map(
        (a, i) =>
          `<label><input type="radio" name="account" value="${escapeHtml(a.id)}"${(hint ? a.userPrincipalName === hint || a.mail === hint : i === 0) ? ' checked' : ''}> ${escapeHtml(a.displayName)} (${escapeHtml(a.mail ?? a.userPrincipalName)})</label>`,
      )
      .join('\n')
    const permissions = (params.get('scope') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((s) => `<li>${escapeHtml(s)}</li>`)
      .join('')
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><title>Sign in to your account (fake Microsoft)</title></head>
<body><main><h1>Permissions requested</h1><p>Salonia would like to:</p><ul>${permissions}</ul>
<form method="post" action="${LOGIN_PATH}"><input type="hidden" name="request" value="${requestId}">
<fieldset><legend>Pick an account</legend>
${choices}
</fieldset>
<button type="submit" name="accept" value="1">Accept</button>
<button type="submit" name="deny" value="1">Cancel</button></form></main></body></html>`)
  }

  function decide(form: URLSearchParams, response: ServerResponse) {
    const params = consents.get(form.get('request') ?? '')
    if (!params) return errorPage(response, new IdentityError(400, 'invalid_request', 90014, 'unknown sign-in request'))
    consents.delete(form.get('request') ?? '')
    const account = world.accounts.find((a) => a.id === form.get('account')) ?? world.accounts[0]
    if (form.get('deny') || !account) {
      // Cancel on Microsoft's consent screen: access_denied with Entra's subcode and AADSTS65004.
      const redirect = new URL(params.get('redirect_uri') ?? '')
      redirect.searchParams.set('error', 'access_denied')
      redirect.searchParams.set('error_subcode', 'cancel')
      redirect.searchParams.set('error_description', 'AADSTS65004: User declined to consent to access the app.')
      const state = params.get('state')
      if (state !== null) redirect.searchParams.set('state', state)
      response.writeHead(302, { location: redirect.toString() })
      response.end()
      return
    }
    const asked = (params.get('scope') ?? '').split(' ').filter(Boolean)
    const grant: Grant = {
      id: randomUUID(),
      account,
      scopes: asked
        .filter((s) => !OPENID_SCOPES.has(s.toLowerCase()))
        .map((s) => s.replace(/^https:\/\/graph\.microsoft\.com\//i, '')),
      offline: asked.some((s) => s.toLowerCase() === 'offline_access'),
      issuedAt: world.now(),
      revoked: undefined,
    }
    grants.push(grant)
    // Microsoft account codes look like this; they are opaque either way.
    const code = `M.C5${randomBytes(2).toString('hex')}_BAY.2.U.${randomUUID()}`
    codes.set(code, {
      grant,
      clientId: params.get('client_id') ?? '',
      redirectUri: params.get('redirect_uri') ?? '',
      challenge: params.get('code_challenge') ?? '',
      issuedAt: world.now(),
      used: false,
    })
    const redirect = new URL(params.get('redirect_uri') ?? '')
    redirect.searchParams.set('code', code)
    const state = params.get('state')
    if (state !== null) redirect.searchParams.set('state', state)
    response.writeHead(302, { location: redirect.toString() })
    response.end()
  }

  // --- the token endpoint ---------------------------------------------------------------------

  function clientOf(request: IncomingMessage, form: URLSearchParams) {
    const basic = request.headers.authorization?.match(/^Basic (.+)$/i)?.[1]
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      return { id: id ?? null, secret: secret ?? null }
    }
    return { id: form.get('client_id'), secret: form.get('client_secret') }
  }

  function tokens(grant: Grant) {
    const accessToken = token('EwB')
    accessTokens.set(accessToken, { grant, expiresAt: world.now() + ACCESS_TOKEN_TTL_S * 1000 })
    const answer: Record<string, unknown> = {
      token_type: 'Bearer',
      scope: grant.scopes.join(' '),
      expires_in: ACCESS_TOKEN_TTL_S,
      ext_expires_in: ACCESS_TOKEN_TTL_S,
      access_token: accessToken,
    }
    // Only offline_access brings a refresh token (v2-oauth2-auth-code-flow, `refresh_token`).
    if (grant.offline) {
      const refreshToken = token('M.C5_BAY.0.U.-')
      refreshTokens.set(refreshToken, { grant, issuedAt: world.now() })
      answer.refresh_token = refreshToken
    }
    return answer
  }

  function refused(grant: Grant, issuedAt: number): IdentityError | undefined {
    if (grant.revoked?.how === 'revoked') return identityErrors.revoked(grant.issuedAt, grant.revoked.at)
    if (grant.revoked?.how === 'expired') return identityErrors.inactiveRefreshToken(issuedAt)
    if (grant.revoked?.how === 'interaction_required') return identityErrors.interactionRequired()
    if (world.now() - issuedAt > REFRESH_INACTIVITY_MS) return identityErrors.inactiveRefreshToken(issuedAt)
    return undefined
  }

  /** The token endpoint's answer to one request; refusals are thrown as IdentityError. */
  function redeem(request: IncomingMessage, form: URLSearchParams): Record<string, unknown> {
    const client = clientOf(request, form)
    if (!client.id) throw identityErrors.missingParameter('client_id')
    if (client.id !== options.clientId) throw identityErrors.unknownClient(client.id)
    if (!client.secret) throw identityErrors.missingSecret()
    if (client.secret !== options.clientSecret) throw identityErrors.invalidSecret(client.id)
    const grantType = form.get('grant_type')
    if (!grantType) throw identityErrors.missingParameter('grant_type')
    if (grantType === 'authorization_code') {
      const value = form.get('code')
      if (!value) throw identityErrors.missingParameter('code')
      const pending = codes.get(value)
      if (!pending || pending.clientId !== client.id) throw identityErrors.malformedCode()
      if (pending.used) throw identityErrors.codeRedeemed()
      if (world.now() - pending.issuedAt > CODE_TTL_MS) throw identityErrors.expired()
      if (!form.get('redirect_uri')) throw identityErrors.missingParameter('redirect_uri')
      if (form.get('redirect_uri') !== pending.redirectUri) throw identityErrors.redirectMismatch()
      // A wrong or missing verifier spends the code, as any failed redemption does.
      pending.used = true
      const verifier = form.get('code_verifier') ?? ''
      if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
        throw identityErrors.verifierMismatch()
      }
      return tokens(pending.grant)
    }
    if (grantType === 'refresh_token') {
      const value = form.get('refresh_token')
      if (!value) throw identityErrors.missingParameter('refresh_token')
      const known = refreshTokens.get(value)
      if (!known) throw identityErrors.malformedCode()
      const refusal = refused(known.grant, known.issuedAt)
      if (refusal) throw refusal
      return tokens(known.grant)
    }
    throw identityErrors.unsupportedGrant()
  }

  // --- Graph's view of a token ----------------------------------------------------------------

  /** The caller behind an Authorization header, or Graph's 401. */
  function authenticate(authorization: string | undefined): Caller {
    const bearer = authorization?.match(/^Bearer\s+(.*)$/i)?.[1]?.trim()
    if (!bearer) throw graphErrors.emptyToken()
    const entry = accessTokens.get(bearer)
    if (!entry) throw graphErrors.unreadableToken()
    if (entry.expiresAt <= world.now() || entry.grant.revoked) throw graphErrors.expiredToken()
    const { account } = entry.grant
    return { account, mailbox: mailboxOf(world, account), scopes: new Set(entry.grant.scopes.map(shortScope)) }
  }

  return {
    matches,
    showConsent: (url: URL, response: ServerResponse) => showConsent(url.searchParams, response),
    decide,
    redeem,
    authenticate,
    grants,
    /** Every grant of an account (or of all) refused from now on: refresh → invalid_grant, access → 401. */
    revoke(accountId: string | undefined, how: Revocation) {
      for (const grant of grants) {
        if (!grant.revoked && (!accountId || grant.account.id === accountId)) grant.revoked = { at: world.now(), how }
      }
    },
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = 0
    },
    reset() {
      codes.clear()
      accessTokens.clear()
      refreshTokens.clear()
      grants.length = 0
      consents.clear()
    },
  }
}

export type Identity = ReturnType<typeof createIdentity>

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
