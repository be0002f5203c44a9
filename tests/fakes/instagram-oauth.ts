import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import {
  escapeHtml,
  graphRefusal,
  type Json,
  metaJson,
  newCode,
  oauthRefusal,
  type Refusal,
  sendHtml,
  sendJson,
  text,
} from './instagram-wire'
import {
  CODE_TTL_MS,
  issueToken,
  LONG_TOKEN_EXPIRES_IN_S,
  liveToken,
  REFRESH_MIN_AGE_MS,
  type Token,
  type World,
} from './instagram-world'

/**
 * Business Login for Instagram, on Meta's paths:
 *  - GET  /oauth/authorize        the authorization window (www.instagram.com): checks like Meta's, then a page
 *                                 with one button per professional account and a Cancel button
 *  - POST /oauth/authorize        the button pressed → 302 to redirect_uri with ?code&state#_ or the error triple
 *  - POST /oauth/access_token     code → short-lived token (api.instagram.com), form or multipart, Meta's
 *                                 `{error_type, code: 400, error_message}` refusals
 *  - GET  /access_token           ig_exchange_token: short-lived → long-lived (graph.instagram.com)
 *  - GET  /refresh_access_token   ig_refresh_token: a long-lived token at least 24 hours old → a new one
 */

export const AUTHORIZE_PATH = '/oauth/authorize'
/** The permissions the product needs; the fake refuses a window that does not ask for both. */
const REQUIRED_SCOPES = ['instagram_business_basic', 'instagram_business_manage_messages']
/** Today's Instagram Login scopes; the deprecated `business_*` values are refused like any unknown one. */
const KNOWN_SCOPES = new Set([
  ...REQUIRED_SCOPES,
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_insights',
])
const DENIED_DESCRIPTION = 'The user denied your request.'

interface ConsentRequest {
  clientId: string
  redirectUri: string
  scopes: string[]
  state: string | null
}

export interface OAuth {
  showWindow(params: URLSearchParams, response: ServerResponse): void
  decide(form: Json, response: ServerResponse): void
  exchangeCode(params: Json, response: ServerResponse): void
  longLived(params: Json, response: ServerResponse): void
  refresh(params: Json, response: ServerResponse): void
}

export function createOAuth(world: World): OAuth {
  const { options } = world
  /** Windows shown and not yet answered, by the request id hidden in their form. */
  const windows = new Map<string, ConsentRequest>()

  /** Meta's error page for a malformed authorize request; `consent()` throws its message. */
  function invalidRequest(response: ServerResponse, message: string) {
    sendHtml(
      response,
      400,
      `<!doctype html><html lang="en"><head><title>Instagram</title></head><body><main><h1>Invalid Request</h1>
<p class="error">Invalid Request: Request parameters are invalid: ${escapeHtml(message)}</p></main></body></html>`,
    )
  }

  function showWindow(params: URLSearchParams, response: ServerResponse) {
    const clientId = params.get('client_id') ?? ''
    const redirectUri = params.get('redirect_uri') ?? ''
    const scopes = (params.get('scope') ?? '').split(/[\s,]+/).filter(Boolean)
    if (clientId !== options.appId) return invalidRequest(response, 'Invalid platform app')
    if (!options.redirectUris.includes(redirectUri)) return invalidRequest(response, 'Invalid redirect_uri')
    if (params.get('response_type') !== 'code') return invalidRequest(response, 'Invalid response_type')
    const unknown = scopes.filter((s) => !KNOWN_SCOPES.has(s))
    if (unknown.length > 0) return invalidRequest(response, `Invalid Scopes: ${unknown.join(', ')}`)
    const missing = REQUIRED_SCOPES.filter((s) => !scopes.includes(s))
    if (missing.length > 0) return invalidRequest(response, `Missing Scopes: ${missing.join(', ')}`)
    const requestId = randomBytes(16).toString('base64url')
    windows.set(requestId, { clientId, redirectUri, scopes, state: params.get('state') })
    const buttons = world.options.accounts
      .map(
        (a) =>
          `<button type="submit" name="username" value="${escapeHtml(a.username)}">Continue as @${escapeHtml(a.username)}</button>`,
      )
      .join('\n')
    sendHtml(
      response,
      200,
      `<!doctype html><html lang="en"><head><title>Instagram</title></head><body><main>
<h1>Allow this app to access your professional account?</h1>
<ul>${scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
<form method="post" action="${AUTHORIZE_PATH}"><input type="hidden" name="request" value="${requestId}">
${buttons}
<button type="submit" name="deny" value="1">Cancel</button></form></main></body></html>`,
    )
  }

  function decide(form: Json, response: ServerResponse) {
    const requestId = text(form, 'request') ?? ''
    const request = windows.get(requestId)
    if (!request) return invalidRequest(response, 'This authorization request is no longer valid')
    windows.delete(requestId)
    const account = world.options.accounts.find((a) => a.username === text(form, 'username'))
    const redirect = new URL(request.redirectUri)
    let fragment = ''
    if (text(form, 'deny') || !account) {
      redirect.searchParams.set('error', 'access_denied')
      redirect.searchParams.set('error_reason', 'user_denied')
      redirect.searchParams.set('error_description', DENIED_DESCRIPTION)
    } else {
      const code = newCode()
      world.codes.set(code, {
        account,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        scopes: request.scopes,
        issuedAt: world.now(),
        used: false,
      })
      redirect.searchParams.set('code', code)
      // Meta's documented quirk: the code is followed by "#_", which the client must strip.
      fragment = '#_'
    }
    if (request.state !== null) redirect.searchParams.set('state', request.state)
    redirect.hash = ''
    response.writeHead(302, { location: `${redirect.toString()}${fragment}` })
    response.end()
  }

  function exchangeCode(params: Json, response: ServerResponse) {
    if (text(params, 'client_id') !== options.appId) throw oauthRefusal('Invalid platform app')
    if (text(params, 'client_secret') !== options.appSecret) throw oauthRefusal('Error validating client secret')
    const grantType = text(params, 'grant_type')
    if (grantType !== 'authorization_code') throw oauthRefusal(`Unsupported grant_type: ${grantType ?? ''}`)
    const redirectUri = text(params, 'redirect_uri') ?? ''
    if (!options.redirectUris.includes(redirectUri)) throw oauthRefusal('Invalid redirect_uri')
    const code = world.codes.get(text(params, 'code') ?? '')
    if (!code || code.used || code.clientId !== options.appId) {
      throw oauthRefusal('Matching code was not found or was already used')
    }
    if (code.redirectUri !== redirectUri) {
      throw oauthRefusal(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      )
    }
    if (world.now() - code.issuedAt >= CODE_TTL_MS) throw oauthRefusal('This authorization code has expired.')
    code.used = true
    const token = issueToken(world, code.account, false, code.scopes)
    const userId = code.account.userId
    const granted =
      options.tokenShape === 'flat'
        ? { access_token: token.value, user_id: userId, permissions: code.scopes }
        : { data: [{ access_token: token.value, user_id: userId, permissions: code.scopes.join(',') }] }
    let body = metaJson(granted)
    // Some integrations see user_id as a bare JSON number beyond 2^53: written verbatim, never rounded.
    if (options.numericUserId) body = body.replace(`"user_id":"${userId}"`, `"user_id":${userId}`)
    sendJson(response, 200, body)
  }

  /** 60-day token answer, shared by the exchange and the refresh. */
  function longLivedAnswer(response: ServerResponse, token: Token) {
    sendJson(
      response,
      200,
      metaJson({ access_token: token.value, token_type: 'bearer', expires_in: LONG_TOKEN_EXPIRES_IN_S }),
    )
  }

  function longLived(params: Json, response: ServerResponse) {
    if (text(params, 'grant_type') !== 'ig_exchange_token') throw unsupportedGrant(params)
    if (text(params, 'client_secret') !== options.appSecret) throw graphRefusal(101, 'Error validating client secret.')
    const short = liveToken(world, text(params, 'access_token'))
    if (short.longLived) throw graphRefusal(100, '(#100) The access token is already a long-lived token.')
    longLivedAnswer(response, issueToken(world, short.account, true, short.scopes))
  }

  /**
   * A new long-lived token, 60 days from now. The old one is not revoked: it keeps working until
   * its own expiry, as Meta's does. Too young (< 24 h): code 10, "not yet eligible" — Meta does not
   * document this refusal; 10 (permission) rather than 190 so that it never reads as a dead token.
   */
  function refresh(params: Json, response: ServerResponse) {
    if (text(params, 'grant_type') !== 'ig_refresh_token') throw unsupportedGrant(params)
    const current = liveToken(world, text(params, 'access_token'))
    if (!current.longLived) throw graphRefusal(100, '(#100) Only a long-lived access token can be refreshed.')
    if (world.now() - current.issuedAt < REFRESH_MIN_AGE_MS) {
      throw graphRefusal(
        10,
        '(#10) The access token is not yet eligible for refresh: it must be at least 24 hours old.',
      )
    }
    const fresh = issueToken(world, current.account, true, current.scopes)
    world.fake.refreshes.push({ accountUserId: current.account.userId, at: world.now() })
    longLivedAnswer(response, fresh)
  }

  return { showWindow, decide, exchangeCode, longLived, refresh }
}

function unsupportedGrant(params: Json): Refusal {
  return graphRefusal(100, `(#100) Unsupported grant_type: ${text(params, 'grant_type') ?? '(none)'}`)
}
