import { randomBytes } from 'node:crypto'

/**
 * What the fake Stripe reads from the wire and writes on it: form bodies in Stripe's bracket
 * notation (what every SDK sends), the parameter readers that answer as Stripe's validation does,
 * Stripe's error object, ids that look like Stripe's, and escaping for the hosted pages.
 */

export type Json = Record<string, unknown>
/** A form value: a string, or what brackets made of it (`a[b]=` → object, `a[0]=` / `a[]=` → array). */
export type Param = string | Param[] | Params
export interface Params {
  [key: string]: Param
}

/**
 * A refusal, answered by the server loop as `{ error }` with its status. `executed` says that the
 * endpoint had begun (a card declined, not a parameter refused): Stripe saves such answers under
 * the idempotency key; a validation error is not saved, so a corrected retry may reuse the key.
 */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
    readonly executed = false,
  ) {
    super(String(error.message))
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`

/** Stripe's error object: `type`, `message`, then `code`, `doc_url` and `param` when there are. */
export function stripeError(type: string, message: string, more: { code?: string; param?: string } = {}): Json {
  const error: Json = {}
  if (more.code !== undefined) error.code = more.code
  if (more.code !== undefined) error.doc_url = docUrl(more.code)
  error.message = message
  if (more.param !== undefined) error.param = more.param
  error.type = type
  return error
}

/** An invalid_request_error: 400 unless said (404 for an unknown object in the URL). */
export function invalidRequest(
  message: string,
  more: { code?: string; param?: string; status?: number } = {},
): StripeRefusal {
  return new StripeRefusal(more.status ?? 400, stripeError('invalid_request_error', message, more))
}

export const missingParam = (param: string): StripeRefusal =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param })

/**
 * "No such customer: 'cus_…'": 404 for the object the URL names, 400 for one a parameter names.
 * An object of another connected account answers the same, as Stripe's do (it does not exist there).
 */
export function noSuch(kind: string, id: string, param?: string): StripeRefusal {
  return invalidRequest(`No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param: param ?? 'id',
    status: param === undefined ? 404 : 400,
  })
}

/** Stripe-like ids: a prefix and 24 letters or digits (Checkout Sessions: `cs_test_` and 58). */
export function newId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = randomBytes(length)
  let id = ''
  for (const byte of bytes) id += alphabet[byte % alphabet.length]
  return `${prefix}_${id}`
}

/** A client_secret as Stripe hands it to browsers: `<id>_secret_<random>`. */
export const clientSecret = (id: string): string => `${id}_secret_${newId('x').slice(2)}`

/** Unix seconds, as every `created` and `expires_at` in Stripe's objects. */
export const seconds = (ms: number): number => Math.floor(ms / 1000)

/**
 * `a[b][0][c]=v&a[b][0][d]=w&e[]=x` → `{ a: { b: [{ c: 'v', d: 'w' }] }, e: ['x'] }`. Values stay
 * strings (each endpoint reads its own types, as Stripe's validation does); `[]` appends; objects
 * whose keys are all indexes become arrays in index order.
 */
export function parseForm(text: string): Params {
  const root: Params = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key)
    let node: Params = root
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment
      if (i === path.length - 1) {
        if (typeof node[name] === 'object') throw invalidHash(key)
        node[name] = value
        return
      }
      const next = node[name] ?? {}
      if (typeof next === 'string') throw invalidHash(key)
      node[name] = next
      node = next as Params
    })
  }
  return arrays(root) as Params
}

const invalidHash = (key: string) => invalidRequest(`Invalid hash (${key} is both a value and an object)`)

function keyPath(key: string): string[] {
  const first = /^[^[]*/.exec(key)?.[0] ?? ''
  const rest = [...key.slice(first.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')
  return [first, ...rest]
}

function arrays(value: Param): Param {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const entries = keys.map((k) => [k, arrays(value[k] as Param)] as const)
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
  }
  return Object.fromEntries(entries)
}

/** Stripe refuses a parameter it does not know, naming it: a typo in the product fails here as there. */
export function onlyKnown(params: Params, known: readonly string[], parent?: string): void {
  for (const key of Object.keys(params)) {
    if (known.includes(key)) continue
    const param = parent === undefined ? key : `${parent}[${key}]`
    throw invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param })
  }
}

/** A string parameter ('' is Stripe's "unset", read as absent), refused when it is an object or list. */
export function text(params: Params, name: string, param = name): string | undefined {
  const value = params[name]
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, { param })
  return value
}

export function requiredText(params: Params, name: string, param = name): string {
  const value = text(params, name, param)
  if (value === undefined) throw missingParam(param)
  return value
}

/** An integer parameter (Stripe's "Invalid integer: x"), at least `min` when given. */
export function integer(params: Params, name: string, min?: number, param = name): number | undefined {
  const raw = text(params, name, param)
  if (raw === undefined) return undefined
  if (!/^-?\d+$/.test(raw)) {
    throw invalidRequest(`Invalid integer: ${raw}`, { code: 'parameter_invalid_integer', param })
  }
  const value = Number(raw)
  if (min !== undefined && value < min) {
    throw invalidRequest(`This value must be greater than or equal to ${min}.`, {
      code: 'parameter_invalid_integer',
      param,
    })
  }
  return value
}

export function boolean(params: Params, name: string): boolean | undefined {
  const raw = text(params, name)
  if (raw === undefined) return undefined
  if (raw !== 'true' && raw !== 'false') throw invalidRequest(`Invalid boolean: ${raw}`, { param: name })
  return raw === 'true'
}

/** A hash parameter (`payment_intent_data[…]`); '' unsets it, as Stripe reads an empty hash. */
export function hash(params: Params, name: string, param = name): Params {
  const value = params[name]
  if (value === undefined || value === '') return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param })
  return value
}

/** A list parameter (`expand[]`, `line_items[0]…`); a lone string counts as a list of one. */
export function list(params: Params, name: string): Param[] {
  const value = params[name]
  if (value === undefined || value === '') return []
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return [value]
  throw invalidRequest('Invalid array', { param: name })
}

/**
 * `metadata`: up to 50 keys of at most 40 characters, values of at most 500 (Stripe's limits); a
 * key posted empty is removed, as on an update.
 */
export function metadata(params: Params, name = 'metadata', base: Record<string, string> = {}): Record<string, string> {
  const given = hash(params, name)
  const result = { ...base }
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string') throw invalidRequest('Invalid string', { param: `${name}[${key}]` })
    if (key.length > 40) throw invalidRequest('Metadata keys can be at most 40 characters.', { param: name })
    if (value.length > 500) throw invalidRequest('Metadata values can be at most 500 characters.', { param: name })
    if (value === '') delete result[key]
    else result[key] = value
  }
  if (Object.keys(result).length > 50) throw invalidRequest('Metadata can have at most 50 keys.', { param: name })
  return result
}

/** A URL parameter: absolute http(s), or Stripe's `url_invalid`. */
export function url(params: Params, name: string, param = name): string | undefined {
  const value = text(params, name, param)
  if (value === undefined) return undefined
  if (!/^https?:\/\/[^\s]+$/i.test(value)) throw invalidRequest('Not a valid URL', { code: 'url_invalid', param })
  return value
}

/** Lowercase ISO currency, as Stripe stores it ("EUR" is accepted and lowered). */
export function currency(params: Params, name = 'currency', param = name): string | undefined {
  const value = text(params, name, param)?.toLowerCase()
  if (value !== undefined && !/^[a-z]{3}$/.test(value)) {
    throw invalidRequest(`Invalid currency: ${value}.`, { code: 'parameter_invalid_string', param })
  }
  return value
}

/** Minor units written for a person: 2500 eur → "25.00 EUR" (the hosted pages only). */
export const money = (amount: number, code: string): string => `${(amount / 100).toFixed(2)} ${code.toUpperCase()}`

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A hosted page of the fake: plain HTML, no script, so a test drives it with fetch and a regex. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<h1 style="font-size: 1.4rem">${escapeHtml(title)}</h1>
${body}
</body></html>`
}
