import { invalidRequest, type Params, StripeRefusal, stripeError } from './stripe-wire'
import { HOUR_MS } from './stripe-world'

/**
 * Stripe's idempotent requests (v1), as its reference describes them: the status and body of the
 * first request with a key are saved once the endpoint has begun, and every retry with that key
 * gets them back — errors included — with `Idempotent-Replayed: true`; the same key with other
 * parameters, or on another endpoint, is an `idempotency_error`; a key whose first request is
 * still running gets 409; keys are scoped to the account (Stripe-Account) and forgotten after
 * 24 hours. A request refused before it ran (parameters, authentication, an outage) saves nothing,
 * so the corrected retry may use the same key. GET keys mean nothing, as with Stripe.
 */

export interface SavedAnswer {
  status: number
  body: string
  requestId: string
}

interface Entry {
  endpoint: string
  fingerprint: string
  at: number
  /** Undefined while the first request is still running. */
  answer: SavedAnswer | undefined
}

export type Claim =
  | { kind: 'first'; save(answer: SavedAnswer): void; forget(): void }
  | { kind: 'replay'; answer: SavedAnswer }

const KEY_TTL_MS = 24 * HOUR_MS
const MAX_KEY_LENGTH = 255

/** Parameters as a canonical string: the same values in another order are the same request. */
function fingerprint(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${fingerprint(v)}`).join(',')}}`
}

const idempotencyError = (message: string, status = 400) =>
  new StripeRefusal(status, stripeError('idempotency_error', message))

export function createIdempotency(now: () => number) {
  const entries = new Map<string, Entry>()

  return {
    /** Claims the key for this request, or answers from what the first one saved, or refuses. */
    claim(owner: string, key: string, method: string, path: string, params: Params): Claim {
      if (key.length > MAX_KEY_LENGTH) {
        throw invalidRequest(`Idempotency keys can be at most ${MAX_KEY_LENGTH} characters long.`)
      }
      const id = `${owner}\u0000${key}`
      const endpoint = `${method} ${path}`
      const print = fingerprint(params)
      const known = entries.get(id)
      if (known && now() - known.at < KEY_TTL_MS) {
        if (known.endpoint !== endpoint) {
          throw idempotencyError(
            `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${endpoint}' vs '${known.endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
          )
        }
        if (known.fingerprint !== print) {
          throw idempotencyError(
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          )
        }
        if (!known.answer) {
          throw idempotencyError(
            `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
            409,
          )
        }
        return { kind: 'replay', answer: known.answer }
      }
      const entry: Entry = { endpoint, fingerprint: print, at: now(), answer: undefined }
      entries.set(id, entry)
      return {
        kind: 'first',
        save(answer) {
          entry.answer = answer
        },
        forget() {
          if (entries.get(id) === entry) entries.delete(id)
        },
      }
    },
  }
}
