import type { WhatsAppConnectInput } from '@common/schemas/whatsapp'

/**
 * Meta's Embedded Signup, the browser's part: a popup shows Facebook Login for Business; two
 * messages come back to the dashboard that opened it, in either order —
 *  - from Meta's origin, the session info: `{type: 'WA_EMBEDDED_SIGNUP', event, data}` (an object,
 *    or the same as a JSON string), with the WhatsApp Business Account and the number on FINISH;
 *  - from our own origin, what the signup window's return page read in its address (the code and
 *    the state, or Meta's error): `{type: 'salonia-whatsapp-signup', code, state, error}`.
 * With both, the dashboard posts them to connect the number. Anything from another origin, or of
 * another shape, is none of ours and is ignored.
 */

/** The `type` of what the return page (`/whatsapp/signup-return`) posts to the dashboard. */
export const SIGNUP_RETURN_TYPE = 'salonia-whatsapp-signup'
export const SIGNUP_WINDOW_NAME = 'whatsapp-signup'
export const SIGNUP_WINDOW_FEATURES = 'width=600,height=800'
/** An owner who has not finished within ten minutes has left: Meta's code would have expired anyway. */
export const SIGNUP_TIMEOUT_MS = 10 * 60_000
/** How often the popup is checked for having been closed. */
export const SIGNUP_CLOSED_POLL_MS = 500
/**
 * Once the popup is seen closed, how long its last messages may still take to arrive: the return
 * page posts the code and closes itself at once.
 */
export const SIGNUP_CLOSED_GRACE_MS = 1500

/** What one message said, once its sender and shape are known. */
export type SignupMessage =
  | { kind: 'finish'; wabaId: string; phoneNumberId: string }
  /** FINISH_ONLY_WABA: the owner finished without adding a number. */
  | { kind: 'noNumber' }
  | { kind: 'cancel' }
  | { kind: 'error'; detail?: string }
  | { kind: 'return'; code?: string; state?: string; error?: string }

/** Why the signup ended without a number to connect; each has its sentence on the card. */
export type SignupFailureReason =
  | 'blocked'
  | 'start'
  | 'cancelled'
  | 'refused'
  | 'noNumber'
  | 'mismatch'
  | 'closed'
  | 'timeout'

export class SignupFailure extends Error {
  constructor(
    readonly reason: SignupFailureReason,
    /** Meta's own words, when it gave some (ERROR's `error_message`). */
    readonly detail?: string,
  ) {
    super(`WhatsApp signup ended: ${reason}${detail ? ` (${detail})` : ''}`)
    this.name = 'SignupFailure'
  }
}

/** Meta's ids are digits (as the connect route checks them). */
const META_ID = /^\d{1,40}$/

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** A short string, or undefined for anything else (a number, an empty string, a novel). */
function shortText(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= max ? value : undefined
}

/** A message's data as an object: Meta posts its session info as a JSON string, or as an object. */
function dataOf(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'string') return record(data)
  if (data.length > 20_000) return undefined
  try {
    return record(JSON.parse(data))
  } catch {
    return undefined
  }
}

/** An origin as `URL` writes it (no trailing slash, lower-case host), or the text itself when it is not a URL. */
function normalOrigin(origin: string): string {
  try {
    return new URL(origin).origin
  } catch {
    return origin
  }
}

/** Meta's session info (`WA_EMBEDDED_SIGNUP`), or undefined when the message is something else. */
export function parseSessionInfo(data: unknown): SignupMessage | undefined {
  const message = dataOf(data)
  if (message?.type !== 'WA_EMBEDDED_SIGNUP' || typeof message.event !== 'string') return undefined
  const details = record(message.data) ?? {}
  const { event } = message
  if (event === 'CANCEL') return { kind: 'cancel' }
  if (event === 'ERROR') {
    const detail = shortText(details.error_message, 500)
    return detail ? { kind: 'error', detail } : { kind: 'error' }
  }
  if (event === 'FINISH_ONLY_WABA') return { kind: 'noNumber' }
  // FINISH, and its variants (an existing WhatsApp Business app number): both ids or nothing usable.
  if (event.startsWith('FINISH')) {
    const wabaId = details.waba_id
    const phoneNumberId = details.phone_number_id
    if (typeof wabaId === 'string' && META_ID.test(wabaId) && typeof phoneNumberId === 'string') {
      return META_ID.test(phoneNumberId) ? { kind: 'finish', wabaId, phoneNumberId } : { kind: 'noNumber' }
    }
    return { kind: 'error' }
  }
  return undefined
}

/** What the return page posted (`salonia-whatsapp-signup`), or undefined when the message is something else. */
export function parseReturnMessage(data: unknown): SignupMessage | undefined {
  const message = record(data)
  if (message?.type !== SIGNUP_RETURN_TYPE) return undefined
  const code = shortText(message.code, 2048)
  const state = shortText(message.state, 512)
  const error = shortText(message.error, 200)
  return {
    kind: 'return',
    ...(code ? { code } : {}),
    ...(state ? { state } : {}),
    ...(error ? { error } : {}),
  }
}

/** What the return page posts: the signup window's redirect, read from its address. */
export interface SignupReturn {
  type: typeof SIGNUP_RETURN_TYPE
  code?: string
  state?: string
  error?: string
}

/**
 * The return page's message from its query: Meta's redirect carries `code` and `state`, or
 * `error` (access_denied) with `error_reason` (user_denied), the more telling of the two.
 */
export function readSignupReturn(search: string): SignupReturn {
  const query = new URLSearchParams(search)
  const code = shortText(query.get('code'), 2048)
  const state = shortText(query.get('state'), 512)
  const error = shortText(query.get('error_reason'), 200) ?? shortText(query.get('error'), 200)
  return {
    type: SIGNUP_RETURN_TYPE,
    ...(code ? { code } : {}),
    ...(state ? { state } : {}),
    ...(error ? { error } : {}),
  }
}

/**
 * A `message` event read by who sent it: Meta's session info only from Meta's origin (the card's
 * `signup.messageOrigin`), the return page's only from this page's own origin; undefined for
 * anything else, which the signup ignores.
 */
export function readSignupMessage(
  event: { origin: string; data: unknown },
  origins: { meta: string; app: string },
): SignupMessage | undefined {
  const from = normalOrigin(event.origin)
  if (from === normalOrigin(origins.meta)) return parseSessionInfo(event.data)
  if (from === normalOrigin(origins.app)) return parseReturnMessage(event.data)
  return undefined
}

/** What has arrived so far. */
export interface SignupProgress {
  code?: string
  wabaId?: string
  phoneNumberId?: string
}

export type SignupStep =
  | { outcome: 'waiting'; progress: SignupProgress }
  | { outcome: 'ready'; input: WhatsAppConnectInput }
  | { outcome: 'failed'; failure: SignupFailure }

/** Meta's answers to an owner who declined the permissions: a cancellation, not a failure. */
const DECLINED = new Set(['access_denied', 'user_denied', 'user_cancelled'])

/**
 * The signup one message further: ready once the code (with the state this attempt started with)
 * and both ids have come, failed on a cancellation, an error, no number or another attempt's state.
 */
export function advanceSignup(progress: SignupProgress, message: SignupMessage, state: string): SignupStep {
  let next = progress
  switch (message.kind) {
    case 'cancel':
      return { outcome: 'failed', failure: new SignupFailure('cancelled') }
    case 'error':
      return { outcome: 'failed', failure: new SignupFailure('refused', message.detail) }
    case 'noNumber':
      return { outcome: 'failed', failure: new SignupFailure('noNumber') }
    case 'finish':
      next = { ...progress, wabaId: message.wabaId, phoneNumberId: message.phoneNumberId }
      break
    case 'return':
      if (message.error) {
        const reason = DECLINED.has(message.error) ? 'cancelled' : 'refused'
        return { outcome: 'failed', failure: new SignupFailure(reason) }
      }
      if (message.state !== state) return { outcome: 'failed', failure: new SignupFailure('mismatch') }
      if (!message.code) return { outcome: 'failed', failure: new SignupFailure('refused') }
      next = { ...progress, code: message.code }
      break
  }
  const { code, wabaId, phoneNumberId } = next
  if (code && wabaId && phoneNumberId) return { outcome: 'ready', input: { code, state, wabaId, phoneNumberId } }
  return { outcome: 'waiting', progress: next }
}

/**
 * Opens the signup window, empty for now: called in the click's own handler, before anything is
 * awaited, or the browser's popup blocker stops it. Null when it was blocked all the same.
 */
export function openSignupWindow(opener: Pick<Window, 'open'> = window): Window | null {
  return opener.open('about:blank', SIGNUP_WINDOW_NAME, SIGNUP_WINDOW_FEATURES)
}

/** The part of a popup the signup uses. */
export interface SignupWindow {
  readonly closed: boolean
  close(): void
  location: { href: string }
}

export interface SignupOptions {
  popup: SignupWindow
  /** Meta's dialog address (GET …/whatsapp/signup's `url`), shown in the popup once listening. */
  url: string
  /** The state that address carries, which the return page must give back. */
  state: string
  /** Meta's origin: `card.signup.messageOrigin`. */
  metaOrigin: string
  /** The window whose `message` events are read (the dashboard's), and its origin. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  appOrigin?: string
  timeoutMs?: number
}

/**
 * Shows Meta's dialog in the popup and waits for the code and the ids: resolves with what to post
 * to connect, or rejects with a SignupFailure (cancelled, refused, window closed, too long). The
 * popup is closed either way.
 */
export function awaitSignup({
  popup,
  url,
  state,
  metaOrigin,
  target = window,
  appOrigin = window.location.origin,
  timeoutMs = SIGNUP_TIMEOUT_MS,
}: SignupOptions): Promise<WhatsAppConnectInput> {
  return new Promise((resolve, reject) => {
    let progress: SignupProgress = {}
    let settled = false
    let closedSince: ReturnType<typeof setTimeout> | undefined

    const finish = (result: { input: WhatsAppConnectInput } | { failure: SignupFailure }) => {
      if (settled) return
      settled = true
      target.removeEventListener('message', onMessage)
      clearInterval(watch)
      clearTimeout(deadline)
      clearTimeout(closedSince)
      if (!popup.closed) popup.close()
      if ('input' in result) resolve(result.input)
      else reject(result.failure)
    }

    function onMessage(event: MessageEvent) {
      const message = readSignupMessage(event, { meta: metaOrigin, app: appOrigin })
      if (!message) return
      const step = advanceSignup(progress, message, state)
      if (step.outcome === 'waiting') progress = step.progress
      else finish(step)
    }

    target.addEventListener('message', onMessage)
    const watch = setInterval(() => {
      if (!popup.closed || closedSince) return
      closedSince = setTimeout(() => finish({ failure: new SignupFailure('closed') }), SIGNUP_CLOSED_GRACE_MS)
    }, SIGNUP_CLOSED_POLL_MS)
    const deadline = setTimeout(() => finish({ failure: new SignupFailure('timeout') }), timeoutMs)
    try {
      popup.location.href = url
    } catch {
      // The window is no longer ours to lead (closed, or severed from this page).
      finish({ failure: new SignupFailure('closed') })
    }
  })
}
