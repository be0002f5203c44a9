import { createHash, randomBytes } from 'node:crypto'
import { GraphError, graphHttp, retryAfterOf } from './graph-http'

/**
 * The Microsoft identity platform's OAuth 2.0 authorization code flow with PKCE, for a web app
 * with a client secret (https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow),
 * and the signed-in user (GET /me). Plain functions over fetch: no MSAL, whose token cache we do
 * not want (the tokens live sealed in the connection's row). `baseUrl` replaces both
 * https://login.microsoftonline.com and https://graph.microsoft.com and keeps their paths, so the
 * tests run this code against the fake Microsoft (tests/fakes/microsoft.ts).
 *
 * Tenant `common`: work or school accounts and personal Microsoft accounts alike.
 * Scopes: `offline_access` (a refresh token), `Calendars.ReadWrite` (read the busy times, write the
 * bookings) and `User.Read` (GET /me: the account's name and address shown on the card).
 */

export interface MicrosoftSettings {
  clientId: string
  clientSecret: string
  /** Replaces both Microsoft hosts, paths kept (the fake); undefined: the real hosts. */
  baseUrl?: string | undefined
}

export const MICROSOFT_SCOPES = ['offline_access', 'Calendars.ReadWrite', 'User.Read'] as const
const LOGIN_HOST = 'https://login.microsoftonline.com'
const TENANT = 'common'
const TIMEOUT_MS = 15_000

export interface MicrosoftTokens {
  accessToken: string
  /**
   * Microsoft rotates refresh tokens: every redemption answers a new one, to be stored in place of
   * the old (https://learn.microsoft.com/entra/identity-platform/refresh-tokens). The old one is
   * not revoked, so two workers refreshing at once do no harm.
   */
  refreshToken: string
  /** When the access token stops working, by this machine's clock. */
  expiresAt: Date
  /** The Graph permissions granted, short form (`Calendars.ReadWrite`), without the OpenID ones. */
  scopes: string[]
}

export interface MicrosoftUser {
  /** The account's object id: stable, unlike the address. */
  id: string
  displayName: string
  /** `mail`, or `userPrincipalName` when the account has no mailbox address (many personal accounts). */
  email: string
}

/**
 * - revoked: the grant is gone (a refresh answered `invalid_grant`: AADSTS70008/700082 expired,
 *   AADSTS50173 revoked…, or `interaction_required`/`consent_required`: MFA or consent asked):
 *   only a new consent helps.
 * - unavailable: `temporarily_unavailable`, `server_error`, 5xx, 429, the network, a timeout: retry.
 * - refused: the rest, including a code exchange that fails (a wrong verifier, a spent or expired
 *   code: the owner starts the consent again; nothing stored was revoked) and a wrong client secret.
 */
export type MicrosoftAuthErrorKind = 'revoked' | 'unavailable' | 'refused'

export class MicrosoftAuthError extends Error {
  constructor(
    readonly kind: MicrosoftAuthErrorKind,
    /** The token endpoint's status; 0 when no answer came. */
    readonly status: number,
    /** The OAuth `error` (`invalid_grant`…), or ours for local failures (`network`, `timeout`, `badAnswer`). */
    readonly error: string,
    /** The first AADSTS code of `error_codes`, when Entra gave one. */
    readonly aadsts: number | undefined,
    message: string,
    /** Seconds to wait, when the endpoint said (Retry-After). */
    readonly retryAfterSeconds: number | undefined = undefined,
  ) {
    super(message)
    this.name = 'MicrosoftAuthError'
  }
}

const loginBase = (settings: MicrosoftSettings) => (settings.baseUrl ?? LOGIN_HOST).replace(/\/+$/, '')

/** A PKCE pair (RFC 7636): the verifier stays with us (oauth_states), the S256 challenge goes in the URL. */
export function newPkce(): { codeVerifier: string; codeChallenge: string } {
  const codeVerifier = randomBytes(32).toString('base64url')
  return { codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') }
}

/** Where to send the owner's browser: Microsoft's sign-in and consent page. */
export function authorizationUrl(
  settings: MicrosoftSettings,
  input: { redirectUri: string; state: string; codeChallenge: string; loginHint?: string | undefined },
): string {
  const url = new URL(`${loginBase(settings)}/${TENANT}/oauth2/v2.0/authorize`)
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    // The code comes back in the query of a GET to redirect_uri (fragment is for SPAs, form_post needs a POST route).
    response_mode: 'query',
    scope: MICROSOFT_SCOPES.join(' '),
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    // The owner may be signed in to several accounts (personal and work): let them choose.
    prompt: 'select_account',
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  }).toString()
  return url.toString()
}

/** The code from the redirect, redeemed with the client secret and the PKCE verifier. */
export async function exchangeCode(
  settings: MicrosoftSettings,
  input: { code: string; redirectUri: string; codeVerifier: string },
): Promise<MicrosoftTokens> {
  const answer = await tokenRequest(
    settings,
    {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
      scope: MICROSOFT_SCOPES.join(' '),
    },
    'exchange',
  )
  // Without offline_access granted there is no refresh token, and the calendar would stop in an hour.
  if (!answer.refreshToken) {
    throw new MicrosoftAuthError('refused', 200, 'no_refresh_token', undefined, 'Microsoft granted no refresh token')
  }
  return { ...answer, refreshToken: answer.refreshToken }
}

/** A new access token, and the new refresh token to store in place of the old one. */
export async function refreshAccessToken(settings: MicrosoftSettings, refreshToken: string): Promise<MicrosoftTokens> {
  const answer = await tokenRequest(
    settings,
    { grant_type: 'refresh_token', refresh_token: refreshToken, scope: MICROSOFT_SCOPES.join(' ') },
    'refresh',
  )
  // Microsoft always rotates; should an answer lack one, the old token stays valid (it is not revoked by use).
  return { ...answer, refreshToken: answer.refreshToken ?? refreshToken }
}

/** The signed-in account (GET /me, User.Read). Graph's failures are GraphError (graph-http.ts). */
export async function fetchMe(settings: MicrosoftSettings, accessToken: string): Promise<MicrosoftUser> {
  const { body } = await graphHttp(settings.baseUrl).send<{
    id?: unknown
    displayName?: unknown
    mail?: unknown
    userPrincipalName?: unknown
  }>(accessToken, { operation: 'fetchMe', method: 'GET', path: '/me' })
  const email = [body?.mail, body?.userPrincipalName].find((v): v is string => typeof v === 'string' && v !== '')
  if (typeof body?.id !== 'string' || !email) {
    throw new GraphError('refused', 200, 'badAnswer', 'fetchMe: Microsoft Graph /me named no account')
  }
  const displayName = typeof body.displayName === 'string' && body.displayName.trim() ? body.displayName.trim() : email
  return { id: body.id, displayName, email: email.toLowerCase() }
}

// --- the token endpoint -------------------------------------------------------------------------

interface TokenAnswer {
  access_token?: unknown
  refresh_token?: unknown
  expires_in?: unknown
  scope?: unknown
  error?: unknown
  error_description?: unknown
  error_codes?: unknown
}

/** OAuth errors that mean, on a refresh, that the grant is gone and only a new consent helps. */
const GRANT_GONE = new Set(['invalid_grant', 'interaction_required', 'consent_required', 'login_required'])

async function tokenRequest(
  settings: MicrosoftSettings,
  form: Record<string, string>,
  purpose: 'exchange' | 'refresh',
): Promise<Omit<MicrosoftTokens, 'refreshToken'> & { refreshToken: string | undefined }> {
  const what =
    purpose === 'exchange' ? 'The authorisation code could not be redeemed' : 'The token could not be refreshed'
  let response: Response
  let body: TokenAnswer | undefined
  try {
    response = await fetch(`${loginBase(settings)}/${TENANT}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const text = await response.text()
    try {
      body = JSON.parse(text) as TokenAnswer
    } catch {
      body = undefined
    }
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError'
    throw new MicrosoftAuthError(
      'unavailable',
      0,
      timedOut ? 'timeout' : 'network',
      undefined,
      `${what}: Microsoft's token endpoint ${timedOut ? 'did not answer in time' : 'is unreachable'}`,
    )
  }
  const retryAfterSeconds = retryAfterOf(response.headers.get('retry-after'))
  if (!response.ok || !body || typeof body.access_token !== 'string') {
    const error = typeof body?.error === 'string' ? body.error : `http${response.status}`
    const aadsts =
      Array.isArray(body?.error_codes) && typeof body.error_codes[0] === 'number' ? body.error_codes[0] : undefined
    let kind: MicrosoftAuthErrorKind
    if (
      response.status >= 500 ||
      response.status === 429 ||
      ['temporarily_unavailable', 'server_error'].includes(error)
    ) {
      kind = 'unavailable'
    } else if (purpose === 'refresh' && GRANT_GONE.has(error)) kind = 'revoked'
    else kind = 'refused'
    // error_description's first line is Entra's message (AADSTS…); the rest is trace ids and a timestamp.
    const description = typeof body?.error_description === 'string' ? body.error_description.split(/\r?\n/)[0] : ''
    throw new MicrosoftAuthError(
      kind,
      response.status,
      error,
      aadsts,
      `${what}: ${response.status} ${error}${description ? `: ${description.slice(0, 300)}` : ''}`,
      retryAfterSeconds,
    )
  }
  const expiresIn = Number(body.expires_in)
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : undefined,
    // Without a readable lifetime, assume the shortest Entra issues (about an hour) rather than forever.
    expiresAt: new Date(Date.now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3_600) * 1000),
    scopes: (typeof body.scope === 'string' ? body.scope : '')
      .split(' ')
      .filter(Boolean)
      .map((s) => s.replace(/^https:\/\/graph\.microsoft\.com\//i, ''))
      .filter((s) => !['openid', 'profile', 'email', 'offline_access'].includes(s.toLowerCase())),
  }
}
