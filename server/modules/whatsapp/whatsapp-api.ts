import type { WhatsAppConfig } from '@server/config'
import { callGraph, GraphUnanswered, redact } from '@server/modules/meta/graph-call'
import type { WhatsAppPart } from './whatsapp-parts'

/**
 * Meta's WhatsApp Business Platform (Cloud API) by plain fetch on Meta's paths, the host
 * replaceable by one fake in tests (WHATSAPP_BASE_URL). What a failure means is a class, because
 * callers act differently on each; no message built here repeats a token, a code or a PIN.
 * Reference: developers.facebook.com/documentation/business-messaging/whatsapp (messages, media,
 * templates, registration, webhooks, error codes).
 */

export const WHATSAPP_GRAPH_VERSION = 'v26.0'

/** A text message's body; an interactive message's body is shorter (buttons 1,024, list 4,096). */
export const WHATSAPP_TEXT_MAX = 4096
export const WHATSAPP_BUTTON_BODY_MAX = 1024

/** Meta no longer honours the business token (revoked, expired): the owner must connect again. */
export class WhatsAppTokenRefused extends Error {
  override name = 'WhatsAppTokenRefused'
}

/** Meta refused this call for good (a parameter, a template it will not take). `code`: Meta's. */
export class WhatsAppRefused extends Error {
  override name = 'WhatsAppRefused'
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

/** Meta or the network failed before anything was taken, or asked to slow down (130429): retry later. */
export class WhatsAppUnavailable extends Error {
  override name = 'WhatsAppUnavailable'
}

/** The request may have reached Meta and no answer said whether it was taken (a time-out, a cut). */
export class WhatsAppOutcomeUnknown extends Error {
  override name = 'WhatsAppOutcomeUnknown'
}

export type WhatsAppFailure = WhatsAppTokenRefused | WhatsAppRefused | WhatsAppUnavailable | WhatsAppOutcomeUnknown

/** Meta's codes for a message outside the 24 hours (re-engagement) and for one it cannot deliver. */
export const REENGAGEMENT = 131047
export const UNDELIVERABLE = 131026

/**
 * "Later": 1/2 (temporary), 4/80007 (app and WABA rate limits), 130429 (Cloud API throughput),
 * 131000 (something went wrong), 131016 (service unavailable), 133004 (server temporarily
 * unavailable). 190 is the invalid-token code (102 the older session one).
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 133004])

/** Embedded Signup's window: Facebook Login for Business with the signup configuration, returning a code. */
export function signupUrl(config: WhatsAppConfig, redirectUri: string, state: string): string {
  const query = new URLSearchParams({
    client_id: config.appId,
    config_id: config.configId,
    response_type: 'code',
    override_default_response_type: 'true',
    display: 'popup',
    redirect_uri: redirectUri,
    state,
    extras: JSON.stringify({ setup: {}, featureType: '', sessionInfoVersion: '3' }),
  })
  return `${config.hosts.www}/${WHATSAPP_GRAPH_VERSION}/dialog/oauth?${query}`
}

/** The signup's code for the business token (a business integration system user's, for this WABA). */
export async function exchangeCode(config: WhatsAppConfig, code: string, redirectUri: string): Promise<string> {
  const query = new URLSearchParams({
    client_id: config.appId,
    client_secret: config.appSecret,
    redirect_uri: redirectUri,
    code,
  })
  const body = await call(
    `${config.hosts.graph}/${WHATSAPP_GRAPH_VERSION}/oauth/access_token?${query}`,
    { method: 'GET' },
    [code, config.appSecret],
  )
  if (typeof body.access_token !== 'string' || body.access_token.length < 8) {
    throw new WhatsAppRefused('WhatsApp answered the code exchange without a token', 0)
  }
  return body.access_token
}

/** Registers the number for the Cloud API, with the two-step verification PIN we keep. */
export async function registerNumber(config: WhatsAppConfig, token: string, phoneNumberId: string, pin: string) {
  await graph(config, token, 'POST', `/${phoneNumberId}/register`, { messaging_product: 'whatsapp', pin }, [pin])
}

/** Our app receives the WABA's webhooks (messages, statuses, template reviews) — or no longer. */
export async function subscribeApp(config: WhatsAppConfig, token: string, wabaId: string) {
  await graph(config, token, 'POST', `/${wabaId}/subscribed_apps`)
}
export async function unsubscribeApp(config: WhatsAppConfig, token: string, wabaId: string) {
  await graph(config, token, 'DELETE', `/${wabaId}/subscribed_apps`)
}

export interface NumberFacts {
  displayPhoneNumber: string | null
  verifiedName: string | null
  qualityRating: string | null
  messagingLimit: string | null
}

export async function readNumber(config: WhatsAppConfig, token: string, phoneNumberId: string): Promise<NumberFacts> {
  const fields = 'display_phone_number,verified_name,quality_rating,messaging_limit_tier'
  const body = await graph(config, token, 'GET', `/${phoneNumberId}?fields=${fields}`)
  const textOf = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 100) : null)
  return {
    displayPhoneNumber: textOf(body.display_phone_number),
    verifiedName: textOf(body.verified_name),
    qualityRating: textOf(body.quality_rating),
    messagingLimit: textOf(body.messaging_limit_tier),
  }
}

export interface TemplateState {
  name: string
  language: string
  status: string
  id: string | null
}

/** Creates a template (Meta reviews it: PENDING, then APPROVED or REJECTED by webhook). */
export async function createTemplate(
  config: WhatsAppConfig,
  token: string,
  wabaId: string,
  template: { name: string; language: string; category: 'UTILITY'; components: unknown[] },
): Promise<{ id: string | null; status: string }> {
  const body = await graph(config, token, 'POST', `/${wabaId}/message_templates`, template)
  return { id: typeof body.id === 'string' ? body.id : null, status: String(body.status ?? 'PENDING') }
}

/** The WABA's templates of that name, every language, with their review status. */
export async function listTemplates(
  config: WhatsAppConfig,
  token: string,
  wabaId: string,
  name: string,
): Promise<TemplateState[]> {
  const query = new URLSearchParams({ name, fields: 'name,language,status,id', limit: '100' })
  const body = await graph(config, token, 'GET', `/${wabaId}/message_templates?${query}`)
  const data = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : []
  return data.map((t) => ({
    name: String(t.name ?? ''),
    language: String(t.language ?? ''),
    status: String(t.status ?? ''),
    id: typeof t.id === 'string' ? t.id : null,
  }))
}

/** Uploads a file (the calendar file) to the number's media; its id is then sent as a document. */
export async function uploadMedia(
  config: WhatsAppConfig,
  token: string,
  phoneNumberId: string,
  file: { filename: string; content: string; type: string },
): Promise<string> {
  const form = new FormData()
  form.set('messaging_product', 'whatsapp')
  form.set('type', file.type)
  form.set('file', new Blob([file.content], { type: file.type }), file.filename)
  const body = await call(
    `${config.hosts.graph}/${WHATSAPP_GRAPH_VERSION}/${phoneNumberId}/media`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
    [token],
  )
  if (typeof body.id !== 'string') throw new WhatsAppOutcomeUnknown('WhatsApp answered the upload without a media id')
  return body.id
}

/**
 * Sends one message. A document's file is uploaded first (its content kept in our outbox, so a
 * retry uploads again rather than trusting an id of a failed attempt). Returns the wamid.
 */
export async function sendPart(
  config: WhatsAppConfig,
  token: string,
  phoneNumberId: string,
  to: string,
  part: WhatsAppPart,
  templateName: (part: Extract<WhatsAppPart, { kind: 'template' }>) => { name: string; code: string },
): Promise<string> {
  const message = await messageOf(config, token, phoneNumberId, part, templateName)
  const body = await graph(config, token, 'POST', `/${phoneNumberId}/messages`, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    ...message,
  })
  const [sent] = Array.isArray(body.messages) ? (body.messages as { id?: unknown }[]) : []
  if (typeof sent?.id !== 'string') throw new WhatsAppOutcomeUnknown('WhatsApp answered the send without a message id')
  return sent.id
}

async function messageOf(
  config: WhatsAppConfig,
  token: string,
  phoneNumberId: string,
  part: WhatsAppPart,
  templateName: (part: Extract<WhatsAppPart, { kind: 'template' }>) => { name: string; code: string },
): Promise<Record<string, unknown>> {
  switch (part.kind) {
    case 'text':
    case 'notice':
      return { type: 'text', text: { body: part.text, preview_url: true } }
    case 'buttons':
      return {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: part.text },
          action: { buttons: part.buttons.map((reply) => ({ type: 'reply', reply })) },
        },
      }
    case 'list':
      return {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: part.text },
          action: { button: part.button, sections: [{ title: part.section, rows: part.rows }] },
        },
      }
    case 'document': {
      // WhatsApp's documents are PDF, Office or plain text; the .ics name tells the phone what it is.
      const id = await uploadMedia(config, token, phoneNumberId, {
        filename: part.filename,
        content: part.content,
        type: 'text/plain',
      })
      return { type: 'document', document: { id, filename: part.filename, caption: part.caption } }
    }
    case 'template': {
      const { name, code } = templateName(part)
      return {
        type: 'template',
        template: {
          name,
          language: { code },
          components: [{ type: 'body', parameters: part.parameters.map((text) => ({ type: 'text', text })) }],
        },
      }
    }
  }
}

/** "typing…" under the customer's message (it also marks it read); it lasts until we answer or 25 s. */
export async function showTyping(config: WhatsAppConfig, token: string, phoneNumberId: string, wamid: string) {
  await graph(config, token, 'POST', `/${phoneNumberId}/messages`, {
    messaging_product: 'whatsapp',
    status: 'read',
    message_id: wamid,
    typing_indicator: { type: 'text' },
  })
}

function graph(
  config: WhatsAppConfig,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  json?: unknown,
  secrets: string[] = [],
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (json !== undefined) headers['content-type'] = 'application/json'
  const init: RequestInit = { method, headers }
  if (json !== undefined) init.body = JSON.stringify(json)
  return call(`${config.hosts.graph}/${WHATSAPP_GRAPH_VERSION}${path}`, init, [token, ...secrets])
}

/** One request; `secrets` are cut out of any words Meta or the network send back. */
async function call(url: string, init: RequestInit, secrets: string[]): Promise<Record<string, unknown>> {
  const answer = await callGraph('WhatsApp', url, init).catch((error: unknown) => {
    if (!(error instanceof GraphUnanswered)) throw error
    throw error.maybeTaken ? new WhatsAppOutcomeUnknown(error.message) : new WhatsAppUnavailable(error.message)
  })
  if (answer.ok && answer.body.error === undefined) return answer.body
  throw failureOf(answer.status, answer.body, answer.what, secrets)
}

/** Graph's `{error:{message,type,code,error_subcode,error_data:{details}}}`. */
export function failureOf(
  status: number,
  body: Record<string, unknown>,
  what: string,
  secrets: string[],
): WhatsAppFailure {
  const error = (typeof body.error === 'object' && body.error !== null ? body.error : {}) as Record<string, unknown>
  const code = Number(error.code ?? status) || status
  const subcode = Number(error.error_subcode ?? 0)
  const details = (error.error_data as { details?: unknown } | undefined)?.details
  const said = [error.message, typeof details === 'string' ? details : undefined].filter(Boolean).join(' — ')
  const message = redact(said || `HTTP ${status}`, secrets).slice(0, 300)
  const words = `WhatsApp refused ${what} (${code}${subcode ? `/${subcode}` : ''}): ${message}`
  if (code === 190 || code === 102) return new WhatsAppTokenRefused(words)
  if (status === 429 || status >= 500 || error.is_transient === true || TRANSIENT_CODES.has(code)) {
    return new WhatsAppUnavailable(words)
  }
  return new WhatsAppRefused(words, code)
}
