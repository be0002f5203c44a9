import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { escapeHtml, graphError, type Json, metaJson, newCode, sendHtml, sendJson, text } from './whatsapp-wire'
import { type Business, CODE_TTL_MS, type Code, issueToken, type World } from './whatsapp-world'

/**
 * Embedded Signup, the part on www.facebook.com and connect.facebook.net, kept small.
 *
 * In production the salon's page opens Facebook Login for Business with the signup configuration
 * (`config_id`, `response_type=code`, `override_default_response_type=true`, `extras`): through
 * the JavaScript SDK's `FB.login` (the callback gets `response.authResponse.code`), or as a plain
 * popup on `/dialog/oauth` with `redirect_uri` and `state` (Facebook then redirects the popup to
 * `redirect_uri?code=…&state=…#_=_`). Either way the popup first posts the session info to the
 * page that opened it, from a facebook.com origin: a JSON string `{type: "WA_EMBEDDED_SIGNUP",
 * event: "FINISH", data: {phone_number_id, waba_id, business_id}}` —
 * `FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING` for an existing WhatsApp Business app number
 * (`extras.featureType: "whatsapp_business_app_onboarding"`), `CANCEL` with `data.current_step`
 * when abandoned. The code lives 30 seconds.
 *
 * Here the fake's own origin stands for both hosts:
 *  - GET  /[vNN.N/]dialog/oauth        checks client_id, config_id, response_type=code,
 *                                      override_default_response_type=true, extras (JSON, optional),
 *                                      redirect_uri (one of `redirectUris` when those are set) and
 *                                      state; one "Continue with <business>" button per number, Cancel
 *  - POST /dialog/oauth                the choice: a page that posts the session info to
 *                                      `window.opener` (target "*", origin the fake's), then goes to
 *                                      `redirect_uri?code&state#_=_` (or `?error=access_denied&…`);
 *                                      without redirect_uri it posts `{type: "FAKE_FB_LOGIN_RESPONSE",
 *                                      response: {authResponse: {code, …}, status}}` (a string) for
 *                                      the SDK stand-in, and closes. The page also shows what it posts
 *                                      in <pre id="result"> and the redirect in <a id="redirect">, for
 *                                      tests without a browser
 *  - GET  /en_US/sdk.js (or /sdk.js)   a stand-in for the SDK: `FB.init`, `FB.login` (opens the
 *                                      dialog in a popup, calls back with what it posts),
 *                                      `FB.getLoginStatus`; calls `window.fbAsyncInit` like the SDK
 * So the product's page differs from production only in its base URL and in which origin its
 * `message` listener trusts (the fake's instead of `*.facebook.com`).
 *  - GET  /oauth/access_token?client_id&client_secret&code[&redirect_uri] (graph.facebook.com,
 *                                      POST too): the code, once, within 30 s, with the dialog's
 *                                      redirect_uri when it had one → a business token for its WABA
 */

export const DIALOG_PATH = /^(?:\/v\d+\.\d+)?\/dialog\/oauth$/
export const SDK_PATH = /^\/(?:[a-z]{2}_[A-Z]{2}\/)?sdk(?:\/debug)?\.js$/
const APP_ONBOARDING = 'whatsapp_business_app_onboarding'

interface DialogRequest {
  extras: Json
  redirectUri: string | undefined
  state: string | null
}

export function createSignup(world: World) {
  const { options } = world
  /** Dialogs shown and not yet answered, by the request id hidden in their form. */
  const dialogs = new Map<string, DialogRequest>()

  function issueCode(business: Business, redirectUri?: string): Code {
    const code: Code = { value: newCode(), business, issuedAt: world.now(), used: false, redirectUri }
    world.codes.set(code.value, code)
    return code
  }

  /**
   * The code exchange: app id (101), secret (1), then the code — unknown, used (36009), expired
   * (36007), another redirect_uri than the dialog's (36008).
   */
  function exchangeCode(params: Json, response: ServerResponse) {
    if (text(params, 'client_id') !== options.appId) {
      throw graphError(101, 'Error validating application. Invalid application ID.')
    }
    if (text(params, 'client_secret') !== options.appSecret) throw graphError(1, 'Error validating client secret.')
    const raw = text(params, 'code')
    if (!raw) throw graphError(100, 'Missing authorization code')
    const code = world.codes.get(raw)
    if (!code) throw graphError(100, 'Invalid verification code format.')
    if (code.used) throw graphError(100, 'This authorization code has been used.', { subcode: 36009 })
    if (world.now() - code.issuedAt >= CODE_TTL_MS) {
      throw graphError(100, 'This authorization code has expired.', { subcode: 36007 })
    }
    if (code.redirectUri !== undefined && text(params, 'redirect_uri') !== code.redirectUri) {
      throw graphError(
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        { subcode: 36008 },
      )
    }
    code.used = true
    const token = issueToken(world, code.business.wabaId)
    sendJson(response, 200, metaJson({ access_token: token.value, token_type: 'bearer' }))
  }

  function errorPage(response: ServerResponse, message: string) {
    sendHtml(
      response,
      400,
      `<!doctype html><html lang="en"><head><title>Facebook</title></head><body><main><h1>Sorry, something went wrong.</h1>
<p class="error">${escapeHtml(message)}</p></main></body></html>`,
    )
  }

  function showDialog(params: URLSearchParams, response: ServerResponse) {
    if (params.get('client_id') !== options.appId) {
      return errorPage(response, 'Invalid App ID: The provided app ID does not look like a valid app ID.')
    }
    if (params.get('config_id') !== options.configId) return errorPage(response, 'Invalid config_id.')
    if (params.get('response_type') !== 'code') {
      return errorPage(response, 'Embedded Signup needs response_type=code.')
    }
    if (params.get('override_default_response_type') !== 'true') {
      return errorPage(response, 'Embedded Signup needs override_default_response_type=true.')
    }
    const redirectUri = params.get('redirect_uri') ?? undefined
    if (redirectUri !== undefined) {
      let valid = false
      try {
        valid = ['http:', 'https:'].includes(new URL(redirectUri).protocol)
      } catch {}
      if (!valid || (options.redirectUris && !options.redirectUris.includes(redirectUri))) {
        return errorPage(
          response,
          "URL Blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
        )
      }
    }
    let extras: Json = {}
    const rawExtras = params.get('extras')
    if (rawExtras) {
      try {
        extras = JSON.parse(rawExtras)
      } catch {
        return errorPage(response, 'extras is not valid JSON.')
      }
    }
    const requestId = randomBytes(16).toString('base64url')
    dialogs.set(requestId, { extras, redirectUri, state: params.get('state') })
    const buttons = world.businesses
      .map(
        (b) =>
          `<button type="submit" name="phone_number_id" value="${escapeHtml(b.phoneNumberId)}">Continue with ${escapeHtml(b.verifiedName)} (${escapeHtml(b.displayPhoneNumber)})</button>`,
      )
      .join('\n')
    sendHtml(
      response,
      200,
      `<!doctype html><html lang="en"><head><title>Connect your WhatsApp Business account</title></head><body><main>
<h1>Connect your WhatsApp Business account</h1>
<form method="post" action="/dialog/oauth"><input type="hidden" name="request" value="${requestId}">
${buttons}
<button type="submit" name="cancel" value="1">Cancel</button></form></main></body></html>`,
    )
  }

  function decide(form: Json, response: ServerResponse) {
    const requestId = text(form, 'request') ?? ''
    const dialog = dialogs.get(requestId)
    if (!dialog) return errorPage(response, 'This login request is no longer valid.')
    dialogs.delete(requestId)
    const business = world.businesses.find((b) => b.phoneNumberId === text(form, 'phone_number_id'))
    const code = text(form, 'cancel') || !business ? undefined : issueCode(business, dialog.redirectUri)
    const sessionInfo: Json =
      code === undefined
        ? { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' } }
        : {
            data: {
              phone_number_id: code.business.phoneNumberId,
              waba_id: code.business.wabaId,
              business_id: code.business.businessId,
            },
            type: 'WA_EMBEDDED_SIGNUP',
            event: dialog.extras.featureType === APP_ONBOARDING ? 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' : 'FINISH',
          }
    // JSON strings, as Meta posts the session info (listeners JSON.parse what they get).
    const posts = [JSON.stringify(sessionInfo)]
    let redirect: string | undefined
    if (dialog.redirectUri !== undefined) {
      const target = new URL(dialog.redirectUri)
      const query =
        code === undefined
          ? {
              error: 'access_denied',
              error_code: '200',
              error_description: 'Permissions error',
              error_reason: 'user_denied',
            }
          : { code: code.value }
      for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value)
      if (dialog.state !== null) target.searchParams.set('state', dialog.state)
      target.hash = ''
      // Facebook's redirects end with "#_=_".
      redirect = `${target.toString()}#_=_`
    } else {
      const authResponse =
        code === undefined
          ? null
          : {
              code: code.value,
              userID: code.business.businessId.slice(-15),
              expiresIn: 0,
              graphDomain: 'facebook',
              data_access_expiration_time: Math.floor(world.now() / 1000) + 90 * 86_400,
            }
      const status = code === undefined ? 'unknown' : 'connected'
      posts.push(JSON.stringify({ type: 'FAKE_FB_LOGIN_RESPONSE', response: { authResponse, status } }))
    }
    const script = metaJson({ posts, redirect: redirect ?? null }).replace(/</g, '\\u003c')
    sendHtml(
      response,
      200,
      `<!doctype html><html lang="en"><head><title>Facebook</title></head><body><main>
<p>You can close this window.</p>
<pre id="result">${escapeHtml(`${posts.join('\n')}\n`)}</pre>
${redirect === undefined ? '' : `<a id="redirect" href="${escapeHtml(redirect)}">Continue</a>`}
<script>
  const page = ${script};
  if (window.opener) for (const post of page.posts) window.opener.postMessage(post, '*');
  if (page.redirect) window.location.replace(page.redirect);
  else if (window.opener) window.close();
</script></main></body></html>`,
    )
  }

  /** The SDK stand-in, pointing at the origin the page loaded it from. */
  function sdk(origin: string, response: ServerResponse) {
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
    response.end(`/* Fake Facebook JavaScript SDK: FB.init, FB.login (Embedded Signup), FB.getLoginStatus. */
(function () {
  var origin = ${JSON.stringify(origin)};
  var settings = {};
  window.FB = {
    init: function (options) { settings = options || {}; },
    getLoginStatus: function (callback) { callback({ status: 'unknown', authResponse: null }); },
    login: function (callback, options) {
      options = options || {};
      var query = new URLSearchParams({ client_id: settings.appId || '', display: 'popup',
        response_type: options.response_type || 'token' });
      if (options.config_id) query.set('config_id', options.config_id);
      if (options.override_default_response_type) query.set('override_default_response_type', 'true');
      if (options.extras) query.set('extras', JSON.stringify(options.extras));
      if (options.scope) query.set('scope', options.scope);
      var popup = window.open(origin + '/' + (settings.version || 'v25.0') + '/dialog/oauth?' + query,
        'fb-login', 'width=640,height=720');
      var done = false;
      var timer;
      function finish(response) {
        if (done) return;
        done = true;
        window.removeEventListener('message', onMessage);
        clearInterval(timer);
        callback(response);
      }
      function onMessage(event) {
        if (event.origin !== origin) return;
        var data;
        try { data = JSON.parse(event.data); } catch (error) { return; }
        if (data && data.type === 'FAKE_FB_LOGIN_RESPONSE') finish(data.response);
      }
      window.addEventListener('message', onMessage);
      timer = setInterval(function () {
        if (!popup || popup.closed) setTimeout(function () { finish({ status: 'unknown', authResponse: null }); }, 100);
      }, 250);
    }
  };
  setTimeout(function () { if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit(); }, 0);
})();
`)
  }

  return { issueCode, exchangeCode, showDialog, decide, sdk }
}
