import { randomBytes, randomInt } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * What the fake Instagram puts on the wire and reads from it: Meta's JSON text, its two error
 * shapes, request parameters however a client sends them, and ids that look like Meta's.
 */

export type Json = Record<string, unknown>

/**
 * JSON as Meta writes it: every character above 0x7e as a lowercase `\uXXXX` escape (an emoji as
 * its two surrogate escapes) and `/` as `\/`. Webhook bodies are signed in this form, so a receiver
 * that re-serialises the parsed JSON instead of hashing the raw bytes computes another signature.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]|\//g, (c) =>
    c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** A refusal, answered by the server loop with its status and body. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly contentType = 'application/json; charset=UTF-8',
  ) {
    super(body)
  }
}

/** Graph's error shape (graph.instagram.com): `{error:{message,type,code,error_subcode?,is_transient?,fbtrace_id}}`. */
export function graphRefusal(
  code: number,
  message: string,
  more: { subcode?: number; transient?: boolean; status?: number } = {},
): Refusal {
  const error: Json = { message, type: 'OAuthException', code }
  if (more.subcode !== undefined) error.error_subcode = more.subcode
  if (more.transient !== undefined) error.is_transient = more.transient
  error.fbtrace_id = fbtraceId()
  return new Refusal(more.status ?? 400, metaJson({ error }))
}

/** The older shape api.instagram.com keeps for the code exchange: `{error_type,code:400,error_message}`. */
export function oauthRefusal(message: string): Refusal {
  return new Refusal(400, metaJson({ error_type: 'OAuthException', code: 400, error_message: message }))
}

/** Meta's "this object does not exist for you" (unknown id, another account's id, wrong verb). */
export function unsupported(method: string, id: string): Refusal {
  return graphRefusal(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33 },
  )
}

export function sendJson(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
  response.end(text)
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
  response.end(html)
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * Query parameters and body fields together (the body wins), as Graph reads them: a JSON body,
 * an urlencoded form or multipart/form-data (curl -F, fetch's FormData). Form values that are
 * JSON objects or arrays (`recipient={"id":"…"}`, `subscribed_fields=["messages"]`) are parsed.
 */
export async function readParams(request: IncomingMessage, url: URL): Promise<Json> {
  const params: Json = Object.fromEntries(url.searchParams)
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  const type = request.headers['content-type'] ?? ''
  const fields: Json = {}
  if (body.length > 0 && /^application\/json/i.test(type)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body.toString('utf8'))
    } catch {
      throw graphRefusal(100, '(#100) The request body is not valid JSON')
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(fields, parsed)
  } else if (/^multipart\/form-data/i.test(type)) Object.assign(fields, multipart(body, type))
  else if (body.length > 0) Object.assign(fields, Object.fromEntries(new URLSearchParams(body.toString('utf8'))))
  const all = Object.assign(params, fields)
  for (const [key, value] of Object.entries(all)) {
    if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) continue
    try {
      all[key] = JSON.parse(value)
    } catch {}
  }
  return all
}

/** The text fields of a multipart/form-data body, read by hand (tolerant of unquoted names). */
function multipart(body: Buffer, type: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type)
  if (!boundary) throw graphRefusal(100, '(#100) multipart/form-data without a boundary')
  const delimiter = `\r\n--${boundary[1] ?? boundary[2]}`
  const text = Buffer.concat([Buffer.from('\r\n'), body])
  const fields: Record<string, string> = {}
  let at = text.indexOf(delimiter)
  while (at !== -1) {
    const start = at + delimiter.length
    if (text.subarray(start, start + 2).toString() === '--') break
    const next = text.indexOf(delimiter, start)
    if (next === -1) break
    const part = text.subarray(start + 2, next)
    const split = part.indexOf('\r\n\r\n')
    const name = /;\s*name="?([^";\r\n]*)"?/i.exec(part.subarray(0, split).toString('utf8'))?.[1]
    if (name !== undefined) fields[name] = part.subarray(split + 4).toString('utf8')
    at = next
  }
  return fields
}

/** A parameter as text, when it was given as text. */
export function text(params: Json, key: string): string | undefined {
  const value = params[key]
  return typeof value === 'string' ? value : undefined
}

/** Digits, the first not 0: `length` of them. */
export function digits(length: number): string {
  let out = String(randomInt(1, 10))
  while (out.length < length) out += String(randomInt(0, 10))
  return out
}

/** An Instagram-scoped user id (IGSID): 16 or 17 digits. */
export const newIgsid = (): string => digits(randomInt(16, 18))

/**
 * A message id shaped like Meta's: base64 of "ig_message_item:1:IGMessage…" (the constant start
 * every Instagram mid shares), then random base64url — long, opaque, and never a number.
 */
export const newMid = (): string => `aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOj${randomBytes(72).toString('base64url')}`

/** Instagram Login user tokens start with "IGAA"; the rest is opaque. */
export const newToken = (): string => `IGAA${randomBytes(96).toString('base64url')}`

/** Authorization codes start with "AQ" and are long; Meta adds `#_` after them in the redirect. */
export const newCode = (): string => `AQ${randomBytes(132).toString('base64url')}`

/** Graph's per-request trace id, present in every error. */
export const fbtraceId = (): string => randomBytes(8).toString('base64url').slice(0, 11)

/** Meta's date in token errors: "Friday, 09-Jan-26 10:00:00 PST" (Menlo Park time). */
export function metaDate(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      weekday: 'long',
      day: '2-digit',
      month: 'short',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.weekday}, ${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`
}
