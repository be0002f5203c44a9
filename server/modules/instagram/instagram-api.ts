import type { InstagramConfig } from '@server/config'
import { callGraph, GraphUnanswered, redact } from '@server/modules/meta/graph-call'
import type { QuickReply } from './instagram-quick-replies'

/**
 * Meta's Instagram API with Instagram Login, by plain fetch on Meta's paths: the consent window
 * (www), the code exchange (api) and the Graph API (graph), each host replaceable by one fake in
 * tests. What a failure means is a class, because callers act differently on each; no message built
 * here repeats a token, a code or a URL, so a log line or a stored job failure never carries one.
 */

/** The Graph API version we speak (Meta's current one; the OAuth and token paths are unversioned). */
export const INSTAGRAM_GRAPH_VERSION = 'v26.0'

/** Reading the account's profile and answering its messages: all a salon's assistant needs. */
export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_manage_messages'] as const

/** Meta's Send API takes at most 1000 bytes of UTF-8 per message. */
export const INSTAGRAM_TEXT_MAX_BYTES = 1000

/** Meta no longer honours the token (expired, revoked, the password changed): connect again. */
export class InstagramTokenRefused extends Error {
  override name = 'InstagramTokenRefused'
}

/** The customer's last message is more than 24 hours old: Meta refuses automated messages. */
export class InstagramWindowClosed extends Error {
  override name = 'InstagramWindowClosed'
}

/** Meta refused this call for good (a recipient unknown to the account, a text it will not take). */
export class InstagramRefused extends Error {
  override name = 'InstagramRefused'
}

/** Meta or the network failed before anything was taken, or asked to slow down: retry later. */
export class InstagramUnavailable extends Error {
  override name = 'InstagramUnavailable'
}

/** The request may have reached Meta and no answer said whether it was taken (a time-out, a cut). */
export class InstagramOutcomeUnknown extends Error {
  override name = 'InstagramOutcomeUnknown'
}

export type InstagramFailure =
  | InstagramTokenRefused
  | InstagramWindowClosed
  | InstagramRefused
  | InstagramUnavailable
  | InstagramOutcomeUnknown

/**
 * Graph error codes that mean "later": 1/2 (temporary), 4/17/32/613 (rate limits). 190 is the
 * invalid-token code; 10 with subcode 2534022 (or Meta's words) the closed 24-hour window, which
 * Meta's Instagram pages do not list but Meta answers in practice.
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613])
const WINDOW_SUBCODE = 2534022

/** Ids beyond 2^53 (Meta's user ids are 17 digits) as text before JSON.parse can round them. */
export function parseMetaJson(text: string): unknown {
  return JSON.parse(text.replace(/"(user_id|id|recipient_id)"\s*:\s*(\d{16,})/g, '"$1":"$2"'))
}

export function authorizeUrl(config: InstagramConfig, state: string): string {
  const query = new URLSearchParams({
    client_id: config.appId,
    redirect_uri: config.redirectUri,
    response_type: 'code',
    scope: INSTAGRAM_SCOPES.join(','),
    state,
  })
  return `${config.hosts.www}/oauth/authorize?${query}`
}

export interface ShortLivedToken {
  accessToken: string
  userId: string
  permissions: string[]
}

/**
 * The authorisation code for a short-lived token. Meta's guide wraps the answer in `data: [...]`
 * with `permissions` as text, its reference answers flat with an array: both are read.
 */
export async function exchangeCode(config: InstagramConfig, code: string): Promise<ShortLivedToken> {
  const form = new URLSearchParams({
    client_id: config.appId,
    client_secret: config.appSecret,
    grant_type: 'authorization_code',
    redirect_uri: config.redirectUri,
    code: code.replace(/#_$/, ''),
  })
  const body = await call(`${config.hosts.api}/oauth/access_token`, { method: 'POST', body: form }, [code])
  const wrapped = Array.isArray(body.data) ? (body.data[0] as Record<string, unknown> | undefined) : undefined
  const answer = wrapped ?? body
  const accessToken = answer.access_token
  const userId = answer.user_id
  if (typeof accessToken !== 'string' || (typeof userId !== 'string' && typeof userId !== 'number')) {
    throw new InstagramRefused('Instagram answered the code exchange without a token')
  }
  const permissions = Array.isArray(answer.permissions)
    ? answer.permissions.map(String)
    : String(answer.permissions ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
  return { accessToken, userId: String(userId), permissions }
}

export interface LongLivedToken {
  accessToken: string
  expiresInSeconds: number
}

/** A short-lived token (1 hour) for a long-lived one (60 days); server side only, with the app secret. */
export async function longLivedToken(config: InstagramConfig, shortToken: string): Promise<LongLivedToken> {
  const query = new URLSearchParams({
    grant_type: 'ig_exchange_token',
    client_secret: config.appSecret,
    access_token: shortToken,
  })
  return tokenAnswer(await call(`${config.hosts.graph}/access_token?${query}`, {}, [shortToken]))
}

/** A long-lived token at least a day old for a new one, valid 60 days from now. */
export async function refreshToken(config: InstagramConfig, token: string): Promise<LongLivedToken> {
  const query = new URLSearchParams({ grant_type: 'ig_refresh_token', access_token: token })
  return tokenAnswer(await call(`${config.hosts.graph}/refresh_access_token?${query}`, {}, [token]))
}

function tokenAnswer(body: Record<string, unknown>): LongLivedToken {
  const expires = Number(body.expires_in)
  if (typeof body.access_token !== 'string' || !Number.isFinite(expires) || expires <= 0) {
    throw new InstagramRefused('Instagram answered without a long-lived token')
  }
  return { accessToken: body.access_token, expiresInSeconds: expires }
}

export interface InstagramAccountInfo {
  /** The account as webhooks name it (`entry.id`). */
  userId: string
  /** The app-scoped id. */
  id: string | undefined
  username: string
}

export async function readAccount(config: InstagramConfig, token: string): Promise<InstagramAccountInfo> {
  const body = await graph(config, token, 'GET', '/me?fields=user_id,username,id')
  const userId = body.user_id
  if ((typeof userId !== 'string' && typeof userId !== 'number') || typeof body.username !== 'string') {
    throw new InstagramRefused('Instagram did not say which account this is')
  }
  return { userId: String(userId), id: body.id === undefined ? undefined : String(body.id), username: body.username }
}

/** Asks Meta to send this account's messages (and their echoes) to our webhook. */
export async function subscribeMessages(config: InstagramConfig, token: string): Promise<void> {
  const body = await graph(config, token, 'POST', '/me/subscribed_apps?subscribed_fields=messages')
  if (body.success !== true) throw new InstagramUnavailable('Instagram did not confirm the subscription')
}

export async function unsubscribeMessages(config: InstagramConfig, token: string): Promise<void> {
  await graph(config, token, 'DELETE', '/me/subscribed_apps')
}

/** A customer's name and handle (User Profile API), once they have written to the account. */
export async function readProfile(
  config: InstagramConfig,
  token: string,
  userId: string,
): Promise<{ name: string | undefined; username: string | undefined }> {
  const body = await graph(config, token, 'GET', `/${encodeURIComponent(userId)}?fields=name,username`)
  return {
    name: typeof body.name === 'string' ? body.name : undefined,
    username: typeof body.username === 'string' ? body.username : undefined,
  }
}

/** One text message to a customer; Meta's message id comes back (its echo carries the same). */
export async function sendText(
  config: InstagramConfig,
  token: string,
  recipientId: string,
  text: string,
  /** Buttons under the text; a tap posts the title and brings the payload back (quick_replies.ts). */
  quickReplies?: readonly QuickReply[],
): Promise<{ messageId: string }> {
  const quick_replies = quickReplies?.map(({ title, payload }) => ({ content_type: 'text', title, payload }))
  const body = await graph(config, token, 'POST', '/me/messages', {
    recipient: { id: recipientId },
    message: quick_replies?.length ? { text, quick_replies } : { text },
  })
  if (typeof body.message_id !== 'string') {
    throw new InstagramOutcomeUnknown('Instagram answered the send without a message id')
  }
  return { messageId: body.message_id }
}

function graph(
  config: InstagramConfig,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  json?: unknown,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (json !== undefined) headers['content-type'] = 'application/json'
  const init: RequestInit = { method, headers }
  if (json !== undefined) init.body = JSON.stringify(json)
  return call(`${config.hosts.graph}/${INSTAGRAM_GRAPH_VERSION}${path}`, init, [token])
}

/** One request; `secrets` are cut out of any words Meta or the network send back. */
async function call(url: string, init: RequestInit, secrets: string[]): Promise<Record<string, unknown>> {
  const answer = await callGraph('Instagram', url, init, parseMetaJson).catch((error: unknown) => {
    if (!(error instanceof GraphUnanswered)) throw error
    throw error.maybeTaken ? new InstagramOutcomeUnknown(error.message) : new InstagramUnavailable(error.message)
  })
  if (answer.ok && answer.body.error === undefined) return answer.body
  throw failureOf(answer.status, answer.body, answer.what, secrets)
}

/** Graph's `{error:{message,type,code,error_subcode,is_transient}}` or the OAuth `{error_type,code,error_message}`. */
function failureOf(status: number, body: Record<string, unknown>, what: string, secrets: string[]): InstagramFailure {
  const error = (typeof body.error === 'object' && body.error !== null ? body.error : body) as Record<string, unknown>
  const code = Number(error.code ?? status)
  const subcode = Number(error.error_subcode ?? 0)
  const message = redact(String(error.message ?? error.error_message ?? `HTTP ${status}`), secrets).slice(0, 300)
  const words = `Instagram refused ${what} (${code}${subcode ? `/${subcode}` : ''}): ${message}`
  if (code === 190 || code === 102) return new InstagramTokenRefused(words)
  if (subcode === WINDOW_SUBCODE || /outside (of )?(the )?allowed window/i.test(message)) {
    return new InstagramWindowClosed(words)
  }
  if (status === 429 || status >= 500 || error.is_transient === true || TRANSIENT_CODES.has(code)) {
    return new InstagramUnavailable(words)
  }
  return new InstagramRefused(words)
}
