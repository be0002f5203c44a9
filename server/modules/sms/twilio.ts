import type { TwilioConfig } from '@server/config'

export type { TwilioConfig }
/**
 * Sending an SMS through Twilio's Programmable Messaging REST API: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`, `Body`, HTTP basic
 * authentication with the Account SID and Auth Token. `baseUrl` is https://api.twilio.com, or the
 * local fake of the tests (TWILIO_BASE_URL), which keeps Twilio's paths.
 *
 * Three outcomes, because the caller acts differently on each:
 * - sent: Twilio accepted the message (201, its `sid`);
 * - refused: Twilio answered that this recipient cannot get it (an invalid or unroutable number, a
 *   landline, a number that unsubscribed…): retrying will not help, the next channel may;
 * - thrown: Twilio could not be reached or asked to come back (a refused connection, 5xx, 429) —
 *   an `SmsUnavailable`, which a job retries; or the request left and no answer said what became of
 *   it (a time-out, a connection cut mid-way) — an `SmsOutcomeUnknown`, which must not be retried:
 *   Twilio may have the message, and its API has no idempotency key to ask; or our account is
 *   refused (bad credentials, a `From` Twilio will not send from) — an `SmsMisconfigured`, which no
 *   retry cures.
 */

export type SmsOutcome = { status: 'sent'; providerId: string } | { status: 'refused'; code: string; reason: string }

/** Twilio could not take the message now; the same request may succeed later. */
export class SmsUnavailable extends Error {
  override name = 'SmsUnavailable'
}

/** The request may have reached Twilio, and nothing said whether it took the message: never resend. */
export class SmsOutcomeUnknown extends Error {
  override name = 'SmsOutcomeUnknown'
}

/**
 * Failures after the request may have left (undici's `cause.code`): the connection cut, or no answer
 * in time. Others (refused, unknown host, no route, a connect time-out) happen before anything is
 * sent, so Twilio cannot have the message and it may be sent again.
 */
const MAYBE_SENT_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
])

/** Twilio refuses our account or sender: an administrator must fix the configuration. */
export class SmsMisconfigured extends Error {
  override name = 'SmsMisconfigured'
}

/**
 * Error codes about the account or the sender (https://www.twilio.com/docs/api/errors): 20003
 * authentication, 20404 unknown account, 21212 invalid `From`, 21606 a `From` that is not ours or
 * cannot send SMS, 21659 a `From` that is not a Twilio number.
 */
const ACCOUNT_ERRORS = new Set([20003, 20404, 21212, 21606, 21659])

const TIMEOUT_MS = 10_000

interface TwilioError {
  code?: number
  message?: string
  status?: number
}

export async function sendSms(config: TwilioConfig, message: { to: string; body: string }): Promise<SmsOutcome> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }),
      signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
    })
  } catch (error) {
    // The cause names the network problem; the request (and its credentials) is not repeated.
    const code = (error as { cause?: { code?: unknown } })?.cause?.code
    const what = `${error instanceof Error ? error.message : String(error)}${typeof code === 'string' ? ` (${code})` : ''}`
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    if (timedOut || (typeof code === 'string' && MAYBE_SENT_CODES.has(code))) {
      throw new SmsOutcomeUnknown(`Twilio did not answer: ${what}`)
    }
    throw new SmsUnavailable(`Twilio could not be reached: ${what}`)
  }
  const text = await response.text().catch(() => '')
  const body = parseJson(text)
  if (response.status === 201 || response.status === 200) {
    const sid = typeof body?.sid === 'string' ? body.sid : null
    if (!sid) throw new SmsOutcomeUnknown(`Twilio answered ${response.status} without a message sid`)
    return { status: 'sent', providerId: sid }
  }
  const error = (body ?? {}) as TwilioError
  const code = typeof error.code === 'number' ? error.code : undefined
  const reason = typeof error.message === 'string' ? error.message.slice(0, 300) : `HTTP ${response.status}`
  if (response.status === 429 || response.status >= 500) {
    throw new SmsUnavailable(`Twilio answered ${response.status}${code ? ` (${code})` : ''}: ${reason}`)
  }
  if (response.status === 401 || response.status === 403 || (code !== undefined && ACCOUNT_ERRORS.has(code))) {
    throw new SmsMisconfigured(`Twilio refused the account or sender (${code ?? response.status}): ${reason}`)
  }
  return { status: 'refused', code: String(code ?? response.status), reason }
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}
