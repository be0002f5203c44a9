import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { digits, fbtraceId, metaJson, Refusal } from './instagram-wire'

/**
 * What the fake WhatsApp puts on the wire and reads from it: Graph's error shape as the Cloud API
 * fills it (`error_data.details`), request bodies however a client sends them (JSON, form,
 * multipart with files kept byte for byte), and ids that look like Meta's. Meta's escaped JSON
 * (`metaJson`) and the HTML helpers are the Instagram fake's: both are Meta's one webhook stack.
 */

export type Json = Record<string, unknown>
export { digits, escapeHtml, metaJson, Refusal, sendHtml, sendJson } from './instagram-wire'

export interface GraphErrorMore {
  /** HTTP status, 400 unless said. */
  status?: number
  /** `error_data.details` (with `messaging_product: "whatsapp"`): where the Cloud API says which field. */
  details?: string
  /** Deprecated for WhatsApp codes since v16.0; still sent for Graph's own (190/460, templates' 2388xxx). */
  subcode?: number
  transient?: boolean
  /** What template creation adds for people (`error_user_title`, `error_user_msg`). */
  userTitle?: string
  userMsg?: string
}

/**
 * Graph's error: `{error:{message,type,code,error_data?,error_subcode?,fbtrace_id}}`. The Cloud
 * API's `message` is "(#code) title"; Graph's own errors (tokens, the code exchange) have no prefix.
 */
export function graphError(code: number, message: string, more: GraphErrorMore = {}): Refusal {
  const error: Json = { message, type: 'OAuthException', code }
  if (more.details !== undefined) error.error_data = { messaging_product: 'whatsapp', details: more.details }
  if (more.subcode !== undefined) error.error_subcode = more.subcode
  if (more.transient !== undefined) error.is_transient = more.transient
  if (more.userTitle !== undefined) error.error_user_title = more.userTitle
  if (more.userMsg !== undefined) error.error_user_msg = more.userMsg
  error.fbtrace_id = fbtraceId()
  return new Refusal(more.status ?? 400, metaJson({ error }))
}

/**
 * The Cloud API's titles by code (Meta's error-code page), the second part of "(#code) title",
 * with the default `details` and HTTP status used by failNext and the failed statuses.
 */
export const CLOUD_ERRORS: Record<number, { title: string; details: string; status: number }> = {
  1: { title: 'An unknown error occurred', details: 'Invalid request or possible server error.', status: 400 },
  2: {
    title: 'Service temporarily unavailable',
    details: 'Temporary due to downtime or due to being overloaded.',
    status: 503,
  },
  4: {
    title: 'Application request limit reached',
    details: 'The app has reached its API call rate limit.',
    status: 400,
  },
  80007: {
    title: 'Rate limit issues',
    details: 'The WhatsApp Business Account has reached its rate limit.',
    status: 400,
  },
  100: {
    title: 'Invalid parameter',
    details: 'The request included unsupported or misspelled parameters.',
    status: 400,
  },
  130429: { title: 'Rate limit hit', details: 'Cloud API message throughput has been reached.', status: 400 },
  131000: { title: 'Something went wrong', details: 'Message failed to send due to an unknown error.', status: 500 },
  131008: {
    title: 'Required parameter is missing',
    details: 'The request is missing a required parameter.',
    status: 400,
  },
  131009: { title: 'Parameter value is not valid', details: 'One or more parameter values are invalid.', status: 400 },
  131016: { title: 'Service unavailable', details: 'A service is temporarily unavailable.', status: 503 },
  131021: {
    title: 'Recipient cannot be sender',
    details: 'Sender and recipient phone number is the same.',
    status: 400,
  },
  131026: { title: 'Message undeliverable', details: 'Message Undeliverable.', status: 400 },
  131047: {
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    status: 400,
  },
  131048: {
    title: 'Spam rate limit hit',
    details:
      'Message failed to send because there are restrictions on how many messages can be sent from this phone number.',
    status: 400,
  },
  131053: { title: 'Media upload error', details: 'Unable to upload the media used in the message.', status: 400 },
  131056: {
    title: '(Business Account, Consumer Account) pair rate limit hit',
    details:
      'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
    status: 400,
  },
  131057: { title: 'Account in maintenance mode', details: 'Business Account is in maintenance mode', status: 400 },
  132000: {
    title: 'Number of parameters does not match the expected number of params',
    details: 'The number of variable parameter values does not match the template.',
    status: 400,
  },
  132001: {
    title: 'Template name does not exist in the translation',
    details: 'The template does not exist in the specified language or the template has not been approved.',
    status: 404,
  },
  132015: { title: 'Template is Paused', details: 'Template is paused due to low quality.', status: 400 },
  132016: { title: 'Template is disabled', details: 'Template has been paused too many times.', status: 400 },
  132018: {
    title: 'There was an issue with the parameters in your template.',
    details: 'Template parameter is not valid.',
    status: 400,
  },
  133005: { title: 'Two step verification PIN Mismatch', details: 'Two-step verification PIN incorrect.', status: 400 },
  133010: { title: 'Account not registered', details: 'Account not registered', status: 400 },
  133016: {
    title: 'Account register deregister rate limit exceeded',
    details:
      'Registration or Deregistration failed because there were too many attempts for this phone number in a short period of time',
    status: 400,
  },
}

/** A Cloud API error by code: "(#code) title", its details (or the given ones) and status. */
export function cloudError(code: number, details?: string, status?: number): Refusal {
  const known = CLOUD_ERRORS[code]
  return graphError(code, `(#${code}) ${known?.title ?? 'Error'}`, {
    status: status ?? known?.status ?? 400,
    details: details ?? known?.details ?? `Error ${code}`,
  })
}

/** "(#100) The parameter X is required.": Graph's wording for a missing parameter. */
export const required = (field: string): Refusal =>
  graphError(100, `(#100) The parameter ${field} is required.`, { details: `${field} is required` })

/** A value over a limit: the Cloud API's 131009, the field named in `details`. */
export const invalidValue = (details: string): Refusal => cloudError(131009, details)

/** Graph's "this object does not exist for you": an unknown id, another business's id, a wrong verb. */
export function unsupported(method: string, id: string): Refusal {
  return graphError(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33 },
  )
}

/** A part of a multipart/form-data body: text fields and files alike, bytes untouched. */
export interface FormPart {
  name: string
  filename?: string
  contentType?: string
  data: Buffer
}

export interface ReadBody {
  /** Query parameters and body fields together (the body wins); JSON-looking form values parsed. */
  params: Json
  /** multipart/form-data parts, files included. */
  parts: FormPart[]
}

/** Reads a request's body as Graph does: JSON, an urlencoded form or multipart/form-data. */
export async function readBody(request: IncomingMessage, url: URL): Promise<ReadBody> {
  const params: Json = Object.fromEntries(url.searchParams)
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  const type = request.headers['content-type'] ?? ''
  let parts: FormPart[] = []
  if (body.length > 0 && /^application\/json/i.test(type)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body.toString('utf8'))
    } catch {
      throw graphError(100, '(#100) The request body could not be parsed as JSON', { details: 'Invalid JSON' })
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw graphError(100, '(#100) The request body must be a JSON object', { details: 'Invalid JSON' })
    }
    Object.assign(params, parsed)
  } else if (/^multipart\/form-data/i.test(type)) {
    parts = multipart(body, type)
    for (const part of parts) if (part.filename === undefined) params[part.name] = part.data.toString('utf8')
  } else if (body.length > 0) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))))
  }
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) continue
    try {
      params[key] = JSON.parse(value)
    } catch {}
  }
  return { params, parts }
}

/** multipart/form-data, read by hand so that a file's bytes, name and Content-Type are kept. */
function multipart(body: Buffer, type: string): FormPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type)
  if (!boundary) throw graphError(100, '(#100) multipart/form-data without a boundary')
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`)
  const text = Buffer.concat([Buffer.from('\r\n'), body])
  const parts: FormPart[] = []
  let at = text.indexOf(delimiter)
  while (at !== -1) {
    const start = at + delimiter.length
    if (text.subarray(start, start + 2).toString() === '--') break
    const next = text.indexOf(delimiter, start)
    if (next === -1) break
    const part = text.subarray(start + 2, next)
    const split = part.indexOf('\r\n\r\n')
    const head = part.subarray(0, split).toString('utf8')
    const name = /;\s*name="([^"]*)"/i.exec(head)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(head)?.[1]
    const filename = /;\s*filename="([^"]*)"/i.exec(head)?.[1]
    const contentType = /^content-type:\s*([^\r\n;]+)/im.exec(head)?.[1]?.trim().toLowerCase()
    if (name !== undefined) {
      parts.push({
        name,
        ...(filename !== undefined ? { filename } : {}),
        ...(contentType ? { contentType } : {}),
        data: Buffer.from(part.subarray(split + 4)),
      })
    }
    at = next
  }
  return parts
}

/** A parameter as text, when it was given as text (or a number). */
export function text(params: Json, key: string): string | undefined {
  const value = params[key]
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' ? value : undefined
}

/** Characters as a person counts them (an emoji is one), which is how Meta's limits read. */
export const length = (value: string): number => Array.from(value).length

/** The digits of a phone number ("+33 6 12 34 56 78" → "33612345678"). */
export const phoneDigits = (value: string): string => value.replace(/\D/g, '')

/**
 * A WhatsApp message id as Meta makes them: "wamid." then base64 whose first bytes encode the
 * customer's number (hence the constant "HBgL" start), then random bytes. Standard base64, so
 * it carries "+", "/" and "=": a client that builds a URL with it must encode it.
 */
export function newWamid(waId: string): string {
  const bytes = Buffer.concat([
    Buffer.from([0x1c, 0x18, 0x0b]),
    Buffer.from(waId),
    Buffer.from([0x15, 0x02, 0x00, 0x12, 0x18, 0x14]),
    randomBytes(20),
  ])
  return `wamid.${bytes.toString('base64')}`
}

/** A business integration system user token: "EAA…", letters and digits only. */
export const newToken = (): string =>
  `EAAG${randomBytes(144)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')}`

/** Embedded Signup's exchangeable code: long and opaque, like Facebook Login's. */
export const newCode = (): string => `AQ${randomBytes(132).toString('base64url')}`

/** Graph object ids (media, templates, businesses): 15 or 16 digits, under 2^53. */
export const newObjectId = (): string => digits(16).replace(/^9/, '1')

/** Unix seconds as the Cloud API writes timestamps in webhooks: a string. */
export const unixSeconds = (ms: number): string => String(Math.floor(ms / 1000))
